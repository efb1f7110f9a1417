# narrow, select, unfold, diagonal, triu/tril.
import torch
x = torch.arange(16).reshape(4, 4)
print(x.narrow(0, 1, 2), x.narrow(1, 2, 2), x.select(1, 0))
print(torch.arange(7).unfold(0, 3, 2))
print(x.diagonal(), x.diagonal(1), torch.diag(x), torch.diag(torch.tensor([1, 2])))
print(x.triu(), x.tril(-1), torch.triu(x, 1))
print(torch.trace(x.float()))
