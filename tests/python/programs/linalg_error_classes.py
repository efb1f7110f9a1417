# torch.linalg.LinAlgError (torch._C._LinAlgError) for singular and non-positive-definite input; others stay RuntimeError.
import torch
print(torch.linalg.LinAlgError, issubclass(torch.linalg.LinAlgError, RuntimeError))
S = torch.zeros(2, 2)
for f in [lambda: torch.linalg.solve(S, torch.ones(2)), lambda: torch.linalg.inv(S), lambda: torch.inverse(S),
          lambda: torch.linalg.cholesky(-torch.eye(3)), lambda: torch.linalg.inv(torch.ones(2, 3)),
          lambda: torch.linalg.svd(torch.tensor([[float('nan'), 0.], [0., 1.]]))]:
    try:
        f()
    except torch.linalg.LinAlgError as e:
        print('LinAlgError:', e)
    except RuntimeError as e:
        print('RuntimeError:', e)
x = torch.arange(6.).reshape(2, 3)
try:
    x[torch.tensor([True, False])] = torch.zeros(5)
except (IndexError, RuntimeError) as e:
    print(type(e).__name__, e)
try:
    torch.tensor([1, 2]).softmax(0)
except RuntimeError as e:
    print(type(e).__name__, e)
