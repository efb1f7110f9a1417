"""torch.nn.functional: every function of the JS library's torch.nn.functional, forwarded
through the bridge (the maths lives in the core). The channel-wise and alpha dropouts,
which the JS side lacks, are the compositions of modules/dropout.py."""
from .._namespace import install as _install
from .modules.dropout import dropout1d, dropout2d, dropout3d, alpha_dropout, feature_alpha_dropout  # noqa: F401

_install(globals(), 'nn.functional')
del _install
