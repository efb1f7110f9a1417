# A training log as tutorials print it: epochs, losses with format specs, aligned columns.
import torch
torch.manual_seed(0)
x = torch.randn(32, 3)
y = x @ torch.tensor([1., -1., 2.]) + 0.5
w = torch.zeros(3, requires_grad=True)
b = torch.zeros((), requires_grad=True)
opt = torch.optim.SGD([w, b], lr=0.1)
for epoch in range(1, 31):
    opt.zero_grad()
    loss = ((x @ w + b - y) ** 2).mean()
    loss.backward()
    opt.step()
    if epoch % 5 == 0:
        print(f"Epoch [{epoch:>3}/30]  loss: {loss.item():>8.5f}  |w|: {w.norm().item():.3f}")
print(f"Final: w={w.data}, b={b.item():.4f}")
