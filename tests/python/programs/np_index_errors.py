import numpy as np
a = np.arange(3)
b = np.zeros((2, 3))
cases = [
    ('a[5]', lambda: a[5]), ('a[-4]', lambda: a[-4]), ('a[1, 2]', lambda: a[1, 2]),
    ('a[1.0]', lambda: a[1.0]), ('a[np.array([1.0])]', lambda: a[np.array([1.0])]),
    ('a[[True, False]]', lambda: a[[True, False]]), ('a[[5]]', lambda: a[[5]]),
    ('a[::0]', lambda: a[::0]), ('len(np.array(1))', lambda: len(np.array(1))),
    ('b[3, 0]', lambda: b[3, 0]), ('b[0, 5]', lambda: b[0, 5]),
]
for text, f in cases:
    try:
        f()
        print(text, 'ok')
    except Exception as e:
        print(text, '->', type(e).__name__ + ':', e)
for text, f in [('b[0] = [1, 2]', lambda: b.__setitem__(0, [1, 2])),
                ('int nan', lambda: np.zeros(3, int).__setitem__(0, np.nan))]:
    try:
        f()
    except Exception as e:
        print(text, '->', type(e).__name__ + ':', e)
print(a, b)
