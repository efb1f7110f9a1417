# A no_grad object reused, nested managers and the is_grad_enabled trace.
import torch
ng = torch.no_grad()
x = torch.ones(1, requires_grad=True)
trace = [torch.is_grad_enabled()]
with ng:
    trace.append(torch.is_grad_enabled())
    with torch.set_grad_enabled(True):
        trace.append(torch.is_grad_enabled())
        y = x * 2
    trace.append(torch.is_grad_enabled())
trace.append(torch.is_grad_enabled())
with ng:
    z = x * 2
print(trace, y.requires_grad, z.requires_grad)
