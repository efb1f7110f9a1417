# Printing grads that are None and tensors in f-strings with text around them.
import torch
w = torch.tensor([0.5], requires_grad=True)
print(f"grad before: {w.grad}")
(w * 4).sum().backward()
print(f"grad after: {w.grad}")
print(f"w={w}")
print(f"w={w.detach()} data={w.data} item={w.item()}")
print("w =", w, "grad =", w.grad)
