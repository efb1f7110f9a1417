/* nnloss.c — the torch.nn losses that PyTorch 1.13 runs as single ATen ops with a grad_fn of
 * their own: smooth_l1_loss (SmoothL1LossBackward0), huber_loss (HuberLossBackward0) and
 * soft_margin_loss (SoftMarginLossBackward0). The forward composes existing entry points below
 * autograd (Note [Below autograd]) and records one TP_GRAD_NNLOSS node (iv: which loss and the
 * reduction; s[0]: beta or delta) whose formula is the nnloss block at the end of
 * derivatives.c. The other losses are composites, in js/nn_loss.js. Compiled for size (-Os).
 */
#include <math.h>
#include "internal.h"
#include "autograd.h"
#include "derivatives.h"

static const char *const LOSS_NAME[] = {"SmoothL1LossBackward0", "HuberLossBackward0", "SoftMarginLossBackward0"};

/* a op s with s a Python float (below autograd, so the form does not matter). */
static tp_tensor *sc(int op, tp_tensor *x, double s) { return x ? tp_binary_scalar(op, x, s, TP_SCALAR_FLOAT, TP_FORM_PY, 1) : NULL; }
static tp_tensor *drop(tp_tensor *t, tp_tensor *keep) {  /* releases t, returns keep */
  if (t) tp_tensor_release(t);
  return keep;
}

/* The unreduced loss of (x, y); NULL with PyTorch's message on failure. */
static tp_tensor *pointwise(int which, tp_tensor *x, tp_tensor *y, double p) {
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
    tp_tensor *ex = drop(m, e ? tp_unary(TP_OP_EXP, e) : NULL);
    tp_tensor *out = drop(e, ex ? tp_unary(TP_OP_LOG1P, ex) : NULL);
    drop(ex, NULL);
    if (out && out->dtype != x->dtype) out = drop(out, tp_to_dtype(out, x->dtype, 0));
    return out;
  }
  tp_tensor *d = tp_binary(TP_OP_SUB, x, y, 1);
  if (!d) return NULL;
  if (!tp_dtype_is_floating(d->dtype)) {
    tp_fail("\"%s\" not implemented for '%s'", which == TP_NNLOSS_SMOOTH_L1 ? "smooth_l1_cpu" : "huber_cpu", tp_dtype_title(d->dtype));
    return drop(d, NULL);
  }
  tp_tensor *z = tp_unary(TP_OP_ABS, d), *out = NULL;
  if (z && which == TP_NNLOSS_SMOOTH_L1 && p == 0) {
    out = z;  /* |d|: the kernel's L1 branch */
    z = NULL;
  } else if (z) {
    /* smooth_l1: z < beta ? 0.5 z^2 / beta : z - 0.5 beta; huber: z < delta ? 0.5 z^2 : delta (z - 0.5 delta) */
    tp_tensor *small = sc(TP_OP_LT, z, p);
    tp_tensor *sq = tp_binary(TP_OP_MUL, d, d, 1);
    tp_tensor *half = drop(sq, sc(TP_OP_MUL, sq, 0.5));
    tp_tensor *quad = which == TP_NNLOSS_SMOOTH_L1 ? drop(half, sc(TP_OP_DIV, half, p)) : half;
    tp_tensor *lin = sc(TP_OP_SUB, z, 0.5 * p);
    if (lin && which == TP_NNLOSS_HUBER) lin = drop(lin, sc(TP_OP_MUL, lin, p));
    if (small && quad && lin) out = tp_where(small, quad, lin, 0, TP_SCALAR_NONE, 0, TP_SCALAR_NONE);
    drop(small, NULL);
    drop(quad, NULL);
    drop(lin, NULL);
  }
  drop(z, NULL);
  drop(d, NULL);
  if (out && which == TP_NNLOSS_HUBER && out->dtype != x->dtype) out = drop(out, tp_to_dtype(out, x->dtype, 0));
  return out;
}

/* loss(input, target) with which a TP_NNLOSS_*, p beta (smooth_l1) or delta (huber). */
TP_API tp_tensor *tp_pointwise_loss(int which, tp_tensor *x, tp_tensor *y, double p, int reduction) {
  if (which < TP_NNLOSS_SMOOTH_L1 || which > TP_NNLOSS_SOFT_MARGIN) return tp_fail("tensorpad: unknown loss %d", which);
  if (reduction < TP_REDUCTION_NONE || reduction > TP_REDUCTION_SUM) return tp_fail("%d is not a valid value for reduction", reduction);
  if (which == TP_NNLOSS_SMOOTH_L1 && p < 0) return tp_fail("smooth_l1_loss does not support negative values for beta.");
  if (which == TP_NNLOSS_HUBER && !(p > 0)) return tp_fail("huber_loss does not support non-positive values for delta.");
  if (which == TP_NNLOSS_SOFT_MARGIN && tp_is_grad_enabled() && tp_tensor_requires_grad(y))
    return tp_fail("The function 'soft_margin_loss' is not differentiable with respect to argument 'target'. This input cannot have requires_grad True.");
  int mode = tp_set_grad_enabled(0);
  tp_tensor *out = pointwise(which, x, y, p);
  if (out && reduction != TP_REDUCTION_NONE)
    out = drop(out, tp_reduce(reduction == TP_REDUCTION_MEAN ? TP_OP_MEAN : TP_OP_SUM, out, -1, NULL, 0, 0, -1));
  tp_set_grad_enabled(mode);
  if (!out) return NULL;
  tp_tensor *ins[2] = {x, y};
  int64_t iv[2] = {which, reduction};
  out = tp_record_kind(TP_GRAD_NNLOSS, LOSS_NAME[which], 2, ins, out, 2, iv, 2, ins);
  if (out && out->grad_fn && out->grad_fn->kind == TP_GRAD_NNLOSS) out->grad_fn->s[0] = p;
  return out;
}
