# model.to(device) and tensors to device in a training step, as tutorials write it.
import torch
from torch import nn
device = "cuda" if torch.cuda.is_available() else "cpu"
print(f"Using {device} device")
torch.manual_seed(0)
model = nn.Linear(3, 1).to(device)
x = torch.randn(4, 3).to(device)
y = torch.randn(4, 1).to(device)
print(next(model.parameters()).device)
loss = nn.functional.mse_loss(model(x), y)
print(f"{loss.item():.4f}")
