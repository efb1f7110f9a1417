"""torch.Generator and the default generator's functions (the draws are the core's, as
PyTorch's CPU generator makes them)."""
from . import _bridge
from ._bridge import call, JsObject

_DEFAULT_SEED = 67280421310721


class Generator:
    __module__ = 'torch._C'
    __slots__ = ('_obj', '_id', 'device', '__weakref__')

    def __init__(self, device='cpu'):
        from ._device import check, cpu
        check(device)
        obj = call('Generator', -1, (), None)
        self._obj = obj
        self._id = obj._js_object_id
        self.device = cpu

    @classmethod
    def _wrap(cls, obj):
        from ._device import cpu
        g = object.__new__(cls)
        g._obj = obj
        g._id = obj._js_object_id
        g.device = cpu
        return g

    def manual_seed(self, seed):
        self._obj.manual_seed(int(seed))
        return self

    def seed(self):
        return int(self._obj.seed())

    def initial_seed(self):
        return int(self._obj.initial_seed())

    def get_state(self):
        return self._obj.get_state()

    def set_state(self, new_state):
        self._obj.set_state(new_state)
        return self

    def __repr__(self):
        return f'<torch._C.Generator object at {id(self):#x}>'


default_generator = Generator._wrap(JsObject(_bridge.B.torch.default_generator))


def manual_seed(seed):
    seed = int(seed)
    call('manual_seed', -1, (seed,), None)
    return default_generator


def seed():
    return int(call('seed', -1, (), None))


def initial_seed():
    return int(call('initial_seed', -1, (), None))


def get_rng_state():
    return call('get_rng_state', -1, (), None)


def set_rng_state(new_state):
    call('set_rng_state', -1, (new_state,), None)

_bridge._Generator = Generator
