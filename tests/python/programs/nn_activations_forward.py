# Every activation module on the same inputs.
import torch
import torch.nn as nn
x = torch.linspace(-3, 3, 7)
for m in [nn.ReLU(), nn.Tanh(), nn.Sigmoid(), nn.LeakyReLU(0.1), nn.ELU(), nn.CELU(0.5), nn.SELU(), nn.GELU(),
          nn.GELU('tanh'), nn.SiLU(), nn.Mish(), nn.Hardswish(), nn.Hardsigmoid(), nn.Hardtanh(), nn.ReLU6(),
          nn.Softplus(), nn.Softplus(beta=2, threshold=1), nn.Softshrink(), nn.Hardshrink(), nn.Tanhshrink(),
          nn.Softsign(), nn.LogSigmoid(), nn.Threshold(0.5, -1.0), nn.PReLU()]:
    print(type(m).__name__, m(x))
print(nn.GLU()(torch.arange(8.).reshape(2, 4)))
y = x.clone()
print(nn.ReLU(inplace=True)(y) is y, y)
