# step(closure): the closure re-evaluates the loss; step returns it.
import torch
import torch.optim as optim
w = torch.tensor([1.5, -0.5], requires_grad=True)
opt = optim.SGD([w], lr=0.1, momentum=0.9)
for i in range(8):
    def closure():
        opt.zero_grad()
        loss = ((w - torch.tensor([0.5, 0.5])) ** 2).sum()
        loss.backward()
        return loss
    loss = opt.step(closure)
    print(f"{i}: {loss.item():.6f} {w.tolist()}")
