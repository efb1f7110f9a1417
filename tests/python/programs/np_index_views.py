import numpy as np
a = np.arange(6.)
b = a[1:4]
b[0] = 100
b *= 2
print(a, b)
c = np.arange(6).reshape(2, 3)
v = c.T
v[0, 1] = 99
r = c.reshape(3, 2)
r[2, 1] = -1
print(c)
row = c[1]
row[:] = 0
print(c)
d = np.arange(10)
e = d[::2]
e[:] = -1
print(d)
f = d[[1, 2]]
f[:] = 500
print(d)
