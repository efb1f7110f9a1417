# Leaves that are not used keep grad None; zero_grad-like resets.
import torch
a = torch.tensor(1., requires_grad=True)
b = torch.tensor(2., requires_grad=True)
(a * 3).backward()
print(a.grad, b.grad)
print(a.grad is None, b.grad is None)
