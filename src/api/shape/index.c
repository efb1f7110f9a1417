/* index.c — the entry points of src/ops/shape/index.c:
 * each validates, runs the kernel (index_kernels.h) and records the autograd node. */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include "shape.h"
#include "autograd.h"
#include "derivatives.h"
#include "index_kernels.h"

/* The operands tp_unalias copied for an in-place op (NULL where none), released; rc passes. */
static int release_copies(tp_tensor **copy, int rc) {
  for (int i = 0; i < 2; i++)
    if (copy[i]) tp_tensor_release(copy[i]);
  return rc;
}

/* t's values in a new tensor laid out as empty_like(preserve_format): the out-of-place
 * index_add/index_copy/index_fill write into it. */
static tp_tensor *copy_like(tp_tensor *t) {
  tp_tensor *out = tp_tensor_make(t->dtype, t->ndim, t->shape);
  if (!out) return NULL;
  tp_layout_like(t, out->stride);
  tp_copy_convert(out, t);
  return out;
}

/* ---- the exported ops: kernels below autograd, then each op's node --------------------- */
#define BELOW(type, var, call)          \
  int mode_ = tp_set_grad_enabled(0);   \
  type var = (call);                    \
  tp_set_grad_enabled(mode_)

TP_API tp_tensor *tp_gather(tp_tensor *t, double dim, tp_tensor *index) {
  BELOW(tp_tensor *, out, tp_gather_impl(t, dim, index));
  int64_t d = tp_wrapped_dim(dim, t->ndim);
  return tp_record_kind(TP_GRAD_GATHER, "GatherBackward0", 1, &t, out, 1, &d, 1, &index);
}

TP_API tp_tensor *tp_scatter(tp_tensor *t, double dim, tp_tensor *index, tp_tensor *src, double value, int add) {
  BELOW(tp_tensor *, out, tp_scatter_impl(t, dim, index, src, value, add));
  int64_t iv[3] = {tp_wrapped_dim(dim, t->ndim), add, src != NULL};
  tp_tensor *ins[2] = {t, src};
  return tp_record_kind(TP_GRAD_SCATTER, tp_scatter_name(src, add), src ? 2 : 1, ins, out, 3, iv, 1, &index);
}

static int scatter__unaliased(tp_tensor *t, double dim, tp_tensor *index, tp_tensor *src, double value, int add) {
  struct tp_node *n;
  int64_t iv[3] = {tp_wrapped_dim(dim, t->ndim), add, src != NULL};
  if (tp_inplace_kind_begin(TP_GRAD_SCATTER, tp_scatter_name(src, add), t, src ? 1 : 0, &src, 3, iv, 1, &index, &n)) return -1;
  BELOW(int, rc, tp_scatter__impl(t, dim, index, src, value, add));
  if (rc) { tp_inplace_abort(n); return -1; }
  tp_inplace_commit(t, n);
  return 0;
}

/* tp_scatter_ with its operands unaliased from t first (Note [Aliased operands], bounds.c). */
TP_API int tp_scatter_(tp_tensor *t, double dim, tp_tensor *index, tp_tensor *src, double value, int add) {
  tp_tensor *copy[2] = {NULL};
  int rc = tp_unalias(t, &index, TP_UNALIAS_ERROR, &copy[0]) || tp_unalias(t, &src, TP_UNALIAS_ERROR, &copy[1]) ? -1 : scatter__unaliased(t, dim, index, src, value, add);
  return release_copies(copy, rc);
}

TP_API tp_tensor *tp_index_select(tp_tensor *t, double dim, tp_tensor *index) {
  BELOW(tp_tensor *, out, tp_index_select_impl(t, dim, index));
  int64_t d = tp_wrapped_dim(dim, t->ndim);
  return tp_record_kind(TP_GRAD_INDEX_SELECT, "IndexSelectBackward0", 1, &t, out, 1, &d, 1, &index);
}

TP_API tp_tensor *tp_masked_fill(tp_tensor *t, tp_tensor *mask, tp_tensor *value, double v) {
  BELOW(tp_tensor *, out, tp_masked_fill_impl(t, mask, value, v));
  tp_tensor *ins[2] = {t, value};
  return tp_record_kind(TP_GRAD_MASKED_FILL, value ? "MaskedFillBackward1" : "MaskedFillBackward0", value ? 2 : 1, ins, out, 0, NULL, 1, &mask);
}

static int masked_fill__unaliased(tp_tensor *t, tp_tensor *mask, tp_tensor *value, double v) {
  struct tp_node *n;
  if (tp_inplace_kind_begin(TP_GRAD_MASKED_FILL, value ? "MaskedFillBackward1" : "MaskedFillBackward0", t, value ? 1 : 0, &value, 0, NULL, 1, &mask, &n)) return -1;
  BELOW(int, rc, tp_masked_fill__impl(t, mask, value, v));
  if (rc) { tp_inplace_abort(n); return -1; }
  tp_inplace_commit(t, n);
  return 0;
}

/* tp_masked_fill_ with its operands unaliased from t first (Note [Aliased operands], bounds.c). */
TP_API int tp_masked_fill_(tp_tensor *t, tp_tensor *mask, tp_tensor *value, double v) {
  tp_tensor *copy[2] = {NULL};
  int rc = tp_unalias(t, &mask, TP_UNALIAS_PARTIAL, &copy[0]) || tp_unalias(t, &value, TP_UNALIAS_COPY, &copy[1]) ? -1 : masked_fill__unaliased(t, mask, value, v);
  return release_copies(copy, rc);
}

TP_API tp_tensor *tp_masked_select(tp_tensor *t, tp_tensor *mask) {
  BELOW(tp_tensor *, out, tp_masked_select_checked(t, mask));
  return tp_record_kind(TP_GRAD_MASKED_SELECT, "MaskedSelectBackward0", 1, &t, out, 0, NULL, 1, &mask);
}

TP_API tp_tensor *tp_index(tp_tensor *t, int n, tp_tensor *const *indices) {
  BELOW(tp_tensor *, out, tp_index_impl(t, n, indices));
  if (!out || !tp_any_requires_grad(1, &t)) return out;
  int64_t iv[TP_MAX_DIMS];
  tp_tensor *save[TP_MAX_DIMS];
  int k = tp_index_params(n < TP_MAX_DIMS ? n : TP_MAX_DIMS, indices, iv, save);
  return tp_record_kind(TP_GRAD_INDEX, "IndexBackward0", 1, &t, out, n, iv, k, save);
}

TP_API tp_tensor *tp_index_put(tp_tensor *t, int n, tp_tensor *const *indices, tp_tensor *values, int accumulate) {
  BELOW(tp_tensor *, out, tp_index_put_impl(t, n, indices, values, accumulate));
  tp_tensor *ins[2] = {t, values};
  if (!out || !tp_any_requires_grad(2, ins)) return out;
  int64_t iv[2 + TP_MAX_DIMS] = {n, accumulate};
  tp_tensor *save[TP_MAX_DIMS];
  int k = tp_index_params(n < TP_MAX_DIMS ? n : TP_MAX_DIMS, indices, iv + 2, save);
  return tp_record_kind(TP_GRAD_INDEX_PUT, "IndexPutBackward0", 2, ins, out, 2 + n, iv, k, save);
}

static int index_put__unaliased(tp_tensor *t, int n, tp_tensor *const *indices, tp_tensor *values, int accumulate) {
  struct tp_node *node;
  int64_t iv[2 + TP_MAX_DIMS] = {n, accumulate};
  tp_tensor *save[TP_MAX_DIMS];
  int k = tp_index_params(n < TP_MAX_DIMS ? n : TP_MAX_DIMS, indices, iv + 2, save);
  if (tp_inplace_kind_begin(TP_GRAD_INDEX_PUT, "IndexPutBackward0", t, 1, &values, 2 + n, iv, k, save, &node)) return -1;
  BELOW(int, rc, tp_index_put__impl(t, n, indices, values, accumulate));
  if (rc) { tp_inplace_abort(node); return -1; }
  tp_inplace_commit(t, node);
  return 0;
}

/* tp_index_put_ with its indices and values unaliased from t first (Note [Aliased operands], bounds.c). */
TP_API int tp_index_put_(tp_tensor *t, int n, tp_tensor *const *indices, tp_tensor *values, int accumulate) {
  if (n < 0 || n > TP_MAX_DIMS) return tp_fail_status("too many indices for tensor of dimension %d (got %d)", t->ndim, n);
  tp_tensor *idx[TP_MAX_DIMS], *copy[TP_MAX_DIMS + 1] = {NULL};
  int rc = tp_unalias(t, &values, TP_UNALIAS_ERROR, &copy[TP_MAX_DIMS]);
  for (int i = 0; i < n; i++) {
    idx[i] = indices[i];
    if (!rc) rc = tp_unalias(t, &idx[i], TP_UNALIAS_ERROR, &copy[i]);
  }
  if (!rc) rc = index_put__unaliased(t, n, idx, values, accumulate);
  for (int i = 0; i <= TP_MAX_DIMS; i++)
    if (copy[i]) tp_tensor_release(copy[i]);
  return rc;
}

/* Note [index_add, index_copy, index_fill]: one node each, as PyTorch 1.13 records them
 * (IndexAddBackward0, IndexCopyBackward0; index_fill with a number IndexFillBackward0 over
 * self alone, with a 0-d tensor IndexFillBackward1 over (self, value)). iv: dim, then
 * whether source is 0-d; saved: index, and source for add/copy (as PyTorch saves it, so an
 * in-place change of either is caught); s[0]: alpha. Formulas in derivatives.c. */
static tp_tensor *record_slices(int kind, const char *name, tp_tensor *t, int64_t dim, tp_tensor *index, tp_tensor *other,
                                int save_other, double alpha, tp_tensor *out) {
  tp_tensor *ins[2] = {t, other}, *save[2] = {index, other};
  int64_t iv[2] = {dim, other && other->ndim == 0};
  out = tp_record_kind(kind, name, other ? 2 : 1, ins, out, 2, iv, save_other ? 2 : 1, save);
  if (out && out->grad_fn && out->grad_fn->kind == kind) out->grad_fn->s[0] = alpha;
  return out;
}

/* In place, PyTorch's leaf check comes before the op's own; iv[0] (dim) is set once known. */
static int begin_slices(int kind, const char *name, tp_tensor *t, tp_tensor *index, tp_tensor *other,
                        int save_other, double alpha, struct tp_node **node) {
  tp_tensor *save[2] = {index, other};
  int64_t iv[2] = {0, other && other->ndim == 0};
  if (tp_inplace_kind_begin(kind, name, t, other ? 1 : 0, &other, 2, iv, save_other ? 2 : 1, save, node)) return -1;
  if (*node) (*node)->s[0] = alpha;
  return 0;
}

/* After the checks: a failure drops the node; success writes, bumps the version, links. */
static int finish_slices(tp_tensor *t, struct tp_node *node, int failed, int64_t dim) {
  if (failed) { tp_inplace_abort(node); return -1; }
  if (node) node->iv[0] = dim;
  return 0;
}

static int commit_slices(tp_tensor *t, struct tp_node *node) {
  t->version->value++;
  tp_inplace_commit(t, node);
  return 0;
}

static int index_add__unaliased(tp_tensor *t, double dim_d, tp_tensor *index, tp_tensor *source, double alpha) {
  int64_t dim = 0;
  struct tp_node *node;
  if (begin_slices(TP_GRAD_INDEX_ADD, "IndexAddBackward0", t, index, source, 1, alpha, &node)) return -1;
  if (finish_slices(t, node, tp_wrap_dim_arg(dim_d, t->ndim, &dim) || tp_index_add_check(t, dim, index, source, 1), dim)) return -1;
  tp_index_add_run(t, dim, index, source, alpha);
  return commit_slices(t, node);
}

/* tp_index_add_ with its operands unaliased from t first (Note [Aliased operands], bounds.c). */
TP_API int tp_index_add_(tp_tensor *t, double dim_d, tp_tensor *index, tp_tensor *source, double alpha) {
  tp_tensor *copy[2] = {NULL};
  int rc = tp_unalias(t, &index, TP_UNALIAS_ERROR, &copy[0]) || tp_unalias(t, &source, TP_UNALIAS_ERROR, &copy[1]) ? -1 : index_add__unaliased(t, dim_d, index, source, alpha);
  return release_copies(copy, rc);
}

TP_API tp_tensor *tp_index_add(tp_tensor *t, double dim_d, tp_tensor *index, tp_tensor *source, double alpha) {
  int64_t dim;
  if (tp_wrap_dim_arg(dim_d, t->ndim, &dim) || tp_index_add_check(t, dim, index, source, 0)) return NULL;
  tp_tensor *out = copy_like(t);
  if (!out) return NULL;
  tp_index_add_run(out, dim, index, source, alpha);
  return record_slices(TP_GRAD_INDEX_ADD, "IndexAddBackward0", t, dim, index, source, 1, alpha, out);
}

static int index_copy__unaliased(tp_tensor *t, double dim_d, tp_tensor *index, tp_tensor *source) {
  int64_t dim = 0;
  struct tp_node *node;
  if (begin_slices(TP_GRAD_INDEX_COPY, "IndexCopyBackward0", t, index, source, 1, 1, &node)) return -1;
  if (finish_slices(t, node, tp_wrap_dim_arg(dim_d, t->ndim, &dim) || tp_index_copy_check(t, dim, index, source, 1), dim)) return -1;
  tp_index_copy_run(t, dim, index, source);
  return commit_slices(t, node);
}

/* tp_index_copy_ with its operands unaliased from t first (Note [Aliased operands], bounds.c). */
TP_API int tp_index_copy_(tp_tensor *t, double dim_d, tp_tensor *index, tp_tensor *source) {
  tp_tensor *copy[2] = {NULL};
  int rc = tp_unalias(t, &index, TP_UNALIAS_ERROR, &copy[0]) || tp_unalias(t, &source, TP_UNALIAS_ERROR, &copy[1]) ? -1 : index_copy__unaliased(t, dim_d, index, source);
  return release_copies(copy, rc);
}

TP_API tp_tensor *tp_index_copy(tp_tensor *t, double dim_d, tp_tensor *index, tp_tensor *source) {
  int64_t dim;
  if (tp_wrap_dim_arg(dim_d, t->ndim, &dim) || tp_index_copy_check(t, dim, index, source, 0)) return NULL;
  tp_tensor *out = copy_like(t);
  if (!out) return NULL;
  tp_index_copy_run(out, dim, index, source);
  return record_slices(TP_GRAD_INDEX_COPY, "IndexCopyBackward0", t, dim, index, source, 1, 1, out);
}

/* value: a 0-d tensor, or NULL to use v. */
static int index_fill__unaliased(tp_tensor *t, double dim_d, tp_tensor *index, tp_tensor *value, double v) {
  int64_t dim = 0;
  struct tp_node *node;
  if (begin_slices(TP_GRAD_INDEX_FILL, value ? "IndexFillBackward1" : "IndexFillBackward0", t, index, value, 0, 1, &node)) return -1;
  if (finish_slices(t, node, tp_index_fill_check(t, &dim, dim_d, index, value), dim)) return -1;
  tp_index_fill_run(t, dim, index, value, v);
  return commit_slices(t, node);
}

/* tp_index_fill_ with its operands unaliased from t first (Note [Aliased operands], bounds.c). */
TP_API int tp_index_fill_(tp_tensor *t, double dim_d, tp_tensor *index, tp_tensor *value, double v) {
  tp_tensor *copy[2] = {NULL};
  int rc = tp_unalias(t, &index, TP_UNALIAS_ERROR, &copy[0]) || tp_unalias(t, &value, TP_UNALIAS_COPY, &copy[1]) ? -1 : index_fill__unaliased(t, dim_d, index, value, v);
  return release_copies(copy, rc);
}

TP_API tp_tensor *tp_index_fill(tp_tensor *t, double dim_d, tp_tensor *index, tp_tensor *value, double v) {
  int64_t dim;
  tp_tensor *out = copy_like(t);   /* checked as the copy 1.13 fills (an empty one has no storage) */
  if (!out) return NULL;
  if (tp_shape_numel(t->ndim, t->shape) == 0)  /* and t's strides, which empty_like keeps for an empty t */
    memcpy(out->stride, t->stride, sizeof(int64_t) * (size_t)t->ndim);
  if (tp_index_fill_check(out, &dim, dim_d, index, value)) {
    tp_tensor_release(out);
    return NULL;
  }
  tp_index_fill_run(out, dim, index, value, v);
  return record_slices(TP_GRAD_INDEX_FILL, value ? "IndexFillBackward1" : "IndexFillBackward0", t, dim, index, value, 0, 1, out);
}
