# nn.RNN over a sequence: output, final hidden state, batch_first, unbatched input.
import torch
import torch.nn as nn
torch.manual_seed(0)
rnn = nn.RNN(3, 4, num_layers=2)
x = torch.randn(5, 2, 3)
h0 = torch.randn(2, 2, 4)
output, hn = rnn(x, h0)
print(output.shape, hn.shape)
print(output[-1])
print(hn)
bf = nn.RNN(3, 2, batch_first=True, nonlinearity='relu')
out, h = bf(torch.randn(2, 4, 3))
print(out[:, -1], h)
out, h = bf(torch.randn(4, 3))
print(out.shape, h.shape)
try:
    rnn(torch.randn(5, 2, 7))
except RuntimeError as e:
    print('RuntimeError:', e)
