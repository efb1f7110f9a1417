# Long rows wrap at linewidth 80.
import torch
print(torch.arange(30.))
print(torch.arange(40) * 1000)
print(torch.linspace(0, 1, 25).reshape(1, 25))
print(torch.arange(60.).reshape(3, 20) / 7)
