"""Pooling modules (max, average, adaptive; 1d/2d, and 3d where F has the kernel), holding
their arguments as given (1.13 keeps MaxPool2d's kernel_size an int) and forwarding to F."""
from .module import Module
from .. import functional as F
from .._util import _single

__all__ = ['MaxPool1d', 'MaxPool2d', 'MaxPool3d', 'AvgPool1d', 'AvgPool2d', 'AvgPool3d',
           'AdaptiveMaxPool1d', 'AdaptiveMaxPool2d', 'AdaptiveMaxPool3d',
           'AdaptiveAvgPool1d', 'AdaptiveAvgPool2d', 'AdaptiveAvgPool3d', 'LPPool1d', 'LPPool2d']


class _MaxPoolNd(Module):
    _fn = None

    def __init__(self, kernel_size, stride=None, padding=0, dilation=1, return_indices=False, ceil_mode=False):
        super().__init__()
        self.kernel_size = kernel_size
        self.stride = stride if (stride is not None) else kernel_size
        self.padding = padding
        self.dilation = dilation
        self.return_indices = return_indices
        self.ceil_mode = ceil_mode

    def extra_repr(self):
        return ('kernel_size={kernel_size}, stride={stride}, padding={padding}'
                ', dilation={dilation}, ceil_mode={ceil_mode}'.format(**self.__dict__))

    def forward(self, input):
        return getattr(F, self._fn)(input, self.kernel_size, self.stride, self.padding, self.dilation,
                                    ceil_mode=self.ceil_mode, return_indices=self.return_indices)


class MaxPool1d(_MaxPoolNd):
    _fn = 'max_pool1d'


class MaxPool2d(_MaxPoolNd):
    _fn = 'max_pool2d'


class MaxPool3d(_MaxPoolNd):
    _fn = 'max_pool3d'


class _AvgPoolNd(Module):
    def extra_repr(self):
        return 'kernel_size={}, stride={}, padding={}'.format(self.kernel_size, self.stride, self.padding)


class AvgPool1d(_AvgPoolNd):
    def __init__(self, kernel_size, stride=None, padding=0, ceil_mode=False, count_include_pad=True):
        super().__init__()
        self.kernel_size = _single(kernel_size)
        self.stride = _single(stride if stride is not None else kernel_size)
        self.padding = _single(padding)
        self.ceil_mode = ceil_mode
        self.count_include_pad = count_include_pad

    def forward(self, input):
        return F.avg_pool1d(input, self.kernel_size, self.stride, self.padding, self.ceil_mode,
                            self.count_include_pad)


class AvgPool2d(_AvgPoolNd):
    _fn = 'avg_pool2d'

    def __init__(self, kernel_size, stride=None, padding=0, ceil_mode=False, count_include_pad=True,
                 divisor_override=None):
        super().__init__()
        self.kernel_size = kernel_size
        self.stride = stride if (stride is not None) else kernel_size
        self.padding = padding
        self.ceil_mode = ceil_mode
        self.count_include_pad = count_include_pad
        self.divisor_override = divisor_override

    def forward(self, input):
        return getattr(F, self._fn)(input, self.kernel_size, self.stride, self.padding, self.ceil_mode,
                                    self.count_include_pad, self.divisor_override)


class AvgPool3d(AvgPool2d):
    _fn = 'avg_pool3d'


class _LPPoolNd(Module):
    _fn = None

    def __init__(self, norm_type, kernel_size, stride=None, ceil_mode=False):
        super().__init__()
        self.norm_type = norm_type
        self.kernel_size = kernel_size
        self.stride = stride
        self.ceil_mode = ceil_mode

    def extra_repr(self):
        return ('norm_type={norm_type}, kernel_size={kernel_size}, stride={stride}, '
                'ceil_mode={ceil_mode}'.format(**self.__dict__))

    def forward(self, input):
        return getattr(F, self._fn)(input, float(self.norm_type), self.kernel_size, self.stride, self.ceil_mode)


class LPPool1d(_LPPoolNd):
    _fn = 'lp_pool1d'


class LPPool2d(_LPPoolNd):
    _fn = 'lp_pool2d'


class _AdaptiveMaxPoolNd(Module):
    _fn = None

    def __init__(self, output_size, return_indices=False):
        super().__init__()
        self.output_size = output_size
        self.return_indices = return_indices

    def extra_repr(self):
        return 'output_size={}'.format(self.output_size)

    def forward(self, input):
        return getattr(F, self._fn)(input, self.output_size, self.return_indices)


class AdaptiveMaxPool1d(_AdaptiveMaxPoolNd):
    _fn = 'adaptive_max_pool1d'


class AdaptiveMaxPool2d(_AdaptiveMaxPoolNd):
    _fn = 'adaptive_max_pool2d'


class AdaptiveMaxPool3d(_AdaptiveMaxPoolNd):
    _fn = 'adaptive_max_pool3d'


class _AdaptiveAvgPoolNd(Module):
    _fn = None

    def __init__(self, output_size):
        super().__init__()
        self.output_size = output_size

    def extra_repr(self):
        return 'output_size={}'.format(self.output_size)

    def forward(self, input):
        return getattr(F, self._fn)(input, self.output_size)


class AdaptiveAvgPool1d(_AdaptiveAvgPoolNd):
    _fn = 'adaptive_avg_pool1d'


class AdaptiveAvgPool2d(_AdaptiveAvgPoolNd):
    _fn = 'adaptive_avg_pool2d'


class AdaptiveAvgPool3d(_AdaptiveAvgPoolNd):
    _fn = 'adaptive_avg_pool3d'
