# F.cosine_similarity / nn.CosineSimilarity as 1.13 composes them: the graph (ExpandBackward0, PowBackward0,
# SumBackward1, SqrtBackward0, DivBackward0), first and second derivatives at zero vectors (the clamp of
# the squared norm to eps^2 is not differentiated), broadcasting, float64, and the integer and shape errors.
import torch, torch.nn.functional as F, torch.nn as nn
torch.manual_seed(0)
def walk(f, d=0):
    if f is None or d > 10: return
    print('  '*d + f.name())
    for n, _ in f.next_functions: walk(n, d+1)
for vals in ([[-0.1601627],[0.],[-1.],[0.5]], [[1., 2, 0], [0, 0, 0], [1e-5, 0, 0]]):
    x1 = torch.tensor(vals, requires_grad=True); x2 = torch.randn(len(vals), len(vals[0])).requires_grad_()
    y = F.cosine_similarity(x1, x2, dim=-1); g1, = torch.autograd.grad(y.sum(), x1, create_graph=True); h1, = torch.autograd.grad(g1.sin().sum(), x1)
    print(y, g1, h1)
walk(y.grad_fn)
x1 = torch.randn(5, 7, requires_grad=True, dtype=torch.float64); x2 = torch.randn(1, 7)
print(F.cosine_similarity(x1, x2), nn.CosineSimilarity(dim=0, eps=1e-3)(x1, x1 * 2))
for f in [lambda: F.cosine_similarity(torch.tensor([[1,2]]), torch.tensor([[2,3]])), lambda: F.cosine_similarity(torch.ones(2, 3), torch.ones(3, 2))]:
    try: print(f())
    except Exception as e: print(type(e).__name__, e)
