# deepcopy keeps views of one tensor sharing in the copy (memo), as Python's deepcopy does.
import copy
import torch
base = torch.arange(4.)
pair = (base, base)
c = copy.deepcopy(pair)
print(c[0] is c[1])
c[0][0] = 100
print(base, c[1])
