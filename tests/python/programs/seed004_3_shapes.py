# Seed tutorial 004, section 一.3, verbatim but for the line break the page lost
# before "squeezed = ...".
import torch
z = torch.arange(12)
print(z)# 形状变换(不复制数据)
z_view =z.view(3,4)  # 视图变形,3*4矩阵
print(z_view)
z_reshape = z.reshape(2,6)
print(z_reshape)# 内部复制
z_clone = z.clone()  # 显性复制数据
z_transpone =z_view.T # 转置(共享数据)
print(z_clone)
print(z_transpone)# 维度操作
print(f"原始形状：{z.shape}")
unsqueezed = z.unsqueeze(0) # 增加维度：形状从(12,)变成(1,12)
print(f"增加维度后的形状：{unsqueezed.shape}")
print(unsqueezed)
squeezed = unsqueezed.squeeze(0) # 压缩维度：shape(12)
print(f"压缩维度后的形状：{squeezed.shape}")
