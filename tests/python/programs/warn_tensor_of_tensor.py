# torch.tensor(t) warns (UserWarning to stderr); the program's stdout is just the values.
import warnings
import torch
t = torch.ones(2)
with warnings.catch_warnings(record=True) as w:
    warnings.simplefilter('always')
    u = torch.tensor(t)
print(u, [x.category.__name__ for x in w])
print(len(w) > 0 and 'sourceTensor.clone().detach()' in str(w[0].message))
