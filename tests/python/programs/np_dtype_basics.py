import numpy as np
print(np.float32, np.float64, np.int32, np.int64, np.bool_)
print(repr(np.dtype('float32')), np.dtype('int64'), np.dtype(float), np.dtype(int), np.dtype(bool))
print(np.dtype('f8'), np.dtype('i4'), np.dtype('double'), np.dtype(np.float32))
a = np.ones((2, 3), dtype=np.float32)
print(a.dtype, repr(a.dtype), a.dtype.name, a.dtype.itemsize, a.dtype.kind, a.dtype.char)
print(a.dtype == np.float32, a.dtype == 'float32', a.dtype == np.float64, a.dtype == np.dtype('f4'))
print(a.itemsize, a.nbytes, a.strides, a.T.strides)
print(np.array([1]).dtype == np.int64, np.array([1.]).dtype == float, np.array([True]).dtype == bool)
for t in [np.float32, np.float64, np.int32, np.int64, np.bool_]:
    x = np.zeros(2, dtype=t)
    print(t.__name__, x.dtype, x.itemsize, repr(x))
print(np.issubdtype(np.float32, np.floating), np.issubdtype(a.dtype, np.integer), np.issubdtype(np.int32, np.integer))
print(a.dtype.type, type(a.dtype.type(1.5)))
