# torch.load of the files tensorpad's Python mode saved (tests/python/write_saved.mjs): every
# object of saved/objects.py, described (kinds, dtypes, shapes, strides, offsets, which
# tensors share a storage, requires_grad, values) and compared with the same object made
# afresh. The expected output is what PyTorch read in these files.
import sys

import torch

sys.path.insert(0, 'saved')
import objects  # noqa: E402

torch.set_printoptions(precision=8)

for name, make in objects.OBJECTS.items():
    loaded = torch.load(f'saved/tensorpad_{name}.pt')
    print(f'== {name}:', objects.describe(loaded, {}))
    print('same as made afresh:', objects.same(loaded, make()))

# views loaded together share memory: writing through one shows in the others
t = torch.load('saved/tensorpad_tensors.pt')
t['col'][0] = -1.0
t['step'][1, 1] = -2.0
print(t['x'], t['t'], t['tail'], sep='\n')
c = torch.load('saved/tensorpad_containers.pt')
print(c['twice'][0] is c['twice'][1], c['twice'][2] is c['twice'][0])
c['twice'][2][0] = 7.0
print(c['twice'][0])
# a state_dict loads into a fresh model, an optimizer state into a fresh optimizer
torch.manual_seed(1)
model = torch.nn.Sequential(torch.nn.Linear(3, 4), torch.nn.ReLU(), torch.nn.Linear(4, 2))
print(model.load_state_dict(torch.load('saved/tensorpad_state_dict.pt')))
opt = torch.optim.SGD(model.parameters(), lr=0.1, momentum=0.9)
opt.load_state_dict(torch.load('saved/tensorpad_sgd_state.pt', map_location='cpu'))
x = torch.linspace(-1, 1, 15).reshape(5, 3)
model(x).sum().backward()
opt.step()
torch.set_printoptions(precision=4)
print(model[0].weight, model[2].bias, sep='\n')
