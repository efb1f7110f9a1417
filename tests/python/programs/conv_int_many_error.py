# int()/float() of a tensor with several elements raise, as does bool of an empty one.
import torch
for f in (int, float):
    try:
        f(torch.tensor([1., 2.]))
    except (ValueError, RuntimeError, TypeError) as e:
        print(f.__name__, type(e).__name__, e)
try:
    bool(torch.tensor([]))
except RuntimeError as e:
    print('bool', type(e).__name__, e)
try:
    torch.tensor([1, 2]).item()
except (ValueError, RuntimeError) as e:
    print('item', type(e).__name__, e)
