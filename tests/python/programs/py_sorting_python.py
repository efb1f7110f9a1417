# Python sorting by tensor keys, min/max with key=.
import torch
losses = {'a': torch.tensor(0.3), 'b': torch.tensor(0.1), 'c': torch.tensor(0.2)}
print(sorted(losses, key=lambda k: losses[k].item()))
print(min(losses.items(), key=lambda kv: kv[1])[0])
best = max(torch.tensor([3, 9, 2]), key=lambda t: t.item())
print(best, sorted([torch.tensor(2), torch.tensor(1)]))
