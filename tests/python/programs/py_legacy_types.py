# The legacy tensor types: constructors of their dtype, isinstance checks, Tensor.type(cls).
import torch
print(torch.FloatTensor, torch.LongTensor.dtype, torch.DoubleTensor.is_cuda)
print(torch.LongTensor([1.5, 2.7]), torch.IntTensor([3, 4]), torch.BoolTensor([1, 0]))
print(torch.DoubleTensor(2, 3).shape, torch.LongTensor(2).dtype, torch.FloatTensor().shape, torch.FloatTensor(()).shape)
x = torch.tensor([1, 2])
print(isinstance(x, torch.LongTensor), isinstance(x, torch.FloatTensor), isinstance(x.float(), torch.FloatTensor))
print(isinstance(torch.ones(1, dtype=torch.float64), torch.DoubleTensor), isinstance(3, torch.FloatTensor))
print(type(torch.FloatTensor([1])), issubclass(torch.FloatTensor, torch.Tensor))
print(x.type(torch.FloatTensor), torch.ones(2).type(torch.LongTensor), x.type('torch.DoubleTensor'))
print(torch.FloatTensor(torch.tensor([1.5])))
try:
    torch.FloatTensor(torch.tensor([1]))
except TypeError as e:
    print('TypeError', e)
