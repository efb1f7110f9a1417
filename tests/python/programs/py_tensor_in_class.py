# Tensors held by a plain Python class with methods and properties.
import torch
class Stats:
    def __init__(self):
        self.values = []
    def add(self, t):
        self.values.append(t)
    @property
    def mean(self):
        return torch.stack(self.values).mean(0)
    def __repr__(self):
        return f"Stats(n={len(self.values)}, mean={self.mean})"
s = Stats()
for i in range(4):
    s.add(torch.tensor([i, i * 2.]))
print(s)
print(s.mean.tolist())
