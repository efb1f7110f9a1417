"""torch.special: the library's special functions under their torch.special names."""
from . import _namespace
from ._namespace import forwarder as _fw
from . import _bridge

_install = _namespace.install
_install(globals(), 'special')
# torch.special.X is torch.X for the functions PyTorch also has at top level.
_ALIASES = {'expit': 'sigmoid', 'exp2': 'exp2', 'expm1': 'expm1', 'erf': 'erf', 'erfc': 'erfc',
            'erfinv': 'erfinv', 'log1p': 'log1p', 'logit': 'logit', 'xlogy': 'xlogy', 'i0': 'i0', 'sinc': 'sinc',
            'round': 'round', 'digamma': 'digamma', 'psi': 'digamma', 'gammaln': 'lgamma', 'logsumexp': 'logsumexp',
            'softmax': 'softmax', 'log_softmax': 'log_softmax', 'polygamma': 'polygamma', 'multigammaln': 'mvlgamma',
            'xlog1py': 'xlog1py', 'entr': 'entr', 'ndtr': 'ndtr', 'ndtri': 'ndtri', 'log_ndtr': 'log_ndtr',
            'i0e': 'i0e', 'i1': 'i1', 'i1e': 'i1e', 'gammainc': 'igamma', 'gammaincc': 'igammac', 'zeta': 'zeta',
            'bessel_j0': 'bessel_j0', 'bessel_j1': 'bessel_j1', 'erfcx': 'erfcx', 'sinc ': 'sinc'}
_top = set(_bridge.B.namespaceNames('').to_py())
for _k, _v in _ALIASES.items():
    if _k.strip() not in globals() and _v in _top:
        globals()[_k.strip()] = _fw('', _v)
del _k, _v, _top
