"""Grad modes as PyTorch spells them: context managers that are also decorators."""
import functools
from .._bridge import W

_set = W.tp_set_grad_enabled
_get = W.tp_is_grad_enabled


def is_grad_enabled():
    return bool(_get())


class _DecoratorContextManager:
    def __call__(self, func):
        if isinstance(func, type):
            raise RuntimeError(f'{type(self).__name__} cannot decorate a class')
        import inspect
        if inspect.isgeneratorfunction(func):
            @functools.wraps(func)
            def gen(*args, **kwargs):
                with self.clone():
                    yield from func(*args, **kwargs)
            return gen

        @functools.wraps(func)
        def wrapper(*args, **kwargs):
            with self.clone():
                return func(*args, **kwargs)
        return wrapper

    def clone(self):
        return self.__class__()


class no_grad(_DecoratorContextManager):
    def __init__(self):
        self.prev = False

    def __enter__(self):
        self.prev = _set(0)

    def __exit__(self, exc_type, exc_value, traceback):
        _set(self.prev)


class enable_grad(_DecoratorContextManager):
    def __enter__(self):
        self.prev = _set(1)

    def __exit__(self, exc_type, exc_value, traceback):
        _set(self.prev)


class set_grad_enabled(_DecoratorContextManager):
    def __init__(self, mode):
        if not isinstance(mode, bool):
            raise TypeError(f'set_grad_enabled(): argument \'mode\' (position 1) must be bool, not {type(mode).__name__}')
        self.prev = _set(1 if mode else 0)
        self.mode = mode

    def __enter__(self):
        pass

    def __exit__(self, exc_type, exc_value, traceback):
        _set(self.prev)

    def clone(self):
        return self.__class__(self.mode)
    # No __call__ of its own: as 1.13's, @set_grad_enabled(False) leaves the mode it set on
    # while the decorated function is defined (is_grad_enabled() is False after it).


_inference = [False]


class inference_mode(_DecoratorContextManager):
    """tensorpad runs inference mode as no_grad (tensors made inside are ordinary tensors)."""

    def __init__(self, mode=True):
        self.mode = mode

    def __new__(cls, mode=True):
        if callable(mode) and not isinstance(mode, bool):
            return cls()(mode)
        return super().__new__(cls)

    def __enter__(self):
        self.prev = _set(0 if self.mode else _get())
        self.prev_inf = _inference[0]
        _inference[0] = self.mode

    def __exit__(self, *a):
        _set(self.prev)
        _inference[0] = self.prev_inf

    def clone(self):
        return self.__class__(self.mode)


def is_inference_mode_enabled():
    return _inference[0]
