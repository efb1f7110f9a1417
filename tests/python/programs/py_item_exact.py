# item(), float(), int() and tolist() give Python numbers exactly: -0.0 keeps its sign, int64 every bit.
import math
import torch
z = torch.tensor([-0.0, 0.0, 1.0])
print(z.tolist(), z[0].item(), float(z[0]), math.copysign(1, z[0].item()), math.copysign(1, z[1].item()))
print(torch.tensor(-0.0).item(), torch.tensor([-0.0], dtype=torch.float64).tolist(), torch.full((2,), -0.0).tolist())
big = torch.tensor([[2 ** 62 + 1, -2 ** 63], [2 ** 53 + 1, 7]])
print(big.tolist(), big[0, 0].item(), int(big[1, 0]), [10, 20, 30][big[1, 1] - 5])
print(type(big.tolist()[1][1]), type(big[0, 0].item()), (big + 1).tolist())
print(torch.tensor([float('inf'), -float('inf'), float('nan')]).tolist())
print(torch.tensor(2 ** 40).item(), torch.tensor([1e20], dtype=torch.float64).item())
