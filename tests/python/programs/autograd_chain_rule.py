# Chain rule through many elementwise functions, checked against formulas.
import torch
x = torch.tensor([0.5, 1.0, 1.5], requires_grad=True)
y = torch.log(1 + torch.exp(torch.sin(x) * x))
y.sum().backward()
with torch.no_grad():
    s = torch.sin(x) * x
    expected = torch.sigmoid(s) * (torch.cos(x) * x + torch.sin(x))
print(x.grad)
print(expected)
print(torch.allclose(x.grad, expected))
