import numpy as np
a = np.arange(3)
a += 1
a *= 2
a -= 1
a //= 2
a **= 2
print(a, a.dtype)
b = np.arange(3.)
b += 1
b /= 2
b *= np.array([1, 2, 3])
print(b)
c = np.arange(3, dtype=np.int32)
c += np.int64(5)
print(c, c.dtype)
d = np.ones(3, np.float32)
d += 1e-8
d *= 2.5
print(d, d.dtype)
e = np.array([True, False])
e += True
print(e)
e *= False
print(e)
f = np.arange(6).reshape(2, 3)
g = f
g += 1
print(f is g, f)
for text, fn in [('int += 1.5', lambda: np.arange(3).__iadd__(1.5)), ('int /= 2', lambda: np.arange(3).__itruediv__(2))]:
    try:
        fn()
    except TypeError as err:
        print(text, '->', type(err).__name__ + ':', err)
