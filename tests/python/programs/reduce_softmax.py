# softmax, log_softmax and their numerical stability.
import torch
x = torch.tensor([[1., 2., 3.], [1000., 1001., 1002.]])
print(torch.softmax(x, dim=1))
print(torch.log_softmax(x, dim=1))
print(x.softmax(0))
print(torch.nn.functional.softmax(x, dim=-1).sum(-1))
print(torch.exp(torch.tensor([1000.])) / torch.exp(torch.tensor([1000.])).sum())
