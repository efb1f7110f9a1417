/* Shape ops that copy or regroup whole blocks: cat, stack, the split family (views),
 * flip, roll, repeat/tile, tril/triu.
 *
 * Each op is one exported entry (the place autograd will record its node) that validates
 * with PyTorch 1.13's messages first and only then allocates and copies. Copies go through
 * stack-built geometry headers and tp_copy_convert, so any dtype and any strides work
 * without making inputs contiguous first. */
#include <stdlib.h>
#include <stdio.h>
#include <string.h>
#include "shape.h"
#include "shape_kernels.h"

/* ---- shared helpers ------------------------------------------------------------------ */
int tp_check_numel(int n, const int64_t *shape) {
  int64_t numel = 1;
  for (int d = 0; d < n; d++) {
    if (!tp_mul_ok(numel, shape[d], &numel)) {
      char buf[512];
      tp_format_shape(buf, sizeof buf, n, shape);
      return tp_fail_status("Storage size calculation overflowed with sizes=%s", buf);
    }
  }
  if (numel > INT64_C(9007199254740992)) return tp_fail_oom_status((double)numel);
  return 0;
}

int tp_broadcast_shapes(int na, const int64_t *a, int nb, const int64_t *b, int *nout, int64_t *out) {
  int n = na > nb ? na : nb;
  for (int i = n - 1; i >= 0; i--) {
    int off = n - 1 - i, da = na - 1 - off, db = nb - 1 - off;
    int64_t sa = da >= 0 ? a[da] : 1, sb = db >= 0 ? b[db] : 1;
    if (sa != sb && sa != 1 && sb != 1)
      return tp_fail_status("The size of tensor a (%lld) must match the size of tensor b (%lld) at non-singleton dimension %d",
                            (long long)sa, (long long)sb, i);
    out[i] = sa == 1 ? sb : sa;
  }
  *nout = n;
  return 0;
}

/* dst += alpha * src, in dst's dtype (alpha cast to it, as PyTorch's add kernel does). */
typedef struct {
  int dtype;
  double alpha;
} acc_ctx;

#define ACC_LOOP(T, EXPR)                                                     \
  for (int64_t i = 0; i < n; i++, d += s[0], x += s[1]) {                     \
    T *pd = (T *)d;                                                           \
    T vx = *(const T *)x;                                                     \
    *pd = EXPR;                                                               \
  }
static void acc_loop(char **p, const int64_t *s, int64_t n, void *ctx) {
  const acc_ctx *c = ctx;
  char *d = p[0];
  const char *x = p[1];
  float af = (float)c->alpha;
  double ad = c->alpha;
  uint64_t ai = (uint64_t)tp_f64_to_i64(c->alpha);
  int unit = c->alpha == 1;
  switch (c->dtype) {
  case TP_FLOAT32:
    if (unit) { ACC_LOOP(float, *pd + vx) } else { ACC_LOOP(float, *pd + af * vx) }
    break;
  case TP_FLOAT64:
    if (unit) { ACC_LOOP(double, *pd + vx) } else { ACC_LOOP(double, *pd + ad * vx) }
    break;
  case TP_INT32: ACC_LOOP(int32_t, (int32_t)((uint32_t)*pd + (uint32_t)ai * (uint32_t)vx)) break;
  case TP_INT64: ACC_LOOP(int64_t, (int64_t)((uint64_t)*pd + ai * (uint64_t)vx)) break;
  default: ACC_LOOP(uint8_t, (uint8_t)(*pd || (ad != 0 && vx))) break;
  }
}

void tp_accumulate(tp_tensor *dst, tp_tensor *src, double alpha) {
  tp_iter it;
  tp_tensor *ops[2] = {dst, src};
  acc_ctx c = {dst->dtype, alpha};
  tp_iter_init(&it, 2, ops);
  tp_iter_run(&it, acc_loop, &c);
}

/* The scratch list through which tensor lists cross the API (cat's inputs, split's
 * outputs). It only grows; its address may change when it does. */
tp_tensor **tp_split_list;
static int list_cap;

tp_tensor **tp_list_reserve(int n) {
  if (n <= list_cap && tp_split_list) return tp_split_list;  /* (an empty list too: NULL would read as a failure) */
  int cap = list_cap ? list_cap : 64;
  while (cap < n) cap *= 2;
  tp_tensor **p = realloc(tp_split_list, sizeof *p * (size_t)cap);
  if (!p) return tp_fail_oom((double)sizeof *p * (size_t)cap);
  tp_split_list = p;
  list_cap = cap;
  return tp_split_list;
}

TP_API tp_tensor **tp_tensor_list(int n) {
  if (n < 0) return tp_fail("tensor list size must be non-negative, got %d", n);
  return tp_list_reserve(n > 0 ? n : 1);
}

/* ---- cat / stack --------------------------------------------------------------------- */
/* 1.13 still skips 1-D empty tensors (legacy torch.cat behaviour) in the shape checks. */
static int cat_skip(const tp_tensor *t) { return t->ndim == 1 && t->shape[0] == 0; }

tp_tensor *tp_cat_impl(int n, tp_tensor *const *ts, double dim_d) {
  if (n <= 0) return tp_fail("torch.cat(): expected a non-empty list of Tensors");
  int dtype = ts[0]->dtype, valid = -1;
  for (int i = 0; i < n; i++) {
    if (ts[i]->ndim == 0) return tp_fail("zero-dimensional tensor (at position %d) cannot be concatenated", i);
    dtype = tp_promote_types(dtype, ts[i]->dtype);
    if (valid < 0 && !cat_skip(ts[i])) valid = i;
  }
  if (valid < 0) {
    int64_t zero[1] = {0};
    return tp_tensor_make(dtype, 1, zero);
  }
  const tp_tensor *first = ts[valid];
  int64_t dim;
  if (tp_wrap_dim_arg(dim_d, first->ndim, &dim)) return NULL;
  int64_t shape[TP_MAX_DIMS];
  memcpy(shape, first->shape, sizeof shape);
  shape[dim] = 0;
  for (int i = 0; i < n; i++) {
    const tp_tensor *t = ts[i];
    if (cat_skip(t)) continue;
    if (t->ndim != first->ndim)
      return tp_fail("Tensors must have same number of dimensions: got %d and %d", first->ndim, t->ndim);
    for (int d = 0; d < t->ndim; d++)
      if (d != dim && t->shape[d] != first->shape[d])
        return tp_fail("Sizes of tensors must match except in dimension %lld. Expected size %lld but got size %lld for tensor number %d in the list.",
                       (long long)dim, (long long)first->shape[d], (long long)t->shape[d], i);
    shape[dim] = tp_wadd(shape[dim], t->shape[dim]);  /* ATen's sum wraps: a negative size is refused */
  }
  tp_tensor *out = tp_tensor_make(dtype, first->ndim, shape);
  if (!out || tp_no_elements(out->ndim, out->shape)) return out;
  int64_t at = 0;
  for (int i = 0; i < n; i++) {
    if (cat_skip(ts[i])) continue;
    tp_tensor part = tp_geometry(out);
    part.shape[dim] = ts[i]->shape[dim];
    part.offset += at * out->stride[dim];
    at += ts[i]->shape[dim];
    tp_copy_convert(&part, ts[i]);
  }
  return out;
}

tp_tensor *tp_stack_impl(int n, tp_tensor *const *ts, double dim_d) {
  if (n <= 0) return tp_fail("stack expects a non-empty TensorList");
  const tp_tensor *first = ts[0];
  int64_t dim;
  if (tp_wrap_dim_arg(dim_d, first->ndim + 1, &dim)) return NULL;
  if (first->ndim + 1 > TP_MAX_DIMS) return tp_fail("tensorpad supports at most %d dimensions", TP_MAX_DIMS);
  int dtype = first->dtype;
  for (int i = 1; i < n; i++) {
    const tp_tensor *t = ts[i];
    if (t->ndim != first->ndim || memcmp(t->shape, first->shape, sizeof(int64_t) * (size_t)t->ndim)) {
      char a[256], b[256];
      tp_format_shape(a, sizeof a, first->ndim, first->shape);
      tp_format_shape(b, sizeof b, t->ndim, t->shape);
      return tp_fail("stack expects each tensor to be equal size, but got %s at entry 0 and %s at entry %d", a, b, i);
    }
    dtype = tp_promote_types(dtype, t->dtype);
  }
  int64_t shape[TP_MAX_DIMS];
  for (int d = 0, k = 0; d <= first->ndim; d++) shape[d] = d == dim ? n : first->shape[k++];
  tp_tensor *out = tp_tensor_make(dtype, first->ndim + 1, shape);
  if (!out) return NULL;
  for (int i = 0; i < n; i++) {
    tp_tensor part = tp_geometry(out);
    part.offset += i * out->stride[dim];
    for (int d = (int)dim; d < first->ndim; d++) {
      part.shape[d] = out->shape[d + 1];
      part.stride[d] = out->stride[d + 1];
    }
    part.ndim = first->ndim;
    tp_copy_convert(&part, ts[i]);
  }
  return out;
}

/* ---- split family: views into the scratch list --------------------------------------- */
static int emit_splits(tp_tensor *t, int64_t dim, int n, const int64_t *sizes) {
  tp_tensor **out = tp_list_reserve(n);
  if (!out) return -1;
  int64_t start = 0;
  for (int i = 0; i < n; i++) {
    tp_tensor *v = tp_tensor_alias(t);
    if (!v) {
      while (i--) { tp_tensor_release(out[i]); out[i] = NULL; }
      return -1;
    }
    v->shape[dim] = sizes[i];
    v->offset = tp_wadd(v->offset, tp_wmul(start, t->stride[dim]));
    start += sizes[i];
    out[i] = v;
  }
  return n;
}

static int emit_even(tp_tensor *t, int64_t dim, int64_t split_size) {
  int64_t size = t->shape[dim];
  int64_t n = split_size ? tp_wadd(size, split_size - 1) / split_size : 1;  /* wraps as ATen's for split_size near 2**63 */
  if (n < 1) n = 1;
  if (n > 1 << 30) return tp_fail_status("split would produce %lld tensors", (long long)n);
  int64_t *sizes = malloc(sizeof *sizes * (size_t)n);
  if (!sizes) return tp_fail_status("DefaultCPUAllocator: not enough memory");
  for (int64_t i = 0; i < n; i++) sizes[i] = split_size;
  sizes[n - 1] = split_size - (split_size * n - size);
  int rc = emit_splits(t, dim, (int)n, sizes);
  free(sizes);
  return rc;
}

int tp_split_impl(tp_tensor *t, double split_size, double dim_d) {
  if (t->ndim == 0) return tp_fail_status("split expects at least a 1-dimensional tensor");
  int64_t ss = tp_arg_i64(split_size), dim;
  if (ss < 0) return tp_fail_status("split expects split_size be non-negative, but got split_size=%lld", (long long)ss);
  if (tp_wrap_dim_arg(dim_d, t->ndim, &dim)) return -1;
  if (ss == 0 && t->shape[dim] != 0)
    return tp_fail_status("split_size can only be 0 if dimension size is 0, but got dimension size of %lld", (long long)t->shape[dim]);
  return emit_even(t, dim, ss);
}

int tp_split_with_sizes_impl(tp_tensor *t, int n, const double *sizes_d, double dim_d) {
  if (t->ndim == 0) return tp_fail_status("split expects at least a 1-dimensional tensor");
  int64_t dim;
  if (tp_wrap_dim_arg(dim_d, t->ndim, &dim)) return -1;
  int64_t *sizes = malloc(sizeof *sizes * (size_t)(n > 0 ? n : 1));
  if (!sizes) return tp_fail_status("DefaultCPUAllocator: not enough memory");
  char buf[512];
  size_t k = (size_t)tp_snprintf(buf, sizeof buf, "[");
  int64_t sum = 0, negative = 0;
  for (int i = 0; i < n; i++) {
    sizes[i] = tp_arg_i64(sizes_d[i]);
    sum += sizes[i];
    if (sizes[i] < 0) negative = 1;
    if (k < sizeof buf) k += (size_t)tp_snprintf(buf + k, sizeof buf - k, "%s%lld", i ? ", " : "", (long long)sizes[i]);
  }
  if (k < sizeof buf) tp_snprintf(buf + k, sizeof buf - k, "]");
  int rc;
  if (negative)
    rc = tp_fail_status("split_with_sizes expects split_sizes have only non-negative entries, but got split_sizes=%s", buf);
  else if (sum != t->shape[dim])
    rc = tp_fail_status("split_with_sizes expects split_sizes to sum exactly to %lld (input tensor's size at dimension %lld), but got split_sizes=%s",
                        (long long)t->shape[dim], (long long)dim, buf);
  else
    rc = emit_splits(t, dim, n, sizes);
  free(sizes);
  return rc;
}

int tp_chunk_impl(tp_tensor *t, double chunks_d, double dim_d) {
  if (t->ndim == 0) return tp_fail_status("chunk expects at least a 1-dimensional tensor");
  int64_t chunks = tp_arg_i64(chunks_d), dim;
  if (chunks <= 0) return tp_fail_status("chunk expects `chunks` to be greater than 0, got: %lld", (long long)chunks);
  if (tp_wrap_dim_arg(dim_d, t->ndim, &dim)) return -1;
  int64_t size = t->shape[dim], split_size = (size + chunks - 1) / chunks;
  if (split_size == 0 && size == 0) {
    if (chunks > 1 << 30) return tp_fail_status("chunk would produce %lld tensors", (long long)chunks);
    int64_t *sizes = calloc((size_t)chunks, sizeof *sizes);
    if (!sizes) return tp_fail_status("DefaultCPUAllocator: not enough memory");
    int rc = emit_splits(t, dim, (int)chunks, sizes);
    free(sizes);
    return rc;
  }
  return emit_even(t, dim, split_size);
}

int tp_unbind_impl(tp_tensor *t, double dim_d) {
  if (t->ndim == 0) {  /* the dim wrapped as a scalar's first: unbind(-1) says 0 */
    int64_t w;
    if (tp_wrap_dim_arg(dim_d, 0, &w)) return -1;
    return tp_fail_status("Dimension specified as %lld but tensor has no dimensions", (long long)w);
  }
  int64_t dim;
  if (tp_wrap_dim_arg(dim_d, t->ndim, &dim)) return -1;
  int64_t n = t->shape[dim];
  if (n > 1 << 30) return tp_fail_status("unbind would produce %lld tensors", (long long)n);
  tp_tensor **out = tp_list_reserve(n > 0 ? (int)n : 1);  /* an empty dim gives an empty tuple, not a failure */
  if (!out) return -1;
  for (int64_t i = 0; i < n; i++) {
    tp_tensor *v = tp_tensor_alias(t);
    if (!v) {
      while (i--) { tp_tensor_release(out[i]); out[i] = NULL; }
      return -1;
    }
    v->offset = tp_wadd(v->offset, tp_wmul(i, t->stride[dim]));
    for (int d = (int)dim; d + 1 < t->ndim; d++) {
      v->shape[d] = t->shape[d + 1];
      v->stride[d] = t->stride[d + 1];
    }
    v->ndim--;
    out[i] = v;
  }
  return (int)n;
}

/* ---- flip / roll --------------------------------------------------------------------- */
/* A same-dtype strided copy with typed element moves: tp_copy_convert's byte path calls
 * memcpy per element when strides are not unit (flip's are negative). */
#define COPY_LOOP(T)                                                                   \
  for (int64_t i = 0; i < n; i++, d += s[0], x += s[1]) *(T *)d = *(const T *)x;
static void copy_items(char **p, const int64_t *s, int64_t n, void *ctx) {
  char *d = p[0];
  const char *x = p[1];
  switch (*(const int64_t *)ctx) {
  case 1: COPY_LOOP(uint8_t) break;
  case 4: COPY_LOOP(uint32_t) break;
  default: COPY_LOOP(uint64_t) break;
  }
}

static void copy_same_dtype(tp_tensor *dst, tp_tensor *src) {
  tp_iter it;
  tp_tensor *ops[2] = {dst, src};
  int64_t item = tp_dtype_table[dst->dtype].itemsize;
  tp_iter_init(&it, 2, ops);
  tp_iter_run(&it, copy_items, &item);
}

tp_tensor *tp_flip_impl(tp_tensor *t, int n, const double *dims) {
  int seen[TP_MAX_DIMS] = {0};
  for (int i = 0; i < n; i++) {
    int64_t d;
    if (tp_wrap_dim_arg(dims[i], t->ndim, &d)) return NULL;
    if (seen[d]++) return tp_fail("dim %lld appears multiple times in the list of dims", (long long)d);
  }
  tp_tensor *out = tp_tensor_make(t->dtype, t->ndim, t->shape);
  if (!out) return NULL;
  tp_layout_like(t, out->stride);
  if (tp_no_elements(t->ndim, t->shape)) return out;  /* (its other dims may span past int64) */
  /* Read the source backwards along flipped dims: a negative-stride view. */
  tp_tensor src = tp_geometry(t);
  for (int d = 0; d < t->ndim; d++) {
    if (!seen[d] || t->shape[d] == 0) continue;
    src.offset += (t->shape[d] - 1) * t->stride[d];
    src.stride[d] = -t->stride[d];
  }
  copy_same_dtype(out, &src);
  return out;
}

/* Copies src rolled by shift[d] along each dim into dst, as 2 blocks per rolled dim. */
static void roll_blocks(tp_tensor *dst, tp_tensor *src, const int64_t *shift, int d) {
  while (d < dst->ndim && shift[d] == 0) d++;
  if (d == dst->ndim) {
    tp_copy_convert(dst, src);
    return;
  }
  int64_t n = dst->shape[d], s = shift[d];
  tp_tensor a = *dst, b = *src;
  /* dst[s:] = src[:n-s] */
  a.offset += s * dst->stride[d];
  a.shape[d] = n - s;
  b.shape[d] = n - s;
  roll_blocks(&a, &b, shift, d + 1);
  /* dst[:s] = src[n-s:] */
  a = *dst;
  b = *src;
  a.shape[d] = s;
  b.shape[d] = s;
  b.offset += (n - s) * src->stride[d];
  roll_blocks(&a, &b, shift, d + 1);
}

tp_tensor *tp_roll_impl(tp_tensor *t, int nshifts, int ndims, const double *shifts_then_dims) {
  const double *shifts = shifts_then_dims, *dims = shifts_then_dims + nshifts;
  int64_t numel = tp_shape_numel(t->ndim, t->shape);
  int flat = 0;
  if (!(nshifts == 1 && ndims == 1)) {
    if (nshifts == 0) return tp_fail("`shifts` required");
    if (ndims == 0 && nshifts == 1) flat = 1;
    else if (nshifts != ndims) return tp_fail("shifts and dimensions must align. shifts: %d, dims:%d", nshifts, ndims);
  }
  int64_t shift[TP_MAX_DIMS] = {0};
  if (!flat && numel > 0) {
    for (int i = 0; i < ndims; i++) {
      int64_t d;
      if (t->ndim == 0) {  /* roll takes the size of dim, which a 0-d tensor has none of */
        if (tp_int_arg(dims[i], "dim", &d)) return NULL;
        return tp_fail("Dimension specified as %lld but tensor has no dimensions", (long long)d);
      }
      if (tp_wrap_dim_arg(dims[i], t->ndim, &d)) return NULL;
      int64_t n = t->shape[d];
      shift[d] = ((shift[d] + tp_arg_i64(shifts[i])) % n + n) % n;
    }
  }
  tp_tensor *out = tp_tensor_make(t->dtype, t->ndim, t->shape);
  if (!out || numel == 0) return out;
  if (!flat) {
    tp_tensor src = tp_geometry(t);
    roll_blocks(out, &src, shift, 0);
    return out;
  }
  /* No dims: roll the flattened (row-major) sequence, then keep the original shape. */
  tp_tensor *c = tp_tensor_make(t->dtype, t->ndim, t->shape);
  if (!c) { tp_tensor_release(out); return NULL; }
  tp_copy_convert(c, t);
  tp_tensor src = tp_geometry(c), dst = tp_geometry(out);
  src.ndim = dst.ndim = 1;
  src.shape[0] = dst.shape[0] = numel;
  src.stride[0] = dst.stride[0] = 1;
  int64_t s1[TP_MAX_DIMS] = {(tp_arg_i64(shifts[0]) % numel + numel) % numel};
  roll_blocks(&dst, &src, s1, 0);
  tp_tensor_release(c);
  return out;
}

/* ---- repeat / tile ------------------------------------------------------------------- */
tp_tensor *tp_repeat_impl(tp_tensor *t, int n, const double *reps) {
  if (n < t->ndim)
    return tp_fail("Number of dimensions of repeat dims can not be smaller than number of dimensions of tensor");
  if (n > TP_MAX_DIMS) return tp_fail("tensorpad supports at most %d dimensions, got %d", TP_MAX_DIMS, n);
  int64_t xs[TP_MAX_DIMS], xst[TP_MAX_DIMS], rep[TP_MAX_DIMS], target[TP_MAX_DIMS];
  int pad = n - t->ndim, negative = 0;
  for (int d = 0; d < n; d++) {
    xs[d] = d < pad ? 1 : t->shape[d - pad];
    xst[d] = d < pad ? 0 : t->stride[d - pad];
    rep[d] = tp_arg_i64(reps[d]);
    if ((double)xs[d] * (double)rep[d] > 9007199254740992.0 || (double)xs[d] * (double)rep[d] < -9007199254740992.0)
      return tp_fail_oom((double)xs[d] * (double)rep[d]);
    target[d] = xs[d] * rep[d];
    if (target[d] < 0) negative = 1;
  }
  if (negative) {
    char buf[512];
    tp_format_shape(buf, sizeof buf, n, target);
    for (int d = 0; d < n; d++)
      if (target[d] < 0) return tp_fail("Trying to create tensor with negative dimension %lld: %s", (long long)target[d], buf);
  }
  if (tp_check_numel(n, target)) return NULL;
  tp_tensor *out = tp_tensor_make(t->dtype, n, target);
  if (!out || tp_shape_numel(n, target) == 0) return out;
  /* Split each output dim into (repeat, size): the source has stride 0 along "repeat". */
  tp_tensor dst = tp_geometry(out), src = tp_geometry(t);
  int k = 0;
  for (int d = 0; d < n; d++) {
    int parts = (rep[d] != 1) + (xs[d] != 1);
    if (k + parts > TP_MAX_DIMS) {
      tp_tensor_release(out);
      return tp_fail("repeat: tensorpad supports at most %d dimensions here", TP_MAX_DIMS / 2);
    }
    if (rep[d] != 1) {
      dst.shape[k] = src.shape[k] = rep[d];
      dst.stride[k] = xs[d] * out->stride[d];
      src.stride[k] = 0;
      k++;
    }
    if (xs[d] != 1) {
      dst.shape[k] = src.shape[k] = xs[d];
      dst.stride[k] = out->stride[d];
      src.stride[k] = xst[d];
      k++;
    }
  }
  dst.ndim = src.ndim = (int8_t)k;
  tp_copy_convert(&dst, &src);
  return out;
}

/* tile is repeat with reps padded by leading ones (PyTorch composes it too). */
tp_tensor *tp_tile_impl(tp_tensor *t, int n, const double *reps) {
  if (n >= t->ndim) return tp_repeat_impl(t, n, reps);
  double padded[TP_MAX_DIMS];
  int pad = t->ndim - n;
  for (int d = 0; d < t->ndim; d++) padded[d] = d < pad ? 1 : reps[d - pad];
  return tp_repeat_impl(t, t->ndim, padded);
}

/* ---- tril / triu --------------------------------------------------------------------- */
static int trilu_check(const tp_tensor *t) {
  if (tp_no_elements(t->ndim, t->shape)) return 0;  /* 1.13 returns an empty 1-D input as it is */
  if (t->ndim == 0) return tp_fail_status("Dimension specified as -2 but tensor has no dimensions");
  int64_t unused;
  return tp_wrap_dim(-2, t->ndim, &unused);
}

/* Writes src's kept triangle into dst (same shape) and zeroes the rest. dst may be src. */
static void trilu_run(tp_tensor *dst, const tp_tensor *src, int64_t k, int upper) {
  if (tp_no_elements(dst->ndim, dst->shape)) return;
  int nb = dst->ndim - 2;
  int64_t rows = dst->shape[nb], cols = dst->shape[nb + 1];
  int64_t batch = tp_shape_numel(nb, dst->shape);
  int64_t item = tp_dtype_table[dst->dtype].itemsize;
  if (batch == 0 || rows == 0 || cols == 0) return;
  int64_t idx[TP_MAX_DIMS] = {0};
  char *dbase = tp_ptr(dst);
  const char *sbase = tp_ptr(src);
  for (int64_t b = 0; b < batch; b++) {
    int64_t doff = 0, soff = 0;
    for (int d = 0; d < nb; d++) { doff += idx[d] * dst->stride[d]; soff += idx[d] * src->stride[d]; }
    for (int64_t i = 0; i < rows; i++) {
      /* kept columns are [lo, hi): one run each side when the rows are dense */
      int64_t lo = upper ? i + k : 0, hi = upper ? cols : i + k + 1;
      lo = lo < 0 ? 0 : lo > cols ? cols : lo;
      hi = hi < lo ? lo : hi > cols ? cols : hi;
      if (dst->stride[nb + 1] == 1 && (dst == src || src->stride[nb + 1] == 1)) {
        char *row = dbase + (doff + i * dst->stride[nb]) * item;
        memset(row, 0, (size_t)(lo * item));
        memset(row + hi * item, 0, (size_t)((cols - hi) * item));
        if (dst != src) memcpy(row + lo * item, sbase + (soff + i * src->stride[nb] + lo) * item, (size_t)((hi - lo) * item));
        continue;
      }
      for (int64_t j = 0; j < cols; j++) {
        int keep = upper ? j - i >= k : j - i <= k;
        char *pd = dbase + (doff + i * dst->stride[nb] + j * dst->stride[nb + 1]) * item;
        if (!keep) memset(pd, 0, (size_t)item);
        else if (dst != src) memcpy(pd, sbase + (soff + i * src->stride[nb] + j * src->stride[nb + 1]) * item, (size_t)item);
      }
    }
    for (int d = nb - 1; d >= 0; d--) {
      if (++idx[d] < dst->shape[d]) break;
      idx[d] = 0;
    }
  }
}

tp_tensor *tp_shape_trilu(tp_tensor *t, double diagonal, int upper) {
  if (trilu_check(t)) return NULL;
  tp_tensor *out = tp_tensor_make(t->dtype, t->ndim, t->shape);
  if (out) trilu_run(out, t, tp_arg_i64(diagonal), upper);
  return out;
}

int tp_trilu_(tp_tensor *t, double diagonal, int upper) {
  if (trilu_check(t)) return -1;
  trilu_run(t, t, tp_arg_i64(diagonal), upper);
  t->version->value++;
  return 0;
}

