# TypeErrors from the argument parser.
import torch
def show(f):
    try:
        f()
    except Exception as e:
        print(type(e).__name__ + ':', e)
show(lambda: torch.ones(2, 2, foo=1))
show(lambda: torch.tensor([1, 2]).sum(keepdims=True))
show(lambda: torch.zeros('a'))
show(lambda: torch.ones(2) + 'a')
show(lambda: torch.tensor([1, 'a']))
show(lambda: torch.tensor([[1, 2], [3]]))
show(lambda: torch.tensor(None))
show(lambda: torch.exp(2.0))
show(lambda: torch.ones(2).view('a'))
show(lambda: torch.ones(2).reshape(2.5))
