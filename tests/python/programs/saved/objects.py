"""The objects the torch.save round-trip programs save, for PyTorch 1.13 and tensorpad's
Python mode alike (plain torch API, seeded): tests/fixtures/gen_pickles.py saves them with
PyTorch as pytorch_NAME.pt, tests/python/write_saved.mjs with tensorpad as
tensorpad_NAME.pt; serialization_from_pytorch.py and serialization_from_tensorpad.py load
those files and print what they hold (describe) and whether it equals these objects made
afresh (same)."""
import collections

import torch


def tensors():
    x = torch.arange(12, dtype=torch.float32).reshape(3, 4)
    return {'x': x, 'col': x[:, 1], 't': x.t(), 'tail': x[2], 'step': x[::2, 1::2],
            'f64': torch.tensor([0.1, -2.5, 1e300], dtype=torch.float64),
            'i32': torch.tensor([-3, 0, 2147483647], dtype=torch.int32),
            'i64': torch.tensor([-2 ** 53, 1, 2 ** 62]), 'b': torch.tensor([True, False]),
            'zero_d': torch.tensor(3.5), 'empty': torch.zeros(0, 3),
            'grad': torch.tensor([1.5, 2.5], requires_grad=True),
            'nan': torch.tensor([float('nan'), float('inf'), -0.0])}


def _trained():
    torch.manual_seed(0)
    model = torch.nn.Sequential(torch.nn.Linear(3, 4), torch.nn.ReLU(), torch.nn.Linear(4, 2))
    sgd = torch.optim.SGD(model.parameters(), lr=0.1, momentum=0.9)
    x = torch.linspace(-1, 1, 15).reshape(5, 3)
    model(x).sum().backward()
    sgd.step()
    return model, sgd


def state_dict():
    return _trained()[0].state_dict()


def sgd_state():
    return _trained()[1].state_dict()


def parameters():
    return list(_trained()[0].parameters())


def containers():
    x = torch.ones(2, 3)
    return {'list': [1, 2.5, 'a', True, None, -7, 2 ** 40, -2 ** 31, 1.0, -0.0],
            'tuple': (1, (2, 3), []), 'int_keys': {1: 'one', 2: torch.zeros(1, dtype=torch.int64)},
            'ordered': collections.OrderedDict([('b', 1), ('a', 2.0)]),
            'size': torch.Size([2, 3]), 'big': 2 ** 70, 'neg_big': -2 ** 64, 'dtype': torch.float64,
            'param': torch.nn.Parameter(torch.tensor([1.0, 2.5])), 'twice': [x, x, x[0]]}


OBJECTS = {'tensors': tensors, 'state_dict': state_dict, 'sgd_state': sgd_state,
           'parameters': parameters, 'containers': containers}


def describe(v, storages, indent=''):
    """Every fact about v that loading must keep, one line per item (values as repr with
    torch.set_printoptions(precision=8), which the programs set)."""
    if isinstance(v, torch.Tensor):
        base = v.data_ptr() - v.storage_offset() * v.element_size() if v.numel() else ('empty', id(v))
        s = storages.setdefault(base, len(storages))
        kind = 'Parameter' if isinstance(v, torch.nn.Parameter) else 'Tensor'
        return (f'{kind} {v.dtype} shape={list(v.shape)} stride={list(v.stride())} offset={v.storage_offset()} '
                f'storage#{s} requires_grad={v.requires_grad} is_leaf={v.is_leaf}\n{indent}  '
                + repr(v.detach()).replace('\n', '\n' + indent + '  '))
    if isinstance(v, dict):
        head = type(v).__name__ + (f' _metadata={dict(v._metadata)!r}' if hasattr(v, '_metadata') else '')
        return head + ''.join(f'\n{indent}  {k!r}: {describe(x, storages, indent + "  ")}' for k, x in v.items())
    if isinstance(v, (list, tuple)) and not isinstance(v, torch.Size):
        return type(v).__name__ + ''.join(f'\n{indent}  - {describe(x, storages, indent + "  ")}' for x in v)
    return f'{type(v).__name__} {v!r}'


def same(a, b):
    """a and b hold equal values of the same kinds (tensors: dtype, shape, close values)."""
    if isinstance(a, torch.Tensor):
        return (type(a) is type(b) and a.dtype == b.dtype and a.shape == b.shape and a.requires_grad == b.requires_grad
                and (a.dtype == torch.bool or torch.allclose(a.detach().double(), b.detach().double(), equal_nan=True,
                                                             rtol=1e-6, atol=1e-7)))
    if isinstance(a, dict):
        return (isinstance(b, dict) and isinstance(a, collections.OrderedDict) == isinstance(b, collections.OrderedDict)
                and list(a) == list(b) and all(same(a[k], b[k]) for k in a))
    if isinstance(a, (list, tuple)):
        return type(a) is type(b) and len(a) == len(b) and all(same(x, y) for x, y in zip(a, b))
    return type(a) is type(b) and (a == b or a != a and b != b)
