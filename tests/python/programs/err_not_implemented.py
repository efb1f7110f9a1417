# Ops that are not implemented for a dtype raise RuntimeError naming the kernel.
import torch
def show(f):
    try:
        print(f())
    except Exception as e:
        print(type(e).__name__ + ':', e)
show(lambda: torch.tensor([1, 2]).exp())
show(lambda: torch.tensor([1, 2]).sqrt())
show(lambda: torch.tensor([True]).sum())
show(lambda: torch.tensor([1, 2]).mean())
show(lambda: torch.tensor([1, 2]).std())
show(lambda: torch.tensor([1, 2]).softmax(0))
show(lambda: torch.tensor([1, 2]).sigmoid())
show(lambda: torch.tensor([1., 2.]).bitwise_and(1) if False else torch.tensor([1.]) & torch.tensor([1.]))
