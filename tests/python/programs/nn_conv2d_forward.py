# Conv2d forward with stride, padding, dilation and groups; gradients.
import torch
import torch.nn as nn
torch.manual_seed(0)
x = torch.randn(1, 2, 5, 5, requires_grad=True)
for conv in [nn.Conv2d(2, 3, 3), nn.Conv2d(2, 2, 3, stride=2, padding=1), nn.Conv2d(2, 2, 3, dilation=2),
             nn.Conv2d(2, 4, 1, groups=2), nn.Conv2d(2, 1, 3, padding='same'),
             nn.Conv2d(2, 1, 3, padding=1, padding_mode='circular')]:
    y = conv(x)
    print(conv, tuple(y.shape))
    print(y)
y.sum().backward()
print(x.grad)
