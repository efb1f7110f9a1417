# torch.inference_mode as a context manager.
import torch
x = torch.ones(2, requires_grad=True)
with torch.inference_mode():
    y = x * 2
print(y.requires_grad, torch.is_inference_mode_enabled())
with torch.inference_mode():
    print(torch.is_inference_mode_enabled(), torch.is_grad_enabled())
print(y)
