import numpy as np
import copy
a = np.arange(6).reshape(2, 3)
f = a.flatten()
f[0] = 9
r = a.ravel()
r[1] = 8
print(a, f, r)
g = a.T.ravel()
g[0] = 7
print(a, g)
c = a.copy()
c[0, 0] = -1
print(a, c, np.copy(a))
d = copy.deepcopy(a)
d[1, 1] = 55
e = copy.copy(a)
e[1, 2] = 66
print(a, d, e)
print(a.tolist(), np.array([1.5, 2]).tolist(), np.array([True]).tolist(), np.array(3).tolist(), type(np.arange(2).tolist()[0]))
print(np.arange(3, dtype=np.float32).tolist(), np.array([0.1], np.float32).tolist())
print(float(np.array([2.5])), int(np.array([[3]])), np.array([1, 2, 3]).item(-1), np.array([[1, 2], [3, 4]]).item((1, 0)))
for text, fn in [('bool of 3', lambda: bool(np.ones(3))), ('float of 3', lambda: float(np.ones(3))), ('item of 2', lambda: np.array([1, 2]).item())]:
    try:
        fn()
    except (TypeError, ValueError) as e:
        print(text, '->', type(e).__name__ + ':', e)
