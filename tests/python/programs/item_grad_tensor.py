# item() works on tensors that require grad; tolist() too.
import torch
w = torch.tensor([1.5, -2.], requires_grad=True)
loss = (w ** 2).sum()
print(loss.item(), w.tolist())
loss.backward()
print(w.grad.tolist(), w.grad[0].item())
print(f"loss {loss.item():.4f}", f"{loss.item():8.3f}|", f"{loss.item():e}")
