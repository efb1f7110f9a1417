/* functional.c — the ops behind torch.nn.functional that PyTorch runs as single ATen ops with their
 * own grad_fn: addmm (Linear on a matrix: AddmmBackward0), mse_loss (MseLossBackward0),
 * nll_loss and nll_loss2d (NllLossBackward0, NllLoss2DBackward0; cross_entropy is
 * log_softmax then nll_loss, as in PyTorch),
 * binary_cross_entropy and binary_cross_entropy_with_logits, leaky_relu and softplus.
 * Each entry point validates with PyTorch's messages, computes below autograd (Note [Below
 * autograd]: composites record nothing inside) and records one node whose formula lives in
 * the nn section at the end of derivatives.c.
 */
#include <math.h>
#include <stdio.h>
#include <string.h>
#include "internal.h"
#include "scratch.h"
#include "shape.h"
#include "functional_kernels.h"

/* Everything below addmm and mse_loss is off the hot path: compiled for size (internal.h). */
TP_COLD_BEGIN

/* ---- nll_loss and nll_loss2d ----------------------------------------------------------------
 * Both walk "rows": a row is a sample of a [N, C] / [C] input, or one position (n, h, w) of a
 * [N, C, H, W] input (nll_loss2d); the class index runs along dim 1 (dim 0 for 1-D). Checks in
 * the order of PyTorch 1.13's nll_loss_nd, the ops' meta functions and the CPU kernels. */

int64_t tp_nll_rows(int ndim, const int64_t *shape) {
  return ndim == 1 ? 1 : ndim == 2 ? shape[0] : shape[0] * shape[2] * shape[3];
}

/* Element offset (in elements, from t's first) of row r, class k of an input-shaped t. */
int64_t tp_nll_at(const tp_tensor *t, int64_t r, int64_t k) {
  if (t->ndim == 1) return k * t->stride[0];
  if (t->ndim == 2) return r * t->stride[0] + k * t->stride[1];
  int64_t h = t->shape[2], w = t->shape[3];
  return (r / (h * w)) * t->stride[0] + k * t->stride[1] + (r / w % h) * t->stride[2] + (r % w) * t->stride[3];
}

/* The target of row r, its class weight, or -1 (ignored). -2: out of bounds (error set). */
int64_t tp_nll_target(tp_tensor *t, tp_tensor *w, int64_t r, int64_t nc, int64_t ignore, double *wt) {
  int64_t off = 0;
  if (t->ndim == 1) off = r * t->stride[0];
  if (t->ndim == 3) {
    int64_t h = t->shape[1], wd = t->shape[2];
    off = (r / (h * wd)) * t->stride[0] + (r / wd % h) * t->stride[1] + (r % wd) * t->stride[2];
  }
  int64_t c = tp_load_i64(tp_ptr(t) + off * 8, TP_INT64);
  if (c == ignore) return -1;
  if (c < 0 || c >= nc) {
    tp_fail("Target %lld is out of bounds.", (long long)c);
    return -2;
  }
  *wt = w ? tp_load_f64(tp_ptr(w) + c * w->stride[0] * tp_dtype_table[w->dtype].itemsize, w->dtype) : 1.0;
  return c;
}

/* For the formula (derivatives.c): w[t_r] at (row r, class t_r) and 0 elsewhere, *mask true at
 * those places, *total the targets' total weight (the mean's divisor). */
tp_tensor *tp_nll_loss_weights(tp_tensor *t, tp_tensor *w, int ndim, const int64_t *shape, int dtype, int64_t ignore,
                               tp_tensor **mask, double *total) {
  tp_tensor *c = tp_tensor_make(dtype, ndim, shape);
  *mask = c ? tp_tensor_make(TP_BOOL, ndim, shape) : NULL;
  if (!*mask) { tp_tensor_release(c); return NULL; }
  int64_t n = tp_nll_rows(ndim, shape), nc = shape[ndim == 1 ? 0 : 1], item = tp_dtype_table[dtype].itemsize;
  memset(tp_ptr(c), 0, (size_t)(tp_shape_numel(ndim, shape) * item));
  memset(tp_ptr(*mask), 0, (size_t)tp_shape_numel(ndim, shape));
  double wt = 1;
  *total = 0;
  for (int64_t i = 0; i < n; i++) {
    int64_t k = tp_nll_target(t, w, i, nc, ignore, &wt);
    if (k == -2) { tp_tensor_release(c); tp_tensor_release(*mask); *mask = NULL; return NULL; }
    if (k < 0) continue;
    *total += wt;
    tp_store_f64(tp_ptr(c) + tp_nll_at(c, i, k) * item, dtype, wt);
    ((uint8_t *)tp_ptr(*mask))[tp_nll_at(*mask, i, k)] = 1;
  }
  return c;
}

/* Whether zeros_like(x) (preserve_format) is contiguous. */
int tp_grad_input_contiguous(const tp_tensor *x) {
  int64_t st[TP_MAX_DIMS], expected = 1;
  if (tp_shape_numel(x->ndim, x->shape) == 0) return 1;
  tp_layout_like(x, st);
  for (int d = x->ndim - 1; d >= 0; d--) {
    if (x->shape[d] != 1 && st[d] != expected) return 0;
    expected *= x->shape[d];
  }
  return 1;
}

/* ---- binary cross-entropy ------------------------------------------------------------------
 * Forward passes are composed of ops below autograd, in PyTorch 1.13's formulas; one node each.
 * The tensors here are scratch results owned by a small list, released together. */
tp_tensor *tp_functional_rs(scratch *s, int op, double v, tp_tensor *x) { return x ? S(s, tp_binary_scalar(op, x, v, TP_SCALAR_INT, 1, 1)) : NULL; }
tp_tensor *tp_clamp_min(scratch *s, tp_tensor *x, double lo) {
  return x ? S(s, tp_clamp(TP_OP_CLAMP_MIN, x, NULL, NULL, lo, TP_SCALAR_INT, 0, TP_SCALAR_NONE)) : NULL;
}

/* The reduced loss, a new reference (NULL + error on failure). */
tp_tensor *tp_reduce_loss(scratch *s, tp_tensor *loss, int reduction) {
  if (!loss) return NULL;
  if (reduction == TP_REDUCTION_NONE) { tp_tensor_retain(loss); return loss; }
  return tp_reduce(reduction == TP_REDUCTION_MEAN ? TP_OP_MEAN : TP_OP_SUM, loss, -1, NULL, 0, 0, -1);
}

int tp_in_unit_interval(tp_tensor *x) {
  tp_tensor *c = tp_contiguous(x);
  if (!c) return -1;
  int64_t n = tp_shape_numel(c->ndim, c->shape), item = tp_dtype_table[c->dtype].itemsize;
  int ok = 1;
  for (int64_t i = 0; i < n && ok; i++) {
    double v = tp_load_f64(tp_ptr(c) + i * item, c->dtype);
    ok = v >= 0 && v <= 1;
  }
  tp_tensor_release(c);
  return ok ? 0 : tp_fail_status("all elements of input should be between 0 and 1");
}

int tp_bce_check(tp_tensor *x, tp_tensor *t, int reduction) {
  if (reduction < TP_REDUCTION_NONE || reduction > TP_REDUCTION_SUM) return tp_fail_status("%d is not a valid value for reduction", reduction);
  if (!tp_dtype_table[x->dtype].is_floating) return tp_fail_status("\"binary_cross_entropy\" not implemented for '%s'", tp_dtype_title(x->dtype));
  if (x->dtype != t->dtype) return tp_fail_status("Found dtype %s but expected %s", tp_dtype_title(t->dtype), tp_dtype_title(x->dtype));
  return 0;
}

int tp_float_only(tp_tensor *x, const char *kernel) {
  return tp_dtype_table[x->dtype].is_floating ? 0 : tp_fail_status("\"%s\" not implemented for '%s'", kernel, tp_dtype_title(x->dtype));
}

TP_COLD_END
