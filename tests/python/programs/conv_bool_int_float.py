# bool(), int(), float() of one-element tensors.
import torch
print(bool(torch.tensor(1)), bool(torch.tensor(0.)), bool(torch.tensor([True])))
print(int(torch.tensor(3.9)), int(torch.tensor([-3.9])), int(torch.tensor(7)))
print(float(torch.tensor(2)), float(torch.tensor([[0.5]])))
if torch.tensor(2) > 1:
    print('a one-element comparison works in if')
x = torch.tensor(5)
while x > 0:
    x -= 2
print(x)
print(complex(torch.tensor(1.5)))
import operator
print(operator.index(torch.tensor(3)), [10, 20, 30, 40][torch.tensor(2)])
