# Constant, zero, reflection and replication padding modules.
import torch
import torch.nn as nn
x = torch.arange(6.).reshape(1, 1, 2, 3)
print(nn.ZeroPad2d(1)(x))
print(nn.ConstantPad2d((1, 0, 0, 1), 9.0)(x))
print(nn.ReflectionPad2d(1)(x))
print(nn.ReplicationPad2d((2, 0, 0, 0))(x))
print(nn.ConstantPad1d(2, -1.0)(torch.ones(1, 2)))
print(nn.ReflectionPad1d(2)(torch.arange(4.).reshape(1, 1, 4)))
