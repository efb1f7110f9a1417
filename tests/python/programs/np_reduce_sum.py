import numpy as np
a = np.arange(12).reshape(3, 4)
print(np.sum(a), a.sum(), type(a.sum()).__name__, a.sum(axis=0), a.sum(axis=1), a.sum(axis=-1, keepdims=True), a.sum(keepdims=True))
print(np.sum([1, 2, 3]), np.sum(5), np.sum(np.array([], dtype=int)), np.sum(np.ones((2, 0)), axis=0), np.sum(np.ones((2, 0)), axis=1))
print(np.arange(4, dtype=np.int32).sum().dtype, np.array([True, True, False]).sum(), np.sum(a, axis=0, dtype=np.float32))
b = np.arange(24).reshape(2, 3, 4)
print(b.sum(axis=(0, 2)), b.sum(axis=(1, 2), keepdims=True).shape, repr(b.sum(axis=())[0, 0]))
rs = [((i * 7919) % 1000) / 7.0 - 70.0 for i in range(3000)]
f = np.array(rs)
for n in [5, 8, 9, 17, 100, 129, 1000, 3000]:
    print(n, repr(f[:n].sum()), repr(f[:n].astype(np.float32).sum()))
print(repr(f[:3000].reshape(-1, 5).sum(axis=0)), repr(f[:3000].reshape(5, -1).astype(np.float32).sum(axis=1)))
print(np.cumsum(np.arange(5)), np.arange(6).reshape(2, 3).cumsum(axis=1), np.cumsum(np.array([0.1, 0.2, 0.3])))
