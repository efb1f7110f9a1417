# A learner's one-hot encoding and a confusion matrix with index assignment.
import torch
labels = torch.tensor([2, 0, 1, 2])
onehot = torch.zeros(4, 3)
onehot[torch.arange(4), labels] = 1
print(onehot)
pred = torch.tensor([2, 1, 1, 0])
cm = torch.zeros(3, 3, dtype=torch.int64)
for t, p in zip(labels, pred):
    cm[t, p] += 1
print(cm)
print(torch.nn.functional.one_hot(labels, num_classes=3))
