/* normalization.c — the entry points of src/nn/normalization.c:
 * each validates, runs the kernel (normalization_kernels.h) and records the autograd node. */
#include <math.h>
#include <string.h>
#include "internal.h"
#include "tensorpad.h"
#include "autograd.h"
#include "derivatives.h"
#include "normalization_kernels.h"

/* out = (x - mean) * rstd [* w] [+ b] over the dims in `mask` (bit d: dim d is reduced).
 * bn = 0: layer_norm (w, b shaped as the trailing dims); bn = 1: batch_norm (w, b, rmean,
 * rvar of shape [C] along dim 1). With rmean/rvar (batch_norm in eval mode) the statistics
 * are those constants; otherwise they come from x (biased variance). */
TP_API tp_tensor *tp_native_norm(tp_tensor *x, tp_tensor *w, tp_tensor *b, tp_tensor *rmean, tp_tensor *rvar, int bn,
                                 double eps, double maskd) {
  int64_t mask = tp_clamp_i64(maskd);
  if (!tp_dtype_table[x->dtype].is_floating) {
    return tp_fail("\"%s\" not implemented for '%s'", bn ? "batch_norm" : "LayerNormKernelImpl", tp_dtype_title(x->dtype));
  }
  double dims[TP_MAX_DIMS];
  int nd = 0;
  for (int d = 0; d < x->ndim; d++)
    if (mask >> d & 1) dims[nd++] = d;
  int mode = tp_set_grad_enabled(0);
  tp_tensor *mean = NULL, *rstd = NULL, *wv = NULL, *bv = NULL, *out = NULL;
  int fixed = rmean != NULL;
  if (!bn && tp_ln_exact(x, w, b, mask)) {   /* Note [layer_norm as ATen computes it] */
    out = tp_ln_forward(x, w, b, eps, mask, &mean, &rstd);
  } else if (bn && tp_bn_exact(x, w, b, rmean, rvar)) {   /* Note [batch_norm as ATen computes it] */
    tp_tensor *m = NULL, *r = NULL;
    out = tp_bn_forward_f32(x, w, b, rmean, rvar, eps, &m, &r);
    mean = out ? tp_norm_channel_view(m, x->ndim) : NULL;
    rstd = mean ? tp_norm_channel_view(r, x->ndim) : NULL;
    tp_normalization_rel(NULL, m, r, NULL);
    if (!rstd && out) tp_tensor_release(out), out = NULL;
  } else if (fixed) {
    tp_tensor *ve = NULL;
    mean = tp_norm_channel_view(rmean, x->ndim);
    tp_tensor *vv = mean ? tp_norm_channel_view(rvar, x->ndim) : NULL;
    ve = vv ? tp_binary_scalar(TP_OP_ADD, vv, eps, TP_SCALAR_FLOAT, TP_FORM_PY, 1) : NULL;
    rstd = ve ? tp_unary(TP_OP_RSQRT, ve) : NULL;
    tp_normalization_rel(NULL, vv, ve, NULL);
  } else {
    /* batch_norm accumulates its statistics in double (ATen's acc_type on CPU), layer_norm in
     * the input's type (opmath float) */
    tp_tensor *xs = bn ? tp_to_dtype(x, TP_FLOAT64, 0) : (tp_tensor_retain(x), x);
    tp_tensor *m = xs ? tp_reduce(TP_OP_MEAN, xs, nd, dims, 1, 0, -1) : NULL;
    tp_tensor *var = m ? tp_reduce(TP_OP_VAR, xs, nd, dims, 1, 0, -1) : NULL;
    tp_tensor *ve = var ? tp_binary_scalar(TP_OP_ADD, var, eps, TP_SCALAR_FLOAT, TP_FORM_PY, 1) : NULL;
    tp_tensor *r = ve ? tp_unary(TP_OP_RSQRT, ve) : NULL;
    mean = r ? tp_to_dtype(m, x->dtype, 1) : NULL;
    rstd = mean ? tp_to_dtype(r, x->dtype, 1) : NULL;
    tp_normalization_rel(NULL, var, ve, r);
    tp_normalization_rel(NULL, xs, m, NULL);
  }
  if (rstd && w && !out) wv = bn ? tp_norm_channel_view(w, x->ndim) : (tp_tensor_retain(w), w);
  if (rstd && b && !out) bv = bn ? tp_norm_channel_view(b, x->ndim) : (tp_tensor_retain(b), b);
  if (rstd && !out && (!w || wv) && (!b || bv)) {
    tp_tensor *c = tp_binary(TP_OP_SUB, x, mean, 1);
    tp_tensor *y = c ? tp_binary(TP_OP_MUL, c, rstd, 1) : NULL;
    tp_tensor *yw = y && wv ? tp_binary(TP_OP_MUL, y, wv, 1) : (y ? (tp_tensor_retain(y), y) : NULL);
    out = yw && bv ? tp_binary(TP_OP_ADD, yw, bv, 1) : (yw ? (tp_tensor_retain(yw), yw) : NULL);
    tp_normalization_rel(NULL, c, y, yw);
  }
  tp_normalization_rel(NULL, wv, bv, NULL);
  tp_set_grad_enabled(mode);
  if (out) {
    tp_tensor *ins[3] = {x, w, b}, *save[4] = {x, mean, rstd, w};
    int64_t iv[3] = {bn, fixed, mask};
    out = tp_record_kind(TP_GRAD_NORM, bn ? "NativeBatchNormBackward0" : "NativeLayerNormBackward0", 3, ins, out, 3, iv,
                         w ? 4 : 3, save);
    if (out && out->grad_fn && out->grad_fn->kind == TP_GRAD_NORM) out->grad_fn->s[0] = eps;
  }
  return tp_normalization_rel(out, mean, rstd, NULL);
}

/* weight[indices]: rows of weight gathered into indices.shape + [D]. padding_idx < 0: none;
 * that row gets no gradient. */
TP_API tp_tensor *tp_embedding(tp_tensor *w, tp_tensor *idx, double padding_idx) {
  if (idx->dtype != TP_INT64 && idx->dtype != TP_INT32) {
    return tp_fail("Expected tensor for argument #1 'indices' to have one of the following scalar types: Long, Int; but got %s instead (while checking arguments for embedding)",
                   tp_type_string(idx->dtype));
  }
  if (w->ndim != 2) return tp_fail("'weight' must be 2-D");
  int mode = tp_set_grad_enabled(0);
  double flat[1] = {-1}, sizes[TP_MAX_DIMS + 1];
  tp_tensor *f = tp_reshape(idx, 1, flat);
  tp_tensor *rows = f ? tp_index_select(w, 0, f) : NULL;
  for (int d = 0; d < idx->ndim; d++) sizes[d] = (double)idx->shape[d];
  sizes[idx->ndim] = (double)w->shape[1];
  tp_tensor *out = rows ? tp_reshape(rows, idx->ndim + 1, sizes) : NULL;
  tp_normalization_rel(NULL, f, rows, NULL);
  tp_set_grad_enabled(mode);
  int64_t iv[1] = {tp_clamp_i64(padding_idx)};
  return tp_record_kind(TP_GRAD_EMBEDDING, "EmbeddingBackward0", 1, &w, out, 1, iv, 1, &idx);
}
