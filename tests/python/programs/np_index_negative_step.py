import numpy as np
a = np.arange(10)
print(a[::-1], a[8:2:-2], a[::-3], a[-1:-4:-1], a[3::-1], a[:3:-1], a[2:5:-1])
b = np.arange(12).reshape(3, 4)
print(b[::-1, ::-1])
print(b[-1, ::-1])
print(b[::-2])
c = np.arange(6)
c[::-1] = np.arange(6) * 10
print(c)
c[5:1:-2] = 0
print(c)
