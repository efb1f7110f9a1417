"""torch.device. tensorpad computes on the CPU; a device named 'cuda' or 'mps' can be
described (as in a CPU build of PyTorch) but not used."""


class device:
    __module__ = 'torch'
    __slots__ = ('type', 'index')

    def __new__(cls, type, index=None):
        if isinstance(type, device):
            return type
        if isinstance(type, int) and not isinstance(type, bool):
            raise RuntimeError('Expected one of cpu, cuda, ipu, xpu, mkldnn, opengl, opencl, ideep, hip, '
                               've, fpga, ort, xla, lazy, vulkan, mps, meta, hpu, privateuseone device '
                               f'type at start of device string: {type}')
        if not isinstance(type, str):
            raise TypeError(f'device() received an invalid combination of arguments - got ({_tname(type)}), '
                            'but expected one of:\n * (torch.device device)\n * (str type, int index)\n')
        s = type
        if ':' in s:
            if index is not None:
                raise RuntimeError(f"type (string) must not include an index because index was passed explicitly: {s}")
            s, _, idx = s.partition(':')
            if not idx.isdigit():
                raise RuntimeError(f'Invalid device string: \'{type}\'')
            index = int(idx)
        if s not in _TYPES:
            raise RuntimeError('Expected one of cpu, cuda, ipu, xpu, mkldnn, opengl, opencl, ideep, hip, ve, '
                               'fpga, ort, xla, lazy, vulkan, mps, meta, hpu, privateuseone device type at '
                               f'start of device string: {type}')
        if index is not None and index < 0:
            raise RuntimeError(f'Device index must not be negative')
        self = object.__new__(cls)
        object.__setattr__(self, 'type', s)
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
