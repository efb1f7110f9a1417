"""torch.cuda in a CPU-only build: nothing is available, and using it says so."""
from ._device import CUDA_ERROR


def is_available():
    return False


def device_count():
    return 0


def is_initialized():
    return False


def _fail(*args, **kwargs):
    raise AssertionError(CUDA_ERROR)


current_device = set_device = synchronize = get_device_name = get_device_properties = init = _fail
manual_seed = manual_seed_all = seed = seed_all = lambda *a, **k: None  # noqa: E731 (as PyTorch: silently ignored)


def empty_cache():
    pass


def memory_allocated(device=None):
    return 0


def max_memory_allocated(device=None):
    return 0
