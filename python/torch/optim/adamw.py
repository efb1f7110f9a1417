"""AdamW: decoupled weight decay (param *= 1 - lr * wd) before Adam's update, as 1.13's
_single_tensor_adamw."""
from .optimizer import Optimizer, _no_grad_step
from .adam import _check_adam_args, _adam_steps

__all__ = ['AdamW']


def _decoupled_decay(p, grad, group):
    p.mul_(1 - group['lr'] * group['weight_decay'])
    return grad


class AdamW(Optimizer):
    def __init__(self, params, lr=1e-3, betas=(0.9, 0.999), eps=1e-8, weight_decay=1e-2, amsgrad=False, *,
                 maximize=False, foreach=None, capturable=False):
        _check_adam_args(lr, eps, betas, weight_decay)
        defaults = dict(lr=lr, betas=betas, eps=eps, weight_decay=weight_decay, amsgrad=amsgrad,
                        foreach=foreach, maximize=maximize, capturable=capturable)
        super().__init__(params, defaults)

    def __setstate__(self, state):
        super().__setstate__(state)
        for group in self.param_groups:
            for k, v in (('amsgrad', False), ('maximize', False), ('foreach', None), ('capturable', False)):
                group.setdefault(k, v)

    @_no_grad_step
    def step(self, closure=None):
        return _adam_steps(self, closure, _decoupled_decay)
