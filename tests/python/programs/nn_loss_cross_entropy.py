# CrossEntropyLoss: class indices, weights, ignore_index, label smoothing, probabilities.
import torch
import torch.nn as nn
torch.manual_seed(0)
logits = torch.randn(4, 3, requires_grad=True)
target = torch.tensor([0, 2, 1, 2])
print(nn.CrossEntropyLoss()(logits, target))
print(nn.CrossEntropyLoss(weight=torch.tensor([1.0, 2.0, 0.5]))(logits, target))
print(nn.CrossEntropyLoss(ignore_index=2)(logits, target))
print(nn.CrossEntropyLoss(label_smoothing=0.1)(logits, target))
print(nn.CrossEntropyLoss(reduction='none')(logits, target))
probs = torch.softmax(torch.randn(4, 3), dim=1)
print(nn.CrossEntropyLoss()(logits, probs))
loss = nn.CrossEntropyLoss()(logits, target)
loss.backward()
print(logits.grad)
