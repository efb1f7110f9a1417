# The Python twin of examples/05-grad-control.mjs, written by tests/fixtures/gen_python_programs.py
# from EXAMPLES in tests/fixtures/gen_examples_autograd.py: edit it there.
import torch
import torch.optim as optim
x = torch.tensor(2.0, requires_grad=True)
w = torch.tensor(3.0, requires_grad=True)
b = torch.tensor(1.0, requires_grad=True)
optimizer = optim.SGD([x, w, b], lr=0.01)

print('# 1. gradients accumulate until they are zeroed')
optimizer.zero_grad()
print('initial x.grad:', x.grad)
y = x * w + b
loss = (y - 10) ** 2
print(loss)
loss.backward()
print('after the first backward x.grad:', x.grad)
try:
    loss.backward()
except RuntimeError as e:
    print('second backward:', e)
y = x * w + b
loss = (y - 10) ** 2
loss.backward(retain_graph=True)
loss.backward()
print('two more backward passes (retain_graph on the first):', x.grad)
optimizer.zero_grad()
print('after optimizer.zero_grad() x.grad:', x.grad)
optimizer.zero_grad(set_to_none=True)
print('after zero_grad(set_to_none=True) x.grad:', x.grad)

print('# 2. no_grad: nothing is recorded')
with torch.no_grad():
    z = x * 2
print('z.requires_grad:', z.requires_grad, ' z.grad_fn:', z.grad_fn)
print('grad mode inside the block was off; now:', torch.is_grad_enabled())

print('# 3. detach: same storage, no history')
a = x * w
detached = a.detach()
print('a:', a)
print('detached.requires_grad:', detached.requires_grad, ' is_leaf:', detached.is_leaf)
detached.add_(1)
print('after detached.add_(1), a:', a)

print('# 4. requires_grad_(False) stops tracking')
x.requires_grad_(False)
print('x.requires_grad:', x.requires_grad)
try:
    y = x ** 2
    y.backward()
except RuntimeError as e:
    print('error:', e)

print('# one SGD step on w and b')
y = x * w + b
loss = (y - 10) ** 2
loss.backward()
print(w.grad, b.grad)
optimizer.step()
print(w, b)
