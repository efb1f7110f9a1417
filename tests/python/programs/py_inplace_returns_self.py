# In-place methods return the tensor itself; methods without _ return new tensors.
import torch
x = torch.ones(3)
print(x.add_(1) is x, x.add(1) is x, x.zero_() is x, x.requires_grad_() is x)
print(x.detach_() is x if False else 'n/a', x.fill_(2) is x if not x.requires_grad else 'rg')
y = torch.zeros(2)
print(y.normal_() is y, y.uniform_() is y, y.clamp_(0, 1) is y, y.copy_(torch.ones(2)) is y)
print(y.unsqueeze_(0) is y, y.shape, y.squeeze_() is y, y.shape, y.t_() is y)
