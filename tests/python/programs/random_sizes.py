# randn/rand/normal_ draws of sizes around 16, where PyTorch's CPU kernels change path.
import torch
for n in [1, 15, 16, 17, 33]:
    torch.manual_seed(0)
    x = torch.randn(n)
    print(n, f"{x.sum().item():.6f}", x[-1])
torch.manual_seed(0)
print(torch.empty(20).normal_(2, 3)[-3:])
torch.manual_seed(0)
print(torch.rand(20, dtype=torch.float64)[-2:])
torch.manual_seed(0)
print(torch.randn(4, 5, dtype=torch.float64)[3])
