# Inverting a singular matrix raises torch.linalg.LinAlgError (a RuntimeError); caught.
import torch
A = torch.tensor([[1., 2.], [2., 4.]])
try:
    torch.linalg.inv(A)
except RuntimeError as e:
    print(type(e).__name__, isinstance(e, RuntimeError))
    print(e)
try:
    torch.linalg.cholesky(-torch.eye(2))
except RuntimeError as e:
    print(e)
