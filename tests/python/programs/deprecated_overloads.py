# 1.13's deprecated overloads (tools/autograd/deprecated.yaml) still parse: a Number before
# the tensors is alpha/value/beta. One warning per process, the first overload's text.
import warnings
import torch

x = torch.tensor([1., 2., 3.])
y = torch.tensor([0.5, -1., 4.])
with warnings.catch_warnings(record=True) as w:
    warnings.simplefilter('always')
    print(torch.add(x, 2, y))
    print(x.add(2, y), x.sub(3, y), torch.sub(x, 0.5, y))
    print(torch.add(x, 2, other=y))
    print(torch.addcmul(x, 2, y, y), x.addcdiv(-1, y, x))
print(len(w), w[0].category.__name__)
print(str(w[0].message))

z = x.clone()
print(z.add_(2, y), z.sub_(-1, y), z)
o = torch.empty(3)
r = torch.add(x, 3, y, out=o)
print(r is o, o)

M = torch.ones(2, 2)
a = torch.tensor([[1., 2.], [3., 4.]])
print(torch.addmm(2, M, 3, a, a))
print(torch.addmm(0.5, M, a, a))
print(M.addmm(2, a, a), torch.ones(2).addmv(2, a, torch.tensor([1., -1.])))
print(torch.baddbmm(2, M.expand(3, 2, 2), 1, a.expand(3, 2, 2), a.expand(3, 2, 2)).sum())
print(torch.addr(2, M, 3, torch.tensor([1., 2.]), torch.tensor([3., 4.])))

# autograd through the deprecated form is the current op's
p = torch.tensor([1., 2.], requires_grad=True)
q = torch.tensor([3., 4.], requires_grad=True)
s = torch.add(p, 5, q)
print(s.grad_fn.name())
s.sum().backward()
print(p.grad, q.grad)

for code in ["torch.add(x, True, y)", "torch.add(torch.ones(3, dtype=torch.long), 2.5, torch.ones(3, dtype=torch.long))",
             "x.add(y, 2)", "x.add(2, y, y)", "torch.add(x, 2, y, y)", "torch.sub(x)", "torch.add()", "torch.mul(x)",
             "x.add_(2, y, y)", "torch.add(x, 2, y, alpha=3)", "x.addcmul('a', y, y)"]:
    try:
        print(code, '->', eval(code))
    except Exception as e:
        print(code, '!!', type(e).__name__, e)
