# Interleaved calls share one stream: the order of calls decides the values.
import torch
torch.manual_seed(5)
a = torch.rand(2); b = torch.randn(2); c = torch.randint(0, 9, (2,)); d = torch.rand(2)
torch.manual_seed(5)
e = torch.rand(4)
print(a, b, c, d)
print(e, torch.equal(a, e[:2]))
