import numpy as np
x = np.array([1., 5, 3])
y = np.array([4., 2, 3])
for f in [np.add, np.subtract, np.multiply, np.divide, np.true_divide, np.power, np.maximum,
          np.minimum, np.floor_divide, np.remainder, np.mod, np.equal, np.not_equal, np.less,
          np.greater_equal, np.logical_and, np.logical_or, np.logical_xor]:
    print(f, repr(f(x, y)), repr(f(np.array([1, 5, 3]), 2)), repr(f(3, np.array([1.5, 2.]))))
print(np.add(1, 2), type(np.add(1, 2)), np.multiply(2.5, 2), np.add(np.array([1, 2]), 3, dtype=np.float32))
print(np.add.__name__, repr(np.divide), np.sqrt)
