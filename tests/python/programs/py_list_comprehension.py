# Python-side loops over tensor elements: comprehensions, zip, enumerate, map.
import torch
a = torch.tensor([1., 2., 3.])
b = torch.tensor([4., 5., 6.])
print([x * y for x, y in zip(a, b)])
print([float(x) ** 2 for x in a])
print(list(map(lambda t: t.item(), a + b)))
print({i: v.item() for i, v in enumerate(a)})
print(torch.stack([x * 2 for x in a]), torch.tensor([x.item() + 1 for x in b]))
print(sum(x for x in a), torch.tensor([[i * j for j in range(3)] for i in range(3)]))
