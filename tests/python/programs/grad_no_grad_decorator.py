# @torch.no_grad() and @torch.enable_grad() as decorators.
import torch
@torch.no_grad()
def evaluate(x):
    return x * 2, torch.is_grad_enabled()
@torch.enable_grad()
def train_step(x):
    return x * 2
x = torch.ones(2, requires_grad=True)
y, mode = evaluate(x)
print(y, mode, torch.is_grad_enabled())
with torch.no_grad():
    z = train_step(x)
print(z)
print(evaluate.__name__)
