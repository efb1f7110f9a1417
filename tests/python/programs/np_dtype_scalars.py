import numpy as np
a = np.array([1.5, 2.5])
x = a[0]
print(x, repr(x), type(x), type(x).__name__)
print(isinstance(x, float), isinstance(x, np.floating), x.dtype, x.item(), type(x.item()))
f = np.array([0.1, 0.2], dtype=np.float32)[0]
print(f, repr(f), type(f), float(f), f * 3, type(f * 3), f + 1.0, type(f + 1.0))
i = np.array([7, 8])[1]
print(i, type(i), i + 1, type(i + 1), i / 2, type(i / 2), i // 3, i % 3, -i, i ** 2)
j = np.array([7, 8], dtype=np.int32)[0]
print(j, type(j), type(j + 1), type(j * 2.0), type(j + np.int64(1)))
t = np.array([True, False])[0]
print(t, type(t), bool(t), not t, t == True, ~t, int(t))
s = np.array([1.0, 2.0, 3.0]).sum()
print(s, type(s), f"{s:.2f}", f"{s}", "%s" % s, "%.1f" % s, round(s), int(s), float(s))
print(list(range(np.int64(3))), [10, 20, 30][np.int64(1)], np.float64(0.1) + np.float64(0.2))
print(np.float32(0.1) + np.float32(0.2), np.float32(1) / 3, type(np.float32(1) / 3))
print(np.float64(2.5) * np.array([1, 2]), np.int64(3) - np.array([1.5]))
print(np.sqrt(np.float64(2)), np.float64(4) ** 0.5, abs(np.float64(-3)), np.int64(-3).__abs__())
print(np.array(5.0)[()], type(np.array(5.0)[()]), np.array([[7]]).item(), np.array([1, 2, 3]).item(1))
