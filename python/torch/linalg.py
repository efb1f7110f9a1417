"""torch.linalg: every function the library has, forwarded (named tuples come back as
torch.return_types)."""
from ._namespace import install as _install

_install(globals(), 'linalg')
del _install
