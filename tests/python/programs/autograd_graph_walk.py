# Walking the graph through next_functions from the loss to the leaves.
import torch
x = torch.tensor([1., 2.], requires_grad=True)
w = torch.tensor([3., 4.], requires_grad=True)
loss = ((x * w).sum() - 1) ** 2
def walk(fn, depth=0):
    if fn is None:
        return
    print('  ' * depth + fn.name())
    for nxt, _ in fn.next_functions:
        walk(nxt, depth + 1)
walk(loss.grad_fn)
acc = loss.grad_fn.next_functions[0][0].next_functions[0][0].next_functions[0][0].next_functions[0][0]
print(acc.name(), acc.variable is x)
