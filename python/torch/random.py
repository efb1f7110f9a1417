"""torch.random: the default generator's seed and state."""
import contextlib
from ._generator import manual_seed, seed, initial_seed, get_rng_state, set_rng_state, default_generator  # noqa: F401


@contextlib.contextmanager
def fork_rng(devices=None, enabled=True, _caller='fork_rng', _devices_kw='devices'):
    if not enabled:
        yield
        return
    state = get_rng_state()
    try:
        yield
    finally:
        set_rng_state(state)
