# The "Learning PyTorch with Examples" warm-up in numpy, with fixed starting weights
# instead of np.random.randn (numpy's random stream is outside the subset) and the
# sine computed by torch so that only the numpy parts are exercised; losses printed to
# 6 significant digits.
import math
import numpy as np
import torch
x = np.linspace(-math.pi, math.pi, 2000)
y = torch.from_numpy(x).sin().numpy()
a, b, c, d = 0.1, -0.2, 0.3, -0.05
learning_rate = 1e-6
for t in range(2000):
    y_pred = a + b * x + c * x ** 2 + d * x ** 3
    loss = np.square(y_pred - y).sum()
    if t % 200 == 99:
        print(t, f"{loss:.6g}")
    grad_y_pred = 2.0 * (y_pred - y)
    grad_a = grad_y_pred.sum()
    grad_b = (grad_y_pred * x).sum()
    grad_c = (grad_y_pred * x ** 2).sum()
    grad_d = (grad_y_pred * x ** 3).sum()
    a -= learning_rate * grad_a
    b -= learning_rate * grad_b
    c -= learning_rate * grad_c
    d -= learning_rate * grad_d
print(f'Result: y = {a:.5f} + {b:.5f} x + {c:.5f} x^2 + {d:.5f} x^3')
print(type(a).__name__, x.dtype, x.shape, y.dtype)
