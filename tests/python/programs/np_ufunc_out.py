import numpy as np
a = np.arange(3)
np.add(a, 1, out=a)
print(a)
b = np.ones(3, np.float32)
r = np.multiply(b, 3, out=b)
print(r is b, b)
c = np.zeros((2, 3))
np.add(np.arange(3), 1, out=c)
print(c)
d = np.zeros(3)
np.sqrt(np.array([4, 9, 16]), out=d)
print(d)
e = np.zeros(3)
np.add(np.arange(3), 1, e)
print(e)
f = np.zeros(3, int)
np.greater(np.arange(3), 0, out=f)
print(f)
g = np.zeros(3, np.float32)
np.add(np.arange(3), 0.5, out=(g,))
print(g)
h = np.arange(4.)
v = h[1:3]
np.multiply(v, 10, out=v)
print(h)
for text, fn in [('float into int', lambda: np.add(np.arange(3), 1.5, out=np.zeros(3, int))),
                 ('shape', lambda: np.add(np.ones((2, 3)), 1, out=np.zeros(3)))]:
    try:
        fn()
    except (TypeError, ValueError) as e:
        print(text, '->', type(e).__name__ + ':', e)
