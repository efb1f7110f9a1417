# RNNCell, LSTMCell and GRUCell stepped in a Python loop.
import torch
import torch.nn as nn
torch.manual_seed(0)
x = torch.randn(4, 2, 3)
cell = nn.RNNCell(3, 5)
h = torch.zeros(2, 5)
for t in range(4):
    h = cell(x[t], h)
print(h)
lcell = nn.LSTMCell(3, 2)
hx, cx = torch.zeros(2, 2), torch.zeros(2, 2)
outs = []
for t in range(4):
    hx, cx = lcell(x[t], (hx, cx))
    outs.append(hx)
print(torch.stack(outs, dim=0)[-1], cx)
g = nn.GRUCell(3, 2)
print(g(x[0]), g(x[0, 0]))
