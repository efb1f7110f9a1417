# Loading a checkpoint of another shape ends in RuntimeError (size mismatch).
import torch
import torch.nn as nn
small = nn.Linear(2, 3)
big = nn.Linear(4, 3)
print(small.load_state_dict(small.state_dict()))
big.load_state_dict(small.state_dict())
