/* shape.c — the entry points of src/ops/shape/shape.c:
 * each validates, runs the kernel (shape_kernels.h) and records the autograd node. */
#include <stdlib.h>
#include <stdio.h>
#include <string.h>
#include "shape.h"
#include "autograd.h"
#include "derivatives.h"
#include "shape_kernels.h"

/* ---- the exported ops: kernels below autograd, then each op's node --------------------- */
#define BELOW(type, var, call)          \
  int mode_ = tp_set_grad_enabled(0);   \
  type var = (call);                    \
  tp_set_grad_enabled(mode_)

TP_API tp_tensor *tp_cat(int n, tp_tensor *const *ts, double dim_d) {
  BELOW(tp_tensor *, out, tp_cat_impl(n, ts, dim_d));
  if (!out || !tp_any_requires_grad(n, ts)) return out;
  if (n > 3 * TP_MAX_DIMS) {
    tp_tensor_release(out);
    return tp_fail("tensorpad: cat of more than %d tensors that require grad is not supported", 3 * TP_MAX_DIMS);
  }
  int64_t iv[3 * TP_MAX_DIMS + 4], dim = 0;
  for (int i = 0; i < n; i++)  /* the dim, wrapped against the first non-legacy-empty input */
    if (!(ts[i]->ndim == 1 && ts[i]->shape[0] == 0)) { tp_wrap_dim_arg(dim_d, ts[i]->ndim, &dim); break; }
  iv[0] = dim;
  for (int i = 0; i < n; i++) iv[1 + i] = ts[i]->ndim == 1 && ts[i]->shape[0] == 0 ? 0 : ts[i]->shape[dim];
  return tp_record_kind(TP_GRAD_CAT, "CatBackward0", n, ts, out, n + 1, iv, 0, NULL);
}

TP_API tp_tensor *tp_stack(int n, tp_tensor *const *ts, double dim_d) {
  BELOW(tp_tensor *, out, tp_stack_impl(n, ts, dim_d));
  if (!out || !tp_any_requires_grad(n, ts)) return out;
  int64_t dim;
  tp_wrap_dim_arg(dim_d, out->ndim, &dim);
  return tp_record_kind(TP_GRAD_STACK, "StackBackward0", n, ts, out, 1, &dim, 0, NULL);
}

static int record_pieces(tp_tensor *t, int count, const char *name, double dim_d, int is_unbind) {
  /* no pieces (split_with_sizes(x, []) of an empty dim): nothing to record, as in PyTorch */
  if (count <= 0 || !tp_any_requires_grad(1, &t)) return count;
  int64_t iv[2] = {0, is_unbind};
  tp_wrap_dim_arg(dim_d, t->ndim, &iv[0]);
  if (tp_record_multi(TP_GRAD_SPLIT, name, t, count, tp_split_list, 2, iv)) {
    for (int i = 0; i < count; i++) tp_tensor_release(tp_split_list[i]);
    return -1;
  }
  return count;
}

TP_API int tp_split(tp_tensor *t, double split_size, double dim_d) {
  BELOW(int, c, tp_split_impl(t, split_size, dim_d));
  return record_pieces(t, c, "SplitBackward0", dim_d, 0);
}

TP_API int tp_split_with_sizes(tp_tensor *t, int n, const double *sizes, double dim_d) {
  BELOW(int, c, tp_split_with_sizes_impl(t, n, sizes, dim_d));
  return record_pieces(t, c, "SplitWithSizesBackward0", dim_d, 0);
}

TP_API int tp_chunk(tp_tensor *t, double chunks, double dim_d) {
  BELOW(int, c, tp_chunk_impl(t, chunks, dim_d));
  return record_pieces(t, c, "SplitBackward0", dim_d, 0);
}

TP_API int tp_unbind(tp_tensor *t, double dim_d) {
  BELOW(int, c, tp_unbind_impl(t, dim_d));
  return record_pieces(t, c, "UnbindBackward0", dim_d, 1);
}

TP_API tp_tensor *tp_flip(tp_tensor *t, int n, const double *dims) {
  BELOW(tp_tensor *, out, tp_flip_impl(t, n, dims));
  if (!out || !tp_any_requires_grad(1, &t)) return out;
  int64_t iv[TP_MAX_DIMS];
  for (int i = 0; i < n && i < TP_MAX_DIMS; i++) tp_wrap_dim_arg(dims[i], t->ndim, &iv[i]);
  return tp_record_unary_kind(TP_GRAD_FLIP, "FlipBackward0", t, out, n, iv);
}

TP_API tp_tensor *tp_roll(tp_tensor *t, int nshifts, int ndims, const double *p) {
  BELOW(tp_tensor *, out, tp_roll_impl(t, nshifts, ndims, p));
  if (!out || !tp_any_requires_grad(1, &t)) return out;
  int64_t iv[2 + 2 * TP_MAX_DIMS] = {nshifts, ndims};
  for (int i = 0; i < nshifts + ndims; i++) iv[2 + i] = tp_arg_i64(p[i]);
  return tp_record_unary_kind(TP_GRAD_ROLL, "RollBackward0", t, out, 2 + nshifts + ndims, iv);
}

TP_API tp_tensor *tp_repeat(tp_tensor *t, int n, const double *reps) {
  BELOW(tp_tensor *, out, tp_repeat_impl(t, n, reps));
  if (!out || !tp_any_requires_grad(1, &t)) return out;
  int64_t iv[TP_MAX_DIMS];
  for (int i = 0; i < n; i++) iv[i] = tp_arg_i64(reps[i]);
  return tp_record_unary_kind(TP_GRAD_REPEAT, "RepeatBackward0", t, out, n, iv);
}

TP_API tp_tensor *tp_tile(tp_tensor *t, int n, const double *reps) {
  BELOW(tp_tensor *, out, tp_tile_impl(t, n, reps));
  if (!out || !tp_any_requires_grad(1, &t)) return out;
  int64_t iv[TP_MAX_DIMS];
  int lead = t->ndim > n ? t->ndim - n : 0;  /* tile pads the repeats with leading ones */
  for (int i = 0; i < lead; i++) iv[i] = 1;
  for (int i = 0; i < n; i++) iv[lead + i] = tp_arg_i64(reps[i]);
  return tp_record_unary_kind(TP_GRAD_REPEAT, "RepeatBackward0", t, out, lead + n, iv);
}

TP_API tp_tensor *tp_tril(tp_tensor *t, double diagonal) {
  BELOW(tp_tensor *, out, tp_shape_trilu(t, diagonal, 0));
  int64_t iv[2] = {tp_arg_i64(diagonal), 0};
  return tp_record_unary_kind(TP_GRAD_TRILU, "TrilBackward0", t, out, 2, iv);
}

TP_API tp_tensor *tp_triu(tp_tensor *t, double diagonal) {
  BELOW(tp_tensor *, out, tp_shape_trilu(t, diagonal, 1));
  int64_t iv[2] = {tp_arg_i64(diagonal), 1};
  return tp_record_unary_kind(TP_GRAD_TRILU, "TriuBackward0", t, out, 2, iv);
}

static int trilu_record_(tp_tensor *t, double diagonal, int upper) {
  struct tp_node *n;
  int64_t iv[2] = {tp_arg_i64(diagonal), upper};
  if (tp_inplace_kind_begin(TP_GRAD_TRILU, upper ? "TriuBackward0" : "TrilBackward0", t, 0, NULL, 2, iv, 0, NULL, &n)) return -1;
  BELOW(int, rc, tp_trilu_(t, diagonal, upper));
  if (rc) { tp_inplace_abort(n); return -1; }
  tp_inplace_commit(t, n);
  return 0;
}

TP_API int tp_tril_(tp_tensor *t, double diagonal) { return trilu_record_(t, diagonal, 0); }

TP_API int tp_triu_(tp_tensor *t, double diagonal) { return trilu_record_(t, diagonal, 1); }

/* ---- unsafe_split / unsafe_split_with_sizes / unsafe_chunk ----------------------------
 * PyTorch's "unsafe" forms return the same pieces as split without view tracking; here the
 * pieces are the same views as split's, recorded under PyTorch's UnsafeSplit* names. */
TP_API int tp_unsafe_split(tp_tensor *t, double split_size, double dim_d) {
  BELOW(int, c, tp_split_impl(t, split_size, dim_d));
  return record_pieces(t, c, "UnsafeSplitBackward0", dim_d, 0);
}

TP_API int tp_unsafe_split_with_sizes(tp_tensor *t, int n, const double *sizes, double dim_d) {
  BELOW(int, c, tp_split_with_sizes_impl(t, n, sizes, dim_d));
  return record_pieces(t, c, "UnsafeSplitWithSizesBackward0", dim_d, 0);
}

TP_API int tp_unsafe_chunk(tp_tensor *t, double chunks, double dim_d) {
  BELOW(int, c, tp_chunk_impl(t, chunks, dim_d));
  return record_pieces(t, c, "UnsafeSplitBackward0", dim_d, 0);
}
