# The Python twin of examples/09-rnn.mjs, written by tests/fixtures/gen_python_programs.py
# from EXAMPLES in tests/fixtures/gen_examples_rnn.py: edit it there.
import torch
import torch.nn as nn
import math
torch.manual_seed(0)
n, L = 32, 12
phase = torch.rand(n, 1).mul(2 * math.pi)
t = torch.arange(L + 1).float().mul(0.5)
wave = t.view(1, L + 1).add(phase).sin()
X = wave[:, :-1].unsqueeze(-1)
Y = wave[:, -1].unsqueeze(-1)
print('# 32 sine waves of 12 samples; predict the 13th')
print(X.shape, Y.shape)
print(X[0].flatten())


class Net(nn.Module):
    def __init__(self):
        super().__init__()
        self.lstm = nn.LSTM(1, 16, batch_first=True)
        self.head = nn.Linear(16, 1)

    def forward(self, x):
        out, _ = self.lstm(x)
        return self.head(out[:, -1])


model = Net()
print(model)
print(sum(p.numel() for p in model.parameters()), 'parameters')
out, (h, c) = model.lstm(X)
print('LSTM output:', out.shape, 'h_n:', h.shape, 'c_n:', c.shape, out.grad_fn.name())
optimizer = torch.optim.Adam(model.parameters(), lr=0.02)
loss_fn = nn.MSELoss()

for step in range(61):
    optimizer.zero_grad()
    loss = loss_fn(model(X), Y)
    loss.backward()
    optimizer.step()
    if step % 10 == 0:
        print(f"step {step:2d}  loss {loss.item():.4f}")

with torch.no_grad():
    pred = model(X)
print('predicted vs true, first 4 waves:')
for i in range(4):
    print(f"{pred[i, 0].item():.3f}  {Y[i, 0].item():.3f}")
