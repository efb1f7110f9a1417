"""Padding modules over F.pad: constant (and ZeroPad2d), reflection and replication."""
from .module import Module
from .. import functional as F
from .._util import ntuple

__all__ = ['ConstantPad1d', 'ConstantPad2d', 'ConstantPad3d', 'ZeroPad2d', 'ReflectionPad1d', 'ReflectionPad2d',
           'ReflectionPad3d', 'ReplicationPad1d', 'ReplicationPad2d', 'ReplicationPad3d']


class _ConstantPadNd(Module):
    _n = 2

    def __init__(self, padding, value):
        super().__init__()
        self.padding = ntuple(self._n, '_pad')(padding)
        self.value = value

    def forward(self, input):
        return F.pad(input, self.padding, 'constant', self.value)

    def extra_repr(self):
        return 'padding={}, value={}'.format(self.padding, self.value)


class ConstantPad1d(_ConstantPadNd):
    _n = 2


class ConstantPad2d(_ConstantPadNd):
    _n = 4


class ConstantPad3d(_ConstantPadNd):
    _n = 6


class ZeroPad2d(ConstantPad2d):
    def __init__(self, padding):
        super().__init__(padding, 0.)

    def extra_repr(self):
        return '{}'.format(self.padding)


class _ModePadNd(Module):
    _n = 2
    _mode = None

    def __init__(self, padding):
        super().__init__()
        self.padding = ntuple(self._n, '_pad')(padding)

    def forward(self, input):
        return F.pad(input, self.padding, self._mode)

    def extra_repr(self):
        return '{}'.format(self.padding)


class ReflectionPad1d(_ModePadNd):
    _n, _mode = 2, 'reflect'


class ReflectionPad2d(_ModePadNd):
    _n, _mode = 4, 'reflect'


class ReflectionPad3d(_ModePadNd):
    _n, _mode = 6, 'reflect'


class ReplicationPad1d(_ModePadNd):
    _n, _mode = 2, 'replicate'


class ReplicationPad2d(_ModePadNd):
    _n, _mode = 4, 'replicate'


class ReplicationPad3d(_ModePadNd):
    _n, _mode = 6, 'replicate'
