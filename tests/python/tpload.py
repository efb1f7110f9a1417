"""Loads tensorpad's pure-Python torch.nn / torch.optim / torch.utils.data (python/torch/...)
under other names (tpnn, tpoptim, tpdata) so that they run on REAL PyTorch: their
`import torch` is PyTorch itself, and they can be compared with torch.nn & co. line by line.
Used by nn_parity.py (a dev check: it needs /usr/bin/python3 with python3-torch)."""
import importlib.util
import os
import sys

import torch
import torch.nn.functional

ROOT = os.path.join(os.path.dirname(os.path.abspath(__file__)), '..', '..', 'python', 'torch')


def _load_package(name, path, pre=None):
    spec = importlib.util.spec_from_file_location(name, os.path.join(path, '__init__.py'),
                                                  submodule_search_locations=[path])
    mod = importlib.util.module_from_spec(spec)
    sys.modules[name] = mod
    for k, v in (pre or {}).items():
        sys.modules[name + '.' + k] = v
    spec.loader.exec_module(mod)
    return mod


# nn's own functional is pycore's (it forwards to the JS library); here it is PyTorch's. So is
# Parameter: under PyTorch a foreign Tensor subclass prints as "ClassName(...)", and a
# Parameter's printed form is the core's Tensor repr anyway (pycore's part).
import torch.nn.parameter
tpnn = _load_package('tpnn', os.path.join(ROOT, 'nn'),
                     {'functional': torch.nn.functional, 'parameter': torch.nn.parameter})
tpoptim = _load_package('tpoptim', os.path.join(ROOT, 'optim')) if os.path.exists(os.path.join(ROOT, 'optim', '__init__.py')) else None
tpdata = _load_package('tpdata', os.path.join(ROOT, 'utils', 'data')) if os.path.exists(os.path.join(ROOT, 'utils', 'data', '__init__.py')) else None
