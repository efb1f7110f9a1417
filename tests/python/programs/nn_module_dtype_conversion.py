# double()/float()/to(dtype) convert parameters and buffers in place; int dtypes are refused.
import torch
import torch.nn as nn
torch.manual_seed(0)
model = nn.Sequential(nn.Linear(2, 2), nn.BatchNorm1d(2))
w = model[0].weight
model.double()
print(model[0].weight.dtype, model[1].running_mean.dtype, model[1].num_batches_tracked.dtype, model[0].weight is w)
print(model(torch.ones(3, 2, dtype=torch.float64)).dtype)
model.to(torch.float32)
print(model[0].weight.dtype)
model.float()
print(model[0].weight)
try:
    model.to(torch.int64)
except TypeError as e:
    print('TypeError:', e)
print(model.to('cpu') is model, model.cpu() is model)
