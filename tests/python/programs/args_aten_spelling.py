# ATen's spelling where 1.13's Python calls an op whose parser refuses a float: F.softmax/log_softmax/softmin
# with a float dim, Tensor.split with float sizes; Tensor.index_put_/index_put take a tuple of tensors (ints, None,
# a lone tensor refused; 'too many indices ... (got n)'), and still work for valid calls.
import torch
torch.manual_seed(0)
import torch.nn.functional as F
x = torch.randn(2, 3, requires_grad=True)
print(F.softmax(x, 1), F.log_softmax(x, dim=0), F.softmin(x, -1), F.softmax(x, 1, dtype=torch.float64).dtype)
print(F.softmax(x, dim=1, _stacklevel=5).grad_fn.name(), F.softmin(x, 1).grad_fn.name())
print(F.softmax(torch.randn(3), dim=None if False else 0))
print([t.shape for t in x.split(1)], [t.shape for t in x.split([1, 1], dim=0)], [t.shape for t in x.split(2, 1)])
x2 = x.detach().clone(); x2.index_put_((torch.tensor([0, 1]), torch.tensor([2, 0])), torch.tensor([1., 2.]), accumulate=True); print(x2)
print(x.detach().index_put((torch.tensor([1]),), torch.tensor(0.)))
try: x.split([1, 1.0])
except Exception as e: print(type(e).__name__, e)
x = torch.randn(2, 3)
for s in ['F.softmax(x, 0.0)', 'F.log_softmax(x, 1.0)', 'F.softmin(x, 0.0)', 'x.split(2.0)', 'x.split([1.0, 1.0])', 'x.index_put_((torch.tensor([0]), torch.tensor([0]), torch.tensor([0])), torch.tensor(1.))', 'x.index_put_((0,), torch.tensor(1.))', 'x.index_put_([None, torch.tensor([1])], torch.tensor(1.))', 'torch.tensor(1.).index_put_((torch.tensor([0]),), torch.tensor(2.))', 'x.index_put_(torch.tensor([0]), torch.tensor(1.))', 'x.index_put_((torch.tensor([1]),), torch.tensor(5.)).sum()', 'x.index_put_([torch.tensor([0, 1]), torch.tensor([2, 0])], torch.tensor([1., 2.]), accumulate=True)[0]']:
    try: r = eval(s); print(s, 'ok', r.shape if hasattr(r, 'shape') else r)
    except Exception as e: print(s, type(e).__name__, str(e).split(chr(10))[0])
