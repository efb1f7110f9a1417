# register_full_backward_hook sees grad_input and grad_output and may scale grad_input.
import torch
import torch.nn as nn
torch.manual_seed(0)
layer = nn.Linear(3, 2)
seen = []
def hook(module, grad_input, grad_output):
    seen.append((grad_input[0].shape, grad_output[0]))
    return (grad_input[0] * 0.5,)
layer.register_full_backward_hook(hook)
x = torch.randn(4, 3, requires_grad=True)
layer(x).sum().backward()
print(seen)
print(x.grad)
print(layer.weight.grad)
