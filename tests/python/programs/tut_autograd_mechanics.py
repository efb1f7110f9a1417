# From the autograd mechanics notes: requires_grad flags and a frozen part of a computation.
import torch
x = torch.randn(5, 5)
y = torch.randn(5, 5)
z = torch.randn((5, 5), requires_grad=True)
a = x + y
print(a.requires_grad)
b = a + z
print(b.requires_grad)
torch.manual_seed(0)
w_frozen = torch.randn(3, 3)
w_train = torch.randn(3, 3, requires_grad=True)
out = (torch.ones(2, 3) @ w_frozen @ w_train).sum()
out.backward()
print(w_frozen.grad, w_train.grad.shape)
