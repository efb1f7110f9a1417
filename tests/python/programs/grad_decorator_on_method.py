# no_grad on methods of a class, and on a generator.
import torch
class Evaluator:
    def __init__(self, w):
        self.w = w
    @torch.no_grad()
    def score(self, x):
        return (x @ self.w).sum()
w = torch.ones(3, requires_grad=True)
e = Evaluator(w)
s = e.score(torch.ones(2, 3))
print(s, s.requires_grad)
@torch.no_grad()
def gen(n):
    for i in range(n):
        yield w * i, torch.is_grad_enabled()
print([(t.requires_grad, g) for t, g in gen(2)])
