# max/min/argmax with ties return the first index; sort is stable with stable=True.
import torch
x = torch.tensor([1, 3, 3, 2, 3])
print(x.argmax(), x.max(0), torch.max(x, 0).indices)
m = torch.tensor([[5, 5], [1, 1]])
print(m.argmax(1), m.argmin(1), m.min(1))
print(torch.tensor([2., 2., 1.]).argsort(stable=True))
