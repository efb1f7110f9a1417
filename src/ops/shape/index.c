/* Indexing ops: gather, scatter(_add), index_select, masked_fill, masked_select, nonzero,
 * and advanced indexing (PyTorch's at::index / at::index_put_).
 *
 * Index tensors stay tensors (autograd needs them for the backward of gather/index).
 * Every index is validated before the first write, so a failing in-place op changes
 * nothing. Messages are PyTorch 1.13's, including its quirks (index_select's two bounds
 * messages, masked_fill reading the first byte of a non-bool mask). */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include "shape.h"
#include "index_kernels.h"

/* ---- shared pieces ------------------------------------------------------------------- */
/* The header of t with dim d removed and index i selected along it. */
static tp_tensor select_geom(const tp_tensor *t, int d, int64_t i) {
  tp_tensor g = tp_geometry(t);
  g.offset += i * t->stride[d];
  for (int k = d; k + 1 < t->ndim; k++) {
    g.shape[k] = t->shape[k + 1];
    g.stride[k] = t->stride[k + 1];
  }
  g.ndim--;
  return g;
}

/* t viewed with shape (n, shape): right-aligned, broadcast dims get stride 0. */
static tp_tensor broadcast_geom(const tp_tensor *t, int n, const int64_t *shape) {
  tp_tensor g = tp_geometry(t);
  for (int d = 0; d < n; d++) {
    int od = d - (n - t->ndim);
    g.shape[d] = shape[d];
    g.stride[d] = (od < 0 || t->shape[od] != shape[d]) ? 0 : t->stride[od];
  }
  g.ndim = (int8_t)n;
  return g;
}

static inline void copy_item(char *d, const char *s, int64_t item) {
  switch (item) {
  case 1: *d = *s; break;
  case 4: memcpy(d, s, 4); break;
  default: memcpy(d, s, 8); break;
  }
}

/* First index outside [lo, hi) in row-major order, if any. */
typedef struct {
  int64_t lo, hi, bad;
  int found;
} range_ctx;

static void range_loop(char **p, const int64_t *s, int64_t n, void *ctx) {
  range_ctx *c = ctx;
  const char *x = p[0];
  for (int64_t i = 0; i < n && !c->found; i++, x += s[0]) {
    int64_t v = *(const int64_t *)x;
    if (v < c->lo || v >= c->hi) { c->found = 1; c->bad = v; }
  }
}

static int find_out_of_range(tp_tensor *index, int64_t lo, int64_t hi, int64_t *bad) {
  range_ctx c = {lo, hi, 0, 0};
  tp_iter it;
  tp_iter_init(&it, 1, &index);
  tp_iter_run(&it, range_loop, &c);
  *bad = c.bad;
  return c.found;
}

/* ---- gather / scatter ------------------------------------------------------------------ */
/* PyTorch treats a 0-d tensor as 1-d of size 1 in these shape checks. */
static int nonempty_dim(const tp_tensor *t) { return t->ndim ? t->ndim : 1; }
static int64_t nonempty_size(const tp_tensor *t, int d) { return t->ndim ? t->shape[d] : 1; }

/* t with index's shape: t's strides for every dim but `dim`, whose stride is 0 (the
 * index supplies that coordinate). */
static tp_tensor restride_dim(const tp_tensor *t, int64_t dim, const tp_tensor *index) {
  tp_tensor g = tp_geometry(t);
  g.ndim = index->ndim;
  for (int d = 0; d < index->ndim; d++) {
    g.shape[d] = index->shape[d];
    g.stride[d] = (d == dim || t->ndim == 0) ? 0 : t->stride[d];
  }
  return g;
}

typedef struct {
  int64_t dim_stride;  /* bytes */
  int64_t item;
  int dtype, mode;      /* mode: 0 gather, 1 scatter, 2 scatter value, 3 scatter_add */
  const char *value;
} scatter_ctx;

static void add_item(char *d, const char *s, int dtype) {
  switch (dtype) {
  case TP_FLOAT32: *(float *)d += *(const float *)s; break;
  case TP_FLOAT64: *(double *)d += *(const double *)s; break;
  case TP_INT32: *(int32_t *)d = (int32_t)((uint32_t)*(int32_t *)d + (uint32_t)*(const int32_t *)s); break;
  case TP_INT64: *(int64_t *)d = (int64_t)((uint64_t)*(int64_t *)d + (uint64_t)*(const int64_t *)s); break;
  default: *(uint8_t *)d = *(uint8_t *)d || *(const uint8_t *)s; break;
  }
}

/* ptrs: [0] self (restrided), [1] index, [2] other (out for gather, src for scatter). */
static void scatter_loop(char **p, const int64_t *s, int64_t n, void *ctx) {
  const scatter_ctx *c = ctx;
  char *a = p[0], *b = p[2];
  const char *ix = p[1];
  for (int64_t i = 0; i < n; i++, a += s[0], ix += s[1], b += s[2]) {
    char *at = a + *(const int64_t *)ix * c->dim_stride;
    switch (c->mode) {
    case 0: copy_item(b, at, c->item); break;
    case 1: copy_item(at, b, c->item); break;
    case 2: copy_item(at, c->value, c->item); break;
    default: add_item(at, b, c->dtype); break;
    }
  }
}

static void run_scatter(tp_tensor *self, int64_t dim, tp_tensor *index, tp_tensor *other, int mode, const char *value) {
  tp_tensor a = restride_dim(self, dim, index);
  tp_tensor b = other ? (mode == 0 ? tp_geometry(other) : restride_dim(other, -1, index)) : tp_geometry(index);
  scatter_ctx c = {self->ndim ? tp_wmul(self->stride[dim], tp_dtype_table[self->dtype].itemsize) : 0,  /* (wraps only for an empty self) */
                   tp_dtype_table[self->dtype].itemsize, self->dtype, mode, value};
  tp_tensor *ops[3] = {&a, index, &b};
  tp_iter it;
  tp_iter_init(&it, 3, ops);
  tp_iter_run(&it, scatter_loop, &c);
}

tp_tensor *tp_gather_impl(tp_tensor *t, double dim_d, tp_tensor *index) {
  int64_t dim, bad;
  if (tp_wrap_dim_arg(dim_d, t->ndim, &dim)) return NULL;
  int64_t numel = tp_shape_numel(index->ndim, index->shape);
  if (numel) {
    if (nonempty_dim(t) != nonempty_dim(index))
      return tp_fail("Index tensor must have the same number of dimensions as input tensor");
    for (int d = 0; d < nonempty_dim(t); d++) {
      if (d != dim && nonempty_size(index, d) > nonempty_size(t, d)) {
        char a[256], b[256];
        tp_format_shape(a, sizeof a, index->ndim, index->shape);
        tp_format_shape(b, sizeof b, t->ndim, t->shape);
        return tp_fail("Size does not match at dimension %d expected index %s to be smaller than self %s apart from dimension %lld", d, a, b, (long long)dim);
      }
    }
    if (index->dtype != TP_INT64) return tp_fail("gather(): Expected dtype int64 for index");
    int64_t size = nonempty_size(t, (int)dim);
    if (find_out_of_range(index, 0, size, &bad))
      return tp_fail("index %lld is out of bounds for dimension %lld with size %lld", (long long)bad, (long long)dim, (long long)size);
  }
  tp_tensor *out = tp_tensor_make(t->dtype, index->ndim, index->shape);
  if (out && numel) run_scatter(t, dim, index, out, 0, NULL);
  return out;
}

static int scatter_check(tp_tensor *t, int64_t dim, tp_tensor *index, tp_tensor *src, int inplace) {
  int64_t numel = tp_shape_numel(index->ndim, index->shape), bad;
  if (numel && index->dtype != TP_INT64) return tp_fail_status("scatter(): Expected dtype int64 for index");
  if (src && src->dtype != t->dtype) return tp_fail_status("scatter(): Expected self.dtype to be equal to src.dtype");
  if (!numel) return 0;
  if (nonempty_dim(t) != nonempty_dim(index))
    return tp_fail_status("Index tensor must have the same number of dimensions as self tensor");
  int wrong = 0, nd = nonempty_dim(t);
  for (int d = 0; d < nd && !wrong; d++)
    if (d != dim && nonempty_size(index, d) > nonempty_size(t, d)) wrong = 1;
  if (!wrong && src) {
    for (int d = 0; d < nd && !wrong; d++) {
      int64_t unused;
      if (src->ndim && d >= src->ndim && tp_wrap_dim(d, src->ndim, &unused)) return -1;
      if (!(src->ndim && d >= src->ndim) && nonempty_size(index, d) > nonempty_size(src, d)) wrong = 1;
    }
  }
  char a[256], b[256], c[256];
  tp_format_shape(a, sizeof a, index->ndim, index->shape);
  tp_format_shape(b, sizeof b, t->ndim, t->shape);
  if (src) {
    if (nonempty_dim(src) != nonempty_dim(index))
      return tp_fail_status("Index tensor must have the same number of dimensions as src tensor");
    tp_format_shape(c, sizeof c, src->ndim, src->shape);
    if (wrong)
      return tp_fail_status("Expected index %s to be smaller than self %s apart from dimension %lld and to be smaller size than src %s", a, b, (long long)dim, c);
  } else if (wrong) {
    return tp_fail_status("Expected index %s to be smaller than self %s apart from dimension %lld", a, b, (long long)dim);
  }
  if (inplace && tp_check_no_internal_overlap(t)) return -1;
  int64_t size = nonempty_size(t, (int)dim);
  if (find_out_of_range(index, 0, size, &bad))
    return tp_fail_status("index %lld is out of bounds for dimension %lld with size %lld", (long long)bad, (long long)dim, (long long)size);
  return 0;
}

/* Writes (validated) src or value into t along dim. */
static void scatter_run(tp_tensor *t, int64_t dim, tp_tensor *index, tp_tensor *src, double value, int add) {
  double buf[1];
  tp_store_f64(buf, t->dtype, value);
  if (tp_shape_numel(index->ndim, index->shape))
    run_scatter(t, dim, index, src, src ? (add ? 3 : 1) : 2, (const char *)buf);
}

/* scatter_ / scatter_add_: src != NULL copies (add: accumulates) src; src == NULL writes
 * the scalar value. */
int tp_scatter__impl(tp_tensor *t, double dim_d, tp_tensor *index, tp_tensor *src, double value, int add) {
  int64_t dim;
  if (tp_wrap_dim_arg(dim_d, t->ndim, &dim)) return -1;
  if (add && !src) return tp_fail_status("scatter_add(): src must be a tensor");
  if (scatter_check(t, dim, index, src, 1)) return -1;
  scatter_run(t, dim, index, src, value, add);
  t->version->value++;
  return 0;
}

tp_tensor *tp_scatter_impl(tp_tensor *t, double dim_d, tp_tensor *index, tp_tensor *src, double value, int add) {
  int64_t dim;
  if (tp_wrap_dim_arg(dim_d, t->ndim, &dim)) return NULL;
  if (add && !src) return tp_fail("scatter_add(): src must be a tensor");
  if (scatter_check(t, dim, index, src, 0)) return NULL;
  tp_tensor *out = tp_tensor_make(t->dtype, t->ndim, t->shape);  /* contiguous, as 1.13 */
  if (!out) return NULL;
  tp_copy_convert(out, t);
  scatter_run(out, dim, index, src, value, add);
  return out;
}

/* ---- index_select ---------------------------------------------------------------------- */
static int64_t load_index(const tp_tensor *index, int64_t i) {
  /* index is 0-d or 1-d */
  const char *p = tp_ptr(index) + (index->ndim ? i * index->stride[0] : 0) * tp_dtype_table[index->dtype].itemsize;
  return index->dtype == TP_INT64 ? *(const int64_t *)p : *(const int32_t *)p;
}

tp_tensor *tp_index_select_impl(tp_tensor *t, double dim_d, tp_tensor *index) {
  int64_t dim;
  if (tp_wrap_dim_arg(dim_d, t->ndim, &dim)) return NULL;
  if (index->ndim > 1) return tp_fail("index_select(): Index is supposed to be a vector");
  if (index->dtype != TP_INT64 && index->dtype != TP_INT32)
    return tp_fail("index_select(): Expected dtype int32 or int64 for index");
  int64_t n = tp_shape_numel(index->ndim, index->shape);
  int64_t size = nonempty_size(t, (int)dim);
  /* 1.13: an empty self of 2+ dims checks only the indexed dim's own size, then every index
   * against it with the bound check's text */
  int empty_self = t->ndim > 1 && n > 0 && tp_shape_numel(t->ndim, t->shape) == 0;
  if (empty_self && t->shape[dim] == 0)
    return tp_fail("index_select(): self indexing axis dim should be positive");
  if (t->ndim <= 1 || n > 0) {
    for (int64_t i = 0; i < n; i++) {
      int64_t v = load_index(index, i);
      if (v >= 0 && v < size) continue;
      if (t->ndim > 1 && (dim == 1 || empty_self))
        return tp_fail("INDICES element is out of DATA bounds, id=%lld axis_dim=%lld", (long long)v, (long long)size);
      return tp_fail("index out of range in self");
    }
  }
  int64_t shape[TP_MAX_DIMS];
  memcpy(shape, t->shape, sizeof shape);
  if (t->ndim) shape[dim] = n;
  tp_tensor *out = tp_tensor_make(t->dtype, t->ndim, shape);
  if (!out) return NULL;
  if (t->ndim == 0) {
    memcpy(tp_ptr(out), tp_ptr(t), (size_t)tp_dtype_table[t->dtype].itemsize);
    return out;
  }
  tp_tensor row = select_geom(t, (int)dim, 0);
  int64_t item = tp_dtype_table[t->dtype].itemsize, rows = tp_shape_numel(row.ndim, row.shape);
  if (dim == 0 && tp_tensor_is_contiguous(&row)) {  /* dense rows: one memcpy each */
    for (int64_t i = 0; i < n; i++)
      memcpy(tp_ptr(out) + i * rows * item, tp_ptr(t) + load_index(index, i) * t->stride[0] * item, (size_t)(rows * item));
    return out;
  }
  if (index->dtype == TP_INT64) {
    /* gather with the index expanded over the other dims: one strided pass over out */
    tp_tensor ix = tp_geometry(index);
    ix.ndim = out->ndim;
    for (int d = 0; d < out->ndim; d++) {
      ix.shape[d] = out->shape[d];
      ix.stride[d] = d == dim && index->ndim ? index->stride[0] : 0;
    }
    run_scatter(t, dim, &ix, out, 0, NULL);
    return out;
  }
  for (int64_t i = 0; i < n; i++) {
    tp_tensor dst = select_geom(out, (int)dim, i), src = select_geom(t, (int)dim, load_index(index, i));
    tp_copy_convert(&dst, &src);
  }
  return out;
}

/* ---- masked_fill / masked_select / nonzero ------------------------------------------------ */

/* 1.13 reads a non-bool mask as bytes (the first byte of each element); so do we. */
static void masked_fill_loop(char **p, const int64_t *s, int64_t n, void *ctx) {
  const fill_ctx *c = ctx;
  char *d = p[0];
  const char *m = p[1];
  for (int64_t i = 0; i < n; i++, d += s[0], m += s[1])
    if (*(const uint8_t *)m) copy_item(d, c->value, c->item);
}

static int masked_fill_check(tp_tensor *t, tp_tensor *mask, tp_tensor *value, double v) {
  if (value && value->ndim != 0)
    return tp_fail_status("masked_fill_ only supports a 0-dimensional value tensor, but got tensor with %d dimension(s).", value->ndim);
  return tp_check_scalar(value ? tp_load_f64(tp_ptr(value), value->dtype) : v, t->dtype);  /* 2**31 into int32: refused */
}

static void masked_fill_run(tp_tensor *t, tp_tensor *mask, tp_tensor *value, double v) {
  fill_ctx c = {tp_dtype_table[t->dtype].itemsize, {0}};
  if (value) v = tp_load_f64(tp_ptr(value), value->dtype);
  if (value && value->dtype == TP_INT64 && t->dtype == TP_INT64) memcpy(c.value, tp_ptr(value), 8);
  else tp_store_f64(c.value, t->dtype, v);
  tp_iter it;
  tp_tensor *ops[2] = {t, mask};
  tp_iter_init(&it, 2, ops);
  tp_iter_run(&it, masked_fill_loop, &c);
}

/* value: a 0-d tensor, or NULL to use v. */
int tp_masked_fill__impl(tp_tensor *t, tp_tensor *mask, tp_tensor *value, double v) {
  int64_t shape[TP_MAX_DIMS];
  int n;
  if (masked_fill_check(t, mask, value, v)) return -1;
  if (tp_broadcast_shapes(t->ndim, t->shape, mask->ndim, mask->shape, &n, shape)) return -1;
  if (n != t->ndim || memcmp(shape, t->shape, sizeof(int64_t) * (size_t)n)) {
    char a[256], b[256];
    tp_format_shape(a, sizeof a, t->ndim, t->shape);
    tp_format_shape(b, sizeof b, n, shape);
    return tp_fail_status("output with shape %s doesn't match the broadcast shape %s", a, b);
  }
  masked_fill_run(t, mask, value, v);
  t->version->value++;
  return 0;
}

tp_tensor *tp_masked_fill_impl(tp_tensor *t, tp_tensor *mask, tp_tensor *value, double v) {
  int64_t shape[TP_MAX_DIMS];
  int n;
  if (tp_broadcast_shapes(mask->ndim, mask->shape, t->ndim, t->shape, &n, shape)) return NULL;
  if (masked_fill_check(t, mask, value, v)) return NULL;
  tp_tensor *out = tp_tensor_make(t->dtype, n, shape);
  if (!out) return NULL;
  tp_tensor src = broadcast_geom(t, n, shape);
  tp_copy_convert(out, &src);
  masked_fill_run(out, mask, value, v);
  return out;
}

typedef struct {
  int64_t count, item;
  char *out;
} select_ctx;

static tp_tensor *masked_select_impl(tp_tensor *t, tp_tensor *mask);

static void count_loop(char **p, const int64_t *s, int64_t n, void *ctx) {
  select_ctx *c = ctx;
  const char *m = p[0];
  for (int64_t i = 0; i < n; i++, m += s[0]) c->count += *(const uint8_t *)m != 0;
}

static void select_loop(char **p, const int64_t *s, int64_t n, void *ctx) {
  select_ctx *c = ctx;
  const char *x = p[0], *m = p[1];
  for (int64_t i = 0; i < n; i++, x += s[0], m += s[1])
    if (*(const uint8_t *)m) { copy_item(c->out, x, c->item); c->out += c->item; }
}

tp_tensor *tp_masked_select_checked(tp_tensor *t, tp_tensor *mask) {
  if (mask->dtype != TP_BOOL) return tp_fail("masked_select: expected BoolTensor or ByteTensor for mask");
  return masked_select_impl(t, mask);
}

static tp_tensor *masked_select_impl(tp_tensor *t, tp_tensor *mask) {
  int64_t shape[TP_MAX_DIMS];
  int n;
  if (tp_broadcast_shapes(mask->ndim, mask->shape, t->ndim, t->shape, &n, shape)) return NULL;
  tp_tensor m = broadcast_geom(mask, n, shape), x = broadcast_geom(t, n, shape);
  select_ctx c = {0, tp_dtype_table[t->dtype].itemsize, NULL};
  tp_tensor *ops[2] = {&m, &x};
  tp_iter it;
  tp_iter_init(&it, 1, ops);
  tp_iter_run(&it, count_loop, &c);
  tp_tensor *out = tp_tensor_make(t->dtype, 1, &c.count);
  if (!out || !c.count) return out;
  c.out = tp_ptr(out);
  ops[0] = &x;
  ops[1] = &m;
  tp_iter_init(&it, 2, ops);
  tp_iter_run(&it, select_loop, &c);
  return out;
}

static int is_nonzero(const char *p, int dtype) {
  switch (dtype) {
  case TP_FLOAT32: return *(const float *)p != 0;
  case TP_FLOAT64: return *(const double *)p != 0;
  case TP_INT32: return *(const int32_t *)p != 0;
  case TP_INT64: return *(const int64_t *)p != 0;
  default: return *(const uint8_t *)p != 0;
  }
}

/* Counts (out == NULL) or writes the coordinates of t's nonzero elements, row-major. The
 * innermost dim runs as a tight strided loop; the outer coordinates advance per row. */
static int64_t nonzero_scan(const tp_tensor *t, int64_t *out) {
  int nd = t->ndim;
  int64_t item = tp_dtype_table[t->dtype].itemsize;
  if (nd == 0) {
    int hit = is_nonzero(tp_ptr(t), t->dtype);
    return hit;
  }
  int64_t numel = tp_shape_numel(nd, t->shape);
  if (numel == 0) return 0;
  int64_t idx[TP_MAX_DIMS] = {0}, off = 0, count = 0;
  int64_t cols = t->shape[nd - 1], step = t->stride[nd - 1] * item;
  const char *base = tp_ptr(t);
  for (int64_t r = 0, rows = numel / cols; r < rows; r++) {
    const char *p = base + off * item;
    for (int64_t j = 0; j < cols; j++, p += step) {
      if (!is_nonzero(p, t->dtype)) continue;
      if (out) {
        idx[nd - 1] = j;
        memcpy(out + count * nd, idx, sizeof(int64_t) * (size_t)nd);
      }
      count++;
    }
    for (int d = nd - 2; d >= 0; d--) {
      off += t->stride[d];
      if (++idx[d] < t->shape[d]) break;
      off -= t->stride[d] * t->shape[d];
      idx[d] = 0;
    }
  }
  return count;
}

static tp_tensor *nonzero_impl(const tp_tensor *t) {
  int64_t shape[2] = {nonzero_scan(t, NULL), t->ndim};
  tp_tensor *out = tp_tensor_make(TP_INT64, 2, shape);
  if (out && shape[0] && t->ndim) nonzero_scan(t, (int64_t *)tp_ptr(out));
  return out;
}

TP_API tp_tensor *tp_nonzero(tp_tensor *t) { return nonzero_impl(t); }

/* ---- advanced indexing: at::index and at::index_put_ ------------------------------------- */

static void plan_free(index_plan *p) {
  free(p->offsets);
  for (int i = 0; i < p->nowned; i++) tp_tensor_release(p->owned[i]);
}

typedef struct {
  int64_t size, stride, bad;
  int found;
} offset_ctx;

static void offset_loop(char **p, const int64_t *s, int64_t n, void *ctx) {
  offset_ctx *c = ctx;
  char *o = p[0];
  const char *x = p[1];
  for (int64_t i = 0; i < n; i++, o += s[0], x += s[1]) {
    int64_t v = *(const int64_t *)x;
    if (v < -c->size || v >= c->size) {
      if (!c->found) { c->found = 1; c->bad = v; }
      continue;
    }
    if (v < 0) v += c->size;
    *(int64_t *)o += v * c->stride;
  }
}

static int plan_make(index_plan *p, tp_tensor *t, int n, tp_tensor *const *indices, tp_tensor **ordered) {
  memset(p, 0, sizeof *p);
  if (n > t->ndim) return tp_fail_status("too many indices for tensor of dimension %d (got %d)", t->ndim, n);
  /* 1. bool masks become one long index per mask dim (nonzero), checked against self. */
  tp_tensor *idx[TP_MAX_DIMS] = {0};
  int m = 0;
  for (int i = 0; i < n; i++) {
    tp_tensor *x = indices[i];
    if (!x) { if (m < TP_MAX_DIMS) idx[m] = NULL; m++; continue; }
    if (x->dtype != TP_INT64 && x->dtype != TP_BOOL)
      return tp_fail_status("tensors used as indices must be long, byte or bool tensors");
    if (x->dtype == TP_INT64) { if (m < TP_MAX_DIMS) idx[m] = x; m++; continue; }
    for (int j = 0; j < x->ndim; j++) {
      int src = m + j;
      if (src >= t->ndim) {
        return tp_fail_status("too many indices for tensor of dimension %d (got %d)", t->ndim, src + 1);
      }
      if (x->shape[j] != t->shape[src]) {
        char a[256], b[256];
        tp_format_shape(a, sizeof a, x->ndim, x->shape);
        tp_format_shape(b, sizeof b, t->ndim, t->shape);
        return tp_fail_status("The shape of the mask %s at index %d does not match the shape of the indexed tensor %s at index %d", a, j, b, src);
      }
    }
    tp_tensor *nz = nonzero_impl(x);
    if (!nz) return -1;
    p->owned[p->nowned++] = nz;
    for (int j = 0; j < x->ndim; j++) {
      tp_tensor col = tp_geometry(nz);
      col.ndim = 1;
      col.offset += j;
      col.stride[0] = nz->stride[0];
      tp_tensor *c = tp_tensor_alias(&col);
      if (!c) return -1;
      p->owned[p->nowned++] = c;
      idx[m++] = c;
    }
  }
  if (m > t->ndim) return tp_fail_status("too many indices for tensor of dimension %d (got %d)", t->ndim, m);
  /* 2. broadcast the index tensors */
  int nb = 0, first = -1, last = -1, ndef = 0;
  int64_t bshape[TP_MAX_DIMS];
  for (int i = 0; i < m; i++) {
    if (!idx[i]) continue;
    if (first < 0) first = i;
    last = i;
    ndef++;
    int nn;
    int64_t tmp[TP_MAX_DIMS];
    if (tp_broadcast_shapes(nb, bshape, idx[i]->ndim, idx[i]->shape, &nn, tmp)) {
      char msg[1024];
      size_t k = 0;
      for (int j = 0; j < m && k < sizeof msg; j++) {
        if (!idx[j]) continue;
        if (k) k += (size_t)tp_snprintf(msg + k, sizeof msg - k, ", ");
        if (k < sizeof msg) tp_format_shape(msg + k, sizeof msg - k, idx[j]->ndim, idx[j]->shape);
        k = strlen(msg);
      }
      return tp_fail_status("shape mismatch: indexing tensors could not be broadcast together with shapes %s", msg);
    }
    nb = nn;
    memcpy(bshape, tmp, sizeof tmp);
  }
  if (ndef == 0) return tp_fail_status("index: expected at least one index tensor");
  /* 3. indexed dims not adjacent: move them to the front, in order (transposeToFront). */
  tp_tensor g = tp_geometry(t);
  int contiguous = last - first + 1 == ndef;
  if (!contiguous) {
    int k = 0;
    for (int i = 0; i < t->ndim; i++)
      if (i < m && idx[i]) { g.shape[k] = t->shape[i]; g.stride[k] = t->stride[i]; ordered[k++] = idx[i]; }
    for (int i = 0; i < t->ndim; i++)
      if (!(i < m && idx[i])) { g.shape[k] = t->shape[i]; g.stride[k] = t->stride[i]; k++; }
    first = 0;
  } else {
    for (int j = 0; j < ndef; j++) ordered[j] = idx[first + j];
  }
  int pre = first, post = t->ndim - first - ndef;
  if (pre + nb + post > TP_MAX_DIMS) return tp_fail_status("tensorpad supports at most %d dimensions", TP_MAX_DIMS);
  {
    int64_t rs[TP_MAX_DIMS];
    int r = 0;
    for (int d = 0; d < pre; d++) rs[r++] = g.shape[d];
    for (int d = 0; d < nb; d++) rs[r++] = bshape[d];
    for (int d = 0; d < post; d++) rs[r++] = g.shape[first + ndef + d];
    if (tp_check_numel(r, rs)) return -1;
  }
  /* PyTorch checks an index only when an output element reads it: none for empty results. */
  int64_t rest = 1;
  for (int d = 0; d < g.ndim; d++)
    if ((d < first || d >= first + ndef) && !tp_mul_ok(rest, g.shape[d], &rest)) return tp_fail_status("numel: integer multiplication overflow");
  /* 4. offsets, validating every index before anything is written */
  int64_t nbnumel = tp_shape_numel(nb, bshape);
  int64_t *offsets = calloc((size_t)(nbnumel ? nbnumel : 1), sizeof *offsets);
  if (!offsets) return tp_fail_oom_status((double)(nbnumel * 8));
  p->offsets = offsets;
  tp_storage ost = {.data = offsets, .nbytes = nbnumel * 8};
  tp_tensor off = {.storage = &ost, .dtype = TP_INT64, .ndim = (int8_t)nb};
  memcpy(off.shape, bshape, sizeof bshape);
  tp_contiguous_strides(nb, bshape, off.stride);
  for (int j = 0; j < ndef; j++) {
    tp_tensor ix = broadcast_geom(ordered[j], nb, bshape);
    offset_ctx c = {g.shape[first + j], g.stride[first + j], 0, 0};
    tp_tensor *ops[2] = {&off, &ix};
    tp_iter it;
    tp_iter_init(&it, 2, ops);
    if (nbnumel) tp_iter_run(&it, offset_loop, &c);
    if (c.found && rest) {
      if (c.size == 0) return tp_fail_status("index is out of bounds for dimension with size 0");  /* 1.13's own text there */
      return tp_fail_status("index %lld is out of bounds for dimension %d with size %lld", (long long)c.bad, j, (long long)c.size);
    }
  }
  p->self = g;
  p->start = first;
  p->k = ndef;
  p->nb = nb;
  memcpy(p->bshape, bshape, sizeof bshape);
  p->rdim = pre + nb + post;
  for (int d = 0; d < pre; d++) p->rshape[d] = g.shape[d];
  for (int d = 0; d < nb; d++) p->rshape[pre + d] = bshape[d];
  for (int d = 0; d < post; d++) p->rshape[pre + nb + d] = g.shape[first + ndef + d];
  return 0;
}

/* The self elements for broadcast-index point b: pre and post dims of self. */
static tp_tensor plan_self_block(const index_plan *p, int64_t b) {
  tp_tensor g = p->self;
  int post0 = p->start + p->k;
  for (int d = post0; d < p->self.ndim; d++) {
    g.shape[d - p->k] = p->self.shape[d];
    g.stride[d - p->k] = p->self.stride[d];
  }
  g.ndim = (int8_t)(p->self.ndim - p->k);
  g.offset += p->offsets[b];
  return g;
}

/* The result (or value) elements for point b: its dims [start, start+nb) fixed at b. */
static tp_tensor plan_result_block(const index_plan *p, const tp_tensor *r, int64_t b) {
  tp_tensor g = *r;
  int64_t rem = b;
  for (int d = p->start + p->nb - 1; d >= p->start; d--) {
    g.offset += (rem % r->shape[d]) * r->stride[d];
    rem /= r->shape[d];
  }
  for (int d = p->start + p->nb; d < r->ndim; d++) {
    g.shape[d - p->nb] = r->shape[d];
    g.stride[d - p->nb] = r->stride[d];
  }
  g.ndim = (int8_t)(r->ndim - p->nb);
  return g;
}

/* The result's strides as PyTorch's index TensorIterator lays them out: its operands are
 * self restrided to the result (stride 0 on the index dims) and each index tensor expanded
 * to the broadcast shape and reshaped with size-1 dims around it. */
static int index_layout(const index_plan *p, tp_tensor *const *ordered, int64_t *stride) {
  int64_t ops[TP_MAX_DIMS + 1][TP_MAX_DIMS];
  int pre = p->start, post = p->rdim - p->start - p->nb, nops = 1;
  for (int d = 0; d < pre; d++) ops[0][d] = p->self.stride[d];
  for (int d = 0; d < p->nb; d++) ops[0][pre + d] = 0;
  for (int d = 0; d < post; d++) ops[0][pre + p->nb + d] = p->self.stride[p->start + p->k + d];
  double bs[TP_MAX_DIMS], rs[TP_MAX_DIMS];
  for (int d = 0; d < p->nb; d++) bs[d] = (double)p->bshape[d];
  for (int d = 0; d < p->rdim; d++) rs[d] = d < pre || d >= pre + p->nb ? 1 : bs[d - pre];
  for (int j = 0; j < p->k; j++) {
    tp_tensor *x = ordered[j];
    int same = x->ndim == p->nb && !memcmp(x->shape, p->bshape, sizeof(int64_t) * (size_t)p->nb);
    tp_tensor *e = same ? tp_tensor_alias(x) : tp_expand(x, p->nb, bs);
    tp_tensor *v = e ? tp_reshape(e, p->rdim, rs) : NULL;
    tp_tensor_release(e);
    if (!v) return -1;
    for (int d = 0; d < p->rdim; d++) ops[nops][d] = v->shape[d] == 1 && p->rshape[d] != 1 ? 0 : v->stride[d];
    tp_tensor_release(v);
    nops++;
  }
  tp_layout_iter(nops, (const int64_t (*)[TP_MAX_DIMS])ops, p->rdim, p->rshape, stride);
  return 0;
}

/* t[indices]: indices[i] is a long or bool tensor, or NULL for a whole dim. Copies. */
tp_tensor *tp_index_impl(tp_tensor *t, int n, tp_tensor *const *indices) {
  /* t[mask] with a mask of t's own shape is masked_select (no nonzero needed) */
  if (n >= 1 && indices[0] && indices[0]->dtype == TP_BOOL && indices[0]->ndim == t->ndim && t->ndim > 0 &&
      !memcmp(indices[0]->shape, t->shape, sizeof(int64_t) * (size_t)t->ndim)) {
    int others = 0;
    for (int i = 1; i < n; i++) others |= indices[i] != NULL;
    if (!others) return masked_select_impl(t, indices[0]);
  }
  index_plan p;
  tp_tensor *ordered[TP_MAX_DIMS];
  if (plan_make(&p, t, n, indices, ordered)) { plan_free(&p); return NULL; }
  tp_tensor *out = tp_tensor_make(t->dtype, p.rdim, p.rshape);
  if (out && tp_shape_numel(p.rdim, p.rshape) && index_layout(&p, ordered, out->stride)) {
    tp_tensor_release(out);
    out = NULL;
  }
  if (out && tp_shape_numel(out->ndim, out->shape)) {
    int64_t nbnumel = tp_shape_numel(p.nb, p.bshape);
    int64_t item = tp_dtype_table[t->dtype].itemsize;
    tp_tensor block = plan_self_block(&p, 0);
    int64_t rows = tp_shape_numel(block.ndim, block.shape);
    if (p.start == 0 && tp_tensor_is_contiguous(out) && tp_tensor_is_contiguous(&block)) {
      /* x[idx, ...] over dense rows (embedding lookups): one memcpy per point */
      char *dst = tp_ptr(out);
      const char *src = tp_ptr(&p.self);
      size_t bytes = (size_t)(rows * item);
      if (rows == 1)
        for (int64_t b = 0; b < nbnumel; b++) copy_item(dst + b * item, src + p.offsets[b] * item, item);
      else
        for (int64_t b = 0; b < nbnumel; b++) memcpy(dst + b * rows * item, src + p.offsets[b] * item, bytes);
    } else {
      for (int64_t b = 0; b < nbnumel; b++) {
        tp_tensor dst = plan_result_block(&p, out, b), src = plan_self_block(&p, b);
        tp_copy_convert(&dst, &src);
      }
    }
  }
  plan_free(&p);
  return out;
}

/* 1.13 turns `t[mask] = one-element value` into masked_fill_ (no dtype check then). */
static int index_put_as_masked_fill(tp_tensor *t, int n, tp_tensor *const *indices, tp_tensor *values) {
  if (tp_shape_numel(values->ndim, values->shape) != 1) return 0;
  tp_tensor *mask = NULL;
  int before = 0;
  for (int i = 0; i < n; i++) {
    if (!indices[i]) { if (!mask) before++; continue; }
    if (indices[i]->dtype != TP_BOOL || mask) return 0;
    mask = indices[i];
  }
  if (!mask) return 0;
  for (int j = 0; j < mask->ndim; j++) {
    int src = before + j;
    if (src >= t->ndim) return 0;
    if (mask->shape[j] != t->shape[src]) {
      char a[256], b[256];
      tp_format_shape(a, sizeof a, mask->ndim, mask->shape);
      tp_format_shape(b, sizeof b, t->ndim, t->shape);
      return tp_fail_status("The shape of the mask %s at index %d does not match the shape of the indexed tensor %s at index %d", a, j, b, src);
    }
  }
  /* the mask, with trailing size-1 dims for the unindexed dims after it */
  tp_tensor m = tp_geometry(mask);
  for (int d = mask->ndim; d < t->ndim - before; d++) { m.shape[d] = 1; m.stride[d] = 1; }
  m.ndim = (int8_t)(t->ndim - before);
  tp_tensor v = tp_geometry(values);
  v.ndim = 0;
  if (tp_masked_fill__impl(t, &m, &v, 0)) return -1;
  return 1;
}

/* t[indices] = values (accumulate: +=). values must have t's dtype and broadcast to the
 * indexing result. */
int tp_index_put__impl(tp_tensor *t, int n, tp_tensor *const *indices, tp_tensor *values, int accumulate) {
  if (n > t->ndim) return tp_fail_status("too many indices for tensor of dimension %d (got %d)", t->ndim, n);
  if (!accumulate) {
    int rc = index_put_as_masked_fill(t, n, indices, values);
    if (rc) return rc < 0 ? -1 : 0;
  }
  index_plan p;
  tp_tensor *ordered[TP_MAX_DIMS];
  if (plan_make(&p, t, n, indices, ordered)) { plan_free(&p); return -1; }
  int ok = values->ndim <= p.rdim;
  for (int d = 0; ok && d < values->ndim; d++) {
    int64_t s = values->shape[values->ndim - 1 - d], r = p.rshape[p.rdim - 1 - d];
    if (s != r && s != 1) ok = 0;
  }
  if (!ok) {
    char a[256], b[256];
    tp_format_shape(a, sizeof a, values->ndim, values->shape);
    tp_format_shape(b, sizeof b, p.rdim, p.rshape);
    plan_free(&p);
    return tp_fail_status("shape mismatch: value tensor of shape %s cannot be broadcast to indexing result of shape %s", a, b);
  }
  if (values->dtype != t->dtype) {
    plan_free(&p);
    return tp_fail_status("Index put requires the source and destination dtypes match, got %s for the destination and %s for the source.",
                          tp_dtype_title(t->dtype), tp_dtype_title(values->dtype));
  }
  tp_tensor v = broadcast_geom(values, p.rdim, p.rshape);
  int64_t nbnumel = tp_shape_numel(p.nb, p.bshape);
  if (tp_shape_numel(p.rdim, p.rshape)) {
    for (int64_t b = 0; b < nbnumel; b++) {
      tp_tensor dst = plan_self_block(&p, b), src = plan_result_block(&p, &v, b);
      if (accumulate) tp_accumulate(&dst, &src, 1);
      else tp_copy_convert(&dst, &src);
    }
  }
  plan_free(&p);
  t->version->value++;
  return 0;
}

/* Out-of-place index_put: a copy of t (its layout kept, as clone) with the writes applied. */
tp_tensor *tp_index_put_impl(tp_tensor *t, int n, tp_tensor *const *indices, tp_tensor *values, int accumulate) {
  tp_tensor *out = tp_tensor_make(t->dtype, t->ndim, t->shape);
  if (!out) return NULL;
  tp_layout_like(t, out->stride);
  tp_copy_convert(out, t);
  if (tp_index_put__impl(out, n, indices, values, accumulate)) {
    tp_tensor_release(out);
    return NULL;
  }
  out->version->value = 0;
  return out;
}

int64_t tp_wrapped_dim(double d, int ndim) {
  int64_t w = 0;
  tp_wrap_dim_arg(d, ndim, &w);
  return w;
}

const char *tp_scatter_name(tp_tensor *src, int add) {
  return add ? "ScatterAddBackward0" : src ? "ScatterBackward0" : "ScatterBackward1";
}

/* The index tensors a node keeps: flags in iv (1 where dim d has one), tensors saved in order. */
int tp_index_params(int n, tp_tensor *const *indices, int64_t *iv, tp_tensor **save) {
  int k = 0;
  for (int d = 0; d < n; d++) {
    iv[d] = indices[d] != NULL;
    if (indices[d]) save[k++] = indices[d];
  }
  return k;
}

/* ---- index_add_ / index_copy_ / index_fill_: whole slices along dim ------------------------ */
/* The slice of t at position i along dim (t itself when t is 0-d). */
static tp_tensor slice_at(const tp_tensor *t, int64_t dim, int64_t i) {
  return t->ndim ? select_geom(t, (int)dim, i) : tp_geometry(t);
}

int tp_index_add_check(tp_tensor *t, int64_t dim, tp_tensor *index, tp_tensor *source, int inplace) {
  int64_t n = tp_shape_numel(index->ndim, index->shape);
  if (index->ndim > 1) {
    char buf[512];
    tp_format_shape(buf, sizeof buf, index->ndim, index->shape);
    return tp_fail_status("index_add_(): Index is supposed to be a vector, but got dim: %d with type: %s and size: %s",
                          index->ndim, tp_dtype_title(index->dtype), buf);
  }
  if (index->dtype != TP_INT64 && index->dtype != TP_INT32)
    return tp_fail_status("index_add_(): Expected dtype int32/int64 for index but got: %s", tp_dtype_title(index->dtype));
  if (t->dtype != source->dtype)
    return tp_fail_status("index_add_(): self (%s) and source (%s) must have the same scalar type", tp_dtype_title(t->dtype), tp_dtype_title(source->dtype));
  if (inplace && tp_check_no_internal_overlap(t)) return -1;
  if (!(dim == 0 || dim < source->ndim))
    return tp_fail_status("index_add_(): Indexing dim %lld is out of bounds of the source tensor with dim %d", (long long)dim, source->ndim);
  if (n != (source->ndim ? source->shape[dim] : 1)) {
    if (!source->ndim) return tp_fail_status("Dimension specified as %lld but tensor has no dimensions", (long long)dim);
    return tp_fail_status("index_add_(): Number of indices (%lld) should be equal to source.size(dim): (%lld), for dim: %lld",
                          (long long)n, (long long)source->shape[dim], (long long)dim);
  }
  if (t->ndim > 1) {
    if (n == 0) return 0;
    if (tp_shape_numel(t->ndim, t->shape) == 0) {
      char buf[512];
      tp_format_shape(buf, sizeof buf, t->ndim, t->shape);
      return tp_fail_status("select(): index 0 out of range for tensor of size %s at dimension %lld", buf, (long long)dim);
    }
    if (!source->ndim) return tp_fail_status("select() cannot be applied to a 0-dim tensor.");
    /* the add_ of one slice into another: source's slice broadcast to self's */
    tp_tensor a = select_geom(t, (int)dim, 0), b = select_geom(source, (int)dim, 0);
    int64_t shape[TP_MAX_DIMS];
    int nd;
    if (tp_broadcast_shapes(a.ndim, a.shape, b.ndim, b.shape, &nd, shape)) return -1;
    if (nd != a.ndim || memcmp(shape, a.shape, sizeof(int64_t) * (size_t)nd)) {
      char x[256], y[256];
      tp_format_shape(x, sizeof x, a.ndim, a.shape);
      tp_format_shape(y, sizeof y, nd, shape);
      return tp_fail_status("output with shape %s doesn't match the broadcast shape %s", x, y);
    }
  } else if (source->ndim > 1) {
    return tp_fail_status("source.dim() (%d) must one or zero for given self.dim() (%d)", source->ndim, t->ndim);
  }
  int64_t size = t->ndim > 1 ? t->shape[dim] : tp_shape_numel(t->ndim, t->shape);
  for (int64_t i = 0; i < n; i++) {
    int64_t v = load_index(index, i);
    if (v < 0 || v >= size) return tp_fail_status("index out of range in self");
  }
  return 0;
}

void tp_index_add_run(tp_tensor *t, int64_t dim, tp_tensor *index, tp_tensor *source, double alpha) {
  int64_t n = tp_shape_numel(index->ndim, index->shape);
  for (int64_t i = 0; i < n; i++) {
    tp_tensor dst = slice_at(t, dim, load_index(index, i)), src = slice_at(source, dim, i);
    tp_accumulate(&dst, &src, alpha);
  }
}

/* "2 4": how 1.13 prints the slice shapes in index_copy_'s message. */
static void slice_sizes(char *buf, size_t cap, const tp_tensor *t, int64_t dim) {
  size_t k = 0;
  buf[0] = 0;
  for (int d = 0; d < t->ndim && k < cap; d++)
    if (d != dim) k += (size_t)tp_snprintf(buf + k, cap - k, "%s%lld", k ? " " : "", (long long)t->shape[d]);
}

int tp_index_copy_check(tp_tensor *t, int64_t dim, tp_tensor *index, tp_tensor *source, int inplace) {
  int64_t n = tp_shape_numel(index->ndim, index->shape);
  if (index->ndim >= 2) return tp_fail_status("index_copy_(): Index should have dimension 1 or 0 (got %d)", index->ndim);
  if (source->ndim == 0 && n != 1)
    return tp_fail_status("index_copy_(): When source is scalar, index should have one element (got %lld)", (long long)n);
  if (source->ndim != t->ndim && source->ndim != 0 && t->ndim != 0)
    return tp_fail_status("index_copy_(): When source and destination are not scalars, their dimensionality must match. Source dimensionality (%d), destination dimensionality (%d)",
                          source->ndim, t->ndim);
  if (index->dtype != TP_INT64)
    return tp_fail_status("index_copy_(): Expected a long tensor for index, but got %s", tp_dtype_title(index->dtype));
  if (t->dtype != source->dtype)
    return tp_fail_status("index_copy_(): self and source expected to have the same dtype, but got (self) %s and (source) %s",
                          tp_dtype_title(t->dtype), tp_dtype_title(source->dtype));
  if (inplace && tp_check_no_internal_overlap(t)) return -1;
  char a[256], b[256];
  slice_sizes(a, sizeof a, t, dim);
  slice_sizes(b, sizeof b, source, dim);
  if (strcmp(a, b))
    return tp_fail_status("index_copy_(): Source/destination tensor must have same slice shapes. Destination slice shape: %s at dimension %lld and source slice shape: %s at dimension 0.",
                          a, (long long)dim, b);
  if (source->ndim && n != source->shape[dim])
    return tp_fail_status("index_copy_(): Number of indices (%lld) should be equal to source.size(dim) (%lld)", (long long)n, (long long)source->shape[dim]);
  int64_t size = nonempty_size(t, (int)dim);
  for (int64_t i = 0; i < n; i++) {
    int64_t v = load_index(index, i);
    if (v < 0 || v >= size)
      return tp_fail_status("index_copy_(): index %lld is out of bounds for dimension %lld with size %lld", (long long)v, (long long)dim, (long long)size);
  }
  return 0;
}

void tp_index_copy_run(tp_tensor *t, int64_t dim, tp_tensor *index, tp_tensor *source) {
  int64_t n = tp_shape_numel(index->ndim, index->shape);
  for (int64_t i = 0; i < n; i++) {
    tp_tensor dst = slice_at(t, dim, load_index(index, i)), src = slice_at(source, dim, i);
    tp_copy_convert(&dst, &src);
  }
}

int tp_index_fill_check(tp_tensor *t, int64_t *dim, double dim_d, tp_tensor *index, tp_tensor *value) {
  if (value && value->ndim != 0)
    return tp_fail_status("index_fill_ only supports a 0-dimensional value tensor, but got tensor with %d dimension(s).", value->ndim);
  if (index->dtype != TP_INT64) return tp_fail_status("index_fill_(): Expected dtype int64 for index.");
  if (tp_wrap_dim_arg(dim_d, t->ndim ? t->ndim : 1, dim)) return -1;
  if (index->ndim > 1) return tp_fail_status("Index has to be a vector/scalar");
  int64_t size = nonempty_size(t, (int)*dim), n = tp_shape_numel(index->ndim, index->shape);
  if (t->ndim && tp_shape_numel(t->ndim, t->shape) == 0) {
    /* 1.13 restrides an empty self to n slices of stride 0 along dim: past the storage that
     * fails as setStorage (an out-of-place call's fresh copy has none); with no element
     * left no index is checked */
    int64_t shape[TP_MAX_DIMS], stride[TP_MAX_DIMS];
    memcpy(shape, t->shape, sizeof(int64_t) * (size_t)t->ndim);
    memcpy(stride, t->stride, sizeof(int64_t) * (size_t)t->ndim);
    shape[*dim] = n, stride[*dim] = 0;
    if (tp_check_extent(t->storage->nbytes, tp_dtype_table[t->dtype].itemsize, t->ndim, shape, stride, t->offset)) return -1;
    if (tp_shape_numel(t->ndim, shape) == 0) return 0;
  }
  for (int64_t i = 0; i < n; i++) {
    int64_t v = load_index(index, i);
    if (v < -size || v >= size)
      return tp_fail_status("index %lld is out of bounds for dimension %lld with size %lld", (long long)v, (long long)*dim, (long long)size);
  }
  return 0;
}

static void fill_loop(char **p, const int64_t *s, int64_t n, void *ctx) {
  const fill_ctx *c = ctx;
  char *d = p[0];
  for (int64_t i = 0; i < n; i++, d += s[0]) copy_item(d, c->value, c->item);
}

void tp_index_fill_run(tp_tensor *t, int64_t dim, tp_tensor *index, tp_tensor *value, double v) {
  fill_ctx c = {tp_dtype_table[t->dtype].itemsize, {0}};
  if (value) v = tp_load_f64(tp_ptr(value), value->dtype);
  if (value && value->dtype == TP_INT64 && t->dtype == TP_INT64) memcpy(c.value, tp_ptr(value), 8);
  else tp_store_f64(c.value, t->dtype, v);
  int64_t size = nonempty_size(t, (int)dim), n = tp_shape_numel(index->ndim, index->shape);
  /* nothing to write, and the check left the indices unchecked (an empty dim elsewhere):
   * slicing at one of them could point far outside the storage (libFuzzer+UBSan) */
  if (tp_shape_numel(t->ndim, t->shape) == 0) return;
  for (int64_t i = 0; i < n; i++) {
    int64_t k = load_index(index, i);
    tp_tensor g = slice_at(t, dim, k < 0 ? k + size : k), *ops[1] = {&g};
    tp_iter it;
    tp_iter_init(&it, 1, ops);
    tp_iter_run(&it, fill_loop, &c);
  }
}

/* scatter's argument checks (with src), for scatter_reduce in diag_views_scatter.c. */
int tp_scatter_check(tp_tensor *t, int64_t dim, tp_tensor *index, tp_tensor *src) { return scatter_check(t, dim, index, src, 0); }
