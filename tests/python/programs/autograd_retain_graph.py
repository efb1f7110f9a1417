# retain_graph=True lets the same graph be backpropagated twice.
import torch
x = torch.tensor(3., requires_grad=True)
y = x.sin() * x
y.backward(retain_graph=True)
print(x.grad)
y.backward()
print(x.grad)
