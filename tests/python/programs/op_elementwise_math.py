# The common elementwise functions.
import torch
x = torch.tensor([0.25, 0.5, 1.0, 2.0])
for name in ['exp', 'log', 'log2', 'log10', 'log1p', 'expm1', 'sqrt', 'rsqrt', 'sin', 'cos',
             'tan', 'tanh', 'sigmoid', 'asin', 'atan', 'sinh', 'cosh', 'floor', 'ceil', 'round',
             'trunc', 'frac', 'reciprocal', 'square', 'sign', 'relu']:
    f = getattr(torch, name)
    try:
        print(name.ljust(10), f(x))
    except RuntimeError as e:
        print(name.ljust(10), 'RuntimeError:', e)
