# loss.item() on a non-scalar loss, the learner's mistake, uncaught.
import torch
pred = torch.tensor([0.5, 1.5])
target = torch.tensor([1., 1.])
loss = (pred - target) ** 2
print(loss)
print(loss.item())
