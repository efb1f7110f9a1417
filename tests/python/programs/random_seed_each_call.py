# Seeding repeatedly inside a loop gives the same draws.
import torch
for i in range(3):
    torch.manual_seed(10)
    print(torch.randn(2), torch.randint(0, 100, (3,)))
torch.manual_seed(10)
print([round(v, 4) for v in torch.rand(4).tolist()])
