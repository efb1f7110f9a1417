# A format spec on a tensor with several elements is a TypeError: uncaught.
import torch
t = torch.tensor([1.5, 2.5])
print(f"{t}")
print(f"{t:.2f}")
