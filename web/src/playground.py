"""The playground's helpers for Python programs (web/src/pyworker.js installs this module and
puts plot, progress and show in builtins): the Python forms of worker.js's JS helpers.

    plot(losses, title='loss')              a line chart; the same id/title updates it
    plot({'train': a, 'test': b})           several named series
    plot.scatter(X, y, boundary=fn)         2-D points by label, fn(grid) -> scores as background
    progress(i, n, 'text')                  a progress bar
    show(t, 'name')                         put t in the Graph and Memory tabs

They exist only in the playground: a program that uses them does not run under PyTorch.
"""
import builtins
import json
import sys

import _playground_js  # registered by pyworker.js: post(kind, json_text)
import torch

_shown = []


def _post(kind, data):
    _playground_js.post(kind, json.dumps(data))


def _numbers(v):
    if isinstance(v, torch.Tensor):
        return [float(x) for x in v.detach().reshape(-1).tolist()]
    if not hasattr(v, '__iter__'):
        raise TypeError('plot(): expected a list, a tuple or a tensor of numbers')
    return [float(x.item() if isinstance(x, torch.Tensor) else x) for x in v]


def _rows(v):
    if isinstance(v, torch.Tensor):
        return [[float(c) for c in r] for r in v.detach().tolist()]
    return [[float(c) for c in (r.tolist() if isinstance(r, torch.Tensor) else r)] for r in v]


def _pad(a):
    lo, hi = min(a), max(a)
    m = (hi - lo) * 0.1 or 1
    return [lo - m, hi + m]


class _Plot:
    def __call__(self, ys, id=None, title='', label='last', xlabel='', ylabel='', logy=False):
        if isinstance(ys, dict):
            series = [{'name': str(k), 'y': _numbers(v)} for k, v in ys.items()]
        else:
            series = [{'name': label, 'y': _numbers(ys)}]
        _post('plot', {'plot': {'kind': 'line', 'id': id or title or 'plot', 'title': title, 'series': series,
                                'xlabel': xlabel, 'ylabel': ylabel, 'logy': bool(logy)}})

    def scatter(self, X, labels=None, boundary=None, title='', id=None, xrange=None, yrange=None, resolution=40):
        pts = _rows(X)
        lab = [0.0] * len(pts) if labels is None else _numbers(labels)
        xr = list(xrange) if xrange else _pad([p[0] for p in pts])
        yr = list(yrange) if yrange else _pad([p[1] for p in pts])
        grid = None
        if boundary is not None:
            g = resolution
            flat = [[xr[0] + (i + 0.5) * (xr[1] - xr[0]) / g, yr[1] - (j + 0.5) * (yr[1] - yr[0]) / g]
                    for j in range(g) for i in range(g)]
            with torch.no_grad():
                values = _numbers(boundary(torch.tensor(flat)))
            grid = {'n': g, 'values': values}
        _post('plot', {'plot': {'kind': 'scatter', 'id': id or title or 'scatter', 'title': title, 'points': pts,
                                'labels': lab, 'xrange': xr, 'yrange': yr, 'grid': grid}})


plot = _Plot()


def progress(value, total, text=''):
    _post('progress', {'value': value, 'total': total, 'text': str(text)})


def show(t, name=None):
    """Puts t (a tensor, a module, or a dict/list of tensors) in the Graph and Memory tabs."""
    if isinstance(t, torch.Tensor):
        _shown.append((name or 'show%d' % (len(_shown) + 1), t))
    else:
        _shown.extend(_expand(name or 'show%d' % (len(_shown) + 1), t))
    return t


def _expand(name, v):
    """[(name, tensor)] of a value bound to a top-level name: tensors, numpy arrays (their
    tensor), modules (their named parameters), short lists/tuples and dicts of tensors."""
    np = sys.modules.get('numpy')
    if isinstance(v, torch.Tensor):
        return [(name, v)]
    if np is not None and isinstance(v, np.ndarray):
        return [(name, v._t)]
    if isinstance(v, torch.nn.Module):
        return [('%s.%s' % (name, p), t) for p, t in v.named_parameters()]
    if isinstance(v, (list, tuple)) and len(v) <= 16:
        return [('%s[%d]' % (name, i), t) for i, t in enumerate(v) if isinstance(t, torch.Tensor)]
    if isinstance(v, dict) and len(v) <= 16:
        return [('%s.%s' % (name, k), t) for k, t in v.items() if isinstance(t, torch.Tensor)]
    return []


def _begin():
    _shown.clear()


def _named():
    """[[name, handle]] for the views: what show() was given, else the top-level names."""
    pairs = list(_shown)
    if not pairs:
        main = sys.modules['__main__'].__dict__
        for k, v in list(main.items()):
            if not k.startswith('_'):
                pairs.extend(_expand(k, v))
    return [[n, t._h] for n, t in pairs[:40]]


builtins.plot = plot
builtins.progress = progress
builtins.show = show
