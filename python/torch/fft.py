"""torch.fft: forwarded where the library has it."""
from ._namespace import install as _install

_install(globals(), 'fft')
del _install
