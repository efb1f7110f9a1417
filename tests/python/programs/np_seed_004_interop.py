# Seed 004, "4. 与NumPy互操作" (verbatim apart from the run-together lines split, and a
# seed so that torch.rand prints the same numbers every run).
import torch
import numpy as np
torch.manual_seed(0)
# Tensor → NumPy
tensor = torch.rand(2,3)
print (tensor)
numpy_array = tensor.numpy() # 共享内存（CPU张量）
print (numpy_array)
# NumPy → Tensor
np_arr = np.array([[1,2],[3,4]])
print (np_arr)
new_tensor = torch.from_numpy(np_arr)  # 共享内存
print (new_tensor)
# 显式内存复制
safe_tensor = torch.tensor(np_arr)
print (safe_tensor)
