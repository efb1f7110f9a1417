# Moving to CUDA on a machine without it: an AssertionError or RuntimeError, caught; then uncaught.
import torch
x = torch.ones(2)
try:
    x.cuda()
except (AssertionError, RuntimeError) as e:
    print(type(e).__name__)
print(x.to('cpu'))
torch.ones(2, device='cuda')
