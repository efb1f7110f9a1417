/* Creation kernels: empty/full, ranges, eye, tensors from buffers, and the copies
 * (contiguous, clone, to, copy_). Range formulas follow PyTorch's CPU kernels so that the
 * last bits of linspace/logspace match. */
#include <math.h>
#include <stdlib.h>
#include <stdio.h>
#include <string.h>
#include "internal.h"
#include "create_kernels.h"

TP_API tp_tensor *tp_empty(int ndim, const double *sizes, int dtype) {
  int64_t shape[TP_MAX_DIMS];
  if (tp_check_sizes(ndim, sizes, shape)) return NULL;
  tp_tensor *t = tp_tensor_make(dtype, ndim, shape);
  if (t) memset(t->storage->data, 0, (size_t)t->storage->nbytes);
  return t;
}

static void fill_loop(char **p, const int64_t *s, int64_t n, void *ctx) {
  const tp_tensor *v = ctx;  /* a one-element tensor of the destination dtype */
  int64_t item = tp_dtype_table[v->dtype].itemsize;
  char *d = p[0];
  /* fixed-size copies compile to single stores; a memcpy of runtime size is a call per element */
  switch (item) {
  case 8: { uint64_t x; memcpy(&x, v->storage->data, 8); for (int64_t i = 0; i < n; i++, d += s[0]) memcpy(d, &x, 8); return; }
  case 4: { uint32_t x; memcpy(&x, v->storage->data, 4); for (int64_t i = 0; i < n; i++, d += s[0]) memcpy(d, &x, 4); return; }
  case 1: { uint8_t x = *(const uint8_t *)v->storage->data; for (int64_t i = 0; i < n; i++, d += s[0]) *d = (char)x; return; }
  }
  for (int64_t i = 0; i < n; i++, d += s[0]) memcpy(d, v->storage->data, (size_t)item);
}

int tp_fill_impl(tp_tensor *t, double value) {
  tp_storage one_storage;
  double buf[1];
  tp_tensor one = {0};
  one_storage.data = buf;
  one.storage = &one_storage;
  one.dtype = t->dtype;
  tp_store_f64(buf, t->dtype, value);
  tp_iter it;
  tp_tensor *ops[1] = {t};
  tp_iter_init(&it, 1, ops);
  tp_iter_run(&it, fill_loop, &one);
  t->version->value++;
  return 0;
}

/* A filled tensor without the scalar check: a saved wrapped number (x.mul(1e300) on float32)
 * stores what the cast gives, as PyTorch's double-typed wrapped scalar does when used. */
tp_tensor *tp_full_unchecked(int ndim, const double *sizes, int dtype, double value) {
  int64_t shape[TP_MAX_DIMS];
  if (tp_check_sizes(ndim, sizes, shape)) return NULL;
  tp_tensor *t = tp_tensor_make(dtype, ndim, shape);
  if (t) tp_fill_impl(t, value);
  if (t) t->version->value = 0;
  return t;
}

TP_API tp_tensor *tp_full(int ndim, const double *sizes, int dtype, double value) {
  if (dtype >= 0 && dtype < TP_NDTYPES && tp_check_scalar(value, dtype)) return NULL;
  return tp_full_unchecked(ndim, sizes, dtype, value);
}

/* Ranges and eye: compiled for size (internal.h). */
TP_COLD_BEGIN
static tp_tensor *make_1d(int dtype, int64_t n) {
  int64_t shape[1] = {n};
  return tp_tensor_make(dtype, 1, shape);
}

/* Note [arange of an integer dtype]: 1.13 converts start, end and step to int64 first (its
 * accumulate type; a value outside int64 fails the conversion), so fractional bounds and steps
 * truncate (arange(0, 5, 1.5) is [0, 1, 2, 3, 4] for int64, and a step that truncates to 0 is
 * "step must be nonzero"). The size is ceil of the int64 difference over the int64 step for int64, but comes from the double
 * bounds for the narrower types ([0, 1, 2, 3] for int32); elements are start + step i in int64,
 * wrapped into the dtype. Differences that leave int64 wrap as the C++ does (unsigned here). */
static tp_tensor *arange_integral(double start, double end, double step, int dtype) {
  const double lim = 9223372036854775808.0;  /* 2^63 */
  if (!(start >= -lim && start < lim) || !(end >= -lim && end < lim) || !(step >= -lim && step < lim))
    return tp_fail("value cannot be converted to type int64_t without overflow");
  int64_t s = (int64_t)start, e = (int64_t)end, st = (int64_t)step;
  double size_d = dtype == TP_INT64 && st != 0
                      ? ceil((double)(int64_t)((uint64_t)e - (uint64_t)s) / (double)st)
                      : ceil((end - start) / step);
  if (st == 0) return tp_fail("step must be nonzero");
  if ((st > 0 && e < s) || (st < 0 && e > s))
    return tp_fail("upper bound and larger bound inconsistent with step sign");
  if (!(size_d >= 0 && size_d < 9007199254740992.0)) return tp_fail("invalid size, possible overflow?");
  int64_t n = (int64_t)size_d;
  tp_tensor *t = make_1d(dtype, n);
  if (!t) return NULL;
  char *p = tp_ptr(t);
  int64_t item = tp_dtype_table[dtype].itemsize;
  for (int64_t i = 0; i < n; i++) tp_store_i64(p + i * item, dtype, (int64_t)((uint64_t)s + (uint64_t)st * (uint64_t)i));
  return t;
}

TP_API tp_tensor *tp_arange(double start, double end, double step, int dtype) {
  if (!tp_dtype_table[dtype].is_floating) return arange_integral(start, end, step, dtype);
  double size_d = ceil((end - start) / step);
  if (!(step > 0 || step < 0)) return tp_fail("step must be nonzero");
  if (!isfinite(start) || !isfinite(end)) return tp_fail("unsupported range: %g -> %g", start, end);
  if ((step > 0 && end < start) || (step < 0 && end > start))
    return tp_fail("upper bound and larger bound inconsistent with step sign");
  if (!(size_d >= 0 && size_d < 9007199254740992.0))
    return tp_fail("invalid size, possible overflow?");
  int64_t n = tp_clamp_i64(size_d);
  tp_tensor *t = make_1d(dtype, n);
  if (!t) return NULL;
  char *p = tp_ptr(t);
  int64_t item = tp_dtype_table[dtype].itemsize;
  for (int64_t i = 0; i < n; i++) tp_store_f64(p + i * item, dtype, start + step * (double)i);
  return t;
}

/* PyTorch computes the first half from start and the second half back from end. */
/* Note [linspace as PyTorch computes it]: 1.13's CPU kernel (AVX2 build) fills vectors of
 * 8 floats / 4 doubles, two per loop turn: each starts at start + step i (or, past the
 * halfway point, end - step (n - 1 - i)) with the multiply-add fused, as GCC contracts it,
 * and goes on by base + j step; the elements left after the last pair of vectors take the
 * fused scalar formula. Reproduced bit for bit (checked on 66k values for each dtype). */
TP_API tp_tensor *tp_linspace(double start, double end, double steps, int dtype) {
  if (steps < 0) return tp_fail("number of steps must be non-negative");
  int64_t n = tp_clamp_i64(steps);
  if (dtype == TP_BOOL && n > 1) return tp_fail("\"%s_cpu\" not implemented for 'Bool'", "linspace");
  tp_tensor *t = make_1d(dtype, n);
  if (!t || n == 0) return t;
  char *p = tp_ptr(t);
  int64_t item = tp_dtype_table[dtype].itemsize, half = n / 2;
  if (n == 1) {
    tp_store_f64(p, dtype, start);
  } else if (dtype == TP_FLOAT32) {
    float s = (float)start, e = (float)end, step = (e - s) / (float)(n - 1), *o = (float *)p;
    int64_t i = 0;
    for (; i + 16 <= n;)  /* Note [linspace as PyTorch computes it]: two vectors a turn */
      for (int v = 0; v < 2; v++, i += 8) {
        float base = i < half ? fmaf(step, (float)i, s) : fmaf(-step, (float)(n - i - 1), e);
        for (int j = 0; j < 8; j++) o[i + j] = base + (float)j * step;
      }
    for (; i < n; i++) o[i] = i < half ? fmaf(step, (float)i, s) : fmaf(-step, (float)(n - i - 1), e);
  } else if (dtype == TP_FLOAT64) {
    double step = (end - start) / (double)(n - 1), *o = (double *)p;
    int64_t i = 0;
    for (; i + 8 <= n;)
      for (int v = 0; v < 2; v++, i += 4) {
        double base = i < half ? fma(step, (double)i, start) : fma(-step, (double)(n - i - 1), end);
        for (int j = 0; j < 4; j++) o[i + j] = base + (double)j * step;
      }
    for (; i < n; i++) o[i] = i < half ? fma(step, (double)i, start) : fma(-step, (double)(n - i - 1), end);
  } else {
    double s = (double)tp_f64_to_i64(start), e = (double)tp_f64_to_i64(end), step = (e - s) / (double)(n - 1);
    for (int64_t i = 0; i < n; i++)
      tp_store_f64(p + i * item, dtype, i < half ? s + step * (double)i : e - step * (double)(n - i - 1));
  }
  return t;
}

TP_API tp_tensor *tp_logspace(double start, double end, double steps, double base, int dtype) {
  if (steps < 0) return tp_fail("number of steps must be non-negative");
  int64_t n = tp_clamp_i64(steps);
  if (dtype == TP_BOOL && n > 1) return tp_fail("\"%s_cpu\" not implemented for 'Bool'", "logspace");
  tp_tensor *t = make_1d(dtype, n);
  if (!t || n == 0) return t;
  char *p = tp_ptr(t);
  int64_t item = tp_dtype_table[dtype].itemsize, half = n / 2;
  if (n == 1) {
    tp_store_f64(p, dtype, pow(base, start));
  } else if (tp_dtype_table[dtype].is_floating) {
    /* As 1.13's logspace_out: the ends in the dtype, their difference over (steps - 1) in
     * double, the exponent from the nearer end, pow in double (bit for bit on 22k values). */
    double s = dtype == TP_FLOAT32 ? (double)(float)start : start, e = dtype == TP_FLOAT32 ? (double)(float)end : end;
    double step = (dtype == TP_FLOAT32 ? (double)((float)e - (float)s) : e - s) / (double)(n - 1);
    for (int64_t i = 0; i < n; i++)
      tp_store_f64(p + i * item, dtype, pow(base, i < half ? s + step * (double)i : e - step * (double)(n - i - 1)));
  } else {
    double s = (double)tp_f64_to_i64(start), e = (double)tp_f64_to_i64(end);
    double step = (e - s) / (double)(n - 1);
    for (int64_t i = 0; i < n; i++)
      tp_store_f64(p + i * item, dtype, pow(base, i < half ? s + step * (double)i : e - step * (double)(n - i - 1)));
  }
  return t;
}

TP_API tp_tensor *tp_eye(double n, double m, int dtype) {
  if (n < 0) return tp_fail("n must be greater or equal to 0, got %.0f", n);
  if (m < 0) return tp_fail("m must be greater or equal to 0, got %.0f", m);
  double sizes[2] = {n, m};
  tp_tensor *t = tp_empty(2, sizes, dtype);
  if (!t) return NULL;
  int64_t k = t->shape[0] < t->shape[1] ? t->shape[0] : t->shape[1];
  int64_t item = tp_dtype_table[dtype].itemsize;
  for (int64_t i = 0; i < k; i++) tp_store_f64(tp_ptr(t) + (i * t->stride[0] + i) * item, dtype, 1);
  return t;
}

TP_COLD_END

TP_API tp_tensor *tp_from_buffer(const void *src, int src_dtype, int ndim, const double *sizes, int dtype) {
  int64_t shape[TP_MAX_DIMS];
  if (tp_check_sizes(ndim, sizes, shape)) return NULL;
  tp_tensor *t = tp_tensor_make(dtype, ndim, shape);
  if (!t) return NULL;
  tp_storage view_storage = {.data = (void *)src};
  tp_tensor view = *t;
  view.storage = &view_storage;
  view.dtype = (int8_t)src_dtype;
  view.offset = 0;
  tp_copy_convert(t, &view);
  return t;
}

TP_API tp_tensor *tp_from_storage(void *storage, double byte_offset, double numel, int dtype) {
  tp_storage *s = storage;
  int64_t item = tp_dtype_table[dtype].itemsize;
  int64_t off = tp_clamp_i64(byte_offset), n = tp_clamp_i64(numel);
  if (off % item || off < 0 || off + n * item > s->nbytes) return tp_fail("from_numpy: array is not inside its storage");
  tp_version *v = tp_version_new();  /* from_numpy: a new tensor with a counter of its own */
  tp_tensor *t = v ? tp_tensor_alloc() : NULL;
  if (!t) { free(v); return NULL; }
  t->storage = s;
  t->version = v;
  tp_storage_retain(s);
  s->fixed = 1;  /* memory a TypedArray shows: not resizable, as PyTorch's from_numpy */
  t->dtype = (int8_t)dtype;
  t->ndim = 1;
  t->shape[0] = n;
  t->stride[0] = 1;
  t->offset = off / item;
  return t;
}

/* ---- copies ---------------------------------------------------------------------- */

/* empty_like with preserve_format: PyTorch's layout rule (dense tensors keep their strides,
 * others get dense strides in the same dim order), shared with the shape ops. */
tp_tensor *tp_empty_like_preserve(const tp_tensor *src, int dtype) {
  tp_tensor *t = tp_tensor_make(dtype, src->ndim, src->shape);
  if (t) tp_layout_like(src, t->stride);
  return t;
}

TP_API tp_tensor *tp_empty_like(tp_tensor *src, int dtype) {
  if (dtype < 0 || dtype >= TP_NDTYPES) return tp_fail("invalid dtype %d", dtype);
  tp_tensor *t = tp_empty_like_preserve(src, dtype);
  if (t) memset(t->storage->data, 0, (size_t)t->storage->nbytes);  /* as tp_empty */
  return t;
}

int tp_broadcastable_to(const tp_tensor *src, const tp_tensor *dst) {
  if (src->ndim > dst->ndim) return 0;
  for (int d = 0; d < src->ndim; d++) {
    int64_t s = src->shape[src->ndim - 1 - d], t = dst->shape[dst->ndim - 1 - d];
    if (s != t && s != 1) return 0;
  }
  return 1;
}

/* More than one element at one address: an expanded (stride-0) dim of size > 1. */
int tp_overlaps_itself(const tp_tensor *t) {
  for (int d = 0; d < t->ndim; d++)
    if (t->stride[d] == 0 && t->shape[d] > 1) return 1;
  return 0;
}

/* assert_no_internal_overlap of a tensor an op writes into: -1 with 1.13's text when an
 * expanded, non-empty self would take one write twice (an empty view writes nothing). */
int tp_check_no_internal_overlap(const tp_tensor *t) {
  if (tp_shape_numel(t->ndim, t->shape) == 0 || !tp_overlaps_itself(t)) return 0;
  return tp_fail_status("unsupported operation: more than one element of the written-to tensor refers to a single memory "
                        "location. Please clone() the tensor before performing the operation.");
}

