"""torch.set_printoptions / get_printoptions (the formatting itself is the core's)."""
from ._bridge import call


def set_printoptions(precision=None, threshold=None, edgeitems=None, linewidth=None, profile=None, sci_mode=None):
    opts = {k: v for k, v in (('precision', precision), ('threshold', threshold), ('edgeitems', edgeitems),
                              ('linewidth', linewidth), ('profile', profile)) if v is not None}
    opts['sci_mode'] = sci_mode
    call('set_printoptions', -1, (opts,), None)


def get_printoptions():
    r = call('get_printoptions', -1, (), None)
    return r
