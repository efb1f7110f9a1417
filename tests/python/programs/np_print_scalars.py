import numpy as np
vals = [np.float64(1.0), np.float64(1e16), np.float64(1e-5), np.float64(0.1), np.float32(0.1),
        np.float32(1e-5), np.float32(3.4e38), np.int64(3), np.int32(-2), np.bool_(True),
        np.bool_(0), np.float32(16777217), np.float64(-0.0), np.float32(2.5)]
for v in vals:
    print(v, repr(v), str(v), type(v).__name__, f"{v}", v.dtype)
print([np.float32(0.1), np.float64(0.5), np.int64(3)])
print(np.array([1.5, 2.5]).sum(), np.array([1, 2]).sum(), np.array([True, True]).sum(), np.array([1.5], dtype=np.float32).sum())
print(np.array([0.1] * 10).sum(), np.array([0.1] * 10, dtype=np.float32).sum(), np.array([0.1] * 10).mean())
