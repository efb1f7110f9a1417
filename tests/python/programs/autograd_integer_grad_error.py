# Calling backward with a grad of the wrong shape: uncaught.
import torch
x = torch.ones(3, requires_grad=True)
y = x * 2
y.backward(torch.ones(2))
