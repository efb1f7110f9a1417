# The "Tensors" tutorial's out= forms: y3 and z3 equal y1 and z1.
import torch
torch.manual_seed(0)
tensor = torch.ones(4, 4)
tensor[:, 1] = 0
y1 = tensor @ tensor.T
y3 = torch.rand_like(y1)
r = torch.matmul(tensor, tensor.T, out=y3)
print(r is y3, torch.equal(y1, y3))
z3 = torch.rand_like(tensor)
torch.mul(tensor, tensor, out=z3)
print(torch.equal(z3, tensor * tensor))
out = torch.empty(3)
torch.add(torch.ones(3), 2, out=out)
print(out)
torch.sum(torch.ones(2, 2), 0, out=out[:2])
print(out)
