# Values that round at the 4th decimal and values needing more room.
import torch
print(torch.tensor([0.00005, 0.99995]))
print(torch.tensor([9.99999, 0.1]))
print(torch.tensor([0.12345, 0.98765]))
print(torch.tensor([1.0001]))
print(torch.tensor([99999.9]))
print(torch.tensor([-1.5e-3, 2.5e-3]))
print(torch.tensor([0.1, 0.2, 0.3]) * 3)
print(torch.tensor([2., 4.]) / 3)
