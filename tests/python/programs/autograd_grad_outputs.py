# autograd.grad with grad_outputs, several outputs and inputs, and retain_graph.
import torch
x = torch.tensor([1., 2., 3.], requires_grad=True)
y = x ** 2
print(torch.autograd.grad(y, x, grad_outputs=torch.ones(3), retain_graph=True))
print(torch.autograd.grad(y, x, torch.tensor([1., 0., -1.])))
a = torch.tensor(2., requires_grad=True)
b = torch.tensor(5., requires_grad=True)
print(torch.autograd.grad([a * b, a + b], [a, b]))
