# torch.tensor(t) copies and warns (stderr), new_tensor too; as_tensor shares.
import torch
t = torch.tensor([1., 2.])
u = torch.tensor(t)
u[0] = 5
print(t, u)
v = torch.as_tensor(t)
v[1] = 7
print(t, v is t)
w = t.new_tensor([3, 4])
print(w, w.dtype)
print(torch.as_tensor([1, 2]), torch.as_tensor([1, 2], dtype=torch.float32))
