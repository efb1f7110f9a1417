# cat with a zero-dimensional tensor and with mismatched dims.
import torch
for args in [([torch.tensor(1.), torch.tensor(2.)],), ([torch.ones(2, 2), torch.ones(2)],),
             ([],), ([torch.ones(2, 3), torch.ones(2, 4)], 0)]:
    try:
        print(torch.cat(*args))
    except (RuntimeError, ValueError, IndexError) as e:
        print(type(e).__name__ + ':', e)
