# numpy 1.24's printing (arrayprint) for the interop subset: repr and str of arrays and
# scalars, byte for byte. Floats print with their shortest round-trip digits (float32 by
# float32's own shortest form), cut at `precision` digits; a whole array switches to
# scientific notation as numpy decides; arrays past `threshold` elements are summarised.
# Values reach this module as Python lists (tensor.tolist()), never as tensors.

import struct
from decimal import Decimal, ROUND_HALF_EVEN

_options = {'precision': 8, 'threshold': 1000, 'edgeitems': 3, 'linewidth': 75,
            'suppress': False, 'nanstr': 'nan', 'infstr': 'inf', 'sign': '-',
            'floatmode': 'maxprec'}


def _f32(x):
    """x rounded to the nearest float32 (as a Python float)."""
    try:
        return struct.unpack('f', struct.pack('f', x))[0]
    except OverflowError:
        return float('inf') if x > 0 else float('-inf')


def _parse(s):
    """'1.25e-05' -> ('125', -7): the value is int(digits) * 10**exp."""
    mant, _, e = s.partition('e')
    exp = int(e) if e else 0
    ip, _, fp = mant.partition('.')
    digits = (ip + fp).lstrip('0') or '0'
    exp -= len(fp)
    # strip trailing zeros into the exponent
    stripped = digits.rstrip('0')
    if stripped:
        exp += len(digits) - len(stripped)
        digits = stripped
    else:
        digits, exp = '0', 0
    return digits, exp


def shortest(x, is32):
    """Shortest decimal digits that round-trip x (|x|, finite): (digits, exp10)."""
    x = abs(x)
    if x == 0:
        return '0', 0
    if not is32:
        return _parse(repr(x))
    exact = Decimal(x)
    for p in range(1, 10):
        s = '%.*e' % (p - 1, x)
        best = None
        m, _, e = s.partition('e')
        base = int(m.replace('.', ''))
        e10 = int(e) - (p - 1)
        for cand in (base, base - 1, base + 1):
            if cand <= 0:
                continue
            text = '%de%d' % (cand, e10)
            if _f32(float(text)) != x:
                continue
            # the closest round-tripping string; an exact tie goes to the even digit
            key = (abs(Decimal(text) - exact), cand % 2)
            if best is None or key < best[0]:
                best = (key, text)
        if best is not None:
            return _parse(best[1])
    return _parse('%.8e' % x)


def _round_exact(x, quantum_exp):
    """Exact value of |x| rounded (half even) to a multiple of 10**quantum_exp."""
    d = Decimal(abs(x)).quantize(Decimal(1).scaleb(quantum_exp), rounding=ROUND_HALF_EVEN)
    sign, dig, exp = d.as_tuple()
    digits = ''.join(map(str, dig)).lstrip('0') or '0'
    return _parse('%se%d' % (digits, exp))


def positional(x, is32, precision=-1, unique=True, trim='.', min_digits=None,
               pad_left=None, pad_right=None):
    """numpy's format_float_positional (unique mode) for a finite float. As numpy's
    Dragon4 does, digits asked for beyond the shortest ones (min_digits given) are the
    exact value's digits, not zeros: float32 68864128 prints '68864130.' alone but
    '68864128.' in an array."""
    digits, exp = shortest(x, is32)
    if precision >= 0 and -exp > precision:
        digits, exp = _round_exact(x, -precision)
    elif min_digits is not None and min_digits > max(0, -exp) and digits != '0':
        digits, exp = _round_exact(x, -min_digits)
    elif min_digits is not None and exp > 0:
        digits, exp = _parse(str(int(abs(x))))
    min_digits = min_digits or 0
    neg = x < 0 or (x == 0 and struct.pack('>d', x)[0] & 0x80)
    if exp >= 0:
        ip, fp = (digits + '0' * exp) if digits != '0' else '0', ''
    else:
        nfrac = -exp
        padded = digits.rjust(nfrac + 1, '0')
        ip, fp = padded[:-nfrac], padded[-nfrac:]
    if len(fp) < min_digits:
        fp = fp + '0' * (min_digits - len(fp))
    if not fp:
        if trim == '.':
            s = ip + '.'
        elif trim == '0':
            s = ip + '.0'
        elif trim == '-':
            s = ip
        else:
            s = ip + '.'
    else:
        s = ip + '.' + fp
    if neg:
        s = '-' + s
    if pad_left is not None:
        i = s.find('.')
        left = s[:i] if i >= 0 else s
        s = ' ' * (pad_left - len(left)) + s
    if pad_right is not None:
        i = s.find('.')
        right = len(s) - i - 1 if i >= 0 else 0
        s = s + ' ' * (pad_right - right)
    return s


def scientific(x, is32, precision=-1, unique=True, trim='.', min_digits=0,
               pad_left=None, exp_digits=-1):
    """numpy's format_float_scientific (unique mode) for a finite float."""
    digits, exp = shortest(x, is32)
    if x != 0:
        e10 = exp + len(digits) - 1
        exact_e10 = Decimal(abs(x)).adjusted()
        if precision >= 0 and len(digits) - 1 > precision:
            digits, exp = _round_exact(x, exact_e10 - precision)
            e10 = exp + len(digits) - 1
        elif min_digits > len(digits) - 1:
            digits, exp = _round_exact(x, exact_e10 - min_digits)
            e10 = exp + len(digits) - 1
    else:
        e10 = 0
    neg = x < 0 or (x == 0 and struct.pack('>d', x)[0] & 0x80)
    ip, fp = digits[0], digits[1:]
    if len(fp) < min_digits:
        fp = fp + '0' * (min_digits - len(fp))
    if not fp:
        m = ip + ('.' if trim in '.k' else '.0' if trim == '0' else '')
    else:
        m = ip + '.' + fp
    if neg:
        m = '-' + m
    if pad_left is not None:
        i = m.find('.')
        left = m[:i] if i >= 0 else m
        m = ' ' * (pad_left - len(left)) + m
    ed = str(abs(e10)).rjust(max(exp_digits, 2), '0')
    return m + 'e' + ('-' if e10 < 0 else '+') + ed


def _isfinite(v):
    return v == v and v not in (float('inf'), float('-inf'))


class FloatFormat:
    def __init__(self, values, is32, zero_d):
        self.is32 = is32
        precision = _options['precision']
        self.exp_format = False
        finite = [v for v in values if _isfinite(v)]
        nz = [abs(v) for v in finite if v != 0]
        if nz:
            mx, mn = max(nz), min(nz)
            if mx >= 1.e8 or (not _options['suppress'] and (mn < 0.0001 or mx / mn > 1000.)):
                self.exp_format = True
        if not finite:
            self.pad_left = self.pad_right = 0
            self.trim, self.exp_size, self.min_digits, self.precision = '.', -1, 0, precision
        elif self.exp_format:
            strs = [scientific(v, is32, precision=precision, trim='.') for v in finite]
            parts = [s.partition('e') for s in strs]
            ints_fracs = [p[0].split('.') for p in parts]
            self.exp_size = max(len(p[2]) for p in parts) - 1
            self.trim = 'k'
            self.precision = max(len(f[1]) for f in ints_fracs)
            self.min_digits = self.precision
            self.pad_left = max(len(f[0]) for f in ints_fracs)
            self.pad_right = self.exp_size + 2 + self.precision
        else:
            strs = [positional(v, is32, precision=precision, trim='.') for v in finite]
            ints_fracs = [s.split('.') for s in strs]
            self.pad_left = max(len(f[0]) for f in ints_fracs)
            self.pad_right = max(len(f[1]) for f in ints_fracs)
            self.exp_size = -1
            self.trim, self.min_digits, self.precision = '.', 0, precision
        if len(finite) != len(values):
            neginf = any(v == float('-inf') for v in values)
            offset = self.pad_right + 1
            self.pad_left = max(self.pad_left, len(_options['nanstr']) - offset,
                                len(_options['infstr']) + neginf - offset)

    def __call__(self, x):
        if not _isfinite(x):
            ret = _options['nanstr'] if x != x else ('-' if x < 0 else '') + _options['infstr']
            return ' ' * (self.pad_left + self.pad_right + 1 - len(ret)) + ret
        if self.exp_format:
            return scientific(x, self.is32, precision=self.precision, min_digits=self.min_digits,
                              trim=self.trim, pad_left=self.pad_left, exp_digits=self.exp_size)
        if _options['suppress'] and x != 0 and abs(x) < 0.5 * 10.0 ** -self.precision:
            x = 0.0 * x
        return positional(x, self.is32, precision=self.precision, min_digits=self.min_digits,
                          trim=self.trim, pad_left=self.pad_left, pad_right=self.pad_right)


class IntFormat:
    def __init__(self, values):
        w = max(len(str(max(values))), len(str(min(values)))) if values else 0
        self.fmt = '%{}d'.format(w)

    def __call__(self, x):
        return self.fmt % x


class BoolFormat:
    def __init__(self, zero_d):
        self.truestr = 'True' if zero_d else ' True'

    def __call__(self, x):
        return self.truestr if x else 'False'


def _flat(nested, ndim):
    if ndim == 0:
        return [nested]
    out = []
    stack = [(nested, ndim)]
    while stack:
        v, d = stack.pop()
        if d == 1:
            out.extend(v)
        else:
            stack.extend((e, d - 1) for e in reversed(v))
    return out


def _extend_line(s, line, word, line_width, next_line_prefix):
    needs_wrap = len(line) + len(word) > line_width
    if len(line) <= len(next_line_prefix):
        needs_wrap = False
    if needs_wrap:
        s += line.rstrip() + '\n'
        line = next_line_prefix
    line += word
    return s, line


def _format_array(data, shape, fmt, line_width, next_line_prefix, separator, edge_items,
                  summary):
    """numpy's _formatArray over nested lists; `data` holds the summarised corners, which
    are indexed with the same leading (i) and trailing (-i) positions as the full array."""
    ndim = len(shape)

    def get(index):
        v = data
        for i in index:
            v = v[i]
        return v

    def recurser(index, hanging_indent, curr_width):
        axis = len(index)
        axes_left = ndim - axis
        if axes_left == 0:
            return fmt(get(index))
        next_hanging_indent = hanging_indent + ' '
        next_width = curr_width - len(']')
        a_len = shape[axis]
        show_summary = summary and 2 * edge_items < a_len
        if show_summary:
            leading, trailing = edge_items, edge_items
        else:
            leading, trailing = 0, a_len
        s = ''
        if axes_left == 1:
            elem_width = curr_width - max(len(separator.rstrip()), len(']'))
            line = hanging_indent
            for i in range(leading):
                word = recurser(index + (i,), next_hanging_indent, next_width)
                s, line = _extend_line(s, line, word, elem_width, hanging_indent)
                line += separator
            if show_summary:
                s, line = _extend_line(s, line, summary, elem_width, hanging_indent)
                line += separator
            for i in range(trailing, 1, -1):
                word = recurser(index + (-i,), next_hanging_indent, next_width)
                s, line = _extend_line(s, line, word, elem_width, hanging_indent)
                line += separator
            word = recurser(index + (-1,), next_hanging_indent, next_width)
            s, line = _extend_line(s, line, word, elem_width, hanging_indent)
            s += line
        else:
            line_sep = separator.rstrip() + '\n' * (axes_left - 1)
            for i in range(leading):
                s += hanging_indent + recurser(index + (i,), next_hanging_indent, next_width) + line_sep
            if show_summary:
                s += hanging_indent + summary + line_sep
            for i in range(trailing, 1, -1):
                s += hanging_indent + recurser(index + (-i,), next_hanging_indent, next_width) + line_sep
            s += hanging_indent + recurser(index + (-1,), next_hanging_indent, next_width)
        return '[' + s[len(hanging_indent):] + ']'

    return recurser((), next_line_prefix, line_width)


def make_format(values, kind, is32, zero_d):
    if kind == 'b':
        return BoolFormat(zero_d)
    if kind == 'i':
        return IntFormat(values)
    return FloatFormat(values, is32, zero_d)


def array2string(nested, shape, size, kind, is32, separator=' ', prefix='', suffix=''):
    """`nested` is the array's corners as nested lists (see ndarray._corners)."""
    line_width = _options['linewidth'] - len(suffix)
    if size == 0:
        return '[]'
    summary = '...' if size > _options['threshold'] else ''
    fmt = make_format(_flat(nested, len(shape)), kind, is32, len(shape) == 0)
    return _format_array(nested, shape, fmt, line_width, ' ' + ' ' * len(prefix), separator,
                         _options['edgeitems'], summary)


def scalar_repr(v, kind, is32):
    """numpy 1.24's repr/str of a scalar: Python's for float64, the same rules with
    float32's own shortest digits for float32."""
    if kind == 'b':
        return 'True' if v else 'False'
    if kind == 'i':
        return str(v)
    if not is32:
        return repr(float(v))
    if not _isfinite(v):
        return repr(float(v))
    if v == 0 or 1e-4 <= abs(v) < 1e16:
        return positional(v, True, trim='0')
    return scientific(v, True, trim='-')
