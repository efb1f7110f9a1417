# register_hook on a tensor that is used twice sees the summed gradient once.
import torch
x = torch.tensor(3., requires_grad=True)
seen = []
y = x * 2
y.register_hook(lambda g: seen.append(g.item()))
z = y * y + y
z.backward()
print(seen, x.grad)
