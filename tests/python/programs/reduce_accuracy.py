# The everyday accuracy computation: argmax vs labels.
import torch
logits = torch.tensor([[2.0, 0.5, 0.1], [0.1, 0.2, 3.0], [1.0, 2.0, 0.0], [0.3, 0.1, 0.2]])
labels = torch.tensor([0, 2, 0, 0])
pred = logits.argmax(dim=1)
correct = (pred == labels).sum().item()
print(pred, correct, f"{correct / len(labels):.2%}")
print((pred == labels).float().mean())
probs = logits.softmax(dim=1)
print(probs.sum(1), probs.max(1).values)
