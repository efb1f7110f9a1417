"""math.sin, math.cos and math.tan as glibc rounds them. PyTorch runs on CPython linked with glibc;
this CPython is Pyodide's, linked with musl, whose sin/cos/tan differ from glibc's in the last bit
for ~3% of arguments (a CosineAnnealingLR's learning rates print other digits). The library's
double-double versions (Note [float64 sin/cos/tan] in src/ops/random/random.c) agree with glibc
on all but ~0.14%. Installed into the math module when torch is imported; CPython's own function
still checks and converts the argument (its TypeError and "math domain error" are unchanged)."""
import math as _math

from ._bridge import W as _W


class _GlibcRounded:
    # a function of the math module whose result is rounded as glibc's (prints as the built-in)
    __slots__ = ('__wrapped__', '_exact', '__name__', '__qualname__')

    def __init__(self, orig, exact):
        self.__wrapped__ = orig
        self._exact = exact
        self.__name__ = self.__qualname__ = orig.__name__

    def __call__(self, x):
        r = self.__wrapped__(x)  # CPython's argument checks and errors
        if r == 0 or r != r:  # sin(+-0) = +-0, tan(+-0) = +-0 (a JS -0 would reach Python as the int 0); NaN
            return r
        return float(self._exact(float(x)))

    def __repr__(self):
        return '<built-in function %s>' % self.__name__


def install():
    if isinstance(_math.cos, _GlibcRounded):
        return
    _math.sin = _GlibcRounded(_math.sin, _W.tp_math_sin)
    _math.cos = _GlibcRounded(_math.cos, _W.tp_math_cos)
    _math.tan = _GlibcRounded(_math.tan, _W.tp_math_tan)
