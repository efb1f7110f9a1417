import numpy as np
a = np.arange(6).reshape(2, 3)
print(a.T)
print(a.transpose(), a.transpose(1, 0).shape, np.transpose(a).shape)
b = np.arange(24).reshape(2, 3, 4)
print(b.transpose(2, 0, 1).shape, b.transpose((1, 2, 0)).shape, b.T.shape, np.transpose(b, (0, 2, 1)).shape, b.swapaxes(0, 2).shape)
print(b.transpose(2, 0, 1)[1])
t = a.T
t[2, 1] = -5
print(a, t.strides, a.strides)
print(np.arange(3).T, np.array(5).T)
