/* functional.c — the entry points of src/nn/functional.c:
 * each validates, runs the kernel (functional_kernels.h) and records the autograd node. */
#include <math.h>
#include <stdio.h>
#include <string.h>
#include "internal.h"
#include "scratch.h"
#include "shape.h"
#include "autograd.h"
#include "derivatives.h"
#include "functional_kernels.h"

/* ---- addmm ------------------------------------------------------------------------------ */
TP_API tp_tensor *tp_addmm(tp_tensor *self, tp_tensor *m1, tp_tensor *m2, double beta, double alpha) {
  int mode = tp_set_grad_enabled(0);  /* Note [Below autograd] */
  tp_tensor *out = tp_addmm_forward(self, m1, m2, beta, alpha);
  tp_set_grad_enabled(mode);
  if (!out) return NULL;
  tp_tensor *ins[3] = {self, m1, m2}, *save[2] = {m1, m2};
  out = tp_record_kind(TP_GRAD_ADDMM, "AddmmBackward0", 3, ins, out, 0, NULL, 2, save);
  if (out && out->grad_fn && out->grad_fn->kind == TP_GRAD_ADDMM) {
    out->grad_fn->s[0] = beta;
    out->grad_fn->s[1] = alpha;
  }
  return out;
}

/* ---- mse_loss ----------------------------------------------------------------------------- */
TP_API tp_tensor *tp_mse_loss(tp_tensor *x, tp_tensor *y, int reduction) {
  if (reduction < TP_REDUCTION_NONE || reduction > TP_REDUCTION_SUM) return tp_fail("%d is not a valid value for reduction", reduction);
  int mode = tp_set_grad_enabled(0);
  tp_tensor *d = tp_binary(TP_OP_SUB, x, y, 1);
  if (d && d->dtype != TP_FLOAT32 && d->dtype != TP_FLOAT64) {
    tp_set_grad_enabled(mode);
    tp_fail("\"mse_cpu\" not implemented for '%s'", tp_dtype_title(d->dtype));
    tp_tensor_release(d);
    return NULL;
  }
  tp_tensor *sq = d ? tp_binary(TP_OP_MUL, d, d, 1) : NULL, *out = sq;
  if (sq && reduction != TP_REDUCTION_NONE) {
    out = tp_reduce(reduction == TP_REDUCTION_MEAN ? TP_OP_MEAN : TP_OP_SUM, sq, -1, NULL, 0, 0, -1);
    tp_tensor_release(sq);
  }
  tp_set_grad_enabled(mode);
  if (d) tp_tensor_release(d);
  if (!out) return NULL;
  tp_tensor *ins[2] = {x, y};
  int64_t iv[1] = {reduction};
  return tp_record_kind(TP_GRAD_MSE_LOSS, "MseLossBackward0", 2, ins, out, 1, iv, 2, ins);
}

TP_COLD_BEGIN

/* PyTorch's autograd refuses a weight that requires grad before running the op. */
static int no_grad_arg(tp_tensor *t, const char *arg, const char *fn) {
  if (t && t->requires_grad && tp_grad_mode())
    return tp_fail_status("The function '%s' is not differentiable with respect to argument '%s'. This input cannot have requires_grad True.", fn, arg);
  return 0;
}

static int nll_check(tp_tensor *x, tp_tensor *t, tp_tensor *w) {
  char a[64], b[64];
  if (x->ndim < 1) return tp_fail_status("Expected 1 or more dimensions (got %d)", x->ndim);
  if (x->ndim > 2) return tp_fail_status("tensorpad: nll_loss supports 1-D and 2-D input (got %d-D)", x->ndim);
  if (x->ndim != 1 && t->ndim >= 1 && x->shape[0] != t->shape[0])
    return tp_fail_status("Expected input batch_size (%lld) to match target batch_size (%lld).", (long long)x->shape[0], (long long)t->shape[0]);
  if (no_grad_arg(w, "weight", "nll_loss_forward")) return -1;
  if (t->ndim > 1) return tp_fail_status("0D or 1D target tensor expected, multi-target not supported");
  int no_batch = x->ndim == 1 && t->ndim == 0;
  if (!no_batch && !(x->ndim >= 1 && t->ndim == 1 && x->shape[0] == t->shape[0])) {
    tp_format_shape(a, sizeof a, x->ndim, x->shape);
    tp_format_shape(b, sizeof b, t->ndim, t->shape);
    return tp_fail_status("size mismatch (got input: %s, target: %s)", a, b);
  }
  int64_t nc = x->shape[x->ndim - 1];
  if (w && !(w->ndim == 1 && w->shape[0] == nc)) {
    tp_format_shape(a, sizeof a, w->ndim, w->shape);
    return tp_fail_status("weight tensor should be defined either for all %lld classes or no classes but got weight tensor of shape: %s", (long long)nc, a);
  }
  if (x->dtype != TP_FLOAT32 && x->dtype != TP_FLOAT64)
    return tp_fail_status("\"nll_loss_out_frame\" not implemented for '%s'", tp_dtype_title(x->dtype));
  if (t->dtype != TP_INT64) return tp_fail_status("expected scalar type Long but found %s", tp_dtype_title(t->dtype));
  if (w && w->dtype != x->dtype) return tp_fail_status("expected scalar type %s but found %s", tp_dtype_title(x->dtype), tp_dtype_title(w->dtype));
  return 0;
}

static int nll2d_check(tp_tensor *x, tp_tensor *t, tp_tensor *w) {
  char a[64], b[64];
  if (no_grad_arg(w, "weight", "nll_loss2d_forward")) return -1;
  if (t->ndim != 3) return tp_fail_status("only batches of spatial targets supported (3D tensors) but got targets of dimension: %d", t->ndim);
  if (x->ndim != 4) return tp_fail_status("only batches of spatial inputs supported (4D tensors), but got input of dimension: %d", x->ndim);
  if (w && tp_shape_numel(w->ndim, w->shape) != x->shape[1]) return tp_fail_status("weight tensor should be defined either for all or no classes");
  if (x->shape[0] != t->shape[0] || x->shape[2] != t->shape[1] || x->shape[3] != t->shape[2]) {
    tp_format_shape(a, sizeof a, x->ndim, x->shape);
    tp_format_shape(b, sizeof b, t->ndim, t->shape);
    return tp_fail_status("size mismatch (got input: %s , target: %s", a, b);
  }
  if (x->dtype != TP_FLOAT32 && x->dtype != TP_FLOAT64)
    return tp_fail_status("\"nll_loss2d_forward_out_frame\" not implemented for '%s'", tp_dtype_title(x->dtype));
  if (w && w->dtype != x->dtype) return tp_fail_status("expected scalar type %s but found %s", tp_dtype_title(x->dtype), tp_dtype_title(w->dtype));
  if (t->dtype != TP_INT64) return tp_fail_status("expected scalar type Long but found %s", tp_dtype_title(t->dtype));
  return 0;
}

/* The forward pass over rows, and one node (NllLossBackward0 / NllLoss2DBackward0). */
static tp_tensor *nll_run(const char *name, tp_tensor *x, tp_tensor *t, tp_tensor *w, int reduction, int64_t ignore) {
  int64_t n = tp_nll_rows(x->ndim, x->shape), nc = x->shape[x->ndim == 1 ? 0 : 1], item = tp_dtype_table[x->dtype].itemsize;
  int none = reduction == TP_REDUCTION_NONE;
  int64_t oshape[3] = {x->shape[0], x->ndim == 4 ? x->shape[2] : 0, x->ndim == 4 ? x->shape[3] : 0};
  tp_tensor *out = tp_tensor_make(x->dtype, !none ? 0 : x->ndim == 4 ? 3 : x->ndim == 2 ? 1 : 0, oshape);
  if (!out) return NULL;
  double sum = 0, total = 0, wt = 1;
  for (int64_t i = 0; i < n; i++) {
    int64_t k = tp_nll_target(t, w, i, nc, ignore, &wt);
    if (k == -2) { tp_tensor_release(out); return NULL; }
    double v = 0;
    if (k >= 0) {
      v = -wt * tp_load_f64(tp_ptr(x) + tp_nll_at(x, i, k) * item, x->dtype);
      total += wt;
    }
    /* -(x w) keeps the sign of a zero per row; a 1-D input's 0-d result is a sum from +0 (1.13) */
    if (none) tp_store_f64(tp_ptr(out) + i * item, x->dtype, x->ndim == 1 ? v + 0.0 : v);
    sum += v;
  }
  if (!none) tp_store_f64(tp_ptr(out), x->dtype, reduction == TP_REDUCTION_MEAN ? sum / total : sum);
  /* iv[2]: 1.13's nll_loss2d backward writes into zeros_like(input), which keeps a dense
   * permuted layout, and then refuses it ("grad_input must be contiguous") */
  int64_t iv[4] = {reduction, ignore, x->ndim == 4 && !tp_grad_input_contiguous(x), w != NULL};
  /* self is saved too, as 1.13's NllLossBackward0 saves it: a create_graph gradient depends on
   * it (NllLossBackwardBackward0, Note [Backward functions under create_graph]) */
  tp_tensor *save[3] = {t, w ? w : x, x};
  return tp_record_kind(TP_GRAD_NLL_LOSS, name, 1, &x, out, 4, iv, w ? 3 : 2, save);
}

TP_API tp_tensor *tp_nll_loss(tp_tensor *x, tp_tensor *t, tp_tensor *w, int reduction, double ignore_index) {
  if (reduction < TP_REDUCTION_NONE || reduction > TP_REDUCTION_SUM) return tp_fail("%d is not a valid value for reduction", reduction);
  if (nll_check(x, t, w)) return NULL;
  return nll_run("NllLossBackward0", x, t, w, reduction, tp_clamp_i64(ignore_index));
}

TP_API tp_tensor *tp_nll_loss2d(tp_tensor *x, tp_tensor *t, tp_tensor *w, int reduction, double ignore_index) {
  if (reduction < TP_REDUCTION_NONE || reduction > TP_REDUCTION_SUM) return tp_fail("%d is not a valid value for reduction", reduction);
  if (nll2d_check(x, t, w)) return NULL;
  return nll_run("NllLoss2DBackward0", x, t, w, reduction, tp_clamp_i64(ignore_index));
}

static tp_tensor *record_bce(int kind, const char *name, tp_tensor *x, tp_tensor *t, tp_tensor *w, tp_tensor *pw, int reduction, tp_tensor *out) {
  tp_tensor *ins[2] = {x, t}, *save[4] = {x, t};
  int ns = 2;
  if (w) save[ns++] = w;
  if (pw) save[ns++] = pw;
  int64_t iv[3] = {reduction, w != NULL, pw != NULL};
  return tp_record_kind(kind, name, 2, ins, out, 3, iv, ns, save);
}

TP_API tp_tensor *tp_binary_cross_entropy(tp_tensor *x, tp_tensor *t, tp_tensor *w, int reduction) {
  if (no_grad_arg(w, "weight", "binary_cross_entropy") || tp_bce_check(x, t, reduction) || tp_in_unit_interval(x)) return NULL;
  scratch s = {.n = 0};
  int mode = tp_set_grad_enabled(0);
  /* (t - 1) * max(log(1 - x), -100) - t * max(log(x), -100), times the weight */
  tp_tensor *l1 = tp_clamp_min(&s, U(&s, TP_OP_LOG, tp_functional_rs(&s, TP_OP_SUB, 1, x)), -100);
  tp_tensor *l0 = tp_clamp_min(&s, U(&s, TP_OP_LOG, x), -100);
  tp_tensor *loss = B(&s, TP_OP_SUB, B(&s, TP_OP_MUL, Bs(&s, TP_OP_SUB, t, 1), l1), B(&s, TP_OP_MUL, t, l0));
  if (w) loss = B(&s, TP_OP_MUL, loss, w);
  tp_tensor *out = tp_reduce_loss(&s, loss, reduction);
  tp_set_grad_enabled(mode);
  scratch_free(&s);
  return out ? record_bce(TP_GRAD_BCE, "BinaryCrossEntropyBackward0", x, t, w, NULL, reduction, out) : NULL;
}

TP_API tp_tensor *tp_binary_cross_entropy_with_logits(tp_tensor *x, tp_tensor *t, tp_tensor *w, tp_tensor *pw, int reduction) {
  if (no_grad_arg(w, "weight", "binary_cross_entropy_with_logits") || no_grad_arg(pw, "pos_weight", "binary_cross_entropy_with_logits")) return NULL;
  if (reduction < TP_REDUCTION_NONE || reduction > TP_REDUCTION_SUM) return tp_fail("%d is not a valid value for reduction", reduction);
  scratch s = {.n = 0};
  int mode = tp_set_grad_enabled(0);
  /* max_val = (-x).clamp_min(0); softplus part = log(exp(-max_val) + exp(-x - max_val)) + max_val */
  tp_tensor *nx = U(&s, TP_OP_NEG, x);
  tp_tensor *mv = tp_clamp_min(&s, nx, 0);
  tp_tensor *lse = U(&s, TP_OP_LOG, B(&s, TP_OP_ADD, U(&s, TP_OP_EXP, U(&s, TP_OP_NEG, mv)), U(&s, TP_OP_EXP, B(&s, TP_OP_SUB, nx, mv))));
  tp_tensor *lin = B(&s, TP_OP_MUL, tp_functional_rs(&s, TP_OP_SUB, 1, t), x), *loss;
  if (pw) {  /* (1 - t) x + (1 + (pw - 1) t) (lse + max_val) */
    tp_tensor *lw = Bs(&s, TP_OP_ADD, B(&s, TP_OP_MUL, Bs(&s, TP_OP_SUB, pw, 1), t), 1);
    loss = B(&s, TP_OP_ADD, lin, B(&s, TP_OP_MUL, lw, B(&s, TP_OP_ADD, lse, mv)));
  } else {   /* (1 - t) x + max_val + lse */
    loss = B(&s, TP_OP_ADD, B(&s, TP_OP_ADD, lin, mv), lse);
  }
  if (w) loss = B(&s, TP_OP_MUL, loss, w);
  tp_tensor *out = tp_reduce_loss(&s, loss, reduction);
  tp_set_grad_enabled(mode);
  scratch_free(&s);
  return out ? record_bce(TP_GRAD_BCE_LOGITS, "BinaryCrossEntropyWithLogitsBackward0", x, t, w, pw, reduction, out) : NULL;
}

/* ---- activations with parameters ------------------------------------------------------------ */
static tp_tensor *record_act(int kind, const char *name, tp_tensor *x, tp_tensor *out, double p0, double p1) {
  out = tp_record_kind(kind, name, 1, &x, out, 0, NULL, 1, &x);
  if (out && out->grad_fn && out->grad_fn->kind == kind) {
    out->grad_fn->s[0] = p0;
    out->grad_fn->s[1] = p1;
  }
  return out;
}

TP_API tp_tensor *tp_leaky_relu(tp_tensor *x, double slope) {
  if (tp_float_only(x, "leaky_relu_cpu")) return NULL;
  scratch s = {.n = 0};
  int mode = tp_set_grad_enabled(0);
  tp_tensor *c = Bs(&s, TP_OP_GT, x, 0), *xs = Bs(&s, TP_OP_MUL, x, slope);  /* x > 0 ? x : x * slope */
  tp_tensor *out = c && xs ? tp_where(c, x, xs, 0, TP_SCALAR_NONE, 0, TP_SCALAR_NONE) : NULL;
  tp_set_grad_enabled(mode);
  scratch_free(&s);
  return out ? record_act(TP_GRAD_LEAKY_RELU, "LeakyReluBackward0", x, out, slope, 0) : NULL;
}

TP_API tp_tensor *tp_softplus(tp_tensor *x, double beta, double threshold) {
  if (tp_float_only(x, "softplus_cpu")) return NULL;
  scratch s = {.n = 0};
  int mode = tp_set_grad_enabled(0);
  /* x beta > threshold ? x : log1p(exp(x beta)) / beta */
  tp_tensor *xb = Bs(&s, TP_OP_MUL, x, beta);
  tp_tensor *sp = Bs(&s, TP_OP_DIV, U(&s, TP_OP_LOG1P, U(&s, TP_OP_EXP, xb)), beta), *c = Bs(&s, TP_OP_GT, xb, threshold);
  tp_tensor *out = sp && c ? tp_where(c, x, sp, 0, TP_SCALAR_NONE, 0, TP_SCALAR_NONE) : NULL;
  tp_set_grad_enabled(mode);
  scratch_free(&s);
  return out ? record_act(TP_GRAD_SOFTPLUS, "SoftplusBackward0", x, out, beta, threshold) : NULL;
}

TP_COLD_END
