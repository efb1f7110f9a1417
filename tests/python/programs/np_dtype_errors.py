import numpy as np
for bad in [lambda: np.dtype('int'), lambda: np.array([1, 2]).astype('float64')]:
    print(bad())
try:
    np.zeros(-1)
except ValueError as e:
    print('ValueError:', e)
try:
    np.array([[1, 2], [3]])
except ValueError as e:
    print('ValueError:', e)
try:
    np.dtype(np.ones(2))
except TypeError as e:
    print('TypeError:', e)
