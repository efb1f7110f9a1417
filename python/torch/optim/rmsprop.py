"""RMSprop (centered, momentum, weight decay, maximize): 1.13's _single_tensor_rmsprop. Its
step counter is a Python int, as in 1.13."""
import torch
from .optimizer import Optimizer, _no_grad_step, _closure_loss, _check_nonnegative

__all__ = ['RMSprop']


class RMSprop(Optimizer):
    def __init__(self, params, lr=1e-2, alpha=0.99, eps=1e-8, weight_decay=0, momentum=0, centered=False,
                 foreach=None, maximize=False, differentiable=False):
        _check_nonnegative(('learning rate', lr), ('epsilon value', eps), ('momentum value', momentum),
                           ('weight_decay value', weight_decay), ('alpha value', alpha))
        defaults = dict(lr=lr, momentum=momentum, alpha=alpha, eps=eps, centered=centered,
                        weight_decay=weight_decay, foreach=foreach, maximize=maximize, differentiable=differentiable)
        super().__init__(params, defaults)

    def __setstate__(self, state):
        super().__setstate__(state)
        for group in self.param_groups:
            for k, v in (('momentum', 0), ('centered', False), ('foreach', None), ('maximize', False),
                         ('differentiable', False)):
                group.setdefault(k, v)

    @_no_grad_step
    def step(self, closure=None):
        loss = _closure_loss(closure)
        for group in self.param_groups:
            lr, alpha, eps = group['lr'], group['alpha'], group['eps']
            weight_decay, momentum, centered = group['weight_decay'], group['momentum'], group['centered']
            for p in group['params']:
                if p.grad is None:
                    continue
                state = self.state[p]
                if len(state) == 0:
                    state['step'] = 0
                    state['square_avg'] = torch.zeros_like(p)
                    if momentum > 0:
                        state['momentum_buffer'] = torch.zeros_like(p)
                    if centered:
                        state['grad_avg'] = torch.zeros_like(p)
                state['step'] += 1
                grad = p.grad if not group['maximize'] else -p.grad
                square_avg = state['square_avg']
                if weight_decay != 0:
                    grad = grad.add(p, alpha=weight_decay)
                square_avg.mul_(alpha).addcmul_(grad, grad, value=1 - alpha)
                if centered:
                    grad_avg = state['grad_avg']
                    grad_avg.mul_(alpha).add_(grad, alpha=1 - alpha)
                    avg = square_avg.addcmul(grad_avg, grad_avg, value=-1).sqrt_()
                else:
                    avg = square_avg.sqrt()
                avg = avg.add(eps) if group['differentiable'] else avg.add_(eps)
                if momentum > 0:
                    buf = state['momentum_buffer']
                    buf.mul_(momentum).addcdiv_(grad, avg)
                    p.add_(buf, alpha=-lr)
                else:
                    p.addcdiv_(grad, avg, value=-lr)
        return loss
