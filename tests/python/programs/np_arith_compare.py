import numpy as np
a = np.array([1, 2, 3])
print(a == 2, a != 2, a < 2, a <= 2, a > 2, a >= 2.5, a == np.array([1, 0, 3]))
f = np.array([1., np.nan])
print(f == f, f != f, f > 0)
print((a > 1) & (a < 3), (a < 2) | (a > 2), ~(a > 1))
print(np.equal(a, 2), np.less(a, 3), np.greater_equal(a, 2), np.logical_and(a > 1, a < 3), np.logical_not(a > 1))
print(np.maximum(a, 2), np.minimum(a, 2.5), np.maximum(np.array([1, np.nan]), 0))
print((a == 2).any(), (a > 0).all(), np.any(a > 5), np.all(a < 5))
try:
    bool(a > 1)
except ValueError as e:
    print('ValueError:', e)
print(bool(np.array([0])), bool(np.array([3])))
