# The Python twin of examples/01-creation.mjs, written by tests/fixtures/gen_python_programs.py
# from EXAMPLES in tests/fixtures/gen_examples.py: edit it there.
import numpy as np
import torch
print('# From lists')
t1 = torch.tensor([1, 2, 3])
t2 = torch.tensor([[1.5, 2], [3, 4]])
t3 = torch.tensor([[1, 2], [3, 4]], dtype=torch.float32)
print(t1, t1.dtype)
print(t2, t2.dtype)
print(t3)

print('# From TypedArrays')
f64 = torch.tensor(np.array([0.5, 1.5], dtype=np.float64))
print(f64)
arr = np.zeros(3, dtype=np.int32)
arr[:] = [1, 2, 3]
shared = torch.from_numpy(arr)
arr[0] = 99
print(shared)

print('# Special initialisers')
torch.manual_seed(0)
print(torch.zeros(2, 3))
print(torch.ones(2, 3))
print(torch.rand(2, 3))
print(torch.randn(2, 3))
print(torch.arange(0, 10, 2))
print(torch.full([2, 2], 7))
print(torch.randint(0, 10, [2, 4]))

print('# From existing tensors')
x = torch.tensor([1, 2, 3])
print(x.new_tensor([4, 5, 6]))
print(torch.zeros_like(x))
print(torch.ones_like(x, dtype=torch.float64))
print(torch.randn_like(x.float()))
try:
    torch.randn_like(x)
except RuntimeError as e:
    print('randn_like(int64) raises:', e)

print('# eye, linspace, logspace')
print(torch.eye(3))
print(torch.linspace(0, 1, 5))
print(torch.logspace(0, 2, 3))

print('# Attributes')
d = torch.rand(3, 4)
print(f"shape: {d.shape}")
print(f"dtype: {d.dtype}")
print(f"device: {d.device}")
print(d.stride(), d.ndim, d.numel(), d.is_contiguous())
