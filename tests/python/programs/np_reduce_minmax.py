import numpy as np
a = np.array([[3, 7, 1], [4, 0, 9]])
print(np.max(a), np.min(a), a.max(axis=0), a.min(axis=1), np.amax(a, axis=1, keepdims=True), type(a.max()).__name__)
f = np.array([[1.5, -2.0], [np.nan, 3.0]])
print(f.max(axis=0), f.min(axis=1), np.max(np.array([1.5, 2.5], np.float32)))
b = np.array([True, False])
print(b.max(), b.min(), repr(np.max(b)))
print(np.argmax(a), np.argmin(a), a.argmax(axis=0), a.argmin(axis=1), np.argmax(a, axis=1, keepdims=True), type(np.argmax(a)).__name__)
print(np.argmax(np.array([1, 3, 3, 2])), np.argmin(np.array([2.0, 1.0, 1.0])))
print(np.prod(np.array([1, 2, 3, 4])), np.prod(a, axis=0), np.array([1.5, 2.0]).prod(), np.prod(np.arange(1, 4, dtype=np.int32)).dtype)
print(np.any(a > 8), np.all(a >= 0), a.any(axis=0), a.all(axis=1), np.count_nonzero(a), a.nonzero())
for text, fn in [('max of empty', lambda: np.max(np.ones(0))), ('argmax of empty', lambda: np.argmax(np.ones(0))),
                 ('axis 1 of 1-d', lambda: np.ones(3).sum(axis=1)), ('duplicate axis', lambda: np.ones((2, 2)).sum(axis=(0, 0)))]:
    try:
        fn()
    except Exception as e:
        print(text, '->', type(e).__name__ + ':', e)
