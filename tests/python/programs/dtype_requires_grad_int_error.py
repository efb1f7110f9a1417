# Only floating point tensors can require gradients; the program ends in that error.
import torch
x = torch.tensor([1., 2.], requires_grad=True)
print(x.dtype, x.requires_grad)
y = torch.tensor([1, 2], requires_grad=True)
