"""torch.optim.Optimizer: param_groups with defaults filled in, per-parameter state keyed by
the parameter, zero_grad (set_to_none=False as 1.13), state_dict/load_state_dict with
parameters renumbered to indices, and the printed form of print(optimizer)."""
import functools
from collections import defaultdict, abc as container_abcs
from copy import deepcopy
from itertools import chain
import warnings

import torch
from .._bridge import W
from .._tensor import _zero_grads

_set_grad_enabled = W.tp_set_grad_enabled  # returns the previous mode

__all__ = ['Optimizer', 'required']


class _RequiredParameter:
    """Singleton for a hyper-parameter that has no default (SGD's lr)."""

    def __repr__(self):
        return "<required parameter>"


required = _RequiredParameter()


def _typename(o):
    if isinstance(o, torch.Tensor):
        return o.type()
    module = getattr(o, '__module__', None)
    prefix = module + '.' if module not in (None, 'builtins') else ''
    return prefix + (getattr(o, '__qualname__', None) or type(o).__qualname__)


def _no_grad_step(step):
    """step() runs under no_grad (1.13: grad mode = the group's 'differentiable', False)."""
    @functools.wraps(step)
    def wrapper(self, *args, **kwargs):
        prev = _set_grad_enabled(1 if self.defaults.get('differentiable', False) else 0)
        try:
            return step(self, *args, **kwargs)
        finally:
            _set_grad_enabled(prev)
    return wrapper


def _check_nonnegative(*checks):
    """The constructors' argument checks, in their order: (what, value) pairs, each refused
    with 1.13's "Invalid <what>: <value>" unless 0.0 <= value."""
    for what, v in checks:
        if not 0.0 <= v:
            raise ValueError("Invalid {}: {}".format(what, v))


def _closure_loss(closure):
    if closure is None:
        return None
    with torch.enable_grad():
        return closure()


class Optimizer:
    def __init__(self, params, defaults):
        self.defaults = defaults
        if isinstance(params, torch.Tensor):
            raise TypeError("params argument given to the optimizer should be an iterable of Tensors or dicts, "
                            "but got " + _typename(params))
        self.state = defaultdict(dict)
        self.param_groups = []
        param_groups = list(params)
        if len(param_groups) == 0:
            raise ValueError("optimizer got an empty parameter list")
        if not isinstance(param_groups[0], dict):
            param_groups = [{'params': param_groups}]
        for param_group in param_groups:
            self.add_param_group(param_group)

    def __getstate__(self):
        return {'defaults': self.defaults, 'state': self.state, 'param_groups': self.param_groups}

    def __setstate__(self, state):
        self.__dict__.update(state)
        self.defaults.setdefault('differentiable', False)

    def __repr__(self):
        format_string = self.__class__.__name__ + ' ('
        for i, group in enumerate(self.param_groups):
            format_string += '\n'
            format_string += 'Parameter Group {0}\n'.format(i)
            for key in sorted(group.keys()):
                if key != 'params':
                    format_string += '    {0}: {1}\n'.format(key, group[key])
        format_string += ')'
        return format_string

    def state_dict(self):
        param_mappings = {}
        start_index = 0

        def pack_group(group):
            nonlocal start_index
            packed = {k: v for k, v in group.items() if k != 'params'}
            param_mappings.update({id(p): i for i, p in enumerate(group['params'], start_index)
                                   if id(p) not in param_mappings})
            packed['params'] = [param_mappings[id(p)] for p in group['params']]
            start_index += len(packed['params'])
            return packed
        param_groups = [pack_group(g) for g in self.param_groups]
        packed_state = {(param_mappings[id(k)] if isinstance(k, torch.Tensor) else k): v
                        for k, v in self.state.items()}
        return {'state': packed_state, 'param_groups': param_groups}

    def load_state_dict(self, state_dict):
        state_dict = deepcopy(state_dict)
        groups = self.param_groups
        saved_groups = state_dict['param_groups']
        if len(groups) != len(saved_groups):
            raise ValueError("loaded state dict has a different number of parameter groups")
        param_lens = (len(g['params']) for g in groups)
        saved_lens = (len(g['params']) for g in saved_groups)
        if any(p_len != s_len for p_len, s_len in zip(param_lens, saved_lens)):
            raise ValueError("loaded state dict contains a parameter group that doesn't match the size of "
                             "optimizer's group")
        id_map = {old_id: p for old_id, p in zip(chain.from_iterable(g['params'] for g in saved_groups),
                                                  chain.from_iterable(g['params'] for g in groups))}

        def cast(param, value, key=None):
            if isinstance(value, torch.Tensor):
                # the step counter keeps its own dtype; other state follows a float parameter's
                if key != "step" and param.is_floating_point():
                    value = value.to(param.dtype)
                return value
            if isinstance(value, dict):
                return {k: cast(param, v, key=k) for k, v in value.items()}
            if isinstance(value, container_abcs.Iterable) and not isinstance(value, str):
                return type(value)(cast(param, v) for v in value)
            return value

        state = defaultdict(dict)
        for k, v in state_dict['state'].items():
            if k in id_map:
                param = id_map[k]
                state[param] = cast(param, v)
            else:
                state[k] = v

        def update_group(group, new_group):
            new_group['params'] = group['params']
            return new_group
        param_groups = [update_group(g, ng) for g, ng in zip(groups, saved_groups)]
        self.__setstate__({'state': state, 'param_groups': param_groups})

    def zero_grad(self, set_to_none=False):
        for group in self.param_groups:
            if not set_to_none:
                _zero_grads(group['params'])
                continue
            for p in group['params']:
                if p.grad is not None:
                    if set_to_none:
                        p.grad = None
                    else:
                        if p.grad.grad_fn is not None:
                            p.grad.detach_()
                        else:
                            p.grad.requires_grad_(False)
                        p.grad.zero_()

    def step(self, closure):
        raise NotImplementedError

    def add_param_group(self, param_group):
        assert isinstance(param_group, dict), "param group must be a dict"
        params = param_group['params']
        if isinstance(params, torch.Tensor):
            param_group['params'] = [params]
        elif isinstance(params, set):
            raise TypeError('optimizer parameters need to be organized in ordered collections, but '
                            'the ordering of tensors in sets will change between runs. Please use a list instead.')
        else:
            param_group['params'] = list(params)
        for param in param_group['params']:
            if not isinstance(param, torch.Tensor):
                raise TypeError("optimizer can only optimize Tensors, but one of the params is " + _typename(param))
            if not self.defaults.get('differentiable', None) and not (param.is_leaf or param.retains_grad):
                raise ValueError("can't optimize a non-leaf Tensor")
        for name, default in self.defaults.items():
            if default is required and name not in param_group:
                raise ValueError("parameter group didn't specify a value of required optimization parameter "
                                 + name)
            param_group.setdefault(name, default)
        params = param_group['params']
        if len(params) != len({id(p) for p in params}):
            warnings.warn("optimizer contains a parameter group with duplicate parameters; "
                          "in future, this will cause an error; "
                          "see github.com/pytorch/pytorch/issues/40967 for more information", stacklevel=3)
        param_set = set()
        for group in self.param_groups:
            param_set.update(id(p) for p in group['params'])
        if not param_set.isdisjoint({id(p) for p in param_group['params']}):
            raise ValueError("some parameters appear in more than one parameter group")
        self.param_groups.append(param_group)
