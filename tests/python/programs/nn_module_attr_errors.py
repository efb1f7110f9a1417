# Assignment and registration errors of Module, caught.
import torch
import torch.nn as nn
m = nn.Linear(2, 2)
attempts = [
    lambda: setattr(m, 'weight', torch.ones(2, 2)),
    lambda: m.register_buffer('weight', torch.ones(1)),
    lambda: m.register_buffer('a.b', torch.ones(1)),
    lambda: m.register_buffer('x', [1, 2]),
    lambda: m.register_parameter('p', torch.ones(1)),
    lambda: m.add_module('sub', 'not a module'),
    lambda: m.add_module('a.b', nn.ReLU()),
    lambda: m.nope,
    lambda: m.get_submodule('x'),
    lambda: m.register_parameter('q', nn.Parameter(torch.ones(1)) + 1),
]
for f in attempts:
    try:
        f()
    except (TypeError, KeyError, AttributeError, ValueError) as e:
        print(type(e).__name__ + ':', e)
m.weight = nn.Parameter(torch.zeros(2, 2))
print(m.weight)
m.bias = None
print(m, m.bias, [n for n, _ in m.named_parameters()])
