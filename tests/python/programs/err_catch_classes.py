# Errors of each class PyTorch raises, caught and printed with their class.
import torch
def show(f):
    try:
        f()
    except Exception as e:
        print(type(e).__name__ + ':', e)
show(lambda: torch.ones(2, 3) @ torch.ones(2, 3))
show(lambda: torch.ones(3)[5])
show(lambda: torch.ones(3).view(2, 2))
show(lambda: torch.ones(2).sum(dim=3))
show(lambda: torch.zeros(2, 2).reshape(3, -1))
show(lambda: torch.cat([torch.ones(2, 2), torch.ones(3, 3)]))
show(lambda: torch.stack([torch.ones(2), torch.ones(3)]))
show(lambda: torch.ones(2, 2).transpose(0, 2))
show(lambda: torch.ones(2).squeeze(4))
show(lambda: torch.ones(2).unsqueeze(3))
show(lambda: torch.ones(2, 3).expand(3, 3))
show(lambda: torch.ones(2, 3).permute(0, 0))
