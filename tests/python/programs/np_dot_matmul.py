import numpy as np
print(np.dot(np.array([1, 2]), np.array([3, 4])), type(np.dot(np.array([1, 2]), np.array([3, 4]))).__name__)
print(np.dot(np.arange(6).reshape(2, 3), np.arange(3)))
print(np.dot(np.arange(6).reshape(2, 3), np.arange(6).reshape(3, 2)))
print(np.dot(2, np.array([1, 2])), np.dot(np.array([1., 2]), 0.5), np.arange(3).dot(np.arange(3)))
print(np.dot(np.arange(24).reshape(2, 3, 4), np.arange(4)))
print(np.matmul(np.ones((2, 2, 3)), np.ones((3, 2))), np.matmul(np.ones(3, np.float32), np.ones((3, 2), np.float32)).dtype)
m = np.array([[1., 2.], [3., 4.]])
print(m @ m, m @ np.array([1., -1.]), np.array([1., -1.]) @ m, m.T @ m)
print(np.outer(np.arange(3), np.arange(2)), np.inner(np.arange(3), np.arange(3)))
w = np.array([[0.5, -1.0, 2.0], [1.5, 0.25, -0.75]], dtype=np.float32)
x = np.array([1.0, 2.0, 4.0], dtype=np.float32)
print(repr(w @ x), repr(w.dot(x)))
for text, fn in [('dot', lambda: np.dot(np.ones((2, 3)), np.ones(4))), ('matmul', lambda: np.ones((2, 3)) @ np.ones(4))]:
    try:
        fn()
    except ValueError as e:
        print(text, '->', 'ValueError:', e)
