# The learner's classic mistake, uncaught: an in-place update of a weight outside no_grad.
import torch
torch.manual_seed(0)
w = torch.randn(3, requires_grad=True)
loss = (w ** 2).sum()
loss.backward()
w -= 0.1 * w.grad
print('unreachable')
