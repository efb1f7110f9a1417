"""torch.device. tensorpad computes on the CPU; a device named 'cuda' or 'mps' can be
described (as in a CPU build of PyTorch) but not used."""


import re as _re

_NOINDEX = object()
# c10::Device(const std::string&): a type name, then an optional ':' and an index without
# leading zeros
_DEVICE_STRING = _re.compile(r'([a-zA-Z_]+)(?::([1-9][0-9]*|0))?')


class device:
    __module__ = 'torch'
    __slots__ = ('type', 'index')

    def __new__(cls, type, index=_NOINDEX):
        if isinstance(type, device):
            return type
        if isinstance(type, int) and not isinstance(type, bool):   # a CUDA device's index
            if index is not _NOINDEX:   # two arguments: only (str type, int index) is plausible
                raise TypeError("Device(): argument 'type' (position 1) must be str, not int")
            type, index = 'cuda', type
        elif not isinstance(type, str):
            raise TypeError(f'Device() received an invalid combination of arguments - got ({_tname(type)}), '
                            'but expected one of:\n * (torch.device device)\n'
                            f"      didn't match because some of the arguments have invalid types: (!{_tname(type)}!)\n"
                            ' * (str type, int index)\n')
        else:
            m = _DEVICE_STRING.fullmatch(type)
            if not type:
                raise RuntimeError('Device string must not be empty')
            if m is None:
                raise RuntimeError(f"Invalid device string: '{type}'")
            if m.group(1) not in _TYPES:
                raise RuntimeError('Expected one of cpu, cuda, ipu, xpu, mkldnn, opengl, opencl, ideep, hip, ve, '
                                   'fpga, ort, xla, lazy, vulkan, mps, meta, hpu, privateuseone device type at '
                                   f'start of device string: {m.group(1)}')
            if m.group(2) is not None:
                if index is not _NOINDEX:
                    raise RuntimeError(f"type (string) must not include an index because index was passed explicitly: {type}")
                index = int(m.group(2))
            type = m.group(1)
        if index is _NOINDEX:
            index = None
        if index is not None:
            if not -2**63 <= index < 2**63:
                raise RuntimeError('Overflow when unpacking long')
            if index < 0:
                raise RuntimeError('Device index must not be negative')
        self = object.__new__(cls)
        object.__setattr__(self, 'type', type)
        object.__setattr__(self, 'index', index)
        return self

    def __setattr__(self, k, v):
        raise AttributeError(f"attribute '{k}' of 'torch.device' objects is not writable")

    def __repr__(self):
        if self.index is None:
            return f"device(type='{self.type}')"
        return f"device(type='{self.type}', index={self.index})"

    def __str__(self):
        return self.type if self.index is None else f'{self.type}:{self.index}'

    def __eq__(self, other):
        return isinstance(other, device) and self.type == other.type and self.index == other.index

    def __hash__(self):
        return hash((self.type, self.index))

    def __reduce__(self):
        return (device, (self.type, self.index) if self.index is not None else (self.type,))


def _tname(v):
    return type(v).__name__


_TYPES = ('cpu', 'cuda', 'ipu', 'xpu', 'mkldnn', 'opengl', 'opencl', 'ideep', 'hip', 've', 'fpga',
          'ort', 'xla', 'lazy', 'vulkan', 'mps', 'meta', 'hpu', 'privateuseone')
cpu = device('cpu')

CUDA_ERROR = 'Torch not compiled with CUDA enabled'


def check(d, what='device'):
    """The device a tensor may be put on: the CPU. PyTorch's CPU build refuses the others."""
    if d is None:
        return
    dv = device(d) if not isinstance(d, device) else d
    if dv.type == 'cpu':
        return
    if dv.type == 'cuda':
        raise AssertionError(CUDA_ERROR)
    if dv.type == 'mps':
        raise RuntimeError('PyTorch is not linked with support for mps devices')
    raise RuntimeError(f'PyTorch is not linked with support for {dv.type} devices')
