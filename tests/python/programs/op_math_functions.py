# Python's math on tensors: round, math.floor etc. through __float__ and methods.
import math
import torch
t = torch.tensor(2.7)
print(round(t.item()), math.floor(t), math.ceil(t), math.sqrt(t))
print(round(torch.tensor([1.25, 2.5, -0.5]).tolist()[1]))
print(torch.round(torch.tensor([0.5, 1.5, 2.5, -0.5])))
print(torch.round(torch.tensor([1.2345, 2.3456]), decimals=2))
print(t.floor(), t.ceil(), t.round(), t.trunc())
