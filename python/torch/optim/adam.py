"""Adam (amsgrad, maximize, weight decay): 1.13's _single_tensor_adam, op for op. The step
counter is a float32 tensor, bias corrections in Python floats from its .item()."""
import math

import torch
from .optimizer import Optimizer, _no_grad_step, _closure_loss

__all__ = ['Adam']


def _check_adam_args(lr, eps, betas, weight_decay):
    if not 0.0 <= lr:
        raise ValueError("Invalid learning rate: {}".format(lr))
    if not 0.0 <= eps:
        raise ValueError("Invalid epsilon value: {}".format(eps))
    if not 0.0 <= betas[0] < 1.0:
        raise ValueError("Invalid beta parameter at index 0: {}".format(betas[0]))
    if not 0.0 <= betas[1] < 1.0:
        raise ValueError("Invalid beta parameter at index 1: {}".format(betas[1]))
    if not 0.0 <= weight_decay:
        raise ValueError("Invalid weight_decay value: {}".format(weight_decay))


def _adam_state(state, p, amsgrad):
    if len(state) == 0:
        state['step'] = torch.tensor(0.)
        state['exp_avg'] = torch.zeros_like(p)
        state['exp_avg_sq'] = torch.zeros_like(p)
        if amsgrad:
            state['max_exp_avg_sq'] = torch.zeros_like(p)
    return state


def _adam_update(param, grad, state, amsgrad, beta1, beta2, lr, eps):
    """The moment updates and the step shared by Adam and AdamW, after their weight decay."""
    exp_avg, exp_avg_sq = state['exp_avg'], state['exp_avg_sq']
    exp_avg.mul_(beta1).add_(grad, alpha=1 - beta1)
    exp_avg_sq.mul_(beta2).addcmul_(grad, grad, value=1 - beta2)
    step = state['step'].item()
    bias_correction1 = 1 - beta1 ** step
    bias_correction2 = 1 - beta2 ** step
    step_size = lr / bias_correction1
    bias_correction2_sqrt = math.sqrt(bias_correction2)
    if amsgrad:
        max_sq = state['max_exp_avg_sq']
        max_sq.copy_(torch.maximum(max_sq, exp_avg_sq))
        denom = (max_sq.sqrt() / bias_correction2_sqrt).add_(eps)
    else:
        denom = (exp_avg_sq.sqrt() / bias_correction2_sqrt).add_(eps)
    param.addcdiv_(exp_avg, denom, value=-step_size)


def _adam_steps(opt, closure, decay):
    """One step of Adam or AdamW over every group: decay(p, grad, group) applies the weight
    decay (Adam's L2 term on the grad, AdamW's on the parameter) and returns the grad."""
    loss = _closure_loss(closure)
    for group in opt.param_groups:
        beta1, beta2 = group['betas']
        for p in group['params']:
            if p.grad is None:
                continue
            state = _adam_state(opt.state[p], p, group['amsgrad'])
            grad = p.grad if not group['maximize'] else -p.grad
            state['step'] += 1
            grad = decay(p, grad, group)
            _adam_update(p, grad, state, group['amsgrad'], beta1, beta2, group['lr'], group['eps'])
    return loss


def _l2_decay(p, grad, group):
    return grad.add(p, alpha=group['weight_decay']) if group['weight_decay'] != 0 else grad


class Adam(Optimizer):
    def __init__(self, params, lr=1e-3, betas=(0.9, 0.999), eps=1e-8, weight_decay=0, amsgrad=False, *,
                 foreach=None, maximize=False, capturable=False, differentiable=False, fused=False):
        _check_adam_args(lr, eps, betas, weight_decay)
        defaults = dict(lr=lr, betas=betas, eps=eps, weight_decay=weight_decay, amsgrad=amsgrad,
                        maximize=maximize, foreach=foreach, capturable=capturable,
                        differentiable=differentiable, fused=fused)
        super().__init__(params, defaults)
        if fused:
            if differentiable:
                raise RuntimeError("`fused` cannot be `differentiable`")
            raise RuntimeError("FusedAdam requires all the params to be CUDA, floating point")

    def __setstate__(self, state):
        super().__setstate__(state)
        for group in self.param_groups:
            for k, v in (('amsgrad', False), ('maximize', False), ('foreach', None), ('capturable', False),
                         ('differentiable', False), ('fused', False)):
                group.setdefault(k, v)

    @_no_grad_step
    def step(self, closure=None):
        return _adam_steps(self, closure, _l2_decay)
