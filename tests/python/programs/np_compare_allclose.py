import numpy as np
print(np.allclose([1, 2], [1, 2.0000001]), np.allclose(np.array([1.]), np.array([1.1])), np.allclose([np.nan], [np.nan]), np.allclose([np.nan], [np.nan], equal_nan=True))
print(np.isclose([1, np.inf, np.nan], [1.0000001, np.inf, np.nan]), np.isclose(1.0, 1.1), type(np.allclose([1], [1])))
print(np.array_equal([1, 2], [1, 2]), np.array_equal(np.arange(3), np.arange(4)), np.array_equal(np.array([1., np.nan]), np.array([1., np.nan])), np.array_equal(np.array([1., np.nan]), np.array([1., np.nan]), equal_nan=True))
print(np.allclose(np.ones(3, np.float32), 1), np.allclose(np.arange(3), np.arange(3) + 1e-9), np.isscalar(3.0), np.isscalar(np.array(3)))
print(np.allclose(np.array([1e-9]), np.zeros(1)), np.allclose(np.array([1e-7]), np.zeros(1)), np.allclose(1e10, 1.00001e10, rtol=1e-4))
