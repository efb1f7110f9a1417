/* diag_views_scatter.c — the entry points of src/ops/shape/diag_views_scatter.c:
 * each validates, runs the kernel (diag_views_scatter_kernels.h) and records the autograd node. */
#include <math.h>
#include <stdio.h>
#include <string.h>
#include "internal.h"
#include "shape.h"
#include "autograd.h"
#include "derivatives.h"
#include "diag_views_scatter_kernels.h"

TP_API tp_tensor *tp_diagonal(tp_tensor *t, double offset, double dim1, double dim2) {
  NOGRAD_BEGIN;
  tp_tensor *v = tp_diagonal_impl(t, tp_arg_i64(offset), dim1, dim2);
  NOGRAD_END;
  if (!v) return NULL;
  if (!tp_any_requires_grad(1, &t)) { tp_set_view_base(v, t); return v; }
  int64_t a, b;
  tp_wrap_dim_arg(dim1, t->ndim, &a);
  tp_wrap_dim_arg(dim2, t->ndim, &b);
  int64_t iv[4] = {TP_VIEW_DIAGONAL, tp_arg_i64(offset), a, b};
  return tp_record_unary_kind(TP_GRAD_SLICE, "DiagonalBackward0", t, v, 4, iv);
}

/* diag: a vector onto a matrix's k-th diagonal, or a matrix's k-th diagonal as a new vector. */
TP_API tp_tensor *tp_diag(tp_tensor *t, double diagonal) {
  int64_t k = tp_arg_i64(diagonal);
  tp_tensor *out = NULL;
  if (t->ndim == 1) {
    int64_t n = t->shape[0] + (k < 0 ? -k : k), shape[2] = {n, n};
    if (tp_check_numel(2, shape)) return NULL;
    out = tp_embed_diagonal(t, 2, shape, k, 0, 1);
  } else if (t->ndim == 2) {
    tp_tensor *v = tp_diagonal_impl(t, k, 0, 1);
    out = v ? tp_tensor_make(t->dtype, 1, v->shape) : NULL;
    if (out) tp_copy_convert(out, v);
    if (v) tp_tensor_release(v);
  } else {
    return tp_fail("matrix or a vector expected");
  }
  int64_t iv[2] = {TP_SHL_DIAG, k};
  return tp_record_kind(TP_GRAD_SHAPE_LINALG, "DiagBackward0", 1, &t, out, 2, iv, 0, NULL);
}

TP_API tp_tensor *tp_trace(tp_tensor *t) {
  if (t->dtype == TP_BOOL) return tp_fail("\"trace\" not implemented for 'Bool'");  /* (the dtype first, as 1.13) */
  if (t->ndim != 2) return tp_fail("trace: expected a matrix, but got tensor with dim %d", t->ndim);
  NOGRAD_BEGIN;
  tp_tensor *v = tp_diagonal_impl(t, 0, 0, 1);
  tp_tensor *out = v ? tp_reduce(TP_OP_SUM, v, -1, NULL, 0, 0, -1) : NULL;
  NOGRAD_END;
  if (v) tp_tensor_release(v);
  int64_t iv[1] = {TP_SHL_TRACE};
  return tp_record_kind(TP_GRAD_SHAPE_LINALG, "TraceBackward0", 1, &t, out, 1, iv, 0, NULL);
}

TP_API tp_tensor *tp_diag_embed(tp_tensor *t, double offset, double dim1, double dim2) {
  int64_t a, b, off = tp_arg_i64(offset);
  int nd = t->ndim + 1;
  if (tp_wrap_dim_arg(dim1, nd, &a) || tp_wrap_dim_arg(dim2, nd, &b)) return NULL;
  if (a == b) return tp_fail("diagonal dimensions cannot be identical %lld, %lld", (long long)tp_arg_i64(dim1), (long long)tp_arg_i64(dim2));
  if (nd > TP_MAX_DIMS) return tp_fail("tensorpad supports at most %d dimensions", TP_MAX_DIMS);
  int64_t n = t->ndim ? t->shape[t->ndim - 1] : 1, shape[TP_MAX_DIMS], lo = a < b ? a : b, hi = a < b ? b : a;
  n += off < 0 ? -off : off;
  for (int d = 0, k = 0; d < nd; d++) shape[d] = d == lo || d == hi ? n : t->shape[k++];
  if (tp_check_numel(nd, shape)) return NULL;
  tp_tensor *out = tp_embed_diagonal(t, nd, shape, off, a, b);
  int64_t iv[4] = {TP_SHL_DIAG_EMBED, off, a, b};
  return tp_record_kind(TP_GRAD_SHAPE_LINALG, "DiagEmbedBackward0", 1, &t, out, 4, iv, 0, NULL);
}

/* ---- in-place view ops: t takes the view's geometry; its history becomes the view's node */
static int become_view(tp_tensor *t, tp_tensor *v, int kind, const char *name, int niv, const int64_t *iv) {
  if (!v) return -1;
  if (tp_check_inplace(t)) { tp_tensor_release(v); return -1; }
  tp_node *n = NULL;
  if (tp_any_requires_grad(1, &t)) {
    n = tp_node_new(kind, 0, name, 1, &t, 1);
    if (!n) { tp_tensor_release(v); return -1; }
    if (niv) tp_node_set_iv(n, niv, iv);
  }
  t->ndim = v->ndim;
  t->offset = v->offset;
  memcpy(t->shape, v->shape, sizeof(int64_t) * (size_t)v->ndim);
  memcpy(t->stride, v->stride, sizeof(int64_t) * (size_t)v->ndim);
  tp_tensor_release(v);
  t->version->value++;
  if (n) { tp_node_set_output(n, t, 0); tp_node_release(n); }
  return 0;
}

TP_API int tp_transpose_(tp_tensor *t, double d0, double d1) {
  int64_t a, b, perm[TP_MAX_DIMS];
  tp_tensor *v = tp_diag_views_scatter_below(tp_transpose2, t, d0, d1);
  if (!v) return -1;
  tp_wrap_dim_arg(d0, t->ndim, &a);
  tp_wrap_dim_arg(d1, t->ndim, &b);
  return become_view(t, v, TP_GRAD_PERMUTE, "TransposeBackward1", tp_swap_iv(t->ndim, a, b, perm), perm);
}

TP_API int tp_t_(tp_tensor *t) {
  int64_t perm[TP_MAX_DIMS];
  if (t->ndim > 2) return tp_fail_status("t_() expects a tensor with <= 2 dimensions, but self is %dD", t->ndim);
  tp_tensor *v = tp_diag_views_scatter_below(tp_diag_views_scatter_t2, t, 0, 0);
  if (!v) return -1;
  return become_view(t, v, TP_GRAD_PERMUTE, "TBackward1", tp_swap_iv(t->ndim, 0, t->ndim < 2 ? 0 : 1, perm), perm);
}

/* dim NaN: every size-1 dim (SqueezeBackward2), else one dim (SqueezeBackward3). */
TP_API int tp_squeeze_(tp_tensor *t, double dim) {
  return become_view(t, tp_diag_views_scatter_below(tp_squeeze2, t, dim, 0), TP_GRAD_VIEW, isnan(dim) ? "SqueezeBackward2" : "SqueezeBackward3", 0, NULL);
}

TP_API int tp_unsqueeze_(tp_tensor *t, double dim) {
  return become_view(t, tp_diag_views_scatter_below(tp_unsqueeze2, t, dim, 0), TP_GRAD_VIEW, "UnsqueezeBackward1", 0, NULL);
}

/* as_strided_: sizes then strides (ndim each) and the storage offset, as tp_as_strided. */
TP_API int tp_as_strided_(tp_tensor *t, int ndim, const double *a, double offset) {
  NOGRAD_BEGIN;
  tp_tensor *v = tp_as_strided(t, ndim, a, offset);
  NOGRAD_END;
  if (!v) return -1;
  int64_t iv[3 + 2 * TP_MAX_DIMS] = {TP_VIEW_AS_STRIDED, ndim, tp_arg_i64(offset) - t->offset};
  for (int i = 0; i < 2 * ndim; i++) iv[3 + i] = tp_arg_i64(a[i]);
  return become_view(t, v, TP_GRAD_AS_STRIDED, "AsStridedBackward1", 3 + 2 * ndim, iv);
}

/* ---- rot90: one node (Rot90Backward0) over flips and a transpose ------------------------- */
TP_API tp_tensor *tp_rot90(tp_tensor *t, double k, int ndims, const double *dims) {
  int64_t nd = t->ndim;
  if (ndims != 2) return tp_fail("expected total rotation dims == 2, but got dims = %d", ndims);
  if (nd < 2) return tp_fail("expected total dims >= 2, but got total dims = %lld", (long long)nd);
  int64_t d0 = tp_arg_i64(dims[0]), d1 = tp_arg_i64(dims[1]);
  if (d0 == d1 || (d0 - d1 == nd || d1 - d0 == nd))
    return tp_fail("expected rotation dims to be different, but got dim0 = %lld and dim1 = %lld", (long long)d0, (long long)d1);
  if (d0 >= nd || d0 < -nd) return tp_fail("Rotation dim0 out of range, dim0 = %lld", (long long)d0);
  if (d1 >= nd || d1 < -nd) return tp_fail("Rotation dim1 out of range, dim1 = %lld", (long long)d1);
  int64_t kk = ((4 + tp_arg_i64(k) % 4) % 4);
  NOGRAD_BEGIN;
  tp_tensor *out = NULL, *f = NULL;
  double both[2] = {dims[0], dims[1]};
  switch (kk) {
  case 1: f = tp_flip(t, 1, &dims[1]); break;
  case 2: out = tp_flip(t, 2, both); break;
  case 3: f = tp_flip(t, 1, &dims[0]); break;
  default: out = tp_clone(t); break;  /* PyTorch: clone(contiguous) */
  }
  if (f) {
    out = tp_transpose(f, dims[0], dims[1]);
    tp_tensor_release(f);
  }
  if (out && kk == 0 && !tp_tensor_is_contiguous(out)) {
    tp_tensor *c = tp_contiguous(out);
    tp_tensor_release(out);
    out = c;
  }
  NOGRAD_END;
  int64_t w0, w1;
  tp_wrap_dim(d0, (int)nd, &w0);
  tp_wrap_dim(d1, (int)nd, &w1);
  int64_t iv[4] = {TP_SHL_ROT90, kk, w0, w1};
  return tp_record_kind(TP_GRAD_SHAPE_LINALG, "Rot90Backward0", 1, &t, out, 4, iv, 0, NULL);
}

TP_API tp_tensor *tp_unfold(tp_tensor *t, double dim, double size, double step) {
  NOGRAD_BEGIN;
  tp_tensor *v = tp_unfold_impl(t, dim, size, step);
  NOGRAD_END;
  if (!v) return NULL;
  if (!tp_any_requires_grad(1, &t)) { tp_set_view_base(v, t); return v; }
  int64_t w = 0;
  tp_wrap_dim_arg(dim, t->ndim, &w);
  int64_t iv[4] = {TP_VIEW_UNFOLD, w, tp_arg_i64(size), tp_arg_i64(step)};
  return tp_record_unary_kind(TP_GRAD_SLICE, "UnfoldBackward0", t, v, 4, iv);
}

/* ---- take: self.flatten()[index], index int64 of any shape -------------------------------- */
TP_API tp_tensor *tp_take(tp_tensor *t, tp_tensor *index) {
  if (index->dtype != TP_INT64) return tp_fail("take(): Expected a long tensor for index, but got %s", tp_dtype_title(index->dtype));
  int64_t numel = tp_shape_numel(t->ndim, t->shape), n = tp_shape_numel(index->ndim, index->shape);
  tp_tensor *ic = tp_contiguous(index);
  if (!ic) return NULL;
  const int64_t *iv_ = (const int64_t *)tp_ptr(ic);
  for (int64_t i = 0; i < n; i++)
    if (iv_[i] >= numel || iv_[i] < -numel) {
      long long bad = (long long)iv_[i];
      tp_tensor_release(ic);
      if (numel == 0) return tp_fail("take(): tried to take from an empty tensor");
      return tp_fail("out of range: tried to access index %lld on a tensor of %lld elements.", bad, (long long)numel);
    }
  tp_tensor_release(ic);
  NOGRAD_BEGIN;
  double flat = -1;
  tp_tensor *f = tp_reshape(t, 1, &flat);
  tp_tensor *ix[1] = {index};
  tp_tensor *out = f ? tp_index(f, 1, ix) : NULL;
  NOGRAD_END;
  if (f) tp_tensor_release(f);
  int64_t iv[1] = {TP_SHL_TAKE};
  return tp_record_kind(TP_GRAD_SHAPE_LINALG, "TakeBackward0", 1, &t, out, 1, iv, 1, &index);
}

/* ---- select_scatter, slice_scatter, diagonal_scatter: a clone with src written into the view */
/* viv: the view as derivatives.c's apply_view takes it ({TP_VIEW_*, params...}). */
static tp_tensor *view_of(tp_tensor *t, const int64_t *viv) {
  switch (viv[0]) {
  case TP_VIEW_SELECT: return tp_select(t, (double)viv[1], (double)viv[2]);
  case TP_VIEW_SLICE: return tp_slice(t, (double)viv[1], (double)viv[2], (double)viv[3], (double)viv[4]);
  default: return tp_diagonal(t, (double)viv[1], (double)viv[2], (double)viv[3]);
  }
}

static const char *const scatter_names[] = {
  [TP_VIEW_SELECT] = "SelectScatterBackward0", [TP_VIEW_SLICE] = "SliceScatterBackward0", [TP_VIEW_DIAGONAL] = "DiagonalScatterBackward0",
};

tp_tensor *tp_view_scatter(tp_tensor *t, tp_tensor *src, const int64_t *viv) {
  NOGRAD_BEGIN;
  tp_tensor *out = tp_clone(t), *v = out ? view_of(out, viv) : NULL;
  NOGRAD_END;
  if (v && (v->ndim != src->ndim || memcmp(v->shape, src->shape, sizeof(int64_t) * (size_t)v->ndim))) {
    char a[256], b[256];
    tp_format_shape(a, sizeof a, src->ndim, src->shape);
    tp_format_shape(b, sizeof b, v->ndim, v->shape);
    tp_fail("expected src to have a size equal to the slice of self. src size = %s, slice size = %s", a, b);
    tp_tensor_release(v);
    v = NULL;
  }
  if (!v) {
    if (out) tp_tensor_release(out);
    return NULL;
  }
  tp_copy_convert(v, src);
  tp_tensor_release(v);
  int64_t iv[6] = {TP_SHL_VIEW_SCATTER};
  for (int i = 0; i < 5; i++) iv[1 + i] = viv[i];
  tp_tensor *ins[2] = {t, src};
  return tp_record_kind(TP_GRAD_SHAPE_LINALG, scatter_names[viv[0]], 2, ins, out, 6, iv, 0, NULL);
}

TP_API tp_tensor *tp_select_scatter(tp_tensor *t, tp_tensor *src, double dim, double index) {
  if (t->ndim == 0) return tp_fail("select() cannot be applied to a 0-dim tensor.");
  int64_t w, i = tp_arg_i64(index);
  if (tp_wrap_dim_arg(dim, t->ndim, &w)) return NULL;
  if (i < -t->shape[w] || i >= t->shape[w]) {
    char b[256];
    tp_format_shape(b, sizeof b, t->ndim, t->shape);
    return tp_fail("select(): index %lld out of range for tensor of size %s at dimension %lld", (long long)i, b, (long long)w);
  }
  int64_t viv[5] = {TP_VIEW_SELECT, w, i < 0 ? i + t->shape[w] : i};
  return tp_view_scatter(t, src, viv);
}

/* start / end NaN: None (Python's slice bounds, clamped). */
TP_API tp_tensor *tp_slice_scatter(tp_tensor *t, tp_tensor *src, double dim, double start, double end, double step) {
  if (t->ndim == 0) return tp_fail("slice() cannot be applied to a 0-dim tensor.");
  int64_t w;
  if (tp_wrap_dim_arg(dim, t->ndim, &w)) return NULL;
  int64_t st = isnan(step) ? 1 : tp_arg_i64(step);
  if (st <= 0) return tp_fail("slice step must be positive");
  int64_t size = t->shape[w];
  int64_t s = isnan(start) ? 0 : tp_arg_i64(start), e = isnan(end) ? size : tp_arg_i64(end);
  if (s < 0) s += size;
  if (e < 0) e += size;
  s = s < 0 ? 0 : s > size ? size : s;
  e = e < s ? s : e > size ? size : e;
  int64_t viv[5] = {TP_VIEW_SLICE, w, s, e, st};
  return tp_view_scatter(t, src, viv);
}

TP_API tp_tensor *tp_diagonal_scatter(tp_tensor *t, tp_tensor *src, double offset, double dim1, double dim2) {
  int64_t a, b;
  if (tp_wrap_dim_arg(dim1, t->ndim, &a) || tp_wrap_dim_arg(dim2, t->ndim, &b)) return NULL;
  if (a == b) return tp_fail("diagonal dimensions cannot be identical %lld, %lld", (long long)tp_arg_i64(dim1), (long long)tp_arg_i64(dim2));
  int64_t viv[5] = {TP_VIEW_DIAGONAL, tp_arg_i64(offset), a, b};
  return tp_view_scatter(t, src, viv);
}

TP_API tp_tensor *tp_masked_scatter(tp_tensor *t, tp_tensor *mask, tp_tensor *source) {
  if (tp_masked_scatter_check(t, mask, source)) return NULL;
  int nd;
  int64_t shape[TP_MAX_DIMS];
  if (tp_broadcast_shapes(t->ndim, t->shape, mask->ndim, mask->shape, &nd, shape)) return NULL;
  double sizes[TP_MAX_DIMS];
  for (int d = 0; d < nd; d++) sizes[d] = (double)shape[d];
  NOGRAD_BEGIN;
  tp_tensor *te = tp_expand(t, nd, sizes), *me = te ? tp_expand(mask, nd, sizes) : NULL;
  tp_tensor *out = me ? tp_tensor_make(t->dtype, nd, shape) : NULL;
  NOGRAD_END;
  if (out) {
    tp_copy_convert(out, te);
    if (tp_masked_scatter_run(out, me, source)) { tp_tensor_release(out); out = NULL; }
  }
  if (te) tp_tensor_release(te);
  if (me) tp_tensor_release(me);
  tp_tensor *ins[2] = {t, source};
  int64_t iv[1] = {TP_SHL_MASKED_SCATTER};
  return tp_record_kind(TP_GRAD_SHAPE_LINALG, "MaskedScatterBackward0", 2, ins, out, 1, iv, 1, &mask);
}

static int masked_scatter__unaliased(tp_tensor *t, tp_tensor *mask, tp_tensor *source) {
  if (tp_masked_scatter_check(t, mask, source) || tp_check_no_internal_overlap(t)) return -1;
  double sizes[TP_MAX_DIMS];
  for (int d = 0; d < t->ndim; d++) sizes[d] = (double)t->shape[d];
  NOGRAD_BEGIN;
  tp_tensor *me = tp_expand(mask, t->ndim, sizes);
  NOGRAD_END;
  if (!me) return -1;
  tp_node *n = NULL;
  int64_t iv[1] = {TP_SHL_MASKED_SCATTER};
  /* validate the count before anything is recorded or written */
  int64_t total = tp_shape_numel(t->ndim, t->shape), count = 0;
  for (int64_t k = 0; k < total; k++) count += tp_load_i64(tp_elem_at(me, k), me->dtype) != 0;
  int rc = count > tp_shape_numel(source->ndim, source->shape) ? tp_fail_status("Number of elements of source < number of ones in mask")
           : tp_inplace_kind_begin(TP_GRAD_SHAPE_LINALG, "MaskedScatterBackward0", t, 1, &source, 1, iv, 1, &mask, &n);
  if (!rc) {
    tp_masked_scatter_run(t, me, source);
    t->version->value++;
    tp_inplace_commit(t, n);
  }
  tp_tensor_release(me);
  return rc;
}

/* tp_masked_scatter_ with its operands unaliased from t first (Note [Aliased operands], bounds.c). */
TP_API int tp_masked_scatter_(tp_tensor *t, tp_tensor *mask, tp_tensor *source) {
  tp_tensor *copy[2] = {NULL};
  int rc = tp_unalias(t, &mask, TP_UNALIAS_COPY, &copy[0]) || tp_unalias(t, &source, TP_UNALIAS_COPY, &copy[1]) ? -1 : masked_scatter__unaliased(t, mask, source);
  if (copy[0]) tp_tensor_release(copy[0]);
  if (copy[1]) tp_tensor_release(copy[1]);
  return rc;
}

static int put__unaliased(tp_tensor *t, tp_tensor *index, tp_tensor *source, int accumulate) {
  if (tp_put_check(t, index, source, 1)) return -1;
  tp_node *n;
  int64_t iv[2] = {TP_SHL_PUT, accumulate != 0};
  if (tp_inplace_kind_begin(TP_GRAD_SHAPE_LINALG, "PutBackward0", t, 1, &source, 2, iv, 1, &index, &n)) return -1;
  tp_put_run(t, index, source, accumulate);
  t->version->value++;
  tp_inplace_commit(t, n);
  return 0;
}

/* tp_put_ with its operands unaliased from t first (Note [Aliased operands], bounds.c). */
TP_API int tp_put_(tp_tensor *t, tp_tensor *index, tp_tensor *source, int accumulate) {
  tp_tensor *copy[2] = {NULL};
  int rc = tp_unalias(t, &index, TP_UNALIAS_ERROR, &copy[0]) || tp_unalias(t, &source, TP_UNALIAS_ERROR, &copy[1]) ? -1 : put__unaliased(t, index, source, accumulate);
  if (copy[0]) tp_tensor_release(copy[0]);
  if (copy[1]) tp_tensor_release(copy[1]);
  return rc;
}

TP_API tp_tensor *tp_put(tp_tensor *t, tp_tensor *index, tp_tensor *source, int accumulate) {
  if (tp_put_check(t, index, source, 0)) return NULL;
  NOGRAD_BEGIN;
  tp_tensor *out = tp_clone(t);
  NOGRAD_END;
  if (out) tp_put_run(out, index, source, accumulate);
  tp_tensor *ins[2] = {t, source};
  int64_t iv[2] = {TP_SHL_PUT, accumulate != 0};
  return tp_record_kind(TP_GRAD_SHAPE_LINALG, "PutBackward0", 2, ins, out, 2, iv, 1, &index);
}

/* ---- narrow_copy: a contiguous copy of narrow; 1.13 has no derivative for it ------------------- */
TP_API tp_tensor *tp_narrow_copy(tp_tensor *t, double dim, double start, double length) {
  NOGRAD_BEGIN;
  tp_tensor *v = tp_narrow(t, dim, start, length);
  tp_tensor *out = v ? tp_tensor_make(t->dtype, v->ndim, v->shape) : NULL;
  NOGRAD_END;
  if (out) tp_copy_convert(out, v);
  if (v) tp_tensor_release(v);
  int64_t iv[1] = {TP_SHL_NOT_IMPLEMENTED};
  return tp_record_kind(TP_GRAD_SHAPE_LINALG, "torch::autograd::NotImplemented", 1, &t, out, 1, iv, 0, NULL);
}

/* The recorded forms, for scatter_reduce and index_reduce (idx: an index of src's shape). */
static tp_tensor *reduce_out(const char *name, tp_tensor *t, int64_t w, tp_tensor *idx, tp_tensor *src, int reduce, int include_self) {
  tp_tensor *out = tp_tensor_make(t->dtype, t->ndim, t->shape);  /* contiguous, as PyTorch's kernels */
  if (out) tp_copy_convert(out, t);
  if (out && tp_scatter_reduce_run(out, w, idx, src, reduce, include_self)) { tp_tensor_release(out); out = NULL; }
  tp_tensor *ins[2] = {t, src}, *save[3] = {idx, t, src};
  int64_t iv[4] = {TP_SHL_SCATTER_REDUCE, w, reduce, include_self != 0};
  out = tp_record_kind(TP_GRAD_SHAPE_LINALG, name, 2, ins, out, 4, iv, 3, save);
  if (out && out->grad_fn && out->grad_fn->kind == TP_GRAD_SHAPE_LINALG && tp_node_save(out->grad_fn, out, 0)) {
    tp_tensor_release(out);
    return NULL;
  }
  return out;
}

static int reduce_inplace(const char *name, tp_tensor *t, int64_t w, tp_tensor *idx, tp_tensor *src, int reduce, int include_self) {
  tp_node *n = NULL;
  int64_t iv[4] = {TP_SHL_SCATTER_REDUCE, w, reduce, include_self != 0};
  tp_tensor *old = NULL;
  if (tp_any_requires_grad(1, &t) || tp_any_requires_grad(1, &src)) {
    NOGRAD_BEGIN;
    old = tp_clone(t);  /* the formula needs self before the write */
    NOGRAD_END;
    if (!old) return -1;
  }
  tp_tensor *save[3] = {idx, old ? old : t, src};
  int rc = tp_inplace_kind_begin(TP_GRAD_SHAPE_LINALG, name, t, 1, &src, 4, iv, old ? 3 : 0, save, &n);
  if (old) tp_tensor_release(old);
  if (rc) return -1;
  if (tp_scatter_reduce_run(t, w, idx, src, reduce, include_self)) { tp_inplace_abort(n); return -1; }
  t->version->value++;
  if (n && tp_node_save(n, t, 0)) { tp_inplace_abort(n); return -1; }
  tp_inplace_commit(t, n);
  return 0;
}

TP_API tp_tensor *tp_scatter_reduce(tp_tensor *t, double dim, tp_tensor *index, tp_tensor *src, int reduce, int include_self) {
  int64_t w;
  if (tp_scatter_reduce_check(t, dim, index, src, reduce, &w)) return NULL;
  return reduce_out("ScatterReduceBackward0", t, w, index, src, reduce, include_self);
}

static int scatter_reduce__unaliased(tp_tensor *t, double dim, tp_tensor *index, tp_tensor *src, int reduce, int include_self) {
  int64_t w;
  if (tp_scatter_reduce_check(t, dim, index, src, reduce, &w)) return -1;
  return reduce_inplace("ScatterReduceBackward0", t, w, index, src, reduce, include_self);
}

/* tp_scatter_reduce_ with its operands unaliased from t first (Note [Aliased operands], bounds.c). */
TP_API int tp_scatter_reduce_(tp_tensor *t, double dim, tp_tensor *index, tp_tensor *src, int reduce, int include_self) {
  tp_tensor *copy[2] = {NULL};
  int rc = tp_unalias(t, &index, TP_UNALIAS_ERROR, &copy[0]) || tp_unalias(t, &src, TP_UNALIAS_ERROR, &copy[1]) ? -1 : scatter_reduce__unaliased(t, dim, index, src, reduce, include_self);
  if (copy[0]) tp_tensor_release(copy[0]);
  if (copy[1]) tp_tensor_release(copy[1]);
  return rc;
}

TP_API tp_tensor *tp_index_reduce(tp_tensor *t, double dim, tp_tensor *index, tp_tensor *source, int reduce, int include_self) {
  int64_t w;
  tp_tensor *full = tp_index_reduce_index(t, dim, index, source, reduce, &w);
  if (!full) return NULL;
  tp_tensor *out = reduce_out("IndexReduceBackward0", t, w, full, source, reduce, include_self);
  tp_tensor_release(full);
  return out;
}

static int index_reduce__unaliased(tp_tensor *t, double dim, tp_tensor *index, tp_tensor *source, int reduce, int include_self) {
  int64_t w;
  tp_tensor *full = tp_index_reduce_index(t, dim, index, source, reduce, &w);
  if (!full) return -1;
  if (tp_check_no_internal_overlap(t)) {
    tp_tensor_release(full);
    return -1;
  }
  int rc = reduce_inplace("IndexReduceBackward0", t, w, full, source, reduce, include_self);
  tp_tensor_release(full);
  return rc;
}

/* tp_index_reduce_ with its operands unaliased from t first (Note [Aliased operands], bounds.c). */
TP_API int tp_index_reduce_(tp_tensor *t, double dim, tp_tensor *index, tp_tensor *source, int reduce, int include_self) {
  tp_tensor *copy[2] = {NULL};
  int rc = tp_unalias(t, &index, TP_UNALIAS_ERROR, &copy[0]) || tp_unalias(t, &source, TP_UNALIAS_ERROR, &copy[1]) ? -1 : index_reduce__unaliased(t, dim, index, source, reduce, include_self);
  if (copy[0]) tp_tensor_release(copy[0]);
  if (copy[1]) tp_tensor_release(copy[1]);
  return rc;
}
