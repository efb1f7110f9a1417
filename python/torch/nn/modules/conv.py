"""Conv1d/2d and ConvTranspose1d/2d (and the 3d spellings where F has the kernels): weight
layout, kaiming_uniform_(a=sqrt(5)) init, padding modes through F.pad, output_size for the
transposed forms, and extra_repr as PyTorch 1.13's _ConvNd."""
import math

import torch
from .module import Module
from .. import functional as F
from .. import init
from ..parameter import Parameter
from .._util import _single, _pair, _triple

__all__ = ['Conv1d', 'Conv2d', 'Conv3d', 'ConvTranspose1d', 'ConvTranspose2d', 'ConvTranspose3d']


def _reverse_repeat_tuple(t, n):
    return tuple(x for x in reversed(t) for _ in range(n))


class _ConvNd(Module):
    def __init__(self, in_channels, out_channels, kernel_size, stride, padding, dilation, transposed,
                 output_padding, groups, bias, padding_mode, device=None, dtype=None):
        super().__init__()
        if groups <= 0:
            raise ValueError('groups must be a positive integer')
        if in_channels % groups != 0:
            raise ValueError('in_channels must be divisible by groups')
        if out_channels % groups != 0:
            raise ValueError('out_channels must be divisible by groups')
        valid_padding_strings = {'same', 'valid'}
        if isinstance(padding, str):
            if padding not in valid_padding_strings:
                raise ValueError("Invalid padding string {!r}, should be one of {}".format(
                    padding, valid_padding_strings))
            if padding == 'same' and any(s != 1 for s in stride):
                raise ValueError("padding='same' is not supported for strided convolutions")
        valid_padding_modes = {'zeros', 'reflect', 'replicate', 'circular'}
        if padding_mode not in valid_padding_modes:
            raise ValueError("padding_mode must be one of {}, but got padding_mode='{}'".format(
                valid_padding_modes, padding_mode))
        self.in_channels = in_channels
        self.out_channels = out_channels
        self.kernel_size = kernel_size
        self.stride = stride
        self.padding = padding
        self.dilation = dilation
        self.transposed = transposed
        self.output_padding = output_padding
        self.groups = groups
        self.padding_mode = padding_mode
        if isinstance(self.padding, str):
            self._reversed_padding_repeated_twice = [0, 0] * len(kernel_size)
            if padding == 'same':
                for d, k, i in zip(dilation, kernel_size, range(len(kernel_size) - 1, -1, -1)):
                    total_padding = d * (k - 1)
                    left_pad = total_padding // 2
                    self._reversed_padding_repeated_twice[2 * i] = left_pad
                    self._reversed_padding_repeated_twice[2 * i + 1] = total_padding - left_pad
        else:
            self._reversed_padding_repeated_twice = _reverse_repeat_tuple(self.padding, 2)
        if transposed:
            shape = (in_channels, out_channels // groups, *kernel_size)
        else:
            shape = (out_channels, in_channels // groups, *kernel_size)
        self.weight = Parameter(torch.empty(shape, device=device, dtype=dtype))
        if bias:
            self.bias = Parameter(torch.empty(out_channels, device=device, dtype=dtype))
        else:
            self.register_parameter('bias', None)
        self.reset_parameters()

    def reset_parameters(self):
        init.kaiming_uniform_(self.weight, a=math.sqrt(5))
        if self.bias is not None:
            fan_in, _ = init._calculate_fan_in_and_fan_out(self.weight)
            if fan_in != 0:
                bound = 1 / math.sqrt(fan_in)
                init.uniform_(self.bias, -bound, bound)

    def extra_repr(self):
        s = '{in_channels}, {out_channels}, kernel_size={kernel_size}, stride={stride}'
        if self.padding != (0,) * len(self.padding):
            s += ', padding={padding}'
        if self.dilation != (1,) * len(self.dilation):
            s += ', dilation={dilation}'
        if self.output_padding != (0,) * len(self.output_padding):
            s += ', output_padding={output_padding}'
        if self.groups != 1:
            s += ', groups={groups}'
        if self.bias is None:
            s += ', bias=False'
        if self.padding_mode != 'zeros':
            s += ', padding_mode={padding_mode}'
        return s.format(**self.__dict__)

    def __setstate__(self, state):
        super().__setstate__(state)
        if not hasattr(self, 'padding_mode'):
            self.padding_mode = 'zeros'


def _conv_class(name, n, tuple_fn, conv_name):
    class ConvNd(_ConvNd):
        def __init__(self, in_channels, out_channels, kernel_size, stride=1, padding=0, dilation=1,
                     groups=1, bias=True, padding_mode='zeros', device=None, dtype=None):
            super().__init__(in_channels, out_channels, tuple_fn(kernel_size), tuple_fn(stride),
                             padding if isinstance(padding, str) else tuple_fn(padding), tuple_fn(dilation),
                             False, tuple_fn(0), groups, bias, padding_mode, device, dtype)

        def _conv_forward(self, input, weight, bias):
            conv = getattr(F, conv_name)
            if self.padding_mode != 'zeros':
                return conv(F.pad(input, self._reversed_padding_repeated_twice, mode=self.padding_mode),
                            weight, bias, self.stride, tuple_fn(0), self.dilation, self.groups)
            return conv(input, weight, bias, self.stride, self.padding, self.dilation, self.groups)

        def forward(self, input):
            return self._conv_forward(input, self.weight, self.bias)

    ConvNd.__name__ = ConvNd.__qualname__ = name
    return ConvNd


Conv1d = _conv_class('Conv1d', 1, _single, 'conv1d')
Conv2d = _conv_class('Conv2d', 2, _pair, 'conv2d')
Conv3d = _conv_class('Conv3d', 3, _triple, 'conv3d')


class _ConvTransposeNd(_ConvNd):
    def __init__(self, in_channels, out_channels, kernel_size, stride, padding, dilation, transposed,
                 output_padding, groups, bias, padding_mode, device=None, dtype=None):
        if padding_mode != 'zeros':
            raise ValueError('Only "zeros" padding mode is supported for {}'.format(self.__class__.__name__))
        super().__init__(in_channels, out_channels, kernel_size, stride, padding, dilation, transposed,
                         output_padding, groups, bias, padding_mode, device, dtype)

    def _output_padding(self, input, output_size, stride, padding, kernel_size, num_spatial_dims, dilation=None):
        if output_size is None:
            return _single(self.output_padding)
        has_batch_dim = input.dim() == num_spatial_dims + 2
        num_non_spatial_dims = 2 if has_batch_dim else 1
        if len(output_size) == num_non_spatial_dims + num_spatial_dims:
            output_size = output_size[num_non_spatial_dims:]
        if len(output_size) != num_spatial_dims:
            raise ValueError("ConvTranspose{}D: for {}D input, output_size must have {} or {} elements (got {})"
                             .format(num_spatial_dims, input.dim(), num_spatial_dims,
                                     num_non_spatial_dims + num_spatial_dims, len(output_size)))
        min_sizes, max_sizes = [], []
        for d in range(num_spatial_dims):
            dim_size = ((input.size(d + num_non_spatial_dims) - 1) * stride[d] - 2 * padding[d]
                        + (dilation[d] if dilation is not None else 1) * (kernel_size[d] - 1) + 1)
            min_sizes.append(dim_size)
            max_sizes.append(min_sizes[d] + stride[d] - 1)
        for i in range(len(output_size)):
            size, min_size, max_size = output_size[i], min_sizes[i], max_sizes[i]
            if size < min_size or size > max_size:
                raise ValueError(("requested an output size of {}, but valid sizes range "
                                  "from {} to {} (for an input of {})").format(
                                      output_size, min_sizes, max_sizes, input.size()[2:]))
        return [output_size[d] - min_sizes[d] for d in range(num_spatial_dims)]


def _conv_transpose_class(name, n, tuple_fn, conv_name):
    class ConvTransposeNd(_ConvTransposeNd):
        def __init__(self, in_channels, out_channels, kernel_size, stride=1, padding=0, output_padding=0,
                     groups=1, bias=True, dilation=1, padding_mode='zeros', device=None, dtype=None):
            super().__init__(in_channels, out_channels, tuple_fn(kernel_size), tuple_fn(stride), tuple_fn(padding),
                             tuple_fn(dilation), True, tuple_fn(output_padding), groups, bias, padding_mode,
                             device, dtype)

        def forward(self, input, output_size=None):
            if self.padding_mode != 'zeros':
                raise ValueError('Only `zeros` padding mode is supported for {}'.format(name))
            output_padding = self._output_padding(input, output_size, self.stride, self.padding, self.kernel_size,
                                                  n, self.dilation)
            return getattr(F, conv_name)(input, self.weight, self.bias, self.stride, self.padding,
                                         output_padding, self.groups, self.dilation)

    ConvTransposeNd.__name__ = ConvTransposeNd.__qualname__ = name
    return ConvTransposeNd


ConvTranspose1d = _conv_transpose_class('ConvTranspose1d', 1, _single, 'conv_transpose1d')
ConvTranspose2d = _conv_transpose_class('ConvTranspose2d', 2, _pair, 'conv_transpose2d')
ConvTranspose3d = _conv_transpose_class('ConvTranspose3d', 3, _triple, 'conv_transpose3d')
