"""Runs user code for js/python.js: one persistent __main__, Python tracebacks without the
runner's and the bridge's own frames, and reset() to a fresh process's state."""
import js  # noqa: F401  (Pyodide's module, imported before a folder named js/ can shadow it)
import pyodide.ffi  # noqa: F401
import linecache
import os
import sys
import types
import warnings

_PKG = os.path.dirname(os.path.abspath(__file__))
_INTERNAL = (os.path.join(_PKG, '_tensorpad_runner.py'), os.path.join(_PKG, 'torch', '_'))
_main = sys.modules['__main__']
_base_modules = set()
_base_filters = []


def setup(cwd, argv):
    sys.argv[:] = list(argv)
    if cwd:
        os.chdir(cwd)
    # a script's own folder comes first on sys.path, as `python FILE.py` has it
    if argv and argv[0] not in ('', '-c', '-'):
        sys.path.insert(0, os.path.dirname(os.path.abspath(argv[0])))
    elif cwd:
        sys.path.insert(0, cwd)
    _base_modules.update(sys.modules)
    _base_filters[:] = warnings.filters[:]
    _fresh_main()


def _fresh_main():
    d = _main.__dict__
    keep = {'__builtins__': d.get('__builtins__', __builtins__)}
    d.clear()
    d.update(keep)
    d.update({'__name__': '__main__', '__doc__': None, '__package__': None, '__spec__': None,
              '__loader__': None})


def _internal(filename):
    return filename.startswith(_INTERNAL) or filename == '<frozen runpy>'


def _strip(tb):
    """The traceback without the runner's and the bridge's frames."""
    frames = []
    while tb is not None:
        if not _internal(tb.tb_frame.f_code.co_filename):
            frames.append(tb)
        tb = tb.tb_next
    new = None
    for t in reversed(frames):
        new = types.TracebackType(new, t.tb_frame, t.tb_lasti, t.tb_lineno)
    return new


def _clean(e, seen):
    if e is None or id(e) in seen:
        return
    seen.add(id(e))
    e.__traceback__ = _strip(e.__traceback__)
    _clean(e.__cause__, seen)
    _clean(e.__context__, seen)


def format_exception(e):
    import traceback
    _clean(e, set())
    return ''.join(traceback.format_exception(type(e), e, e.__traceback__))


def run(code, filename):
    """Runs code in __main__; None, or [type name, message, traceback text] after an error."""
    if not filename.startswith('<'):
        if not os.path.exists(filename):
            linecache.cache[filename] = (len(code), None, code.splitlines(True), filename)
        _main.__dict__['__file__'] = filename
    try:
        compiled = compile(code, filename, 'exec')
        exec(compiled, _main.__dict__)
    except SystemExit as e:
        c = e.code
        if c is None:
            return None
        if isinstance(c, int):
            return ['SystemExit', str(c), '']
        return ['SystemExit', '1', str(c) + '\n']
    except BaseException as e:  # noqa: B902 - every exception goes back to JS as data
        return [type(e).__name__, str(e), format_exception(e)]
    finally:
        t = sys.modules.get('torch._tensor')
        if t is not None:
            t._flush()
        sys.stdout.flush()
        sys.stderr.flush()
    return None


def reset():
    for name in list(sys.modules):
        if name not in _base_modules:
            f = getattr(sys.modules[name], '__file__', None) or ''
            if not f.startswith('/lib/'):
                del sys.modules[name]
    _fresh_main()
    torch = sys.modules.get('torch')
    if torch is not None:
        torch._reset_state()
    warnings.filters[:] = _base_filters
    warnings._filters_mutated()
