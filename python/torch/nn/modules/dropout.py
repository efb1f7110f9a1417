"""Dropout family. Dropout calls F.dropout; the channel-wise and alpha variants are composed
from tensor ops in the order ATen's _dropout_impl runs them (one bernoulli_ draw on the
noise tensor, then div_/mul_), so that their random draws match PyTorch 1.13's."""
import math
import warnings

import torch
from .module import Module
from .. import functional as F

__all__ = ['Dropout', 'Dropout1d', 'Dropout2d', 'Dropout3d', 'AlphaDropout', 'FeatureAlphaDropout']

_ALPHA = 1.7580993408473766  # SELU's alpha * scale: the value alpha dropout drops to


def _check_p(p):
    if p < 0.0 or p > 1.0:
        raise ValueError("dropout probability has to be between 0 and 1, but got {}".format(p))


def _dropout_impl(input, p, train, feature, alpha, inplace):
    """ATen's _dropout_impl: the noise has the input's shape, or (N, C, 1, ...) for feature."""
    if p == 0 or not train or input.numel() == 0:
        return input
    if p == 1:
        zero = torch.zeros((), dtype=input.dtype)
        return input.mul_(zero) if inplace else input.mul(zero)
    if feature:
        if input.dim() < 2:
            raise RuntimeError("Feature dropout requires at least 2 dimensions in the input")
        sizes = [input.size(0), input.size(1)] + [1] * (input.dim() - 2)
        noise = torch.empty(sizes, dtype=input.dtype)
    else:
        noise = torch.empty_like(input)
    noise.bernoulli_(1 - p)
    if alpha:
        a = 1. / math.sqrt((_ALPHA * _ALPHA * p + 1) * (1 - p))
        b = noise.add(-1).mul_(_ALPHA * a).add_(_ALPHA * a * p)
        noise.mul_(a)
        return (input.mul_(noise) if inplace else input.mul(noise)).add_(b)
    noise.div_(1 - p)
    return input.mul_(noise) if inplace else input.mul(noise)


def _feature_dropout_unbatched(input, p, training, inplace, is_batched):
    """Channel-wise dropout, an unbatched input seen with a batch dimension of 1."""
    if not is_batched:
        input = input.unsqueeze_(0) if inplace else input.unsqueeze(0)
    result = _dropout_impl(input, p, training, True, False, inplace)
    if not is_batched:
        result = result.squeeze_(0) if inplace else result.squeeze(0)
    return result


def dropout1d(input, p=0.5, training=True, inplace=False):
    _check_p(p)
    inp_dim = input.dim()
    if inp_dim not in (2, 3):
        raise RuntimeError(f"dropout1d: Expected 2D or 3D input, but received a {inp_dim}D input. "
                           "Note that dropout1d exists to provide channel-wise dropout on inputs with 1 "
                           "spatial dimension, a channel dimension, and an optional batch dimension "
                           "(i.e. 2D or 3D inputs).")
    return _feature_dropout_unbatched(input, p, training, inplace, inp_dim == 3)


def dropout2d(input, p=0.5, training=True, inplace=False):
    _check_p(p)
    inp_dim = input.dim()
    if inp_dim not in (3, 4):
        warnings.warn(f"dropout2d: Received a {inp_dim}-D input to dropout2d, which is deprecated "
                      "and will result in an error in a future release. To retain the behavior "
                      "and silence this warning, please use dropout instead. Note that dropout2d "
                      "exists to provide channel-wise dropout on inputs with 2 spatial dimensions, "
                      "a channel dimension, and an optional batch dimension (i.e. 3D or 4D inputs).")
    if inp_dim == 3:
        warnings.warn("dropout2d: Received a 3D input to dropout2d and assuming that channel-wise "
                      "1D dropout behavior is desired - input is interpreted as shape (N, C, L), where C "
                      "is the channel dim. This behavior will change in a future release to interpret the "
                      "input as one without a batch dimension, i.e. shape (C, H, W). To maintain the 1D "
                      "channel-wise dropout behavior, please switch to using dropout1d instead.")
    return _dropout_impl(input, p, training, True, False, inplace)


def dropout3d(input, p=0.5, training=True, inplace=False):
    _check_p(p)
    inp_dim = input.dim()
    if inp_dim not in (4, 5):
        warnings.warn(f"dropout3d: Received a {inp_dim}-D input to dropout3d, which is deprecated "
                      "and will result in an error in a future release. To retain the behavior "
                      "and silence this warning, please use dropout instead. Note that dropout3d "
                      "exists to provide channel-wise dropout on inputs with 3 spatial dimensions, "
                      "a channel dimension, and an optional batch dimension (i.e. 4D or 5D inputs).")
    return _feature_dropout_unbatched(input, p, training, inplace, inp_dim == 5)


def alpha_dropout(input, p=0.5, training=False, inplace=False):
    _check_p(p)
    return _dropout_impl(input, p, training, False, True, inplace)


def feature_alpha_dropout(input, p=0.5, training=False, inplace=False):
    _check_p(p)
    return _dropout_impl(input, p, training, True, True, inplace)


def _functional(name, fallback):
    """F's own function when the functional module has it, else the composition above."""
    return getattr(F, name, None) or fallback


class _DropoutNd(Module):
    def __init__(self, p=0.5, inplace=False):
        super().__init__()
        if p < 0 or p > 1:
            raise ValueError("dropout probability has to be between 0 and 1, but got {}".format(p))
        self.p = p
        self.inplace = inplace

    def extra_repr(self):
        return 'p={}, inplace={}'.format(self.p, self.inplace)


class Dropout(_DropoutNd):
    def forward(self, input):
        return F.dropout(input, self.p, self.training, self.inplace)


class Dropout1d(_DropoutNd):
    def forward(self, input):
        return _functional('dropout1d', dropout1d)(input, self.p, self.training, self.inplace)


class Dropout2d(_DropoutNd):
    def forward(self, input):
        return _functional('dropout2d', dropout2d)(input, self.p, self.training, self.inplace)


class Dropout3d(_DropoutNd):
    def forward(self, input):
        return _functional('dropout3d', dropout3d)(input, self.p, self.training, self.inplace)


class AlphaDropout(_DropoutNd):
    def forward(self, input):
        return _functional('alpha_dropout', alpha_dropout)(input, self.p, self.training)


class FeatureAlphaDropout(_DropoutNd):
    def forward(self, input):
        return _functional('feature_alpha_dropout', feature_alpha_dropout)(input, self.p, self.training)
