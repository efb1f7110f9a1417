import numpy as np
a = np.arange(5)
a[0] = 10
a[1:3] = [7, 8]
a[-1] = 2.9
print(a)
z = np.zeros((3, 4))
z[1] = 5
z[:, 2] = np.arange(3)
z[z == 0] = -1
print(z)
i = np.zeros((3, 4), dtype=np.int32)
i[[0, 2], [1, 3]] = 7
i[0, :] += 1
print(i)
f = np.arange(6.)
f[f > 2] = np.array([1., 2., 3.])
print(f)
bb = np.ones(3, bool)
bb[1] = 0
print(bb)
bb[:] = 5
print(bb)
m = np.zeros((2, 3))
m[...] = [1, 2, 3]
print(m)
m[:, :] = np.array([[9], [8]])
print(m)
m.fill(4)
print(m)
