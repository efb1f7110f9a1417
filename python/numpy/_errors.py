# The one error the subset raises for anything it leaves out, and numpy's own exception
# classes that the subset can raise (AxisError, the ufunc casting error).

SUBSET_NOTE = ('this is an interop subset of numpy '
               '(full numpy is not available in the browser)')


class NumpyNotAvailableError(NotImplementedError, AttributeError):
    """Raised for any numpy feature outside tensorpad's interop subset. It is an
    AttributeError too, so hasattr(np, 'fft') is False and getattr(np, name, None) works."""


NumpyNotAvailableError.__module__ = 'numpy'


def not_available(what, detail=None):
    msg = '%s is not available in tensorpad: %s' % (what, SUBSET_NOTE)
    if detail:
        msg += '; ' + detail
    return NumpyNotAvailableError(msg)


class AxisError(ValueError, IndexError):
    def __init__(self, axis, ndim=None, msg_prefix=None):
        if ndim is None:
            super().__init__(axis)
        else:
            super().__init__('axis %d is out of bounds for array of dimension %d' % (axis, ndim))


AxisError.__module__ = 'numpy'


class UFuncTypeError(TypeError):
    pass


class _UFuncCastingError(UFuncTypeError):
    pass


class _UFuncOutputCastingError(_UFuncCastingError):
    pass


for _c in (UFuncTypeError, _UFuncCastingError, _UFuncOutputCastingError):
    _c.__module__ = 'numpy.core._exceptions'
# numpy shows its private subclasses under the public base's name (type(e).__name__)
_UFuncCastingError.__name__ = _UFuncOutputCastingError.__name__ = 'UFuncTypeError'
