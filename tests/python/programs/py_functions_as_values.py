# torch functions passed around as Python values.
import torch
x = torch.tensor([0.5, 1.0])
for f in [torch.sin, torch.cos, torch.exp, torch.Tensor.sigmoid, torch.nn.functional.relu]:
    print(f.__name__, f(x))
ops = {'add': torch.add, 'mul': torch.mul, 'max': torch.maximum}
for name, op in ops.items():
    print(name, op(x, torch.tensor([1., 0.25])))
print(callable(torch.relu), torch.Tensor.add(x, 1))
