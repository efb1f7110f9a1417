# backward of a tensor that does not require grad: uncaught.
import torch
x = torch.tensor([1., 2.])
loss = (x ** 2).sum()
print(loss.requires_grad)
loss.backward()
