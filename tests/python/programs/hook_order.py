# Several hooks run in registration order, each seeing the previous one's result.
import torch
x = torch.tensor([1.], requires_grad=True)
x.register_hook(lambda g: print('first', g) or g * 2)
x.register_hook(lambda g: print('second', g))
(x * 5).sum().backward()
print(x.grad)
