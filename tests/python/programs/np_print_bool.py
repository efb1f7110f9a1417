import numpy as np
a = np.array([True, False, True])
print(repr(a))
print(a)
print(repr(np.array([[True, False], [False, True]])))
print(np.array([[True, False], [False, True]]))
print(repr(np.array(True)), np.array(False), repr(np.ones(30, dtype=bool)))
print(repr(np.arange(5) > 2), np.arange(5) == 3)
print(repr(np.zeros((2, 0), dtype=bool)))
