import numpy as np
i64 = np.array([1, 2, 3])
i32 = np.array([1, 2, 3], dtype=np.int32)
f64 = np.array([1.5, 2.5, 3.5])
f32 = np.array([1.5, 2.5, 3.5], dtype=np.float32)
b = np.array([True, False, True])
for name, x in [('i64', i64), ('i32', i32), ('f64', f64), ('f32', f32), ('b', b)]:
    for oname, y in [('i64', i64), ('i32', i32), ('f64', f64), ('f32', f32), ('b', b),
                     ('int', 2), ('float', 2.5), ('bool', True), ('np.float32', np.float32(2)),
                     ('np.int32', np.int32(2)), ('big int', 100000)]:
        print(name, oname, (x + y).dtype, (x * y).dtype, (x / y).dtype)
print(np.result_type(np.float32, 100000), np.result_type(np.int32, 1.5), np.promote_types('int32', 'float32'))
print(repr(i32 + 2 ** 31), repr(f32 + 1e300))
