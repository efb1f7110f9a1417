# Named tuples unpacked in loops and indexed by name, the tutorial way.
import torch
torch.manual_seed(0)
scores = torch.randn(3, 4)
for row in scores:
    best = row.max(0)
    print(f"best {best.values.item():.4f} at {best.indices.item()}")
top = scores.topk(2, dim=1)
print(top.values.shape, top.indices)
vals, idx = torch.sort(scores[0], descending=True)
print(vals, idx)
print(torch.max(scores, dim=0)._fields if hasattr(torch.max(scores, dim=0), '_fields') else None)
