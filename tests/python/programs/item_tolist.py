# item() and tolist() give Python numbers of the right type.
import torch
for t in [torch.tensor(3), torch.tensor(2.5), torch.tensor(True), torch.tensor(1, dtype=torch.int32),
          torch.tensor(0.1, dtype=torch.float64)]:
    v = t.item()
    print(repr(v), type(v).__name__)
print(torch.tensor([[1, 2], [3, 4]]).tolist())
print(torch.tensor([0.1, 0.2]).tolist())
print(torch.tensor([True, False]).tolist())
print(torch.tensor(5).tolist(), type(torch.tensor(5).tolist()).__name__)
print(torch.zeros(2, 0).tolist(), torch.zeros(0).tolist())
print(torch.tensor([1/3]).item(), torch.tensor([1/3], dtype=torch.float64).item())
