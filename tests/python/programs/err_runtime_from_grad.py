# torch.autograd.grad errors: unused inputs and non-differentiable outputs.
import torch
a = torch.tensor(1., requires_grad=True)
b = torch.tensor(2., requires_grad=True)
y = a * 3
try:
    torch.autograd.grad(y, [a, b])
except RuntimeError as e:
    print(e)
y = a * 3
print(torch.autograd.grad(y, [a, b], allow_unused=True))
try:
    torch.autograd.grad(torch.tensor(1.), [a])
except RuntimeError as e:
    print(e)
