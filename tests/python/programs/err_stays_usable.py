# After an error nothing changed and torch keeps working.
import torch
x = torch.tensor([1., 2., 3.])
for bad in [lambda: x.view(2, 2), lambda: x.add_(torch.ones(2)), lambda: x[7],
            lambda: x.copy_(torch.ones(4))]:
    try:
        bad()
    except (RuntimeError, IndexError) as e:
        print(type(e).__name__)
print(x, x.sum())
