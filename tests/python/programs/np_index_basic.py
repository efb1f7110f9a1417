import numpy as np
a = np.arange(10)
print(a[3], a[-1], type(a[3]).__name__, a[2:5], a[::2], a[1:8:3], a[-3:], a[:0], a[5:100])
b = np.arange(12).reshape(3, 4)
print(b[1], b[1, 2], b[1][2], b[:, 1], b[1:, ::2], b[-1, -1])
print(b[0:2, 1:3])
print(len(b), [row.sum() for row in b], list(np.arange(3)))
for row in b:
    print(row, row.shape)
print(2 in np.arange(3), 5 in np.arange(3))
