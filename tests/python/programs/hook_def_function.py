# A named hook function that clips the gradient, and removing it.
import torch
def clip(g):
    return g.clamp(-1, 1)
w = torch.tensor([0.5, -3., 4.], requires_grad=True)
handle = w.register_hook(clip)
(w ** 2).sum().backward()
print(w.grad)
handle.remove()
w.grad.zero_()
(w ** 2).sum().backward()
print(w.grad)
