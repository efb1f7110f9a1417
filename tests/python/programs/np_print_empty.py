import numpy as np
print(repr(np.zeros((2, 0))), np.zeros((2, 0)))
print(repr(np.zeros(0)), np.zeros(0))
print(repr(np.zeros(0, np.int32)), repr(np.array([])), repr(np.array([], dtype=int)))
print(repr(np.zeros((0, 3), dtype=bool)), repr(np.ones((3, 0, 2), dtype=np.float32)))
print(repr(np.arange(5)[5:]), np.arange(6).reshape(2, 3)[:, 3:].shape)
