/* loss.c — the torch.nn losses that PyTorch 1.13 runs as single ATen ops with a grad_fn of
 * their own: smooth_l1_loss (SmoothL1LossBackward0), huber_loss (HuberLossBackward0) and
 * soft_margin_loss (SoftMarginLossBackward0). The forward composes existing entry points below
 * autograd (Note [Below autograd]) and records one TP_GRAD_NNLOSS node (iv: which loss and the
 * reduction; s[0]: beta or delta) whose formula is the src/nn/loss.c section at the end of
 * src/autograd/derivatives.c. The other losses are composites, in js/nn/loss.js. Compiled for size (-Os).
 */
#include <math.h>
#include "internal.h"
#include "loss_kernels.h"

/* a op s with s a Python float (below autograd, so the form does not matter). */
static tp_tensor *sc(int op, tp_tensor *x, double s) { return x ? tp_binary_scalar(op, x, s, TP_SCALAR_FLOAT, TP_FORM_PY, 1) : NULL; }
tp_tensor *tp_loss_drop(tp_tensor *t, tp_tensor *keep) {  /* releases t, returns keep */
  if (t) tp_tensor_release(t);
  return keep;
}

/* The unreduced loss of (x, y); NULL with PyTorch's message on failure. */
tp_tensor *tp_loss_pointwise(int which, tp_tensor *x, tp_tensor *y, double p) {
  if (which == TP_NNLOSS_SOFT_MARGIN) {
    /* ATen: output = empty_like(input); neg_out(output, input).mul_(target).exp_().log1p_() */
    int pt = tp_promote_types(x->dtype, y->dtype);
    if (!tp_dtype_is_floating(x->dtype))
      return tp_fail("result type %s can't be cast to the desired output type %s",
                     tp_dtype_title(tp_dtype_is_floating(pt) ? pt : tp_get_default_dtype()), tp_dtype_title(x->dtype));
    tp_tensor *m = tp_binary(TP_OP_MUL, x, y, 1);
    if (!m) return NULL;
    if (m->ndim != x->ndim || !tp_tensor_same_shape(m, x)) {
      char a[128], b[128];
      tp_format_shape(a, sizeof a, x->ndim, x->shape);
      tp_format_shape(b, sizeof b, m->ndim, m->shape);
      tp_tensor_release(m);
      return tp_fail("output with shape %s doesn't match the broadcast shape %s", a, b);
    }
    tp_tensor *e = tp_unary(TP_OP_NEG, m);
    tp_tensor *ex = tp_loss_drop(m, e ? tp_unary(TP_OP_EXP, e) : NULL);
    tp_tensor *out = tp_loss_drop(e, ex ? tp_unary(TP_OP_LOG1P, ex) : NULL);
    tp_loss_drop(ex, NULL);
    if (out && out->dtype != x->dtype) out = tp_loss_drop(out, tp_to_dtype(out, x->dtype, 0));
    return out;
  }
  tp_tensor *d = tp_binary(TP_OP_SUB, x, y, 1);
  if (!d) return NULL;
  if (!tp_dtype_is_floating(d->dtype)) {
    tp_fail("\"%s\" not implemented for '%s'", which == TP_NNLOSS_SMOOTH_L1 ? "smooth_l1_cpu" : "huber_cpu", tp_dtype_title(d->dtype));
    return tp_loss_drop(d, NULL);
  }
  tp_tensor *z = tp_unary(TP_OP_ABS, d), *out = NULL;
  if (z && which == TP_NNLOSS_SMOOTH_L1 && p == 0) {
    out = z;  /* |d|: the kernel's L1 branch */
    z = NULL;
  } else if (z) {
    /* smooth_l1: z < beta ? 0.5 z^2 / beta : z - 0.5 beta; huber: z < delta ? 0.5 z^2 : delta (z - 0.5 delta) */
    tp_tensor *small = sc(TP_OP_LT, z, p);
    tp_tensor *sq = tp_binary(TP_OP_MUL, d, d, 1);
    tp_tensor *half = tp_loss_drop(sq, sc(TP_OP_MUL, sq, 0.5));
    tp_tensor *quad = which == TP_NNLOSS_SMOOTH_L1 ? tp_loss_drop(half, sc(TP_OP_DIV, half, p)) : half;
    tp_tensor *lin = sc(TP_OP_SUB, z, 0.5 * p);
    if (lin && which == TP_NNLOSS_HUBER) lin = tp_loss_drop(lin, sc(TP_OP_MUL, lin, p));
    if (small && quad && lin) out = tp_where(small, quad, lin, 0, TP_SCALAR_NONE, 0, TP_SCALAR_NONE);
    tp_loss_drop(small, NULL);
    tp_loss_drop(quad, NULL);
    tp_loss_drop(lin, NULL);
  }
  tp_loss_drop(z, NULL);
  tp_loss_drop(d, NULL);
  if (out && which == TP_NNLOSS_HUBER && out->dtype != x->dtype) out = tp_loss_drop(out, tp_to_dtype(out, x->dtype, 0));
  return out;
}

/* ---- multi_margin_loss and multilabel_margin_loss --------------------------------------------
 * ATen's CPU kernels (LossMultiMargin.cpp, LossMultiLabelMargin.cpp) as one loop over double:
 * nframe rows of dim classes. loss[i] (before the reduction) and, when coef is given, the
 * gradient of the reduced loss for a gradient of 1 (ATen's backward kernel before it scales
 * by grad_output). */
static void margin_frames(int which, const double *x, const int64_t *t, const double *w, int64_t nframe, int64_t dim,
                          int p, double margin, double gscale, double *loss, double *coef, unsigned char *is_target) {
  for (int64_t f = 0; f < nframe; f++) {
    const double *xr = x + f * dim;
    double sum = 0, *cr = coef ? coef + f * dim : NULL;
    if (cr)
      for (int64_t d = 0; d < dim; d++) cr[d] = 0;
    if (which == TP_NNLOSS_MULTI_MARGIN) {
      int64_t ti = t[f];
      double xt = xr[ti], wt = w ? w[ti] : 1, gt = 0;
      for (int64_t d = 0; d < dim; d++) {
        double z = margin - xt + xr[d];
        if (d == ti || !(z > 0)) continue;
        sum += (p == 1 ? z : z * z) * wt;
        if (cr) {
          double h = (p == 1 ? gscale : 2 * gscale * z) * wt;
          gt -= h;
          cr[d] = h;
        }
      }
      if (cr) cr[ti] = gt;
    } else {
      const int64_t *tr = t + f * dim;
      unsigned char *it = is_target + f * dim;
      for (int64_t d = 0; d < dim; d++) it[d] = 0;
      for (int64_t d = 0; d < dim && tr[d] >= 0; d++) it[tr[d]] = 1;
      for (int64_t d = 0; d < dim && tr[d] >= 0; d++) {
        double xt = xr[tr[d]];
        for (int64_t e = 0; e < dim; e++) {
          double z = 1 - xt + xr[e];
          if (it[e] || !(z > 0)) continue;
          sum += z;
          if (cr) {
            cr[tr[d]] -= gscale;
            cr[e] += gscale;
          }
        }
      }
    }
    loss[f] = sum / (double)dim;
  }
}

/* Validates and runs margin_frames; returns the per-frame losses (float64, nframe) or, with
 * want_coef, the coefficients (float64, x's shape) for a reduction. NULL + message on failure. */
tp_tensor *tp_margin_run(int which, tp_tensor *x, tp_tensor *target, tp_tensor *weight, int p, double margin,
                             int reduction, int want_coef) {
  int nd = x->ndim;
  char xs[128], ts[128];
  tp_format_shape(xs, sizeof xs, x->ndim, x->shape);
  tp_format_shape(ts, sizeof ts, target->ndim, target->shape);
  if (!((nd == 2 && x->shape[1] != 0) || (nd == 1 && x->shape[0] != 0) || nd == 0))
    return tp_fail("Expected non-empty vector or matrix with optional 0-dim batch size, but got: %s", xs);
  int64_t nframe = nd <= 1 ? 1 : x->shape[0], dim = nd == 0 ? 1 : x->shape[nd - 1];
  int64_t tn = tp_shape_numel(target->ndim, target->shape);
  if (which == TP_NNLOSS_MULTI_MARGIN) {
    if (!(target->ndim <= 1 && tn == nframe)) return tp_fail("inconsistent target size, got: %s", ts);
  } else if (nd <= 1 ? !(target->ndim <= 1 && tn == dim) : !(target->ndim == 2 && target->shape[0] == nframe && target->shape[1] == dim)) {
    return tp_fail("inconsistent size %s for argument #2 'target'", ts);
  }
  if (!tp_dtype_is_floating(x->dtype))
    return tp_fail("\"%s\" not implemented for '%s'", which == TP_NNLOSS_MULTI_MARGIN ? "multi_margin_loss_cpu_kernel" : "multilabel_margin_loss_forward_out_frame", tp_dtype_title(x->dtype));
  if (target->dtype != TP_INT64) return tp_fail("expected scalar type Long but found %s", tp_dtype_title(target->dtype));
  if (weight && weight->dtype != x->dtype) return tp_fail("expected scalar type %s but found %s", tp_dtype_title(x->dtype), tp_dtype_title(weight->dtype));
  if (weight && !(weight->ndim <= 1 && tp_shape_numel(weight->ndim, weight->shape) == dim)) {
    char ws[128];
    tp_format_shape(ws, sizeof ws, weight->ndim, weight->shape);
    return tp_fail("inconsistent weight size, expected %lld but got %s", (long long)dim, ws);
  }
  tp_tensor *xd = tp_to_dtype(x, TP_FLOAT64, 1), *td = xd ? tp_contiguous(target) : NULL;
  tp_tensor *wd = td && weight ? tp_to_dtype(weight, TP_FLOAT64, 1) : NULL;
  double sz[2] = {(double)nframe, (double)dim};
  tp_tensor *loss = td && (!weight || wd) ? tp_empty(1, sz, TP_FLOAT64) : NULL;
  tp_tensor *coef = loss && want_coef ? tp_empty(2, sz, TP_FLOAT64) : NULL;
  unsigned char *it = loss && which == TP_NNLOSS_MULTILABEL_MARGIN ? tp_malloc((double)(nframe * dim)) : NULL;
  tp_tensor *out = NULL;
  int ok = loss && (!want_coef || coef) && (which != TP_NNLOSS_MULTILABEL_MARGIN || it);
  if (ok) {
    const int64_t *tv = (const int64_t *)tp_ptr(td);
    for (int64_t i = 0; i < tn && ok; i++) {
      if (which == TP_NNLOSS_MULTI_MARGIN && (tv[i] < 0 || tv[i] >= dim)) ok = !!tp_fail("target out of range");
      if (which == TP_NNLOSS_MULTILABEL_MARGIN && (tv[i] < -1 || tv[i] >= dim)) ok = !!tp_fail("argument #2 'target' is out of range");
    }
    if (ok) {
      double gs = 1.0 / (double)dim / (reduction == TP_REDUCTION_MEAN ? (double)nframe : 1.0);
      margin_frames(which, (const double *)tp_ptr(xd), tv, wd ? (const double *)tp_ptr(wd) : NULL, nframe, dim, p, margin, gs,
                    (double *)tp_ptr(loss), coef ? (double *)tp_ptr(coef) : NULL, it);
      out = want_coef ? coef : loss;
      tp_tensor_retain(out);
    }
  }
  if (it) tp_free(it);
  tp_loss_drop(xd, NULL);
  tp_loss_drop(td, NULL);
  tp_loss_drop(wd, NULL);
  tp_loss_drop(loss, NULL);
  tp_loss_drop(coef, NULL);
  return out;
}

