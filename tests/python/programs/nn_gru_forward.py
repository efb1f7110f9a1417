# nn.GRU with an initial state, and on an unbatched sequence.
import torch
import torch.nn as nn
torch.manual_seed(0)
gru = nn.GRU(2, 3, batch_first=True)
x = torch.randn(2, 5, 2)
out, h = gru(x, torch.zeros(1, 2, 3))
print(out[:, -1])
print(h)
out, h = gru(torch.randn(5, 2))
print(out.shape, h.shape, h)
