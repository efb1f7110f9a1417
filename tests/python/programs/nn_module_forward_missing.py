# A Module without forward: calling it raises NotImplementedError.
import torch
import torch.nn as nn
class NoForward(nn.Module):
    def __init__(self):
        super().__init__()
        self.l = nn.Linear(1, 1)
m = NoForward()
print(m)
m(torch.ones(1))
