# Training with grad then evaluating with no_grad: no graph under no_grad.
import torch
torch.manual_seed(1)
w = torch.randn(3, 1, requires_grad=True)
X = torch.randn(8, 3)
Y = X @ torch.tensor([[1.], [-2.], [0.5]])
for step in range(5):
    loss = ((X @ w - Y) ** 2).mean()
    loss.backward()
    with torch.no_grad():
        w -= 0.2 * w.grad
    w.grad.zero_()
    with torch.no_grad():
        val = ((X @ w - Y) ** 2).mean()
    print(step, round(loss.item(), 4), round(val.item(), 4), val.requires_grad)
