"""SGD with momentum, dampening, Nesterov, weight decay and maximize: 1.13's
_single_tensor_sgd, op for op."""
import torch
from .optimizer import Optimizer, required, _no_grad_step, _closure_loss
from .._tensor import _sgd_plain

__all__ = ['SGD']


class SGD(Optimizer):
    def __init__(self, params, lr=required, momentum=0, dampening=0, weight_decay=0, nesterov=False, *,
                 maximize=False, foreach=None, differentiable=False):
        if lr is not required and lr < 0.0:
            raise ValueError("Invalid learning rate: {}".format(lr))
        if momentum < 0.0:
            raise ValueError("Invalid momentum value: {}".format(momentum))
        if weight_decay < 0.0:
            raise ValueError("Invalid weight_decay value: {}".format(weight_decay))
        defaults = dict(lr=lr, momentum=momentum, dampening=dampening, weight_decay=weight_decay,
                        nesterov=nesterov, maximize=maximize, foreach=foreach, differentiable=differentiable)
        if nesterov and (momentum <= 0 or dampening != 0):
            raise ValueError("Nesterov momentum requires a momentum and zero dampening")
        super().__init__(params, defaults)

    def __setstate__(self, state):
        super().__setstate__(state)
        for group in self.param_groups:
            group.setdefault('nesterov', False)
            group.setdefault('maximize', False)
            group.setdefault('foreach', None)
            group.setdefault('differentiable', False)

    @_no_grad_step
    def step(self, closure=None):
        loss = _closure_loss(closure)
        for group in self.param_groups:
            weight_decay, momentum = group['weight_decay'], group['momentum']
            dampening, nesterov, lr = group['dampening'], group['nesterov'], group['lr']
            params = group['params']
            if not (weight_decay or momentum or group['maximize'] or group['differentiable']) \
                    and type(lr) in (float, int):
                # the plain step in one crossing; the state gets its momentum_buffer None as 1.13's
                n = _sgd_plain(lr, params)
                for p in params:
                    if n == len(params) or p.grad is not None:
                        s = self.state[p]
                        if 'momentum_buffer' not in s:
                            s['momentum_buffer'] = None
                continue
            for p in params:
                if p.grad is None:
                    continue
                state = self.state[p]
                buf = state.get('momentum_buffer')
                d_p = p.grad if not group['maximize'] else -p.grad
                if weight_decay != 0:
                    d_p = d_p.add(p, alpha=weight_decay)
                if momentum != 0:
                    if buf is None:
                        buf = torch.clone(d_p).detach()
                    else:
                        buf.mul_(momentum).add_(d_p, alpha=1 - dampening)
                    d_p = d_p.add(buf, alpha=momentum) if nesterov else buf
                p.add_(d_p, alpha=-lr)
                state['momentum_buffer'] = buf
        return loss
