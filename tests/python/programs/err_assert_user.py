# A failing assert about a tensor's shape: AssertionError with the message.
import torch
x = torch.zeros(3, 4)
assert x.shape == (3, 4), 'wrong shape'
print('first assert passed')
assert x.shape[0] == 4, f"expected 4 rows, got {x.shape[0]}"
