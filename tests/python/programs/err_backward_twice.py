# Backward twice through a freed graph: uncaught.
import torch
x = torch.tensor([1., 2.], requires_grad=True)
y = (x.exp() * x).sum()
y.backward()
print(x.grad)
y.backward()
