# gradcheck and gradgradcheck of a few composite functions.
import torch
torch.manual_seed(0)
x = torch.randn(3, dtype=torch.float64, requires_grad=True)
y = torch.randn(3, dtype=torch.float64, requires_grad=True)
print(torch.autograd.gradcheck(lambda a, b: (a * b).sin().sum(), (x, y)))
print(torch.autograd.gradcheck(lambda a: a.softmax(0), (x,)))
print(torch.autograd.gradgradcheck(lambda a: (a ** 3).sum(), (x,)))
print(torch.autograd.gradcheck(lambda a: a.tanh() @ a.exp(), (x,)))
