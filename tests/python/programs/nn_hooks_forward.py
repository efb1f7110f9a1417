# Forward hooks capture intermediate activations; handles remove them.
import torch
import torch.nn as nn
torch.manual_seed(0)
model = nn.Sequential(nn.Linear(2, 3), nn.ReLU(), nn.Linear(3, 1))
activations = {}
def save(name):
    def hook(module, inp, out):
        activations[name] = out.detach()
    return hook
handles = [model[i].register_forward_hook(save(f'layer{i}')) for i in range(3)]
y = model(torch.tensor([[1.0, -1.0]]))
for k, v in activations.items():
    print(k, v)
for h in handles:
    h.remove()
activations.clear()
model(torch.ones(1, 2))
print(activations)
