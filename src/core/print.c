/* PyTorch's tensor repr (torch/_tensor_str.py in 1.13), reproduced exactly.
 *
 * A formatter is computed once from the elements that will be shown (all of them, or the
 * edge items when summarising): int_mode (floats that are all integral), sci_mode (by the
 * ratio of magnitudes) and the column width. Values are formatted as Python's format() of
 * a double does; musl's and glibc's printf round the same way Python does (exact
 * half-to-even), which JS's toFixed would not. */
#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include "internal.h"

static struct {
  int precision;
  double threshold;
  int edgeitems, linewidth, sci_mode;
} opts = {4, 1000, 3, 80, -1};

TP_API void tp_set_printoptions(int precision, double threshold, int edgeitems, int linewidth, int sci_mode) {
  opts.precision = precision;
  opts.threshold = threshold;
  opts.edgeitems = edgeitems;
  opts.linewidth = linewidth;
  opts.sci_mode = sci_mode;
}

/* ---- a growable string ----------------------------------------------------------- */
typedef struct {
  char *s;
  size_t len, cap;
  int oom;
} sbuf;

static void sb_putn(sbuf *b, const char *s, size_t n) {
  if (b->oom) return;
  if (b->len + n + 1 > b->cap) {
    size_t cap = b->cap ? b->cap : 256;
    while (cap < b->len + n + 1) cap *= 2;
    char *p = realloc(b->s, cap);
    if (!p) { b->oom = 1; return; }
    b->s = p;
    b->cap = cap;
  }
  memcpy(b->s + b->len, s, n);
  b->len += n;
  b->s[b->len] = 0;
}
static void sb_puts(sbuf *b, const char *s) { sb_putn(b, s, strlen(s)); }
static void sb_spaces(sbuf *b, int n) { while (n-- > 0) sb_putn(b, " ", 1); }

/* ---- the formatter --------------------------------------------------------------- */
typedef struct {
  int dtype, floating, int_mode, sci_mode, max_width;
  double nz_min, nz_max;
  int any_nonzero_finite;
} formatter;

/* Python's '{:.Nf}' / '{:.Ne}' / '{:.0f}' of a double; nan and inf as Python spells them.
 * Values are formatted into one growable buffer (precision 510 prints 820 characters for
 * 1e308), never a fixed one; a negative precision is Python's ValueError. */
static char *vbuf;
static size_t vcap;
static int print_error;  /* 1: bad precision, 2: out of memory */

static const char *format_float(double v, char mode, int precision, int *len) {
  if (isnan(v)) { *len = 3; return "nan"; }
  if (isinf(v)) { *len = v < 0 ? 4 : 3; return v < 0 ? "-inf" : "inf"; }
  if (precision < 0) { print_error = print_error ? print_error : 1; *len = 0; return ""; }
  int n = mode == 'e' ? tp_snprintf(NULL, 0, "%.*e", precision, v) : tp_snprintf(NULL, 0, "%.*f", precision, v);
  if (n < 0 || (size_t)n + 2 > vcap) {
    char *p = n >= 0 && n < (64 << 20) ? realloc(vbuf, (size_t)n + 2) : NULL;
    if (!p) { print_error = 2; *len = 0; return ""; }
    vbuf = p;
    vcap = (size_t)n + 2;
  }
  *len = mode == 'e' ? tp_snprintf(vbuf, vcap, "%.*e", precision, v) : tp_snprintf(vbuf, vcap, "%.*f", precision, v);
  return vbuf;
}

static const char *format_value(const formatter *f, const char *p, int *len) {
  static char small[32];
  if (!f->floating) {
    if (f->dtype == TP_BOOL) {
      const char *s = *(const uint8_t *)p ? "True" : "False";
      *len = (int)strlen(s);
      return s;
    }
    *len = tp_snprintf(small, sizeof small, "%lld", (long long)tp_load_i64(p, f->dtype));
    return small;
  }
  double v = tp_load_f64(p, f->dtype);
  if (f->sci_mode) return format_float(v, 'e', opts.precision, len);
  if (f->int_mode) {
    const char *s = format_float(v, 'f', 0, len);
    if (isfinite(v) && s == vbuf) { vbuf[(*len)++] = '.'; vbuf[*len] = 0; }  /* vcap leaves room */
    return s;
  }
  return format_float(v, 'f', opts.precision, len);
}

/* Which indices of a dim of n elements are shown, as _tensor_str.py slices them with Python
 * semantics: self[:e], then "...", then self[-e:] when summarising and n > 2 * e. With
 * e = 0 the tail self[-0:] is the whole dim (1.13 prints " ..." and every element). */
typedef struct { int cut; int64_t nfirst, last_start, count; } shown;
static shown shown_of(int64_t n, int summarize) {
  int64_t e = opts.edgeitems;
  shown s = {summarize && n > 2 * e, n, n, n};
  if (!s.cut) return s;
  s.nfirst = e >= 0 ? (e < n ? e : n) : (n + e > 0 ? n + e : 0);
  s.last_start = e > 0 ? n - e : e == 0 ? 0 : (-e < n ? -e : n);
  int64_t tail = n - s.last_start;  /* count saturates: n + 1 with e == 0 overflows at INT64_MAX */
  s.count = tail < INT64_MAX - s.nfirst ? s.nfirst + 1 + tail : INT64_MAX;
  return s;
}

/* How many elements a repr shows: an expanded view can have 2^62 of them (stride 0), and
 * printing each would loop for ages before the output buffer ran out of memory. */
static double shown_total(const tp_tensor *t, int summarize) {
  double total = 1;
  for (int d = 0; d < t->ndim; d++) total *= (double)shown_of(t->shape[d], summarize).count;
  return total;
}
/* The element index of entry k (k == nfirst is the "..."). */
static int64_t shown_index(const shown *s, int64_t k) { return k < s->nfirst || !s->cut ? k : s->last_start + (k - s->nfirst - 1); }

/* Visits the elements that will be printed (the formatter's statistics). */
typedef void (*elem_fn)(formatter *f, const char *p);
static void visit_shown(const tp_tensor *t, int d, const char *p, int summarize, elem_fn fn, formatter *f) {
  if (d == t->ndim) { fn(f, p); return; }
  int64_t item = tp_dtype_table[t->dtype].itemsize;
  shown s = shown_of(t->shape[d], summarize);
  for (int64_t k = 0; k < s.count; k++) {
    if (s.cut && k == s.nfirst) continue;
    visit_shown(t, d + 1, p + shown_index(&s, k) * t->stride[d] * item, summarize, fn, f);
  }
}

static void scan_stats(formatter *f, const char *p) {
  if (!f->floating) {
    int n;
    format_value(f, p, &n);
    if (n > f->max_width) f->max_width = n;
    return;
  }
  double v = tp_load_f64(p, f->dtype);
  if (!isfinite(v) || v == 0) return;
  double a = fabs(v);
  if (!f->any_nonzero_finite || a < f->nz_min) f->nz_min = a;
  if (!f->any_nonzero_finite || a > f->nz_max) f->nz_max = a;
  f->any_nonzero_finite = 1;
  if (v != ceil(v)) f->int_mode = 0;
}

static void scan_width(formatter *f, const char *p) {
  double v = tp_load_f64(p, f->dtype);
  if (!isfinite(v) || v == 0) return;
  int n;
  if (f->sci_mode) format_float(v, 'e', opts.precision, &n);
  else if (f->int_mode) { format_float(v, 'f', 0, &n); n++; }
  else format_float(v, 'f', opts.precision, &n);
  if (n > f->max_width) f->max_width = n;
}

static void formatter_init(formatter *f, const tp_tensor *t, int summarize) {
  memset(f, 0, sizeof *f);
  f->dtype = t->dtype;
  f->floating = tp_dtype_table[t->dtype].is_floating;
  f->int_mode = 1;
  f->max_width = 1;
  visit_shown(t, 0, tp_ptr(t), summarize, scan_stats, f);
  if (f->floating && f->any_nonzero_finite) {
    double ratio = f->nz_max / f->nz_min;
    if (f->int_mode) f->sci_mode = ratio > 1000. || f->nz_max > 1.e8;
    else f->sci_mode = ratio > 1000. || f->nz_max > 1.e8 || f->nz_min < 1.e-4;
    visit_shown(t, 0, tp_ptr(t), summarize, scan_width, f);
  }
  if (opts.sci_mode >= 0) f->sci_mode = opts.sci_mode;
}

static void put_value(sbuf *b, const formatter *f, const char *p) {
  int n;
  const char *s = format_value(f, p, &n);
  sb_spaces(b, f->max_width - n);
  sb_putn(b, s, (size_t)n);
}

/* ---- layout ---------------------------------------------------------------------- */
static void vector_str(sbuf *b, const tp_tensor *t, int d, const char *p, int indent, int summarize, const formatter *f) {
  int64_t item = tp_dtype_table[t->dtype].itemsize;
  int element_length = f->max_width + 2;
  double per = floor((double)(opts.linewidth - indent) / element_length);
  int64_t per_line = per < 1 ? 1 : (int64_t)per;
  shown s = shown_of(t->shape[d], summarize);  /* the " ..." counts as an element */
  sb_puts(b, "[");
  for (int64_t k = 0; k < s.count; k++) {
    if (k) {
      if (k % per_line == 0) { sb_puts(b, ",\n"); sb_spaces(b, indent + 1); }
      else sb_puts(b, ", ");
    }
    if (s.cut && k == s.nfirst) { sb_puts(b, " ..."); continue; }
    put_value(b, f, p + shown_index(&s, k) * t->stride[d] * item);
  }
  sb_puts(b, "]");
}

static void tensor_str(sbuf *b, const tp_tensor *t, int d, const char *p, int indent, int summarize, const formatter *f) {
  int left = t->ndim - d;
  if (left == 0) { put_value(b, f, p); return; }
  if (left == 1) { vector_str(b, t, d, p, indent, summarize, f); return; }
  int64_t item = tp_dtype_table[t->dtype].itemsize;
  shown s = shown_of(t->shape[d], summarize);
  sb_puts(b, "[");
  for (int64_t k = 0; k < s.count; k++) {
    if (k) {
      sb_puts(b, ",");
      for (int i = 0; i < left - 1; i++) sb_puts(b, "\n");
      sb_spaces(b, indent + 1);
    }
    if (s.cut && k == s.nfirst) { sb_puts(b, "..."); continue; }
    tensor_str(b, t, d + 1, p + shown_index(&s, k) * t->stride[d] * item, indent + 1, summarize, f);
  }
  sb_puts(b, "]");
}

static void add_suffix(sbuf *b, const char *suffix, int indent, int *last_line_len) {
  int n = (int)strlen(suffix);
  if (*last_line_len + n + 2 > opts.linewidth) {
    sb_puts(b, ",\n");
    sb_spaces(b, indent);
    *last_line_len = indent + n;
  } else {
    sb_puts(b, ", ");
    *last_line_len += n + 2;
  }
  sb_puts(b, suffix);
}

static sbuf out;

TP_API const char *tp_repr(tp_tensor *t, const char *grad_fn) {
  const int indent = 7;  /* strlen("tensor(") */
  char suffixes[3][600];
  int nsuffix = 0;
  out.len = 0;
  out.oom = 0;
  print_error = 0;
  sb_puts(&out, "tensor(");
  int64_t numel = tp_shape_numel(t->ndim, t->shape);
  if (numel == 0) {
    if (t->ndim != 1) {
      char dims[512];
      tp_format_shape(dims, sizeof dims, t->ndim, t->shape);
      dims[0] = '(';
      dims[strlen(dims) - 1] = ')';
      tp_snprintf(suffixes[nsuffix++], sizeof suffixes[0], "size=%s", dims);
    }
    if (t->dtype != tp_default_float) tp_snprintf(suffixes[nsuffix++], sizeof suffixes[0], "dtype=torch.%s", tp_dtype_table[t->dtype].name);
    sb_puts(&out, "[]");
  } else {
    if (t->dtype != tp_default_float && t->dtype != TP_INT64 && t->dtype != TP_BOOL)
      tp_snprintf(suffixes[nsuffix++], sizeof suffixes[0], "dtype=torch.%s", tp_dtype_table[t->dtype].name);
    int summarize = (double)numel > opts.threshold;
    /* get_summarized_data stacks the shown slices of every dim above the last: none are
     * shown when edgeitems <= 0, and torch.stack of nothing fails. */
    if (summarize && opts.edgeitems <= 0 && t->ndim >= 2) return tp_fail("stack expects a non-empty TensorList");
    /* Each shown element takes at least two bytes of output (a digit and ", "). */
    double nshown = shown_total(t, summarize);
    if (nshown * 2 > (double)INT32_MAX) return tp_fail_oom(nshown * 2);
    formatter f;
    formatter_init(&f, t, summarize);
    tensor_str(&out, t, 0, tp_ptr(t), indent, summarize, &f);
  }
  if (print_error == 1) return tp_fail("Format specifier missing precision");
  if (grad_fn && *grad_fn) tp_snprintf(suffixes[nsuffix++], sizeof suffixes[0], "grad_fn=<%.400s>", grad_fn);
  else if (t->requires_grad) tp_snprintf(suffixes[nsuffix++], sizeof suffixes[0], "requires_grad=True");
  if (out.oom || print_error) return tp_fail_oom((double)out.cap * 2);
  const char *nl = strrchr(out.s, '\n');
  int last_line_len = (int)(nl ? (size_t)(out.s + out.len - nl) + 1 : out.len + 2);
  for (int i = 0; i < nsuffix; i++) add_suffix(&out, suffixes[i], indent, &last_line_len);
  sb_puts(&out, ")");
  if (out.oom) return tp_fail_oom((double)out.cap * 2);
  return out.s;
}

/* ---- a tensor as ATen's C++ operator<< prints it (aten/src/ATen/core/Formatting.cpp) ------------
 * Some 1.13 messages put a tensor in their text that way (torch.meshgrid's "but got: "): the
 * values as doubles in one of three forms chosen from all of them (__printFormat), right-
 * aligned to a common width, 80 columns a line, then "[ torch.FloatTensor{2,3} ]". */
typedef struct {
  char *buf;
  size_t cap, len;
} cpp_out;
static void cpp_put(cpp_out *o, const char *s) {
  for (; *s && o->len + 1 < o->cap; s++) o->buf[o->len++] = *s;
  o->buf[o->len] = 0;
}
enum { CPP_DEFAULT, CPP_FIXED, CPP_SCI };
typedef struct {
  int form, precision;
  int64_t width;
  double scale;
} cpp_fmt;
static void cpp_num(cpp_out *o, const cpp_fmt *f, double v, int64_t width) {
  char s[64], pad[80];
  if (isnan(v)) tp_snprintf(s, sizeof s, signbit(v) ? "-nan" : "nan");
  else if (isinf(v)) tp_snprintf(s, sizeof s, v < 0 ? "-inf" : "inf");
  else tp_snprintf(s, sizeof s, f->form == CPP_SCI ? "%.*e" : f->form == CPP_FIXED ? "%.*f" : "%.*g", f->precision, v);
  int64_t n = (int64_t)strlen(s), k = 0;
  for (; k < width - n && k < (int64_t)sizeof pad - 1; k++) pad[k] = ' ';
  pad[k] = 0;
  cpp_put(o, pad);
  cpp_put(o, s);
}
/* __printFormat: integers (every finite value integral) or fixed with 4 digits, scaled by a
 * power of ten when the largest exponent is past 5 or below 0, or scientific when the
 * exponents span more than 4 (ATen's test of the largest keeps its quirk: a value replaces
 * the maximum when the value itself, not its magnitude, is larger) */
static cpp_fmt cpp_format(const double *v, int64_t n) {
  cpp_fmt f = {CPP_DEFAULT, 6, 0, 1};
  int ints = 1;
  for (int64_t i = 0; i < n; i++)
    if (isfinite(v[i]) && v[i] != ceil(v[i])) { ints = 0; break; }
  int64_t off = 0;
  while (off < n && !isfinite(v[off])) off++;
  double lo = 1, hi = 1;
  if (off < n) {
    lo = hi = fabs(v[off]);
    for (int64_t i = off; i < n; i++) {
      double z = fabs(v[i]);
      if (isfinite(z)) {
        if (z < lo) lo = z;
        if (v[i] > hi) hi = z;
      }
    }
    lo = lo != 0 ? floor(log10(lo)) + 1 : 1;
    hi = hi != 0 ? floor(log10(hi)) + 1 : 1;
  }
  if (ints) {
    if (hi > 9) f = (cpp_fmt){CPP_SCI, 4, 11, 1};
    else f.width = (int64_t)hi + 1;
  } else if (hi - lo > 4) {
    f = (cpp_fmt){CPP_SCI, 4, fabs(hi) > 99 || fabs(lo) > 99 ? 12 : 11, 1};
  } else if (hi > 5 || hi < 0) {
    f = (cpp_fmt){CPP_FIXED, 4, 7, pow(10, hi - 1)};
  } else {
    f = (cpp_fmt){CPP_FIXED, 4, hi == 0 ? 7 : (int64_t)hi + 6, 1};
  }
  return f;
}
static void cpp_indent(cpp_out *o, int indent) { if (indent) cpp_put(o, " "); }
static void cpp_scale(cpp_out *o, const cpp_fmt *f) {  /* printScale: defaultfloat at the stream's precision */
  cpp_fmt d = {CPP_DEFAULT, f->precision, 0, 1};
  cpp_num(o, &d, f->scale, 0);
  cpp_put(o, " *\n");
}
/* __printMatrix of rows x cols values at v (row-major) */
static void cpp_matrix(cpp_out *o, const double *v, int64_t rows, int64_t cols, int indent) {
  cpp_fmt f = cpp_format(v, rows * cols);
  cpp_indent(o, indent);
  int64_t per = (80 - indent) / (f.width + 1), first = 0, last;
  if (per < 1) per = 1;
  while (first < cols) {
    last = first + per <= cols ? first + per - 1 : cols - 1;
    if (per < cols) {
      char s[64];
      if (first != 0) cpp_put(o, "\n");
      tp_snprintf(s, sizeof s, "Columns %lld to %lld", (long long)first + 1, (long long)last + 1);
      cpp_put(o, s);
      cpp_indent(o, indent);
    }
    if (f.scale != 1) {
      cpp_scale(o, &f);
      cpp_indent(o, indent);
    }
    for (int64_t l = 0; l < rows; l++)
      for (int64_t c = first; c <= last; c++) {
        cpp_num(o, &f, v[l * cols + c] / f.scale, f.width);
        if (c == last) {
          cpp_put(o, "\n");
          if (l != rows - 1) {
            cpp_indent(o, indent);
            if (f.scale != 1) cpp_put(o, " ");
          }
        } else {
          cpp_put(o, " ");
        }
      }
    first = last + 1;
  }
}
static void cpp_print(cpp_out *o, const tp_tensor *t) {
  int64_t n = tp_shape_numel(t->ndim, t->shape), item = tp_dtype_table[t->dtype].itemsize;
  double *v = n ? malloc((size_t)n * sizeof(double)) : NULL;
  if (n && v) {  /* the values as doubles, in order */
    int64_t idx[TP_MAX_DIMS] = {0};
    for (int64_t i = 0; i < n; i++) {
      int64_t off = 0;
      for (int d = 0; d < t->ndim; d++) off += idx[d] * t->stride[d];
      v[i] = tp_load_f64(tp_ptr(t) + off * item, t->dtype);
      for (int d = t->ndim - 1; d >= 0 && ++idx[d] == t->shape[d]; d--) idx[d] = 0;
    }
  }
  char s[64];
  if (t->ndim == 0 && v) {
    cpp_fmt d = {CPP_DEFAULT, 6, 0, 1};
    cpp_num(o, &d, v[0], 0);
    cpp_put(o, "\n");
  } else if (t->ndim == 1 && v) {
    cpp_fmt f = cpp_format(v, n);
    if (f.scale != 1) cpp_scale(o, &f);
    for (int64_t i = 0; i < n; i++) {
      cpp_num(o, &f, v[i] / f.scale, f.width);
      cpp_put(o, "\n");
    }
  } else if (t->ndim == 2 && v) {
    cpp_matrix(o, v, t->shape[0], t->shape[1], 0);
  } else if (v) {  /* __printTensor: "(i,j,.,.) = " blocks, the first index counting fastest */
    int64_t cnt[TP_MAX_DIMS] = {0}, rows = t->shape[t->ndim - 2], cols = t->shape[t->ndim - 1];
    int outer = t->ndim - 2;
    for (int64_t b = 0; b < n / (rows * cols); b++) {
      if (b) cpp_put(o, "\n");
      cpp_put(o, "(");
      int64_t at = 0, mul = 1;
      for (int d = outer - 1; d >= 0; d--) { at += cnt[d] * mul; mul *= t->shape[d]; }
      for (int d = 0; d < outer; d++) {
        tp_snprintf(s, sizeof s, "%lld,", (long long)cnt[d] + 1);
        cpp_put(o, s);
      }
      cpp_put(o, ".,.) = \n");
      cpp_matrix(o, v + at * rows * cols, rows, cols, 1);
      for (int d = 0; d < outer && ++cnt[d] == t->shape[d]; d++) cnt[d] = 0;
    }
  }
  free(v);
  cpp_put(o, "[ ");
  cpp_put(o, tp_type_string(t->dtype));
  cpp_put(o, "{");
  for (int d = 0; d < t->ndim; d++) {
    tp_snprintf(s, sizeof s, d ? ",%lld" : "%lld", (long long)t->shape[d]);
    cpp_put(o, s);
  }
  cpp_put(o, "} ]");
}

/* An error whose text is prefix followed by t as C++ prints it; returns -1. */
TP_API int tp_fail_with_tensor(const char *prefix, tp_tensor *t) {
  char text[1024];
  cpp_out o = {text, sizeof text, 0};
  text[0] = 0;
  cpp_print(&o, t);
  return tp_fail_status("%s%s", prefix, text);
}
