/* Bounds at the boundary: the checks every entry point shares before it touches memory.
 *
 * Integers cross the API as doubles; a cast of NaN or of a value outside int64 is undefined
 * in C and traps in wasm, so they are converted here, once, with PyTorch's errors. Sizes
 * are multiplied with overflow checks, and every view's geometry (offset, sizes, strides)
 * is checked against its storage as ATen's checkInBoundsForStorage does (Note [Extent]).
 */
#include <math.h>
#include <stdio.h>
#include "internal.h"

/* An integral double in [-2^63, 2^63) to int64, or PyTorch's errors: a non-integral value
 * is the argument parser's TypeError, an integer beyond int64 its "Overflow when unpacking
 * long". */
int tp_int_arg(double v, const char *name, int64_t *out) {
  if (v != floor(v))  /* NaN, +-inf, 1.5 */
    return isinf(v) ? tp_fail_status("Overflow when unpacking long")
                    : tp_fail_status("argument '%s' must be int, not float", name);
  if (!(v >= -9223372036854775808.0 && v < 9223372036854775808.0)) return tp_fail_status("Overflow when unpacking long");
  *out = (int64_t)v;
  return 0;
}

/* A double clamped into int64 without undefined behaviour, for values already validated
 * or whose range the caller checks afterwards (NaN gives 0). */
int64_t tp_clamp_i64(double v) {
  if (!(v == v)) return 0;
  if (v >= 9223372036854775807.0) return INT64_MAX;
  if (v <= -9223372036854775808.0) return INT64_MIN;
  return (int64_t)v;
}

int tp_mul_ok(int64_t a, int64_t b, int64_t *out) { return !__builtin_mul_overflow(a, b, out); }

/* numel with PyTorch's overflow error; sizes are non-negative. */
int tp_numel_checked(int ndim, const int64_t *shape, int64_t *out) {
  int64_t n = 1;
  for (int d = 0; d < ndim; d++)
    if (!tp_mul_ok(n, shape[d], &n)) return tp_fail_status("numel: integer multiplication overflow");
  *out = n;
  return 0;
}

void *tp_fail_oom(double nbytes) {
  return tp_fail("[enforce fail at alloc_cpu.cpp:75] err == 0. DefaultCPUAllocator: can't allocate memory: you tried to "
                 "allocate %.0f bytes. Error code 12 (Cannot allocate memory)", nbytes);
}

int tp_fail_oom_status(double nbytes) {
  tp_fail_oom(nbytes);
  return -1;
}

/* Note [Extent]: ATen's computeStorageNbytes and checkInBoundsForStorage. An empty geometry
 * needs no storage (any offset is fine once it is non-negative); otherwise the bytes from
 * the storage's start to one past the farthest element, computed without overflow, must
 * fit in the storage. Strides are non-negative here, as as_strided and set_ require. Every
 * entry point that builds a geometry from numbers (as_strided, set_, empty_strided) checks
 * it here (set_ and resize_ grow the storage to it instead); views derived from a checked tensor (view, narrow, select, expand, unfold,
 * diagonal, ...) stay inside it by construction, which tp_extent_ok lets tests assert. */
int tp_storage_nbytes_for(int ndim, const int64_t *shape, const int64_t *stride, int64_t offset, int itemsize,
                          int64_t *out) {
  int64_t last = offset, bytes;
  int overflow = offset < 0 || !tp_mul_ok(offset, itemsize, &bytes), empty = 0;
  for (int d = 0; d < ndim; d++) {
    empty |= shape[d] == 0;
    overflow |= !tp_mul_ok(stride[d], itemsize, &bytes);  /* kernels step in bytes, even over an empty geometry */
  }
  if (empty && !overflow) { *out = 0; return 0; }
  for (int d = 0; d < ndim; d++) {
    int64_t span;
    overflow |= stride[d] < 0 && shape[d] > 1;  /* ATen computes in uint64: a negative stride wraps */
    overflow |= !tp_mul_ok(shape[d] - 1, stride[d], &span) || __builtin_add_overflow(last, span, &last);
  }
  overflow |= __builtin_add_overflow(last, 1, &last) || !tp_mul_ok(last, itemsize, &last);
  if (overflow) {
    char sb[512], tb[512];
    tp_format_shape(sb, sizeof sb, ndim, shape);
    tp_format_shape(tb, sizeof tb, ndim, stride);
    return tp_fail_status("Storage size calculation overflowed with sizes=%s and strides=%s", sb, tb);
  }
  *out = last;
  return 0;
}

int tp_check_extent(int64_t storage_nbytes, int itemsize, int ndim, const int64_t *shape, const int64_t *stride,
                    int64_t offset) {
  if (offset < 0) return tp_fail_status("Tensor: invalid storage offset %lld", (long long)offset);
  int64_t need;
  if (tp_storage_nbytes_for(ndim, shape, stride, offset, itemsize, &need)) return -1;
  if (need > storage_nbytes) {
    char sb[512], tb[512];
    tp_format_shape(sb, sizeof sb, ndim, shape);
    tp_format_shape(tb, sizeof tb, ndim, stride);
    return tp_fail_status("setStorage: sizes %s, strides %s, storage offset %lld, and itemsize %d requiring a storage size of "
                          "%lld are out of bounds for storage of size %lld",
                          sb, tb, (long long)offset, itemsize, (long long)need, (long long)storage_nbytes);
  }
  return 0;
}

/* Whether every element of t lies in its storage (also for negative strides). */
int tp_extent_ok(const tp_tensor *t) {
  int64_t lo = t->offset, hi = t->offset;
  for (int d = 0; d < t->ndim; d++)  /* no element at all: whatever the other dims' spans */
    if (t->shape[d] == 0) return 1;
  for (int d = 0; d < t->ndim; d++) {
    int64_t span;
    if (!tp_mul_ok(t->shape[d] - 1, t->stride[d], &span)) return 0;
    if (span < 0 ? __builtin_add_overflow(lo, span, &lo) : __builtin_add_overflow(hi, span, &hi)) return 0;
  }
  int64_t end;
  return lo >= 0 && tp_mul_ok(hi + 1, tp_dtype_table[t->dtype].itemsize, &end) && end <= t->storage->nbytes;
}

/* A dim that crossed the API as a double, wrapped (tp_wrap_dim) once it is an integer. */
int tp_wrap_dim_arg(double dim, int ndim, int64_t *out) {
  int64_t d;
  if (tp_int_arg(dim, "dim", &d)) return -1;
  return tp_wrap_dim(d, ndim, out);
}

/* The last step of every view: a view made from a checked tensor stays inside its storage
 * by construction; this says so (and refuses, releasing v, if a size product overflows or
 * an element lies outside, rather than handing out a window onto foreign memory). */
tp_tensor *tp_view_checked(tp_tensor *v) {
  int64_t n, bytes;
  if (!v) return NULL;
  if (tp_numel_checked(v->ndim, v->shape, &n)) { tp_tensor_release(v); return NULL; }
  for (int d = 0; d < v->ndim; d++) {  /* kernels step in bytes: every stride must stay an int64 in bytes */
    if (!tp_mul_ok(v->stride[d], tp_dtype_table[v->dtype].itemsize, &bytes)) {
      char sb[512], tb[512];
      tp_format_shape(sb, sizeof sb, v->ndim, v->shape);
      tp_format_shape(tb, sizeof tb, v->ndim, v->stride);
      tp_tensor_release(v);
      return tp_fail("Storage size calculation overflowed with sizes=%s and strides=%s", sb, tb);
    }
  }
  if (!tp_extent_ok(v)) {
    long long nbytes = (long long)v->storage->nbytes;
    tp_tensor_release(v);
    return tp_fail("internal error: a view would reach outside its storage of %lld bytes", nbytes);
  }
  return v;
}

/* ---- Note [Aliased operands] ----------------------------------------------------------------
 * A kernel that writes t while it reads an index or a source that shares t's memory would
 * read values it has already overwritten: an index checked against t's sizes before the
 * loop could then point anywhere. ATen refuses such calls (assert_no_overlap for the index
 * ops, assert_no_partial_overlap for elementwise writes) where it can tell the overlap
 * (get_overlap_status: both operands non-overlapping and dense); where it cannot tell, the
 * operand is copied first here, so no kernel ever reads what it writes. */
static int non_overlapping_and_dense(const tp_tensor *t) {
  if (t->ndim == 1) return t->shape[0] < 2 || t->stride[0] == 1;
  int perm[TP_MAX_DIMS], n = 0;
  for (int d = t->ndim - 1; d >= 0; d--)
    if (t->shape[d] >= 2) perm[n++] = d;
  for (int i = 1; i < n; i++)  /* insertion sort by stride, stable */
    for (int j = i; j > 0 && t->stride[perm[j]] < t->stride[perm[j - 1]]; j--) {
      int x = perm[j]; perm[j] = perm[j - 1]; perm[j - 1] = x;
    }
  int64_t want = 1;
  for (int i = 0; i < n; i++) {
    if (t->stride[perm[i]] != want) return 0;
    want *= t->shape[perm[i]];
  }
  return 1;
}

int tp_overlap(const tp_tensor *a, const tp_tensor *b) {
  if (a == b) return TP_OVERLAP_FULL;
  int64_t na = tp_shape_numel(a->ndim, a->shape), nb = tp_shape_numel(b->ndim, b->shape);
  if (!na || !nb) return TP_OVERLAP_NO;
  if (!non_overlapping_and_dense(a) || !non_overlapping_and_dense(b)) return TP_OVERLAP_TOO_HARD;
  if (a->storage != b->storage) return TP_OVERLAP_NO;
  const char *a0 = tp_ptr(a), *a1 = a0 + na * tp_dtype_table[a->dtype].itemsize;
  const char *b0 = tp_ptr(b), *b1 = b0 + nb * tp_dtype_table[b->dtype].itemsize;
  if (a0 == b0 && a1 == b1) return TP_OVERLAP_FULL;
  return a0 < b1 && b0 < a1 ? TP_OVERLAP_PARTIAL : TP_OVERLAP_NO;
}

int tp_unalias(tp_tensor *t, tp_tensor **op, int mode, tp_tensor **copy) {
  *copy = NULL;
  if (!*op || (*op)->storage != t->storage) return 0;  /* no overlap, or too hard with nothing shared */
  int lap = tp_overlap(t, *op);
  if ((lap == TP_OVERLAP_PARTIAL && mode != TP_UNALIAS_COPY) || (lap == TP_OVERLAP_FULL && mode == TP_UNALIAS_ERROR))
    return tp_fail_status("unsupported operation: some elements of the input tensor and the written-to tensor refer to a single "
                          "memory location. Please clone() the tensor before performing the operation.");
  if (lap == TP_OVERLAP_NO || !tp_shares_memory(t, *op) || (lap == TP_OVERLAP_FULL && mode == TP_UNALIAS_PARTIAL)) return 0;
  if (!(*copy = tp_clone(*op))) return -1;
  *op = *copy;
  return 0;
}
