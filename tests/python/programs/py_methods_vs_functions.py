# Tensor methods and torch functions agree.
import torch
torch.manual_seed(0)
x = torch.randn(3, 3)
pairs = [(x.abs(), torch.abs(x)), (x.exp(), torch.exp(x)), (x.sum(1), torch.sum(x, 1)),
         (x.t(), torch.t(x)), (x.matmul(x), torch.matmul(x, x)), (x.clamp(0), torch.clamp(x, 0)),
         (x.softmax(0), torch.softmax(x, 0)), (x.flatten(), torch.flatten(x)),
         (x.mean(0), torch.mean(x, 0)), (x.argmax(), torch.argmax(x)), (x.tanh(), torch.tanh(x))]
print([torch.equal(a, b) for a, b in pairs])
print(x.add(1).equal(torch.add(x, 1)), x.mul(x).equal(torch.mul(x, x)))
