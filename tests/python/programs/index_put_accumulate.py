# index_put_ with accumulate, repeated indices.
import torch
x = torch.zeros(4)
x.index_put_((torch.tensor([0, 0, 2]),), torch.tensor([1., 2., 3.]), accumulate=True)
print(x)
y = torch.zeros(2, 2)
y.index_put_((torch.tensor([0, 1]), torch.tensor([1, 0])), torch.tensor(5.))
print(y)
print(torch.zeros(3).index_put((torch.tensor([1]),), torch.tensor(2.)))
