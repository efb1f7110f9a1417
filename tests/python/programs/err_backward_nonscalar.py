# backward() of a non-scalar needs a gradient argument: caught, then uncaught.
import torch
x = torch.tensor([1., 2.], requires_grad=True)
y = x * 2
try:
    y.backward()
except RuntimeError as e:
    print(e)
y.backward(torch.tensor([1., 0.5]))
print(x.grad)
(x * 3).backward()
