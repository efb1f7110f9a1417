# In-place ops whose other operand is a view of self or its base: PyTorch's texts (the view's
# history as it is named after the write, the versions at backward) and gradients.
import torch
x = torch.tensor([1.5, -2, 3, 0.5], requires_grad=True)
def show(f):
    try:
        r = f(); print('ok', r)
    except Exception as e:
        print(type(e).__name__ + ':', str(e)[:230])
def c1():
    y = x * 1.5; y.mul_(y.view(4)); y.sum().backward()
def c2():
    y = x * 1.5; y[0:2].mul_(y[2:4]); y.sum().backward()
def c3():
    y = x * 1.5; v = y[1:3]; y.mul_(v.sum()); y.sum().backward()
def c4():
    y = x * 1.5; y[:2].mul_(y[:2].clone()); y.sum().backward(); return x.grad
def c5():
    y = x * 1.5; y[0:2].div_(y[2:4]); y[0:2].mul_(2); y.sum().backward()
def c6():
    y = x * 1.5; y[1:3].atan2_(y[0:2]); y.sum().backward()
def c7():
    y = x * 1.5; v = y[0:2]; y.pow_(v.sum()); v.mul_(2); y.sum().backward()
def c8():
    y = (x * 1.5).view(2, 2); y.mul_(y.t()); y.sum().backward()
def c9():
    with torch.no_grad():
        pass
    y = x * 1.5; yy = y.view(2, 2); a, b = yy.unbind(0); y.mul_(a.repeat(2)); y.sum().backward()
for f in (c1, c2, c3, c4, c5, c6, c7, c8, c9):
    x.grad = None
    show(f)
