"""torch._C: the few names of PyTorch's extension module that Python code refers to."""


class _LinAlgError(RuntimeError):
    """torch.linalg.LinAlgError: a singular or non-positive-definite input, or no convergence."""


_LinAlgError.__module__ = 'torch._C'


def _disabled_torch_function_impl(func, types, args=(), kwargs=None):
    """Tensor subclasses that set __torch_function__ to this get plain Tensors from ops
    (tensorpad's ops always return plain Tensors)."""
    if kwargs is None:
        kwargs = {}
    return func(*args, **kwargs)


def _get_tracing_state():
    return None


def _log_api_usage_once(*args):
    pass


def _get_default_device():
    return 'cpu'


class _TensorMeta(type):
    pass
