import numpy as np
print(repr(np.arange(100).reshape(4, 25) * 1.5))
print(np.linspace(-1, 1, 25).reshape(5, 5))
print(repr(np.linspace(0, 1, 30)))
print(np.linspace(0, 1, 30))
print(repr(np.arange(30) * 1000000))
print(repr(np.arange(12, dtype=np.float32) / 3))
print(repr(np.array([1.5, 2.5, 3.5, 4.5, 5.5, 6.5, 7.5, 8.5, 9.5, 10.5, 11.5], dtype=np.float32)))
print(repr((np.arange(24) / 7).reshape(2, 3, 4)))
