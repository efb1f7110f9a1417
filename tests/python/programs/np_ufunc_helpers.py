import numpy as np
print(np.clip(np.arange(5), 1, 3), np.clip(np.arange(5), 1.5, 3), np.arange(5.).clip(1, 2), np.clip(np.arange(5), None, 2))
print(np.where(np.array([True, False]), 1, 2.5), np.where(np.arange(4) > 1, np.arange(4), -1), np.where(np.array([0, 3, 0, 4])))
print(np.round(np.array([1.25, 2.5, -0.5]), 1), np.round(2.5), np.around(np.array([1234.5678]), -2), np.array([0.5, 1.5, 2.5]).round(), np.round(np.array([1, 2])))
print(np.round(np.array([0.123456, 9.87654]), 3), np.array([1.005, 2.675]).round(2))
