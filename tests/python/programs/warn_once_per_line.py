# Python's default filter shows a warning once per line: stdout counts the records.
import warnings
import torch
with warnings.catch_warnings(record=True) as w:
    warnings.simplefilter('default')
    x = torch.ones(2, requires_grad=True)
    for i in range(3):
        torch.tensor(x)
print(len(w), w[0].category.__name__ if w else None)
