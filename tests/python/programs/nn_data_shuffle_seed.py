# shuffle=True draws its order from the default generator: the same orders as PyTorch under a seed.
import torch
from torch.utils.data import DataLoader
torch.manual_seed(0)
data = list(range(10))
loader = DataLoader(data, batch_size=3, shuffle=True)
for epoch in range(3):
    print(epoch, [b.tolist() for b in loader])
g = torch.Generator()
g.manual_seed(123)
print([b.tolist() for b in DataLoader(data, batch_size=5, shuffle=True, generator=g)])
print(torch.rand(1))
