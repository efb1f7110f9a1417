"""torch.save / torch.load in PyTorch 1.13's zip format, through the JS library's own
reader and writer (js/torch/serialization.js: one pickle implementation for both modes).

Python encodes the object for the writer (dicts keep their key kinds and OrderedDicts their
attributes, floats stay floats, Parameters stay Parameters, repeated objects stay one
object) and decodes the reader's tree (see loadTree in js/python_bridge.js); the files are
read and written here, so paths, open(...) files and io.BytesIO work as in PyTorch.
Loading never runs pickled code, with or without weights_only (PyTorch's weights_only=True
list of opcodes and globals); with weights_only=True the errors are PyTorch's own texts.
"""
import os as _os
from collections import OrderedDict as _OrderedDict

from . import _bridge
from ._bridge import to_js as _to_js, _from_entries, jsnull
from ._tensor import Tensor as _Tensor, _wrap
from ._size import Size as _Size
from ._dtype import dtype as _dtype, by_code as _by_code

_B = _bridge.B
DEFAULT_PROTOCOL = 2

# PyTorch 1.13's prefix for weights_only load errors (torch/serialization.py, UNSAFE_MESSAGE)
_UNSAFE_MESSAGE = (
    "Weights only load failed. Re-running `torch.load` with `weights_only` set to `False`"
    " will likely succeed, but it can result in arbitrary code execution."
    "Do it only if you get the file from a trusted source. WeightsUnpickler error: "
)
_CUDA_ERROR = ('Attempting to deserialize object on a CUDA device but torch.cuda.is_available() is False. '
               'If you are running on a CPU-only machine, please use torch.load with '
               "map_location=torch.device('cpu') to map your storages to the CPU.")


def _pickling_error(msg):
    import pickle
    return pickle.PicklingError(msg)


def _encode(obj):
    """obj as the JS writer's tree ({$t}, {$p}, {$f}, {$d}, {$l}, {$u}, {$S}, {$m}, {$r})."""
    from .nn.parameter import Parameter
    index = {}      # id(obj) -> its number, for tensors and containers
    keep = []       # the objects numbered (so that their ids stay theirs)

    def number(v):
        i = index[id(v)] = len(keep)
        keep.append(v)
        return i

    def enc(v):
        t = type(v)
        if v is None or t is bool or t is int or t is str:
            return v
        if t is float:
            return {'$f': v}
        if t is _dtype:
            return {'$d': v._code()}
        i = index.get(id(v))
        if i is not None:
            return {'$r': i}
        if isinstance(v, _Tensor):
            if isinstance(v, Parameter):
                return {'$p': v._h, 'g': v.requires_grad, 'i': number(v)}
            return {'$t': v._h, 'i': number(v)}
        if t is _Size:
            return {'$S': list(v)}
        if t is list:
            i = number(v)
            return {'$l': [enc(x) for x in v], 'i': i}
        if t is tuple:
            i = number(v)
            return {'$u': [enc(x) for x in v], 'i': i}
        if t is dict or isinstance(v, _OrderedDict):
            i = number(v)
            ordered = isinstance(v, _OrderedDict)
            state = vars(v) if ordered and getattr(v, '__dict__', None) else None
            return {'$m': [[enc(k), enc(x)] for k, x in v.items()], 'o': ordered,
                    's': None if state is None else enc(dict(state)), 'i': i}
        if isinstance(v, (int, float, str)) and type(v).__module__ == 'builtins':
            return enc(t.__base__(v))
        raise _pickling_error(
            f"tensorpad cannot save an object of type '{type(v).__module__}.{type(v).__qualname__}': "
            'torch.save here writes tensors, Parameters, numbers, strings, None, dtypes, torch.Size and '
            'lists, tuples, dicts and OrderedDicts of them (save a module or optimizer through its state_dict())')
    return enc(obj)


def _raise_js(weights_only):
    """The error the last bridge call failed with, as PyTorch's torch.load raises it."""
    import pickle
    cls, msg = _B.lastCallError().to_py()[:2]
    prefix = str(_B.WEIGHTS_ONLY)
    if weights_only and (msg.startswith(prefix) or msg.startswith('PytorchStreamReader')):
        # PyTorch wraps every RuntimeError of its weights-only load in this UnpicklingError
        raise pickle.UnpicklingError(_UNSAFE_MESSAGE + msg[len(prefix):] if msg.startswith(prefix)
                                     else _UNSAFE_MESSAGE + msg) from None
    if msg.startswith('PytorchStreamReader'):
        raise RuntimeError(msg) from None
    if cls == 'UnpicklingError':
        raise pickle.UnpicklingError(msg) from None
    _bridge.raise_last()


def save(obj, f, pickle_module=None, pickle_protocol=DEFAULT_PROTOCOL, _use_new_zipfile_serialization=True):
    """Writes obj to f (a path, or a file object with write()) in PyTorch 1.13's zip format."""
    if not _use_new_zipfile_serialization:
        raise RuntimeError('tensorpad writes only the zip file format (_use_new_zipfile_serialization=True)')
    if isinstance(f, (str, _os.PathLike)):
        parent = _os.path.dirname(_os.fspath(f))
        if parent and not _os.path.isdir(parent):
            raise RuntimeError(f'Parent directory {parent} does not exist.')
    tree = _to_js(_encode(obj), dict_converter=_from_entries)
    r = _B.saveTree(tree)
    if r is None:
        _raise_js(False)
    data = r.to_bytes()
    if isinstance(f, (str, _os.PathLike)):
        with open(f, 'wb') as fh:
            fh.write(data)
    else:
        f.write(data)


def _restorer(map_location):
    """storage (a 1-D tensor over it), location -> None; raises where PyTorch (CPU build) would."""
    from ._device import device

    def to(location):
        loc = str(location)
        if loc.startswith('cuda'):
            raise RuntimeError(_CUDA_ERROR)
        if loc.startswith('mps'):
            raise RuntimeError("Attempting to deserialize object on 'mps' device but torch.backends.mps.is_available() "
                               'is False.')
        if loc != 'cpu' and loc != 'meta':
            device(loc)   # PyTorch's message for a name that is no device
            raise RuntimeError(f'tensorpad runs on the CPU only; map_location {loc!r} is not available')

    if map_location is None:
        return lambda storage, location: to(location)
    if isinstance(map_location, dict):
        return lambda storage, location: to(map_location.get(location, location))
    if isinstance(map_location, (str, bytes, device)):
        target = map_location.decode() if isinstance(map_location, bytes) else map_location
        return lambda storage, location: to(target)

    def call(storage, location):
        r = map_location(storage, location)
        if r is None:
            return to(location)
        if r is not storage:
            raise NotImplementedError('tensorpad: a map_location function may return its storage argument or None '
                                      '(tensorpad keeps every storage on the CPU)')
    return call


def _decode(tree):
    """The Python object for loadTree's encoding (js/python_bridge.js)."""
    from .nn.parameter import Parameter
    from .nn.modules.module import _StateDict
    objs = {}

    def dec(r):
        if type(r) is not list:
            return None if r is jsnull else r
        k = r[0]
        if k == 1:
            t = objs[r[2]] = _wrap(r[1])
            return t
        if k == 10:
            p = objs[r[3]] = Parameter(_wrap(r[1]), r[2])
            return p
        if k == 11:
            return float(r[1])
        if k == 14:
            if r[1] not in objs:
                import pickle
                raise pickle.UnpicklingError('tensorpad cannot load a tuple that contains itself')
            return objs[r[1]]
        if k == 9:
            out = objs[r[2]] = []
            out.extend(dec(x) for x in r[1])
            return out
        if k == 3:
            t = objs[r[2]] = tuple(dec(x) for x in r[1])
            return t
        if k == 13:
            d = objs[r[4]] = _StateDict() if r[2] else {}
            items = r[1]
            for i in range(0, len(items), 2):
                d[dec(items[i])] = dec(items[i + 1])
            if r[3] is not None and r[3] is not jsnull:
                state = dec(r[3])
                if isinstance(state, dict):
                    d.__dict__.update(state)
            return d
        if k == 2:
            return _Size(r[1])
        if k == 5:
            return _by_code(r[1])
        raise RuntimeError(f'tensorpad: unknown load result kind {k}')
    return dec(tree)


def load(f, map_location=None, pickle_module=None, *, weights_only=False, **pickle_load_args):
    """Reads what torch.save wrote (PyTorch 1.13's zip format) from a path or a file object."""
    if weights_only and pickle_module is not None:
        raise RuntimeError('Can not safely load weights when expiclit picke_module is specified')
    if isinstance(f, (str, _os.PathLike)):
        with open(f, 'rb') as fh:
            data = fh.read()
    else:
        data = f.read()
    if not data:
        raise EOFError('Ran out of input')
    restore = _restorer(map_location)

    def on_storage(h, location):
        restore(_wrap(h), location)
    r = _B.loadTree(_to_js(bytes(data)), on_storage)
    if r is None:
        _raise_js(weights_only)
    return _decode(r.to_py())
