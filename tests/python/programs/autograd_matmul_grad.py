# Gradients of a matrix product and a linear layer by hand.
import torch
torch.manual_seed(0)
X = torch.randn(4, 3)
W = torch.randn(3, 2, requires_grad=True)
b = torch.zeros(2, requires_grad=True)
out = (X @ W + b).relu().sum()
out.backward()
print(W.grad)
print(b.grad)
mask = ((X @ W.detach() + b.detach()) > 0).float()
print(torch.allclose(W.grad, X.t() @ mask), torch.allclose(b.grad, mask.sum(0)))
