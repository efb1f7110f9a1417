# NLLLoss after LogSoftmax equals CrossEntropyLoss; 2-D targets too.
import torch
import torch.nn as nn
torch.manual_seed(0)
m = nn.LogSoftmax(dim=1)
loss = nn.NLLLoss()
input = torch.randn(3, 5, requires_grad=True)
target = torch.tensor([1, 0, 4])
output = loss(m(input), target)
print(output, torch.allclose(output, nn.CrossEntropyLoss()(input, target)))
output.backward()
print(input.grad)
N, C = 2, 4
data = torch.randn(N, 16, 10, 10)
conv = nn.Conv2d(16, C, (3, 3))
target = torch.empty(N, 8, 8, dtype=torch.long).random_(0, C)
print(loss(m(conv(data)), target))
