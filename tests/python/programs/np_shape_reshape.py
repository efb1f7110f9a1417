import numpy as np
a = np.arange(6)
print(a.reshape(2, 3))
print(a.reshape((3, 2)), a.reshape(-1, 2).shape, np.reshape(a, (1, -1)), a.reshape(6, 1).shape)
b = a.reshape(2, 3)
b[0, 0] = 100
print(a)
c = np.ones((2, 3))
c.shape = (3, 2)
print(c.shape)
print(np.squeeze(np.ones((1, 3, 1))).shape, np.ones((1, 3, 1)).squeeze(axis=0).shape, np.expand_dims(np.arange(3), 0).shape, np.expand_dims(np.arange(3), -1).shape)
print(np.shape(np.ones((2, 3))), np.ndim([[1]]), np.size(np.ones((2, 3))), np.shape(5))
for text, fn in [('reshape 6 to 4', lambda: a.reshape(4)), ('two -1', lambda: a.reshape(-1, -1))]:
    try:
        fn()
    except ValueError as e:
        print(text, '->', 'ValueError:', e)
