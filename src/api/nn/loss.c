/* loss.c — the entry points of src/nn/loss.c:
 * each validates, runs the kernel (loss_kernels.h) and records the autograd node. */
#include <math.h>
#include "internal.h"
#include "autograd.h"
#include "derivatives.h"
#include "loss_kernels.h"

static const char *const LOSS_NAME[] = {"SmoothL1LossBackward0", "HuberLossBackward0", "SoftMarginLossBackward0"};

/* loss(input, target) with which a TP_NNLOSS_*, p beta (smooth_l1) or delta (huber). */
TP_API tp_tensor *tp_pointwise_loss(int which, tp_tensor *x, tp_tensor *y, double p, int reduction) {
  if (which < TP_NNLOSS_SMOOTH_L1 || which > TP_NNLOSS_SOFT_MARGIN) return tp_fail("tensorpad: unknown loss %d", which);
  if (reduction < TP_REDUCTION_NONE || reduction > TP_REDUCTION_SUM) return tp_fail("%d is not a valid value for reduction", reduction);
  if (which == TP_NNLOSS_SMOOTH_L1 && p < 0) return tp_fail("smooth_l1_loss does not support negative values for beta.");
  if (which == TP_NNLOSS_HUBER && !(p > 0)) return tp_fail("huber_loss does not support non-positive values for delta.");
  if (which == TP_NNLOSS_SOFT_MARGIN && tp_is_grad_enabled() && tp_tensor_requires_grad(y))
    return tp_fail("The function 'soft_margin_loss' is not differentiable with respect to argument 'target'. This input cannot have requires_grad True.");
  int mode = tp_set_grad_enabled(0);
  tp_tensor *out = tp_loss_pointwise(which, x, y, p);
  if (out && reduction != TP_REDUCTION_NONE)
    out = tp_loss_drop(out, tp_reduce(reduction == TP_REDUCTION_MEAN ? TP_OP_MEAN : TP_OP_SUM, out, -1, NULL, 0, 0, -1));
  tp_set_grad_enabled(mode);
  if (!out) return NULL;
  tp_tensor *ins[2] = {x, y};
  int64_t iv[2] = {which, reduction};
  out = tp_record_kind(TP_GRAD_NNLOSS, LOSS_NAME[which], 2, ins, out, 2, iv, 2, ins);
  if (out && out->grad_fn && out->grad_fn->kind == TP_GRAD_NNLOSS) out->grad_fn->s[0] = p;
  return out;
}

/* multi_margin_loss(input, target, p, margin, weight or NULL, reduction) (MultiMarginLossBackward0)
 * and multilabel_margin_loss(input, target, reduction) (MultilabelMarginLossBackward0). */
TP_API tp_tensor *tp_margin_loss(int which, tp_tensor *x, tp_tensor *target, tp_tensor *weight, double p, double margin, int reduction) {
  if (which != TP_NNLOSS_MULTI_MARGIN && which != TP_NNLOSS_MULTILABEL_MARGIN) return tp_fail("tensorpad: unknown loss %d", which);
  if (reduction < TP_REDUCTION_NONE || reduction > TP_REDUCTION_SUM) return tp_fail("%d is not a valid value for reduction", reduction);
  int mode = tp_set_grad_enabled(0);
  tp_tensor *loss = tp_margin_run(which, x, target, weight, (int)p, margin, reduction, 0), *out = NULL;
  if (loss) {
    /* ATen's output shape: none keeps a frame dim when the target has one (multi_margin) or when
     * the input is a batch (multilabel_margin); otherwise 0-d (for none, the sum of one frame) */
    int keep = reduction == TP_REDUCTION_NONE && (which == TP_NNLOSS_MULTI_MARGIN ? target->ndim > 0 : target->ndim > 1);
    tp_tensor *r = keep ? loss : tp_reduce(reduction == TP_REDUCTION_MEAN ? TP_OP_MEAN : TP_OP_SUM, loss, -1, NULL, 0, 0, -1);
    if (r) out = tp_to_dtype(r, x->dtype, 0);
    if (r && r != loss) tp_tensor_release(r);
    tp_tensor_release(loss);
  }
  tp_set_grad_enabled(mode);
  if (!out) return NULL;
  tp_tensor *ins[3] = {x, target, weight};
  int64_t iv[3] = {which, reduction, tp_clamp_i64(p)};
  out = tp_record_kind(TP_GRAD_NNLOSS, which == TP_NNLOSS_MULTI_MARGIN ? "MultiMarginLossBackward0" : "MultilabelMarginLossBackward0",
                       weight ? 3 : 2, ins, out, 3, iv, weight ? 3 : 2, ins);
  if (out && out->grad_fn && out->grad_fn->kind == TP_GRAD_NNLOSS) out->grad_fn->s[0] = margin;
  return out;
}

/* The gradient coefficients of a margin_loss node, in x's dtype and shape (for derivatives.c). */
tp_tensor *tp_margin_loss_coef(tp_node *n, tp_tensor *x, tp_tensor *target, tp_tensor *weight) {
  int mode = tp_set_grad_enabled(0);
  tp_tensor *c = tp_margin_run((int)n->iv[0], x, target, weight, (int)n->iv[2], n->s[0], (int)n->iv[1], 1), *out = NULL;
  if (c) {
    double sizes[TP_MAX_DIMS];
    for (int d = 0; d < x->ndim; d++) sizes[d] = (double)x->shape[d];
    tp_tensor *v = tp_view(c, x->ndim, sizes);
    out = v ? tp_to_dtype(v, x->dtype, 0) : NULL;
    tp_loss_drop(v, NULL);
    tp_tensor_release(c);
  }
  tp_set_grad_enabled(mode);
  return out;
}
