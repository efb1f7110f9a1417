/* view.c — the entry points of src/core/view.c:
 * each validates, runs the kernel (view_kernels.h) and records the autograd node. */
#include <math.h>
#include <stdio.h>
#include <string.h>
#include "internal.h"
#include "autograd.h"
#include "derivatives.h"
#include "view_kernels.h"

/* ---- the exported views: kernel below autograd, then the view's node -------------------- */
/* Every view knows its base, as in PyTorch, even without grad: an in-place op on it with
 * an operand that requires grad makes the base require grad (CopySlices, engine.c). */
#define BELOW(call)                          \
  int mode_ = tp_set_grad_enabled(0);        \
  tp_tensor *v = (call);                     \
  tp_set_grad_enabled(mode_);                \
  if (v && !tp_any_requires_grad(1, &t)) tp_set_view_base(v, t); \
  if (!v || !tp_any_requires_grad(1, &t)) return v

TP_API tp_tensor *tp_view(tp_tensor *t, int ndim, const double *sizes) {
  BELOW(tp_view_impl(t, ndim, sizes));
  return tp_record_unary_kind(TP_GRAD_VIEW, "ViewBackward0", t, v, 0, NULL);
}

/* x[...] and x[()]: at::alias, a view recorded as AliasBackward0. */
TP_API tp_tensor *tp_alias_view(tp_tensor *t) {
  BELOW(tp_tensor_alias(t));
  return tp_record_unary_kind(TP_GRAD_VIEW, "AliasBackward0", t, v, 0, NULL);
}

/* reshape's nodes as PyTorch 1.13 records them: _reshape_alias when it is a view, else a
 * clone (of t's shape) followed by _unsafe_view. */
static tp_tensor *record_reshape(tp_tensor *t, tp_tensor *v) {
  if (v->storage == t->storage) return tp_record_unary_kind(TP_GRAD_VIEW, "ReshapeAliasBackward0", t, v, 0, NULL);
  tp_tensor *c = tp_tensor_alias(v);
  if (!c) { tp_tensor_release(v); return NULL; }
  c->ndim = t->ndim;
  memcpy(c->shape, t->shape, sizeof(int64_t) * (size_t)t->ndim);
  tp_contiguous_strides(c->ndim, c->shape, c->stride);
  c = tp_record_unary_kind(TP_GRAD_CLONE, "CloneBackward0", t, c, 0, NULL);
  if (!c) { tp_tensor_release(v); return NULL; }
  v = tp_record_unary_kind(TP_GRAD_VIEW, "UnsafeViewBackward0", c, v, 0, NULL);
  tp_tensor_release(c);
  return v;
}

TP_API tp_tensor *tp_reshape(tp_tensor *t, int ndim, const double *sizes) {
  BELOW(tp_reshape_impl(t, ndim, sizes));
  return record_reshape(t, v);
}

TP_API tp_tensor *tp_flatten(tp_tensor *t, double start_dim, double end_dim) {
  BELOW(tp_flatten_impl(t, start_dim, end_dim));
  return record_reshape(t, v);
}

TP_API tp_tensor *tp_squeeze(tp_tensor *t) {
  BELOW(tp_squeeze_impl(t));
  return tp_record_unary_kind(TP_GRAD_VIEW, "SqueezeBackward0", t, v, 0, NULL);
}

TP_API tp_tensor *tp_squeeze_dim(tp_tensor *t, double dim) {
  BELOW(tp_squeeze_dim_impl(t, dim));
  return tp_record_unary_kind(TP_GRAD_VIEW, "SqueezeBackward1", t, v, 0, NULL);
}

TP_API tp_tensor *tp_unsqueeze(tp_tensor *t, double dim) {
  BELOW(tp_unsqueeze_impl(t, dim));
  return tp_record_unary_kind(TP_GRAD_VIEW, "UnsqueezeBackward0", t, v, 0, NULL);
}

TP_API tp_tensor *tp_expand(tp_tensor *t, int ndim, const double *sizes) {
  BELOW(tp_expand_impl(t, ndim, sizes));
  return tp_record_unary_kind(TP_GRAD_EXPAND, "ExpandBackward0", t, v, 0, NULL);
}

static tp_tensor *record_perm(tp_tensor *t, tp_tensor *v, const char *name, const int64_t *perm) {
  return tp_record_unary_kind(TP_GRAD_PERMUTE, name, t, v, t->ndim, perm);
}

TP_API tp_tensor *tp_transpose(tp_tensor *t, double d0, double d1) {
  BELOW(tp_transpose_impl(t, d0, d1));
  int64_t a, b, perm[TP_MAX_DIMS];
  tp_wrap_dim_arg(d0, t->ndim, &a);
  tp_wrap_dim_arg(d1, t->ndim, &b);
  tp_swap_perm(t->ndim, a, b, perm);
  return record_perm(t, v, "TransposeBackward0", perm);
}

TP_API tp_tensor *tp_t(tp_tensor *t) {
  BELOW(tp_t_impl(t));
  int64_t perm[TP_MAX_DIMS];
  tp_swap_perm(t->ndim, 0, t->ndim < 2 ? 0 : 1, perm);
  return record_perm(t, v, "TBackward0", perm);
}

TP_API tp_tensor *tp_permute(tp_tensor *t, int ndim, const double *dims) {
  BELOW(tp_permute_impl(t, ndim, dims));
  int64_t perm[TP_MAX_DIMS];
  for (int d = 0; d < ndim; d++) tp_wrap_dim_arg(dims[d], t->ndim, &perm[d]);
  return record_perm(t, v, "PermuteBackward0", perm);
}

TP_API tp_tensor *tp_narrow(tp_tensor *t, double dim, double start, double length) {
  BELOW(tp_narrow_impl(t, dim, start, length));
  int64_t w, s0 = tp_clamp_i64(start);
  tp_wrap_dim_arg(dim, t->ndim, &w);
  if (s0 < 0) s0 += t->shape[w];
  int64_t iv[5] = {TP_VIEW_SLICE, w, s0, s0 + tp_clamp_i64(length), 1};
  return tp_record_unary_kind(TP_GRAD_SLICE, "SliceBackward0", t, v, 5, iv);
}

TP_API tp_tensor *tp_select(tp_tensor *t, double dim, double index) {
  BELOW(tp_select_impl(t, dim, index));
  int64_t w, i = tp_clamp_i64(index);
  tp_wrap_dim_arg(dim, t->ndim, &w);
  if (i < 0) i += t->shape[w];
  int64_t iv[3] = {TP_VIEW_SELECT, w, i};
  return tp_record_unary_kind(TP_GRAD_SELECT, "SelectBackward0", t, v, 3, iv);
}

TP_API tp_tensor *tp_slice(tp_tensor *t, double dim, double start, double end, double step) {
  BELOW(tp_slice_impl(t, dim, start, end, step));
  int64_t w;
  tp_wrap_dim_arg(dim, t->ndim, &w);
  int64_t stp = isnan(step) ? 1 : tp_clamp_i64(step);
  int64_t s0 = t->stride[w] ? (v->offset - t->offset) / t->stride[w] : 0;
  int64_t iv[5] = {TP_VIEW_SLICE, w, s0, s0 + v->shape[w] * stp, stp};
  if (iv[3] > t->shape[w]) iv[3] = t->shape[w];
  return tp_record_unary_kind(TP_GRAD_SLICE, "SliceBackward0", t, v, 5, iv);
}

/* The view's geometry relative to t (correct for t contiguous, as PyTorch's formula). */
TP_API tp_tensor *tp_as_strided(tp_tensor *t, int ndim, const double *a, double offset) {
  BELOW(tp_as_strided_impl(t, ndim, a, offset));
  int64_t iv[3 + 2 * TP_MAX_DIMS] = {TP_VIEW_AS_STRIDED, ndim, tp_clamp_i64(offset) - t->offset};
  for (int i = 0; i < 2 * ndim; i++) iv[3 + i] = tp_clamp_i64(a[i]);
  return tp_record_unary_kind(TP_GRAD_AS_STRIDED, "AsStridedBackward0", t, v, 3 + 2 * ndim, iv);
}
