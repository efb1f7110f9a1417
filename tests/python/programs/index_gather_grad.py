# A learner's "pick the logit of the label" with gather and indexing; gradients agree.
import torch
torch.manual_seed(0)
logits = torch.randn(3, 4, requires_grad=True)
y = torch.tensor([3, 0, 1])
a = logits.gather(1, y.unsqueeze(1)).squeeze(1)
b = logits[torch.arange(3), y]
print(torch.equal(a, b), a)
a.sum().backward()
print(logits.grad)
