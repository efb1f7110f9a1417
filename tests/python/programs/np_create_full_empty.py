import numpy as np
print(repr(np.full((2, 3), 7)))
print(repr(np.full(3, 2.5)))
print(repr(np.full((2,), True)))
print(repr(np.full(4, 1, dtype=np.float32)))
print(repr(np.full((2, 2), np.float32(0.5))))
e = np.empty((3, 2))
print(e.shape, e.dtype, np.empty(4, dtype=np.int32).dtype)
e[:] = 1.5
print(e)
print(repr(np.full((2, 2), [1, 2])))
print(repr(np.full(3, -0.0)))
