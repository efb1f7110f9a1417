import numpy as np
a = np.arange(12).reshape(3, 4)
print(np.mean(a), a.mean(axis=0), a.mean(axis=1), type(a.mean()).__name__, np.mean([1, 2]))
f = (np.arange(12, dtype=np.float32) / 3).reshape(3, 4)
print(f.mean(), repr(f.mean(axis=0)), type(f.mean()).__name__, np.mean(np.arange(4), dtype=np.float32))
print(a.std(), a.var(), a.std(axis=0), a.var(axis=1, ddof=1), np.std(np.array([1.0, 2.0, 4.0]), ddof=1))
print(repr(f.std()), repr(f.var(axis=1)))
rs = np.array([((i * 7919) % 1000) / 7.0 - 70.0 for i in range(1001)])
print(repr(rs.mean()), repr(rs.std()), repr(rs.astype(np.float32).mean()), repr(rs.astype(np.float32).var()))
