# nn.LSTM (2 layers, bidirectional) and its (h, c) state; a gradient flows back.
import torch
import torch.nn as nn
torch.manual_seed(0)
lstm = nn.LSTM(3, 4, num_layers=2, bidirectional=True)
x = torch.randn(6, 2, 3, requires_grad=True)
output, (hn, cn) = lstm(x)
print(output.shape, hn.shape, cn.shape)
print(output[0])
print(hn[-1])
output.sum().backward()
print(x.grad[0])
print(lstm.weight_ih_l0.grad.shape, lstm.weight_hh_l1_reverse.grad.abs().sum() > 0)
