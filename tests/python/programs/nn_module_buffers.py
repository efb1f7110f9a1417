# register_buffer: persistent and not, buffers() and the state_dict keys.
import torch
import torch.nn as nn
class Counter(nn.Module):
    def __init__(self):
        super().__init__()
        self.lin = nn.Linear(2, 2)
        self.register_buffer('count', torch.zeros(1))
        self.register_buffer('cache', torch.ones(2), persistent=False)
        self.register_buffer('empty', None)

    def forward(self, x):
        self.count += 1
        return self.lin(x)
m = Counter()
m(torch.ones(1, 2))
m(torch.ones(1, 2))
print(m.count)
print([n for n, _ in m.named_buffers()])
print(list(m.state_dict().keys()))
print(list(m.buffers()))
bn = nn.BatchNorm1d(3)
print([n for n, _ in bn.named_buffers()])
print(bn.num_batches_tracked)
m.cache = torch.zeros(2)
print(m.cache, [n for n, _ in m.named_buffers()])
