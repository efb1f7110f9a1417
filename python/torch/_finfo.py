"""torch.finfo / torch.iinfo: the numeric limits of a dtype, as PyTorch 1.13 gives and prints
them (repr with 6 significant digits, the dtype without its `torch.` prefix)."""

_FLOAT = {  # bits, eps, max, tiny (smallest normal), resolution
    'float32': (32, 2.0 ** -23, (2 - 2.0 ** -23) * 2.0 ** 127, 2.0 ** -126, 1e-06),
    'float64': (64, 2.0 ** -52, 1.7976931348623157e+308, 2.0 ** -1022, 1e-15),
    'float16': (16, 2.0 ** -10, 65504.0, 2.0 ** -14, 0.001),
    'bfloat16': (16, 2.0 ** -7, (2 - 2.0 ** -7) * 2.0 ** 127, 2.0 ** -126, 0.01),
}
_INT = {'uint8': (8, 0, 255), 'int8': (8, -128, 127), 'int16': (16, -32768, 32767),
        'int32': (32, -2 ** 31, 2 ** 31 - 1), 'int64': (64, -2 ** 63, 2 ** 63 - 1)}


def _name(dtype):
    return repr(dtype).replace('torch.', '')


class finfo:
    def __init__(self, type=None):
        import torch
        if type is None:
            type = torch.get_default_dtype()
        name = _name(type)
        if name not in _FLOAT:
            raise TypeError("torch.finfo() requires a floating point input type. Use torch.iinfo to handle 'torch.finfo'")
        self.bits, self.eps, self.max, self.tiny, self.resolution = _FLOAT[name]
        self.min = -self.max
        self.smallest_normal = self.tiny
        self.dtype = name

    def __repr__(self):
        return (f'finfo(resolution={self.resolution:g}, min={self.min:g}, max={self.max:g}, eps={self.eps:g}, '
                f'smallest_normal={self.smallest_normal:g}, tiny={self.tiny:g}, dtype={self.dtype})')

    __str__ = __repr__


class iinfo:
    def __init__(self, type):
        name = _name(type)
        if name not in _INT:
            raise TypeError("torch.iinfo() requires an integer input type. Use torch.finfo to handle 'torch.iinfo'")
        self.bits, self.min, self.max = _INT[name]
        self.dtype = name

    def __repr__(self):
        return f'iinfo(min={self.min:g}, max={self.max:g}, dtype={self.dtype})'

    __str__ = __repr__


finfo.__module__ = iinfo.__module__ = 'torch'
