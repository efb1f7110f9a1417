import numpy as np
a = np.array([1e-10, 1.5, 1000.0])
print(a)
np.set_printoptions(suppress=True)
print(a)
print(np.array([1e-9, 1.0]), np.array([123456.789, 0.001]))
np.set_printoptions(suppress=False)
print(a)
