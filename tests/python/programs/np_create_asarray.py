import numpy as np
a = np.array([1, 2, 3])
b = np.asarray(a)
print(b is a)
c = np.array(a)
print(c is a)
c[0] = 100
print(a, c)
d = np.asarray(a, dtype=np.float32)
print(repr(d), d is a)
print(repr(np.asarray([[1, 2], [3, 4]])))
print(repr(np.asarray(3.5)), repr(np.asarray((1, 2))))
e = np.copy(a)
e[1] = -1
print(a, e)
