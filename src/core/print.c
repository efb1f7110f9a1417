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
