import numpy as np
for x in [np.array(3.5), np.array(3), np.array(True), np.array(3.5, dtype=np.float32),
          np.array(7, dtype=np.int32), np.array(1e-7), np.array(np.float32(0.1)),
          np.array(123456789.0), np.array(-0.0), np.array(float('nan')), np.array(float('inf'))]:
    print(repr(x), str(x), x.shape, x.ndim, f"{x}")
print(repr(np.array([123456789.0])), repr(np.array(1e16)), repr(np.array([1e16])))
