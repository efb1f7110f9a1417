"""InstanceNorm1d/2d/3d as PyTorch 1.13's: F.instance_norm with the module's statistics (none
and no affine parameters by default); an input without its batch dim is a batch of one."""
from .batchnorm import _NormBase
from .. import functional as F

__all__ = ['InstanceNorm1d', 'InstanceNorm2d', 'InstanceNorm3d']


class _InstanceNorm(_NormBase):
    def __init__(self, num_features, eps=1e-5, momentum=0.1, affine=False, track_running_stats=False,
                 device=None, dtype=None):
        super().__init__(num_features, eps, momentum, affine, track_running_stats, device, dtype)

    def _get_no_batch_dim(self):
        raise NotImplementedError

    def _handle_no_batch_input(self, input):
        return self._apply_instance_norm(input.unsqueeze(0)).squeeze(0)

    def _apply_instance_norm(self, input):
        return F.instance_norm(input, self.running_mean, self.running_var, self.weight, self.bias,
                               self.training or not self.track_running_stats, self.momentum, self.eps)

    def forward(self, input):
        self._check_input_dim(input)
        if input.dim() == self._get_no_batch_dim():
            return self._handle_no_batch_input(input)
        return self._apply_instance_norm(input)


def _instance_norm_class(name, nd):
    def _get_no_batch_dim(self):
        return nd + 1

    def _check_input_dim(self, input):
        if input.dim() not in (nd + 1, nd + 2):
            raise ValueError(f'expected {nd + 1}D or {nd + 2}D input (got {input.dim()}D input)')

    return type(name, (_InstanceNorm,), {'_get_no_batch_dim': _get_no_batch_dim, '_check_input_dim': _check_input_dim,
                                          '__module__': __name__, '__qualname__': name})


InstanceNorm1d = _instance_norm_class('InstanceNorm1d', 1)
InstanceNorm2d = _instance_norm_class('InstanceNorm2d', 2)
InstanceNorm3d = _instance_norm_class('InstanceNorm3d', 3)
