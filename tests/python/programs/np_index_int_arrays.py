import numpy as np
a = np.arange(12).reshape(3, 4)
print(a[[0, 2]])
print(a[[0, 2], [1, 3]])
print(a[:, [3, 0]])
print(a[np.array([2, 0])])
print(a[np.array([[0, 1], [1, 2]])].shape)
print(a[[-1, 0], 1:3])
idx = np.array([0, 0, 2])
print(a[idx, idx])
b = np.zeros(5)
b[[0, 3]] = 7
b[np.array([1, 4])] = [1.5, 2.5]
print(b)
print(np.arange(10)[np.int64(2)], np.arange(10)[np.array(3)], np.arange(10)[np.array([1])])
