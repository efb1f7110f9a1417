# Indexing with lists and integer tensors (advanced indexing copies).
import torch
x = torch.arange(10) * 10
print(x[[1, 3, 5]], x[torch.tensor([0, 0, 9])], x[[-1, -2]])
m = torch.arange(12).reshape(3, 4)
print(m[[0, 2]])
print(m[[0, 1, 2], [3, 2, 1]])
print(m[torch.tensor([[0, 1], [2, 2]])].shape)
print(m[:, [0, 3]])
print(m[[2, 0], 1:3])
idx = torch.tensor([1, 1])
sel = m[idx]
sel[0, 0] = -1
print(m[1, 0], sel)
