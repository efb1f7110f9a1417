import numpy as np
pairs = [np.array([1, 2, 3]), np.array([1, 2, 3], np.int32), np.array([1.5, 2, 3]),
         np.array([1.5, 2, 3], np.float32), 2, 2.5, np.float32(2), np.int32(2), np.float64(2), np.array(2)]
for x in pairs[:4]:
    for y in pairs:
        for op in ['+', '-', '*', '/', '//', '**']:
            r = eval('x %s y' % op)
            print(op, repr(r))
print(repr(np.array([True, False]) + 1), repr(np.array([True, False]) + np.array([True, True])), repr(np.array([True]) * 2.5))
