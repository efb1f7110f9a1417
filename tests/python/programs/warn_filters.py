# Warnings through Python's warnings module: caught and recorded with catch_warnings.
import warnings
import torch
with warnings.catch_warnings(record=True) as w:
    warnings.simplefilter('always')
    x = torch.tensor([1., 2.], requires_grad=True)
    y = x * 2
    _ = y.grad
    print(len(w), w[0].category.__name__)
    print(str(w[0].message).split('.')[0])
print('done')
