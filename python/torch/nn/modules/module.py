"""torch.nn.Module: attribute registration of parameters, buffers and submodules, the
traversals (parameters, named_modules, ...), state_dict round trips, train/eval, hooks
around __call__, and the printed form, all as PyTorch 1.13 behaves. Pure bookkeeping:
every value a module computes comes from torch.nn.functional or tensor methods."""
import itertools
import warnings
import weakref
from collections import OrderedDict, namedtuple
from typing import Any, Dict, TypeVar

import torch
from ..parameter import Parameter
from ..._tensor import _zero_grads
from .._util import typename

__all__ = ['Module', 'register_module_forward_pre_hook', 'register_module_forward_hook',
           'register_module_full_backward_hook']

_EXTRA_STATE_KEY_SUFFIX = '_extra_state'


class _RemovableHandle:
    """torch.utils.hooks.RemovableHandle: removes its hook from the dict it was added to."""
    next_id = 0

    def __init__(self, hooks_dict):
        self.hooks_dict_ref = weakref.ref(hooks_dict)
        self.id = _RemovableHandle.next_id
        _RemovableHandle.next_id += 1

    def remove(self):
        hooks_dict = self.hooks_dict_ref()
        if hooks_dict is not None and self.id in hooks_dict:
            del hooks_dict[self.id]

    def __enter__(self):
        return self

    def __exit__(self, *exc):
        self.remove()


_RemovableHandle.__name__ = 'RemovableHandle'
_RemovableHandle.__qualname__ = 'RemovableHandle'
_RemovableHandle.__module__ = 'torch.utils.hooks'

_global_forward_pre_hooks = OrderedDict()
_global_forward_hooks = OrderedDict()
_global_backward_hooks = OrderedDict()


def register_module_forward_pre_hook(hook):
    handle = _RemovableHandle(_global_forward_pre_hooks)
    _global_forward_pre_hooks[handle.id] = hook
    return handle


def register_module_forward_hook(hook):
    handle = _RemovableHandle(_global_forward_hooks)
    _global_forward_hooks[handle.id] = hook
    return handle


def register_module_full_backward_hook(hook):
    handle = _RemovableHandle(_global_backward_hooks)
    _global_backward_hooks[handle.id] = hook
    return handle


class _StateDict(OrderedDict):
    """What state_dict() returns: an OrderedDict that prints as CPython 3.11's does,
    OrderedDict([('k', v), ...]), the text PyTorch 1.13 programs show (3.12 changed it to
    OrderedDict({'k': v}), and the browser's CPython is newer)."""

    def __repr__(self):
        if not self:
            return 'OrderedDict()'
        return 'OrderedDict(%r)' % (list(self.items()),)


_StateDict.__name__ = _StateDict.__qualname__ = 'OrderedDict'
_StateDict.__module__ = 'collections'


class _IncompatibleKeys(namedtuple('IncompatibleKeys', ['missing_keys', 'unexpected_keys'])):
    def __repr__(self):
        if not self.missing_keys and not self.unexpected_keys:
            return '<All keys matched successfully>'
        return super().__repr__()

    __str__ = __repr__


def _addindent(s_, num_spaces):
    lines = s_.split('\n')
    if len(lines) == 1:
        return s_
    first = lines.pop(0)
    return first + '\n' + '\n'.join((num_spaces * ' ') + line for line in lines)


def _forward_unimplemented(self, *input):
    raise NotImplementedError(f"Module [{type(self).__name__}] is missing the required \"forward\" function")


class Module:
    T_destination = TypeVar('T_destination', bound=Dict[str, Any])
    dump_patches = False
    _version = 1
    training: bool

    def __init__(self):
        # object.__setattr__ skips Module.__setattr__'s registration logic for the slots
        setattr_ = super().__setattr__
        setattr_('training', True)
        setattr_('_parameters', OrderedDict())
        setattr_('_buffers', OrderedDict())
        setattr_('_non_persistent_buffers_set', set())
        setattr_('_backward_hooks', OrderedDict())
        setattr_('_is_full_backward_hook', None)
        setattr_('_forward_hooks', OrderedDict())
        setattr_('_forward_pre_hooks', OrderedDict())
        setattr_('_state_dict_hooks', OrderedDict())
        setattr_('_load_state_dict_pre_hooks', OrderedDict())
        setattr_('_load_state_dict_post_hooks', OrderedDict())
        setattr_('_modules', OrderedDict())

    forward = _forward_unimplemented

    # ---- registration ------------------------------------------------------------------
    def _check_new_name(self, kind, store, name):
        """register_buffer's and register_parameter's checks of the name (kind: their word)."""
        if store not in self.__dict__:
            raise AttributeError("cannot assign {} before Module.__init__() call".format(kind))
        elif not isinstance(name, str):
            raise TypeError("{} name should be a string. Got {}".format(kind, typename(name)))
        elif '.' in name:
            raise KeyError("{} name can't contain \".\"".format(kind))
        elif name == '':
            raise KeyError("{} name can't be empty string \"\"".format(kind))
        elif hasattr(self, name) and name not in self.__dict__[store]:
            raise KeyError("attribute '{}' already exists".format(name))

    def register_buffer(self, name, tensor, persistent=True):
        self._check_new_name('buffer', '_buffers', name)
        if tensor is not None and not isinstance(tensor, torch.Tensor):
            raise TypeError("cannot assign '{}' object to buffer '{}' (torch Tensor or None required)"
                            .format(typename(tensor), name))
        self._buffers[name] = tensor
        if persistent:
            self._non_persistent_buffers_set.discard(name)
        else:
            self._non_persistent_buffers_set.add(name)

    def register_parameter(self, name, param):
        self._check_new_name('parameter', '_parameters', name)
        if param is None:
            self._parameters[name] = None
        elif not isinstance(param, Parameter):
            raise TypeError("cannot assign '{}' object to parameter '{}' (torch.nn.Parameter or None required)"
                            .format(typename(param), name))
        elif param.grad_fn:
            raise ValueError(
                "Cannot assign non-leaf Tensor to parameter '{0}'. Model parameters must be created "
                "explicitly. To express '{0}' as a function of another Tensor, compute the value in "
                "the forward() method.".format(name))
        else:
            self._parameters[name] = param

    def add_module(self, name, module):
        if not isinstance(module, Module) and module is not None:
            raise TypeError("{} is not a Module subclass".format(typename(module)))
        elif not isinstance(name, str):
            raise TypeError("module name should be a string. Got {}".format(typename(name)))
        elif hasattr(self, name) and name not in self._modules:
            raise KeyError("attribute '{}' already exists".format(name))
        elif '.' in name:
            raise KeyError("module name can't contain \".\", got: {}".format(name))
        elif name == '':
            raise KeyError("module name can't be empty string \"\"")
        self._modules[name] = module

    def register_module(self, name, module):
        self.add_module(name, module)

    def _walk(self, target, what):
        if target == '':
            return self
        mod = self
        for item in target.split('.'):
            if not hasattr(mod, item):
                raise AttributeError(mod._get_name() + " has no attribute `" + item + "`")
            mod = getattr(mod, item)
            if not isinstance(mod, Module):
                raise AttributeError("`" + item + "` is not an nn.Module")
        return mod

    def get_submodule(self, target):
        return self._walk(target, 'module')

    def get_parameter(self, target):
        module_path, _, param_name = target.rpartition('.')
        mod = self.get_submodule(module_path)
        if not hasattr(mod, param_name):
            raise AttributeError(mod._get_name() + " has no attribute `" + param_name + "`")
        param = getattr(mod, param_name)
        if not isinstance(param, Parameter):
            raise AttributeError("`" + param_name + "` is not an nn.Parameter")
        return param

    def get_buffer(self, target):
        module_path, _, buffer_name = target.rpartition('.')
        mod = self.get_submodule(module_path)
        if not hasattr(mod, buffer_name):
            raise AttributeError(mod._get_name() + " has no attribute `" + buffer_name + "`")
        buffer = getattr(mod, buffer_name)
        if buffer_name not in mod._buffers:
            raise AttributeError("`" + buffer_name + "` is not a buffer")
        return buffer

    def get_extra_state(self):
        raise RuntimeError(
            "Reached a code path in Module.get_extra_state() that should never be called. "
            "Please file an issue at https://github.com/pytorch/pytorch/issues/new?template=bug-report.yml "
            "to report this bug.")

    def set_extra_state(self, state):
        raise RuntimeError(
            "Reached a code path in Module.set_extra_state() that should never be called. "
            "Please file an issue at https://github.com/pytorch/pytorch/issues/new?template=bug-report.yml "
            "to report this bug.")

    # ---- conversion --------------------------------------------------------------------
    def _apply(self, fn):
        for module in self.children():
            module._apply(fn)
        for key, param in self._parameters.items():
            if param is None:
                continue
            with torch.no_grad():
                param_applied = fn(param)
            # PyTorch changes a parameter in place through .data when the type allows it, so
            # an optimizer built before model.double() still holds the module's parameters.
            param.data = param_applied
            if param.grad is not None:
                with torch.no_grad():
                    grad_applied = fn(param.grad)
                param.grad.data = grad_applied
        for key, buf in self._buffers.items():
            if buf is not None:
                self._buffers[key] = fn(buf)
        return self

    def apply(self, fn):
        for module in self.children():
            module.apply(fn)
        fn(self)
        return self

    def ipu(self, device=None):
        return self._apply(lambda t: t.ipu(device))

    def xpu(self, device=None):
        return self._apply(lambda t: t.xpu(device))

    def to_empty(self, *, device):
        return self._apply(lambda t: torch.empty_like(t, device=device))

    def cpu(self):
        return self._apply(lambda t: t.cpu())

    def cuda(self, device=None):
        return self._apply(lambda t: t.cuda(device))

    def type(self, dst_type):
        return self._apply(lambda t: t.type(dst_type))

    def float(self):
        return self._apply(lambda t: t.float() if t.is_floating_point() else t)

    def double(self):
        return self._apply(lambda t: t.double() if t.is_floating_point() else t)

    def half(self):
        return self._apply(lambda t: t.half() if t.is_floating_point() else t)

    def bfloat16(self):
        return self._apply(lambda t: t.bfloat16() if t.is_floating_point() else t)

    def to(self, *args, **kwargs):
        device, dtype = None, None
        for a in list(args) + [kwargs.get('device'), kwargs.get('dtype'), kwargs.get('tensor')]:
            if a is None:
                continue
            if isinstance(a, torch.dtype):
                dtype = a
            elif isinstance(a, torch.Tensor):
                device, dtype = a.device, a.dtype
            elif isinstance(a, (str, torch.device, int)):
                device = a
        unknown = set(kwargs) - {'device', 'dtype', 'tensor', 'non_blocking', 'memory_format'}
        if unknown:
            raise TypeError("to() received an invalid combination of arguments - got unexpected keyword "
                            "argument '{}'".format(sorted(unknown)[0]))
        if dtype is not None and not (dtype.is_floating_point or dtype.is_complex):
            raise TypeError('nn.Module.to only accepts floating point or complex '
                            'dtypes, but got desired dtype={}'.format(dtype))

        def convert(t):
            if dtype is not None and (t.is_floating_point() or t.is_complex()):
                t = t.to(dtype)
            if device is not None:
                t = t.to(device)
            return t
        return self._apply(convert)

    def share_memory(self):
        return self

    # ---- hooks and calling -------------------------------------------------------------
    def register_forward_pre_hook(self, hook):
        handle = _RemovableHandle(self._forward_pre_hooks)
        self._forward_pre_hooks[handle.id] = hook
        return handle

    def register_forward_hook(self, hook):
        handle = _RemovableHandle(self._forward_hooks)
        self._forward_hooks[handle.id] = hook
        return handle

    def register_backward_hook(self, hook):
        if self._is_full_backward_hook is True:
            raise RuntimeError("Cannot use both regular backward hooks and full backward hooks on a "
                               "single Module. Please use only one of them.")
        self._is_full_backward_hook = False
        handle = _RemovableHandle(self._backward_hooks)
        self._backward_hooks[handle.id] = hook
        return handle

    def register_full_backward_hook(self, hook):
        if self._is_full_backward_hook is False:
            raise RuntimeError("Cannot use both regular backward hooks and full backward hooks on a "
                               "single Module. Please use only one of them.")
        self._is_full_backward_hook = True
        handle = _RemovableHandle(self._backward_hooks)
        self._backward_hooks[handle.id] = hook
        return handle

    def _call_impl(self, *input, **kwargs):
        forward_call = self.forward
        if not (self._backward_hooks or self._forward_hooks or self._forward_pre_hooks
                or _global_backward_hooks or _global_forward_hooks or _global_forward_pre_hooks):
            return forward_call(*input, **kwargs)
        for hook in (*_global_forward_pre_hooks.values(), *self._forward_pre_hooks.values()):
            result = hook(self, input)
            if result is not None:
                if not isinstance(result, tuple):
                    result = (result,)
                input = result
        full_hooks = []
        if self._is_full_backward_hook or (_global_backward_hooks and self._is_full_backward_hook is not False):
            full_hooks = [*_global_backward_hooks.values(), *self._backward_hooks.values()]
        if full_hooks:
            input = _BackwardHook(self, full_hooks).wrap(input, lambda inp: forward_call(*inp, **kwargs),
                                                          self._forward_hooks_after)
            return input
        result = forward_call(*input, **kwargs)
        result = self._forward_hooks_after(input, result)
        if self._backward_hooks and self._is_full_backward_hook is False:
            var = result
            while not isinstance(var, torch.Tensor):
                if isinstance(var, dict):
                    var = next(v for v in var.values() if isinstance(v, torch.Tensor))
                else:
                    var = var[0]
            grad_fn = var.grad_fn
            if grad_fn is not None:
                for hook in self._backward_hooks.values():
                    grad_fn.register_hook(_WrappedHook(hook, self))
        return result

    def _forward_hooks_after(self, input, result):
        for hook in (*_global_forward_hooks.values(), *self._forward_hooks.values()):
            hook_result = hook(self, input, result)
            if hook_result is not None:
                result = hook_result
        return result

    __call__ = _call_impl

    # ---- attributes --------------------------------------------------------------------
    def __getattr__(self, name):
        d = self.__dict__
        if '_parameters' in d:
            if name in d['_parameters']:
                return d['_parameters'][name]
        if '_buffers' in d:
            if name in d['_buffers']:
                return d['_buffers'][name]
        if '_modules' in d:
            if name in d['_modules']:
                return d['_modules'][name]
        raise AttributeError("'{}' object has no attribute '{}'".format(type(self).__name__, name))

    def __setattr__(self, name, value):
        def remove_from(*dicts_or_sets):
            for d in dicts_or_sets:
                if name in d:
                    if isinstance(d, dict):
                        del d[name]
                    else:
                        d.discard(name)

        params = self.__dict__.get('_parameters')
        if isinstance(value, Parameter):
            if params is None:
                raise AttributeError("cannot assign parameters before Module.__init__() call")
            remove_from(self.__dict__, self._buffers, self._modules, self._non_persistent_buffers_set)
            self.register_parameter(name, value)
        elif params is not None and name in params:
            if value is not None:
                raise TypeError("cannot assign '{}' as parameter '{}' (torch.nn.Parameter or None expected)"
                                .format(typename(value), name))
            self.register_parameter(name, value)
        else:
            modules = self.__dict__.get('_modules')
            if isinstance(value, Module):
                if modules is None:
                    raise AttributeError("cannot assign module before Module.__init__() call")
                remove_from(self.__dict__, self._parameters, self._buffers, self._non_persistent_buffers_set)
                modules[name] = value
            elif modules is not None and name in modules:
                if value is not None:
                    raise TypeError("cannot assign '{}' as child module '{}' (torch.nn.Module or None expected)"
                                    .format(typename(value), name))
                modules[name] = value
            else:
                buffers = self.__dict__.get('_buffers')
                if buffers is not None and name in buffers:
                    if value is not None and not isinstance(value, torch.Tensor):
                        raise TypeError("cannot assign '{}' as buffer '{}' (torch.Tensor or None expected)"
                                        .format(typename(value), name))
                    buffers[name] = value
                else:
                    object.__setattr__(self, name, value)

    def __delattr__(self, name):
        if name in self._parameters:
            del self._parameters[name]
        elif name in self._buffers:
            del self._buffers[name]
            self._non_persistent_buffers_set.discard(name)
        elif name in self._modules:
            del self._modules[name]
        else:
            object.__delattr__(self, name)

    def __setstate__(self, state):
        self.__dict__.update(state)

    def __dir__(self):
        keys = (dir(self.__class__) + list(self.__dict__.keys()) + list(self._parameters.keys())
                + list(self._modules.keys()) + list(self._buffers.keys()))
        return sorted(key for key in keys if not key[0].isdigit())

    # ---- state_dict --------------------------------------------------------------------
    def _register_state_dict_hook(self, hook):
        handle = _RemovableHandle(self._state_dict_hooks)
        self._state_dict_hooks[handle.id] = hook
        return handle

    def _register_load_state_dict_pre_hook(self, hook, with_module=False):
        handle = _RemovableHandle(self._load_state_dict_pre_hooks)
        self._load_state_dict_pre_hooks[handle.id] = _WrappedHook(hook, self if with_module else None)
        return handle

    def register_load_state_dict_post_hook(self, hook):
        handle = _RemovableHandle(self._load_state_dict_post_hooks)
        self._load_state_dict_post_hooks[handle.id] = hook
        return handle

    def _save_to_state_dict(self, destination, prefix, keep_vars):
        for name, param in self._parameters.items():
            if param is not None:
                destination[prefix + name] = param if keep_vars else param.detach()
        for name, buf in self._buffers.items():
            if buf is not None and name not in self._non_persistent_buffers_set:
                destination[prefix + name] = buf if keep_vars else buf.detach()
        if getattr(self.__class__, 'get_extra_state', Module.get_extra_state) is not Module.get_extra_state:
            destination[prefix + _EXTRA_STATE_KEY_SUFFIX] = self.get_extra_state()

    def state_dict(self, *args, destination=None, prefix='', keep_vars=False):
        if len(args) > 0:
            if destination is None:
                destination = args[0]
            if len(args) > 1 and prefix == '':
                prefix = args[1]
            if len(args) > 2 and keep_vars is False:
                keep_vars = args[2]
            warnings.warn(
                "Positional args are being deprecated, use kwargs instead. Refer to "
                "https://pytorch.org/docs/master/generated/torch.nn.Module.html#torch.nn.Module.state_dict"
                " for details.")
        if destination is None:
            destination = _StateDict()
            destination._metadata = OrderedDict()
        local_metadata = dict(version=self._version)
        if hasattr(destination, '_metadata'):
            destination._metadata[prefix[:-1]] = local_metadata
        self._save_to_state_dict(destination, prefix, keep_vars)
        for name, module in self._modules.items():
            if module is not None:
                module.state_dict(destination=destination, prefix=prefix + name + '.', keep_vars=keep_vars)
        for hook in self._state_dict_hooks.values():
            hook_result = hook(self, destination, prefix, local_metadata)
            if hook_result is not None:
                destination = hook_result
        return destination

    def _load_from_state_dict(self, state_dict, prefix, local_metadata, strict,
                              missing_keys, unexpected_keys, error_msgs):
        for hook in self._load_state_dict_pre_hooks.values():
            hook(state_dict, prefix, local_metadata, strict, missing_keys, unexpected_keys, error_msgs)
        persistent_buffers = {k: v for k, v in self._buffers.items() if k not in self._non_persistent_buffers_set}
        local_state = {k: v for k, v in itertools.chain(self._parameters.items(), persistent_buffers.items())
                       if v is not None}
        for name, param in local_state.items():
            key = prefix + name
            if key in state_dict:
                input_param = state_dict[key]
                if not isinstance(input_param, torch.Tensor):
                    error_msgs.append('While copying the parameter named "{}", expected torch.Tensor or '
                                      'Tensor-like object from checkpoint but received {}'
                                      .format(key, type(input_param)))
                    continue
                if len(param.shape) == 0 and len(input_param.shape) == 1:
                    input_param = input_param[0]
                if input_param.shape != param.shape:
                    error_msgs.append('size mismatch for {}: copying a param with shape {} from checkpoint, '
                                      'the shape in current model is {}.'
                                      .format(key, input_param.shape, param.shape))
                    continue
                try:
                    with torch.no_grad():
                        param.copy_(input_param)
                except Exception as ex:
                    error_msgs.append('While copying the parameter named "{}", whose dimensions in the model are '
                                      '{} and whose dimensions in the checkpoint are {}, an exception occurred : {}.'
                                      .format(key, param.size(), input_param.size(), ex.args))
            elif strict:
                missing_keys.append(key)
        extra_state_key = prefix + _EXTRA_STATE_KEY_SUFFIX
        if getattr(self.__class__, 'set_extra_state', Module.set_extra_state) is not Module.set_extra_state:
            if extra_state_key in state_dict:
                self.set_extra_state(state_dict[extra_state_key])
            elif strict:
                missing_keys.append(extra_state_key)
        elif strict and (extra_state_key in state_dict):
            unexpected_keys.append(extra_state_key)
        if strict:
            for key in state_dict.keys():
                if key.startswith(prefix) and key != extra_state_key:
                    input_name = key[len(prefix):].split('.', 1)[0]
                    if input_name not in self._modules and input_name not in local_state:
                        unexpected_keys.append(key)

    def load_state_dict(self, state_dict, strict=True):
        from collections.abc import Mapping
        if not isinstance(state_dict, Mapping):
            raise TypeError("Expected state_dict to be dict-like, got {}.".format(type(state_dict)))
        missing_keys, unexpected_keys, error_msgs = [], [], []
        metadata = getattr(state_dict, '_metadata', None)
        state_dict = OrderedDict(state_dict)
        if metadata is not None:
            state_dict._metadata = metadata

        def load(module, local_state_dict, prefix=''):
            local_metadata = {} if metadata is None else metadata.get(prefix[:-1], {})
            module._load_from_state_dict(local_state_dict, prefix, local_metadata, True,
                                         missing_keys, unexpected_keys, error_msgs)
            for name, child in module._modules.items():
                if child is not None:
                    child_prefix = prefix + name + '.'
                    child_state_dict = {k: v for k, v in local_state_dict.items() if k.startswith(child_prefix)}
                    load(child, child_state_dict, child_prefix)
            incompatible_keys = _IncompatibleKeys(missing_keys, unexpected_keys)
            for hook in module._load_state_dict_post_hooks.values():
                out = hook(module, incompatible_keys)
                assert out is None, (
                    "Hooks registered with ``register_load_state_dict_post_hook`` are not"
                    "expected to return new values, if incompatible_keys need to be modified,"
                    "it should be done inplace.")

        load(self, state_dict)
        del load
        if strict:
            if len(unexpected_keys) > 0:
                error_msgs.insert(0, 'Unexpected key(s) in state_dict: {}. '.format(
                    ', '.join('"{}"'.format(k) for k in unexpected_keys)))
            if len(missing_keys) > 0:
                error_msgs.insert(0, 'Missing key(s) in state_dict: {}. '.format(
                    ', '.join('"{}"'.format(k) for k in missing_keys)))
        if len(error_msgs) > 0:
            raise RuntimeError('Error(s) in loading state_dict for {}:\n\t{}'.format(
                self.__class__.__name__, "\n\t".join(error_msgs)))
        return _IncompatibleKeys(missing_keys, unexpected_keys)

    # ---- traversals --------------------------------------------------------------------
    def _named_members(self, get_members_fn, prefix='', recurse=True):
        memo = set()  # ids: a tensor's __eq__ is elementwise, so identity is the key
        modules = self.named_modules(prefix=prefix) if recurse else [(prefix, self)]
        for module_prefix, module in modules:
            for k, v in get_members_fn(module):
                if v is None or id(v) in memo:
                    continue
                memo.add(id(v))
                yield module_prefix + ('.' if module_prefix else '') + k, v

    def parameters(self, recurse=True):
        for _, param in self.named_parameters(recurse=recurse):
            yield param

    def named_parameters(self, prefix='', recurse=True):
        yield from self._named_members(lambda module: module._parameters.items(), prefix=prefix, recurse=recurse)

    def buffers(self, recurse=True):
        for _, buf in self.named_buffers(recurse=recurse):
            yield buf

    def named_buffers(self, prefix='', recurse=True):
        yield from self._named_members(lambda module: module._buffers.items(), prefix=prefix, recurse=recurse)

    def children(self):
        for _, module in self.named_children():
            yield module

    def named_children(self):
        memo = set()
        for name, module in self._modules.items():
            if module is not None and id(module) not in memo:
                memo.add(id(module))
                yield name, module

    def modules(self):
        for _, module in self.named_modules():
            yield module

    def named_modules(self, memo=None, prefix='', remove_duplicate=True):
        if memo is None:
            memo = set()
        if self not in memo:
            if remove_duplicate:
                memo.add(self)
            yield prefix, self
            for name, module in self._modules.items():
                if module is None:
                    continue
                submodule_prefix = prefix + ('.' if prefix else '') + name
                yield from module.named_modules(memo, submodule_prefix, remove_duplicate)

    # ---- modes and gradients -----------------------------------------------------------
    def train(self, mode=True):
        if not isinstance(mode, bool):
            raise ValueError("training mode is expected to be boolean")
        self.training = mode
        for module in self.children():
            module.train(mode)
        return self

    def eval(self):
        return self.train(False)

    def requires_grad_(self, requires_grad=True):
        for p in self.parameters():
            p.requires_grad_(requires_grad)
        return self

    def zero_grad(self, set_to_none=False):
        if not set_to_none:
            return _zero_grads(list(self.parameters()))
        for p in self.parameters():
            if p.grad is not None:
                if set_to_none:
                    p.grad = None
                else:
                    if p.grad.grad_fn is not None:
                        p.grad.detach_()
                    else:
                        p.grad.requires_grad_(False)
                    p.grad.zero_()

    # ---- printing ----------------------------------------------------------------------
    def _get_name(self):
        return self.__class__.__name__

    def extra_repr(self):
        return ''

    def __repr__(self):
        extra_lines = []
        extra_repr = self.extra_repr()
        if extra_repr:
            extra_lines = extra_repr.split('\n')
        child_lines = []
        for key, module in self._modules.items():
            mod_str = _addindent(repr(module), 2)
            child_lines.append('(' + key + '): ' + mod_str)
        lines = extra_lines + child_lines
        main_str = self._get_name() + '('
        if lines:
            if len(extra_lines) == 1 and not child_lines:
                main_str += extra_lines[0]
            else:
                main_str += '\n  ' + '\n  '.join(lines) + '\n'
        return main_str + ')'


class _WrappedHook:
    def __init__(self, hook, module=None):
        self.hook = hook
        self.with_module = module is not None
        if self.with_module:
            self.module = weakref.ref(module)

    def __call__(self, *args, **kwargs):
        if self.with_module:
            module = self.module()
            if module is None:
                raise RuntimeError("You are trying to call the hook of a dead Module!")
            return self.hook(module, *args, **kwargs)
        return self.hook(*args, **kwargs)


class _BackwardHook:
    """Full backward hooks: the module's forward runs on identity-copies of its tensor inputs
    and its tensor outputs pass through one more identity, both recorded by an
    autograd.Function, so that the user hook sees (grad_input, grad_output) once both are
    known and may replace grad_input, as torch.utils.hooks.BackwardHook arranges."""

    def __init__(self, module, user_hooks):
        self.module = module
        self.user_hooks = user_hooks
        self.grad_outputs = None

    def wrap(self, input, run, after):
        hook = self
        tensor_idx = [i for i, a in enumerate(input) if isinstance(a, torch.Tensor) and a.requires_grad]
        n_in = len(input)

        class _InputIdentity(torch.autograd.Function):
            @staticmethod
            def forward(ctx, *ts):
                return tuple(t.view_as(t) for t in ts)

            @staticmethod
            def backward(ctx, *grads):
                grad_inputs = [None] * n_in
                for j, i in enumerate(tensor_idx):
                    grad_inputs[i] = grads[j]
                grad_inputs = tuple(grad_inputs)
                for h in hook.user_hooks:
                    res = h(hook.module, grad_inputs, hook.grad_outputs)
                    if res is not None:
                        if not isinstance(res, tuple) or len(res) != n_in:
                            raise RuntimeError(
                                "Backward hook returned an invalid number of grad_input, got {}, but expected {}"
                                .format(len(res) if isinstance(res, tuple) else 1, n_in))
                        grad_inputs = res
                return tuple(grad_inputs[i] for i in tensor_idx)

        class _OutputIdentity(torch.autograd.Function):
            @staticmethod
            def forward(ctx, *ts):
                return tuple(t.view_as(t) for t in ts)

            @staticmethod
            def backward(ctx, *grads):
                hook.grad_outputs = grads
                if not tensor_idx:
                    for h in hook.user_hooks:
                        h(hook.module, (None,) * n_in, grads)
                return grads

        new_input = list(input)
        if tensor_idx:
            wrapped = _InputIdentity.apply(*[input[i] for i in tensor_idx])
            if not isinstance(wrapped, tuple):
                wrapped = (wrapped,)
            for j, i in enumerate(tensor_idx):
                new_input[i] = wrapped[j]
        new_input = tuple(new_input)
        result = run(new_input)
        result = after(new_input, result)
        single = isinstance(result, torch.Tensor)
        outs = (result,) if single else result
        if not isinstance(outs, tuple) or not any(isinstance(o, torch.Tensor) and o.requires_grad for o in outs):
            return result
        idx = [i for i, o in enumerate(outs) if isinstance(o, torch.Tensor) and o.requires_grad]
        wrapped = _OutputIdentity.apply(*[outs[i] for i in idx])
        if not isinstance(wrapped, tuple):
            wrapped = (wrapped,)
        outs = list(outs)
        for j, i in enumerate(idx):
            outs[i] = wrapped[j]
        return outs[0] if single else tuple(outs)
