# Cross-entropy by hand equals F.cross_entropy, and their gradients agree.
import torch
import torch.nn.functional as F
torch.manual_seed(0)
logits = torch.randn(4, 5, requires_grad=True)
target = torch.tensor([1, 0, 4, 2])
manual = -(logits.log_softmax(1)[torch.arange(4), target]).mean()
builtin = F.cross_entropy(logits, target)
print(manual, builtin, torch.allclose(manual, builtin))
g1, = torch.autograd.grad(manual, logits)
g2, = torch.autograd.grad(builtin, logits)
print(torch.allclose(g1, g2))
print(F.nll_loss(logits.log_softmax(1), target))
