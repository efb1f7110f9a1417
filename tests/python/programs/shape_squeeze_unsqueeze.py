# squeeze and unsqueeze at each position.
import torch
x = torch.zeros(1, 3, 1, 2)
print(x.squeeze().shape, x.squeeze(0).shape, x.squeeze(2).shape, x.squeeze(1).shape, x.squeeze(-2).shape)
v = torch.tensor([1, 2, 3])
print(v.unsqueeze(0), v.unsqueeze(1), v.unsqueeze(-1).shape, v.unsqueeze(-2).shape)
print(torch.squeeze(x).shape, torch.unsqueeze(v, 0).shape)
print(v[None].shape, v.unsqueeze(0).unsqueeze(0).squeeze().shape)
