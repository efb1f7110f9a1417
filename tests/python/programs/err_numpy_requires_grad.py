# .numpy() of a tensor that requires grad: caught, then detach().numpy() works.
import torch
w = torch.tensor([1., 2.], requires_grad=True)
try:
    w.numpy()
except RuntimeError as e:
    print(e)
print(w.detach().numpy())
print(w.detach().numpy().tolist())
