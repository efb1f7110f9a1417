# Large and mixed-sign integers, bool matrices.
import torch
print(torch.tensor([[True, False], [False, True]]))
print(torch.tensor([-9223372036854775807, 0]))
print(torch.tensor([1, 2], dtype=torch.int32) * 1000000)
print(torch.eye(3, dtype=torch.bool))
