# A forward pre-hook can replace the input; a forward hook can replace the output.
import torch
import torch.nn as nn
m = nn.Linear(2, 2)
with torch.no_grad():
    m.weight.copy_(torch.eye(2))
    m.bias.zero_()
log = []
h1 = m.register_forward_pre_hook(lambda mod, inp: (inp[0] * 10,))
h2 = m.register_forward_hook(lambda mod, inp, out: out + 1)
h3 = m.register_forward_pre_hook(lambda mod, inp: log.append(('pre', inp[0].tolist())))
x = torch.tensor([[1.0, 2.0]])
print(m(x), log)
h1.remove()
print(m(x))
h2.remove()
h3.remove()
print(m(x), len(log))
