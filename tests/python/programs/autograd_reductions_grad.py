# Gradients of sum/mean/max/min/prod/norm/std and of indexing-based reductions.
import torch
x = torch.tensor([[1., 4.], [3., 2.]], requires_grad=True)
for name, f in [('sum', lambda t: t.sum()), ('mean', lambda t: t.mean()),
                ('max', lambda t: t.max()), ('max dim', lambda t: t.max(1).values.sum()),
                ('prod', lambda t: t.prod()), ('norm', lambda t: t.norm()),
                ('std', lambda t: t.std()), ('var dim', lambda t: t.var(0).sum()),
                ('logsumexp', lambda t: t.logsumexp(1).sum()), ('amax', lambda t: t.amax(0).sum()),
                ('cumsum', lambda t: t.cumsum(1).sum()), ('softmax', lambda t: (t.softmax(1) * t).sum())]:
    x.grad = None
    f(x).backward()
    print(name.ljust(10), x.grad)
