# nn.init functions under a seed.
import torch
import torch.nn as nn
torch.manual_seed(0)
w = torch.empty(3, 4)
print(nn.init.uniform_(w, -0.1, 0.1))
print(nn.init.normal_(w, 0, 0.01))
print(nn.init.xavier_uniform_(w))
print(nn.init.kaiming_normal_(w))
print(nn.init.zeros_(w).sum(), nn.init.ones_(w).sum(), nn.init.constant_(w, 0.5).mean())
print(nn.init.eye_(torch.empty(2, 3)))
