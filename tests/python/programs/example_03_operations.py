# The Python twin of examples/03-operations.mjs, written by tests/fixtures/gen_python_programs.py
# from EXAMPLES in tests/fixtures/gen_examples.py: edit it there.
import torch
print('# Arithmetic and broadcasting')
x = torch.tensor([[1, 2], [3, 4]])
y = torch.tensor([[5], [6]])
print(x)
print(y)
add = x + y
mul = x * 2
print(add)
print(mul)
print(x / 2)
print((x - y) ** 2)
print(x.float() * torch.tensor([0.5, -1.5]))

print('# Reductions')
sum_x = torch.sum(x, dim=0)
max_val, max_idx = torch.max(x, dim=1)
exp_x = torch.exp(x)
print(sum_x)
print(max_val, max_idx)
print(exp_x)
print(torch.max(x, 1))
f = torch.tensor([[0.5, -1.25, 2.0], [3.5, 0.25, -2.0]])
print(f.sum(), f.mean(1), f.sum(-1, keepdim=True))
print(f.std(0), f.var(dim=1, unbiased=False))
print(f.argmax(), f.argmin(1), f.amax(0))
print(f.norm(), f.softmax(1))
print(f.cumsum(1), f.prod(0))

print('# Shapes and memory')
z = torch.arange(12)
print(z)
z_view = z.view(3, 4)
print(z_view)
z_reshape = z.reshape(2, 6)
print(z_reshape)
z_clone = z.clone()
z_transpose = z_view.T
print(z_clone)
print(z_transpose)
print(f"原始形状：{z.shape}")
unsqueezed = z.unsqueeze(0)
print(f"增加维度后的形状：{unsqueezed.shape}")
print(unsqueezed)
squeezed = unsqueezed.squeeze(0)
print(f"压缩维度后的形状：{squeezed.shape}")

print('# In place through a view')
z_view[0] *= 10
print(z)
print((z_transpose + 1).sum(0))
