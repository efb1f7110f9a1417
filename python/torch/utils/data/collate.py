"""default_collate / default_convert of PyTorch 1.13 (torch/utils/data/_utils/collate.py):
tensors are stacked, Python floats become float64 and ints int64 tensors, strings stay
lists, and mappings, named tuples and sequences are collated field by field."""
import collections.abc
import sys

import torch

__all__ = ['default_collate', 'default_convert']

default_collate_err_msg_format = (
    "default_collate: batch must contain tensors, numpy arrays, numbers, dicts or lists; found {}")


def _numpy():
    """numpy only if the program imported it (the browser has only tensorpad's subset)."""
    return sys.modules.get('numpy')


def default_convert(data):
    np = _numpy()
    elem_type = type(data)
    if isinstance(data, torch.Tensor):
        return data
    if np is not None and hasattr(np, 'ndarray') and isinstance(data, np.ndarray):
        return torch.as_tensor(data)
    if isinstance(data, collections.abc.Mapping):
        try:
            return elem_type({key: default_convert(data[key]) for key in data})
        except TypeError:
            return {key: default_convert(data[key]) for key in data}
    if isinstance(data, tuple) and hasattr(data, '_fields'):
        return elem_type(*(default_convert(d) for d in data))
    if isinstance(data, tuple):
        return [default_convert(d) for d in data]
    if isinstance(data, collections.abc.Sequence) and not isinstance(data, (str, bytes)):
        try:
            return elem_type([default_convert(d) for d in data])
        except TypeError:
            return [default_convert(d) for d in data]
    return data


def default_collate(batch):
    elem = batch[0]
    elem_type = type(elem)
    np = _numpy()
    if isinstance(elem, torch.Tensor):
        return torch.stack(batch, 0)
    if np is not None and hasattr(np, 'ndarray') and isinstance(elem, np.ndarray):
        return default_collate([torch.as_tensor(b) for b in batch])
    if isinstance(elem, float):
        return torch.tensor(batch, dtype=torch.float64)
    if isinstance(elem, int):
        return torch.tensor(batch)
    if isinstance(elem, (str, bytes)):
        return batch
    if isinstance(elem, collections.abc.Mapping):
        try:
            return elem_type({key: default_collate([d[key] for d in batch]) for key in elem})
        except TypeError:
            return {key: default_collate([d[key] for d in batch]) for key in elem}
    if isinstance(elem, tuple) and hasattr(elem, '_fields'):
        return elem_type(*(default_collate(samples) for samples in zip(*batch)))
    if isinstance(elem, collections.abc.Sequence):
        it = iter(batch)
        elem_size = len(next(it))
        if not all(len(e) == elem_size for e in it):
            raise RuntimeError('each element in list of batch should be of equal size')
        transposed = list(zip(*batch))
        if isinstance(elem, tuple):
            return [default_collate(samples) for samples in transposed]
        try:
            return elem_type([default_collate(samples) for samples in transposed])
        except TypeError:
            return [default_collate(samples) for samples in transposed]
    raise TypeError(default_collate_err_msg_format.format(elem_type))
