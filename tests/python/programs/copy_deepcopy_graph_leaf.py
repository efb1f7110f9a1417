# deepcopy of a leaf with a grad and of a list of parameters; ids differ, values equal.
import copy
import torch
params = [torch.ones(2, requires_grad=True), torch.zeros(3, requires_grad=True)]
(params[0] * 2).sum().backward()
copies = copy.deepcopy(params)
print([c.requires_grad for c in copies], copies[0].grad, copies[1].grad)
print(all(a is not b for a, b in zip(params, copies)), all(torch.equal(a, b) for a, b in zip(params, copies)))
with torch.no_grad():
    copies[0].add_(1)
print(params[0], copies[0])
