# Optimizer argument errors, caught.
import torch
import torch.nn as nn
import torch.optim as optim
w = nn.Parameter(torch.ones(2))
for make in [lambda: optim.SGD([w]), lambda: optim.SGD(w, lr=0.1), lambda: optim.SGD([], lr=0.1),
             lambda: optim.SGD([w], lr=-0.1), lambda: optim.SGD([w], lr=0.1, nesterov=True),
             lambda: optim.Adam([w], betas=(1.0, 0.9)), lambda: optim.Adam([w], lr=-1),
             lambda: optim.RMSprop([w], alpha=-1), lambda: optim.SGD([1, 2], lr=0.1),
             lambda: optim.SGD({w}, lr=0.1)]:
    try:
        make()
    except (TypeError, ValueError) as e:
        print(type(e).__name__ + ':', e)
