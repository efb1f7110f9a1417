# grad_fn objects, names and next_functions.
import torch
x = torch.tensor([1., 2.], requires_grad=True)
y = (x * 2).sum()
print(y.grad_fn.name(), x.grad_fn)
print(y.grad_fn.next_functions[0][0].name())
print(y.grad_fn.next_functions[0][0].next_functions[0][0].name())
print(y.grad_fn.next_functions[0][0].next_functions[1])
for t in [x + 1, x - 1, x * x, x / 2, x ** 2, x.exp(), x.log(), x.sin(), x.tanh(), x.sigmoid(),
          x.relu(), x.mean(), x.view(2, 1), x.t() if False else x.unsqueeze(0), x[0], x @ x,
          x.abs(), -x, x.clamp(0, 1), torch.stack([x, x]), x.reshape(1, 2).expand(2, 2), x.sqrt(),
          x.pow(3), x.sum(0), x.max(), x.softmax(0), x.clone(), x.float() * 1, x.double()]:
    print(t.grad_fn.name())
