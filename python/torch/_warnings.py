"""The library's warnings through Python's warnings module, pointing at the user's code."""
import os as _os
import warnings as _warnings

_TORCH_DIR = _os.path.dirname(__file__) + _os.sep
_CATEGORIES = {'UserWarning': UserWarning, 'DeprecationWarning': DeprecationWarning,
               'FutureWarning': FutureWarning, 'RuntimeWarning': RuntimeWarning}


def warn(message, category=UserWarning):
    _warnings.warn(message, category, skip_file_prefixes=(_TORCH_DIR,))


def _sink(category, message, once):
    warn(message, _CATEGORIES.get(category, UserWarning))
