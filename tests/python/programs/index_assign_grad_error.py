# Assigning into a leaf that requires grad through indexing is an in-place error; uncaught.
import torch
w = torch.zeros(3, requires_grad=True)
with torch.no_grad():
    w[0] = 1.
print(w)
w[1] = 2.
