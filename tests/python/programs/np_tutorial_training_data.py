# Tutorial-style training data made with numpy, trained with torch, results back in numpy.
import numpy as np
import torch
torch.manual_seed(0)
X = np.linspace(-1, 1, 20, dtype=np.float32).reshape(-1, 1)
Y = 3 * X + 0.5
print(X.dtype, X.shape, Y.dtype)
inputs = torch.from_numpy(X)
targets = torch.from_numpy(Y)
model = torch.nn.Linear(1, 1)
opt = torch.optim.SGD(model.parameters(), lr=0.5)
for epoch in range(60):
    opt.zero_grad()
    loss = torch.nn.functional.mse_loss(model(inputs), targets)
    loss.backward()
    opt.step()
    if epoch % 20 == 0:
        print(epoch, f"{loss.item():.5f}")
w = model.weight.detach().numpy()
bias = model.bias.detach().numpy()
print(np.round(w, 3), np.round(bias, 3))
pred = model(inputs).detach().numpy()
print(pred.shape, pred.dtype, np.allclose(pred, Y, atol=1e-2))
print(np.abs(pred - Y).max() < 0.05)
