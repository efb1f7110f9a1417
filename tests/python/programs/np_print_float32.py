import numpy as np
for vals in [[1., 2., 3.], [0.1, 0.2, 1 / 3], [1 / 3, 2 / 3], [16777217.0, 1.0], [0.1, 0.7],
             [3.14159265, 2.71828183], [1e-5, 1.0], [1e8, 2.0], [123456.789], [-68864128.0, 1.0]]:
    a = np.array(vals, dtype=np.float32)
    print(repr(a))
    print(a)
    print([str(x) for x in a])
print(repr(np.arange(6, dtype=np.float32).reshape(2, 3) / 3))
print(repr(np.arange(20, dtype=np.float32) * 1.1))
print(np.float32(0.1), repr(np.float32(1e-5)), repr(np.float32(1e20)), np.float32(16777217))
