# numpy.fft is outside tensorpad's interop subset: every name in it raises the subset error.

from ._errors import not_available as _not_available


def __getattr__(name):
    if name.startswith('__'):
        raise AttributeError("module 'numpy.fft' has no attribute '%s'" % name)
    raise _not_available('numpy.fft.' + name)
