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

/* Python's '{:.Nf}' / '{:.Ne}' / '{:.0f}' of a double; nan and inf as Python spells them. */
static int format_float(char *out, size_t cap, double v, char mode, int precision) {
  if (isnan(v)) return snprintf(out, cap, "nan");
  if (isinf(v)) return snprintf(out, cap, v < 0 ? "-inf" : "inf");
  return mode == 'e' ? snprintf(out, cap, "%.*e", precision, v) : snprintf(out, cap, "%.*f", precision, v);
}

static int format_value(const formatter *f, char *out, size_t cap, const char *p) {
  if (!f->floating) {
    if (f->dtype == TP_BOOL) return snprintf(out, cap, "%s", *(const uint8_t *)p ? "True" : "False");
    return snprintf(out, cap, "%lld", (long long)tp_load_i64(p, f->dtype));
  }
  double v = tp_load_f64(p, f->dtype);
  if (f->sci_mode) return format_float(out, cap, v, 'e', opts.precision);
  if (f->int_mode) {
    int n = format_float(out, cap, v, 'f', 0);
    if (isfinite(v) && n + 1 < (int)cap) { out[n++] = '.'; out[n] = 0; }
    return n;
  }
  return format_float(out, cap, v, 'f', opts.precision);
}

/* Visits the elements that will be printed: per dim all indices, or the first and last
 * edgeitems when summarising and the dim is longer than 2 * edgeitems. */
typedef void (*elem_fn)(formatter *f, const char *p);
static void visit_shown(const tp_tensor *t, int d, const char *p, int summarize, elem_fn fn, formatter *f) {
  if (d == t->ndim) { fn(f, p); return; }
  int64_t n = t->shape[d], item = tp_dtype_table[t->dtype].itemsize, e = opts.edgeitems;
  int cut = summarize && n > 2 * e;
  for (int64_t i = 0; i < n; i++) {
    if (cut && i == e) i = n - e;
    visit_shown(t, d + 1, p + i * t->stride[d] * item, summarize, fn, f);
  }
}

static void scan_stats(formatter *f, const char *p) {
  char buf[64];
  if (!f->floating) {
    int n = format_value(f, buf, sizeof buf, p);
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
  char buf[512];
  double v = tp_load_f64(p, f->dtype);
  if (!isfinite(v) || v == 0) return;
  int n;
  if (f->sci_mode) n = format_float(buf, sizeof buf, v, 'e', opts.precision);
  else if (f->int_mode) n = format_float(buf, sizeof buf, v, 'f', 0) + 1;
  else n = format_float(buf, sizeof buf, v, 'f', opts.precision);
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
  char buf[512];
  int n = format_value(f, buf, sizeof buf, p);
  sb_spaces(b, f->max_width - n);
  sb_putn(b, buf, (size_t)n);
}

/* ---- layout ---------------------------------------------------------------------- */
static void vector_str(sbuf *b, const tp_tensor *t, int d, const char *p, int indent, int summarize, const formatter *f) {
  int64_t n = t->shape[d], item = tp_dtype_table[t->dtype].itemsize, e = opts.edgeitems;
  int element_length = f->max_width + 2;
  double per = floor((double)(opts.linewidth - indent) / element_length);
  int64_t per_line = per < 1 ? 1 : (int64_t)per;
  int cut = summarize && n > 2 * e;
  int64_t count = cut ? 2 * e + 1 : n;  /* the "..." counts as an element */
  sb_puts(b, "[");
  for (int64_t k = 0; k < count; k++) {
    if (k) {
      if (k % per_line == 0) { sb_puts(b, ",\n"); sb_spaces(b, indent + 1); }
      else sb_puts(b, ", ");
    }
    if (cut && k == e) { sb_puts(b, " ..."); continue; }
    int64_t i = cut && k > e ? n - e + (k - e - 1) : k;
    put_value(b, f, p + i * t->stride[d] * item);
  }
  sb_puts(b, "]");
}

static void tensor_str(sbuf *b, const tp_tensor *t, int d, const char *p, int indent, int summarize, const formatter *f) {
  int left = t->ndim - d;
  if (left == 0) { put_value(b, f, p); return; }
  if (left == 1) { vector_str(b, t, d, p, indent, summarize, f); return; }
  int64_t n = t->shape[d], item = tp_dtype_table[t->dtype].itemsize, e = opts.edgeitems;
  int cut = summarize && n > 2 * e;
  int64_t count = cut ? 2 * e + 1 : n;
  sb_puts(b, "[");
  for (int64_t k = 0; k < count; k++) {
    if (k) {
      sb_puts(b, ",");
      for (int i = 0; i < left - 1; i++) sb_puts(b, "\n");
      sb_spaces(b, indent + 1);
    }
    if (cut && k == e) { sb_puts(b, "..."); continue; }
    int64_t i = cut && k > e ? n - e + (k - e - 1) : k;
    tensor_str(b, t, d + 1, p + i * t->stride[d] * item, indent + 1, summarize, f);
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
  char suffixes[3][256];
  int nsuffix = 0;
  out.len = 0;
  out.oom = 0;
  sb_puts(&out, "tensor(");
  int64_t numel = tp_shape_numel(t->ndim, t->shape);
  if (numel == 0) {
    if (t->ndim != 1) {
      int k = snprintf(suffixes[nsuffix], 256, "size=(");
      for (int d = 0; d < t->ndim; d++) k += snprintf(suffixes[nsuffix] + k, 256 - (size_t)k, "%s%lld", d ? ", " : "", (long long)t->shape[d]);
      snprintf(suffixes[nsuffix] + k, 256 - (size_t)k, t->ndim == 1 ? ",)" : ")");
      nsuffix++;
    }
    if (t->dtype != TP_FLOAT32) snprintf(suffixes[nsuffix++], 256, "dtype=torch.%s", tp_dtype_table[t->dtype].name);
    sb_puts(&out, "[]");
  } else {
    if (t->dtype != TP_FLOAT32 && t->dtype != TP_INT64 && t->dtype != TP_BOOL)
      snprintf(suffixes[nsuffix++], 256, "dtype=torch.%s", tp_dtype_table[t->dtype].name);
    int summarize = (double)numel > opts.threshold;
    formatter f;
    formatter_init(&f, t, summarize);
    tensor_str(&out, t, 0, tp_ptr(t), indent, summarize, &f);
  }
  if (grad_fn && *grad_fn) snprintf(suffixes[nsuffix++], 256, "grad_fn=<%s>", grad_fn);
  else if (t->requires_grad) snprintf(suffixes[nsuffix++], 256, "requires_grad=True");
  if (out.oom) return tp_fail("DefaultCPUAllocator: not enough memory to print the tensor");
  const char *nl = strrchr(out.s, '\n');
  int last_line_len = (int)(nl ? (size_t)(out.s + out.len - nl) + 1 : out.len + 2);
  for (int i = 0; i < nsuffix; i++) add_suffix(&out, suffixes[i], indent, &last_line_len);
  sb_puts(&out, ")");
  if (out.oom) return tp_fail("DefaultCPUAllocator: not enough memory to print the tensor");
  return out.s;
}
