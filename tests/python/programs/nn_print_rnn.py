# print() of the recurrent layers and cells, and their parameter names.
import torch.nn as nn
for m in [nn.RNN(10, 20), nn.RNN(10, 20, 2, nonlinearity='relu', batch_first=True), nn.LSTM(10, 20, 2),
          nn.LSTM(3, 5, num_layers=2, bidirectional=True, dropout=0.5), nn.GRU(2, 3, bias=False),
          nn.RNNCell(3, 4), nn.RNNCell(3, 4, nonlinearity='relu'), nn.LSTMCell(3, 2), nn.GRUCell(2, 2, bias=False)]:
    print(m)
    print([(n, tuple(p.shape)) for n, p in m.named_parameters()])
