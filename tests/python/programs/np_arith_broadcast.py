import numpy as np
a = np.array([1, 2])
b = np.array([[10], [20]])
print(a + b)
print(a * b.T)
m = np.arange(6).reshape(2, 3)
print(m + np.array([100, 200, 300]), m * np.array([[1], [-1]]))
print(m - m.mean(axis=0), m / m.sum(axis=1, keepdims=True))
for x, y in [(np.ones((2, 3)), np.ones(4)), (np.ones((2, 3)), np.ones((3, 2)))]:
    try:
        x + y
    except ValueError as e:
        print('ValueError:', e)
