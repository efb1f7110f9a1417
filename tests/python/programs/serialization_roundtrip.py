# torch.save then torch.load in one program: to a path (str and pathlib), an open() file and
# io.BytesIO; module and optimizer state_dicts (training resumes where it stopped), nested
# containers, views that share a storage, map_location's forms, weights_only=True, and the
# errors PyTorch 1.13 (CPU build) gives for a hostile file, a CUDA map_location, a missing
# folder and an empty buffer.
import collections
import io
import os
import pathlib
import pickle
import tempfile
import zipfile

import torch

torch.manual_seed(0)
model = torch.nn.Sequential(torch.nn.Linear(4, 8), torch.nn.Tanh(), torch.nn.Linear(8, 1))
opt = torch.optim.Adam(model.parameters(), lr=0.01)
x = torch.randn(16, 4)
y = x.sum(1, keepdim=True)


def train(m, o, steps):
    for _ in range(steps):
        o.zero_grad()
        loss = ((m(x) - y) ** 2).mean()
        loss.backward()
        o.step()
    return loss.item()


print('%.6f' % train(model, opt, 5))
with tempfile.TemporaryDirectory() as d:
    path = os.path.join(d, 'ckpt.pt')
    torch.save({'model': model.state_dict(), 'opt': opt.state_dict(), 'epoch': 5}, path)
    ckpt = torch.load(path)
    print(sorted(ckpt), ckpt['epoch'], type(ckpt['model']).__name__, list(ckpt['model'])[:2])
    print(ckpt['opt']['param_groups'][0]['betas'], ckpt['opt']['state'][0]['step'])
    torch.manual_seed(1)
    model2 = torch.nn.Sequential(torch.nn.Linear(4, 8), torch.nn.Tanh(), torch.nn.Linear(8, 1))
    opt2 = torch.optim.Adam(model2.parameters(), lr=0.01)
    print(model2.load_state_dict(ckpt['model']))
    opt2.load_state_dict(ckpt['opt'])
    print('%.6f %.6f' % (train(model, opt, 3), train(model2, opt2, 3)))
    print(torch.equal(model[0].weight, model2[0].weight))

    p = pathlib.Path(d) / 'views.pt'
    base = torch.arange(10.)
    torch.save([base, base[2:5], base.view(2, 5), base[::3]], p)
    views = torch.load(p, map_location=torch.device('cpu'))
    views[1][0] = 100.
    print(views[0], views[2], views[3], sep='\n')
    print([v.storage_offset() for v in views], [v.stride() for v in views])

    with open(os.path.join(d, 'f.pt'), 'wb') as fh:
        torch.save(torch.tensor([[1, 2], [3, 4]], dtype=torch.int32), fh)
    with open(os.path.join(d, 'f.pt'), 'rb') as fh:
        print(repr(torch.load(fh, map_location='cpu')))

nested = collections.OrderedDict(a=(1, 2.0, [torch.ones(2, dtype=torch.bool), {'k': None}]), b={3: 'three', (1, 2): -1.5})
buf = io.BytesIO()
torch.save(nested, buf)
print(buf.tell() > 0)
buf.seek(0)
back = torch.load(buf, map_location=lambda storage, loc: storage)
print(back)
print(type(back['a']).__name__, type(back['a'][1]).__name__, type(back['b']).__name__)
buf.seek(0)
print(torch.load(buf, map_location={'cuda:0': 'cpu'})['b'])
# PyTorch 1.13's weights-only unpickler has no BINFLOAT (a float fails with "Unsupported
# operand 71"; tensorpad reads floats): weights_only=True on tensors, ints and strings
buf = io.BytesIO()
torch.save({'w': torch.full((2,), 0.5), 'n': [1, 'two', None, True], 'size': torch.Size([2])}, buf)
buf.seek(0)
print(torch.load(buf, weights_only=True))

g = torch.tensor([1.0, 2.0], requires_grad=True)
buf = io.BytesIO()
torch.save({'leaf': g, 'nonleaf': g * 2, 'param': torch.nn.Parameter(torch.zeros(2), requires_grad=False)}, buf)
buf.seek(0)
t = torch.load(buf)
print(t['leaf'], t['nonleaf'], t['nonleaf'].is_leaf, t['nonleaf'].grad_fn, t['param'], sep='\n')


class Evil:
    def __reduce__(self):
        return (os.system, ('echo this must not run',))


hostile = io.BytesIO()
with zipfile.ZipFile(hostile, 'w') as z:
    z.writestr('archive/data.pkl', pickle.dumps({'w': [1, 2], 'x': Evil()}, protocol=2))
    z.writestr('archive/version', '3\n')
hostile.seek(0)
try:
    torch.load(hostile, weights_only=True)
except pickle.UnpicklingError as e:
    print(type(e).__name__, e)

buf = io.BytesIO()
torch.save(torch.ones(3), buf)
for loc in ('cuda', 'cuda:1', torch.device('cuda')):
    buf.seek(0)
    try:
        torch.load(buf, map_location=loc)
    except RuntimeError as e:
        print(type(e).__name__, e)
try:
    torch.save(torch.ones(1), os.path.join(tempfile.gettempdir(), 'no-such-folder-here', 'x.pt'))
except RuntimeError as e:
    print(type(e).__name__, str(e).replace(tempfile.gettempdir(), 'TMP'))
try:
    torch.load(io.BytesIO(b''))
except EOFError as e:
    print(type(e).__name__, e)
