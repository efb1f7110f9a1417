# str() and repr() and __format__ without spec agree; tensors in % formatting.
import torch
t = torch.tensor([[1, 2], [3, 4]])
print(str(t) == repr(t) == format(t) == f"{t}")
print("%s" % t)
print("%r" % (t[0],))
print("tensor: {0!s:}".format(t[1]))
