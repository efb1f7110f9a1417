# backward(inputs=...) accumulates only into the listed leaves.
import torch
a = torch.tensor(1., requires_grad=True)
b = torch.tensor(2., requires_grad=True)
y = a * b
y.backward(inputs=[a])
print(a.grad, b.grad)
torch.autograd.backward([a * 2, b * 3], [torch.tensor(1.), torch.tensor(1.)])
print(a.grad, b.grad)
