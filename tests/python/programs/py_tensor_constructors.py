# Legacy constructors torch.Tensor, FloatTensor, LongTensor and type checks.
import torch
print(torch.Tensor([1, 2]), torch.Tensor(2, 3).shape, torch.Tensor().shape)
print(torch.FloatTensor([1, 2]), torch.LongTensor([1, 2]), torch.DoubleTensor([1]))
print(torch.IntTensor([3]).dtype, torch.BoolTensor([True]).dtype)
t = torch.zeros(2)
print(type(t), isinstance(t, torch.Tensor), type(t).__name__, t.type())
print(isinstance(torch.zeros(1, dtype=torch.int64), torch.LongTensor))
print(torch.tensor([1]).type(torch.FloatTensor) if False else torch.tensor([1]).type('torch.FloatTensor'))
