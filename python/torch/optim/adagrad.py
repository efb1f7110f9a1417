"""Adagrad (lr decay, weight decay, initial accumulator, maximize): 1.13's
_single_tensor_adagrad. State is created in the constructor, as in 1.13."""
import torch
from .optimizer import Optimizer, _no_grad_step, _closure_loss, _check_nonnegative

__all__ = ['Adagrad']


class Adagrad(Optimizer):
    def __init__(self, params, lr=1e-2, lr_decay=0, weight_decay=0, initial_accumulator_value=0, eps=1e-10,
                 foreach=None, *, maximize=False):
        _check_nonnegative(('learning rate', lr), ('lr_decay value', lr_decay),
                           ('weight_decay value', weight_decay),
                           ('initial_accumulator_value value', initial_accumulator_value),
                           ('epsilon value', eps))
        defaults = dict(lr=lr, lr_decay=lr_decay, eps=eps, weight_decay=weight_decay,
                        initial_accumulator_value=initial_accumulator_value, foreach=foreach, maximize=maximize)
        super().__init__(params, defaults)
        for group in self.param_groups:
            for p in group["params"]:
                state = self.state[p]
                state["step"] = torch.tensor(0.0)
                state["sum"] = torch.full_like(p, initial_accumulator_value)

    def __setstate__(self, state):
        super().__setstate__(state)
        for group in self.param_groups:
            group.setdefault("foreach", None)
            group.setdefault("maximize", False)

    def share_memory(self):
        pass

    @_no_grad_step
    def step(self, closure=None):
        loss = _closure_loss(closure)
        for group in self.param_groups:
            lr, weight_decay, lr_decay, eps = group["lr"], group["weight_decay"], group["lr_decay"], group["eps"]
            for p in group["params"]:
                if p.grad is None:
                    continue
                state = self.state[p]
                step_t, state_sum = state["step"], state["sum"]
                step_t += 1
                step = step_t.item()
                grad = p.grad if not group["maximize"] else -p.grad
                if weight_decay != 0:
                    grad = grad.add(p, alpha=weight_decay)
                clr = lr / (1 + (step - 1) * lr_decay)
                state_sum.addcmul_(grad, grad, value=1)
                std = state_sum.sqrt().add_(eps)
                p.addcdiv_(grad, std, value=-clr)
        return loss
