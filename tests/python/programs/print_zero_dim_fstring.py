# The seed's remark: a 0-d tensor in an f-string with a format spec prints the number.
import torch
x = torch.tensor(2.0, requires_grad=True)
y = (x - 5) ** 2 * 2
y.backward()
print(f"{x.grad}", f"{x.grad:}", f"{x.grad:.1f}", f"{x.grad.item()}")
print(f"{torch.tensor(-18.):g}", f"{torch.tensor(7):>5}")
print(format(torch.tensor(1.25), '.3f'), format(torch.tensor(1.25)))
