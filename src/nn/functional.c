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
#include "autograd.h"
#include "derivatives.h"
#include "shape.h"
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

/* Everything below addmm and mse_loss is off the hot path: compiled for size (internal.h). */
TP_COLD_BEGIN

/* ---- nll_loss and nll_loss2d ----------------------------------------------------------------
 * Both walk "rows": a row is a sample of a [N, C] / [C] input, or one position (n, h, w) of a
 * [N, C, H, W] input (nll_loss2d); the class index runs along dim 1 (dim 0 for 1-D). Checks in
 * the order of PyTorch 1.13's nll_loss_nd, the ops' meta functions and the CPU kernels. */

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

/* The constant d loss / d input: -w[t_r] at (row r, class t_r), divided by the total weight
 * for the mean. Used by the formula (derivatives.c); gradients of the output multiply it. */
tp_tensor *tp_nll_loss_coef(tp_tensor *t, tp_tensor *w, int ndim, const int64_t *shape, int dtype, int reduction, int64_t ignore) {
  tp_tensor *c = tp_tensor_make(dtype, ndim, shape);
  if (!c) return NULL;
  int64_t n = tp_nll_rows(ndim, shape), nc = shape[ndim == 1 ? 0 : 1], item = tp_dtype_table[dtype].itemsize;
  memset(tp_ptr(c), 0, (size_t)(tp_shape_numel(ndim, shape) * item));
  double total = 0, wt = 1;
  for (int64_t i = 0; i < n; i++)
    if (tp_nll_target(t, w, i, nc, ignore, &wt) >= 0) total += wt;
  for (int64_t i = 0; i < n; i++) {
    int64_t k = tp_nll_target(t, w, i, nc, ignore, &wt);
    if (k == -2) { tp_tensor_release(c); return NULL; }
    if (k < 0) continue;
    double v = reduction == TP_REDUCTION_MEAN ? -wt / total : -wt;
    tp_store_f64(tp_ptr(c) + tp_nll_at(c, i, k) * item, dtype, v);
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
    if (none) tp_store_f64(tp_ptr(out) + i * item, x->dtype, v == 0 ? 0 : v);
    sum += v;
  }
  if (!none) tp_store_f64(tp_ptr(out), x->dtype, reduction == TP_REDUCTION_MEAN ? sum / total : sum);
  /* iv[2]: 1.13's nll_loss2d backward writes into zeros_like(input), which keeps a dense
   * permuted layout, and then refuses it ("grad_input must be contiguous") */
  int64_t iv[3] = {reduction, ignore, x->ndim == 4 && !tp_grad_input_contiguous(x)};
  tp_tensor *save[2] = {t, w};
  return tp_record_kind(TP_GRAD_NLL_LOSS, name, 1, &x, out, 3, iv, w ? 2 : 1, save);
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

static tp_tensor *record_bce(int kind, const char *name, tp_tensor *x, tp_tensor *t, tp_tensor *w, tp_tensor *pw, int reduction, tp_tensor *out) {
  tp_tensor *ins[2] = {x, t}, *save[4] = {x, t};
  int ns = 2;
  if (w) save[ns++] = w;
  if (pw) save[ns++] = pw;
  int64_t iv[3] = {reduction, w != NULL, pw != NULL};
  return tp_record_kind(kind, name, 2, ins, out, 3, iv, ns, save);
}

int tp_bce_check(tp_tensor *x, tp_tensor *t, int reduction) {
  if (reduction < TP_REDUCTION_NONE || reduction > TP_REDUCTION_SUM) return tp_fail_status("%d is not a valid value for reduction", reduction);
  if (!tp_dtype_table[x->dtype].is_floating) return tp_fail_status("\"binary_cross_entropy\" not implemented for '%s'", tp_dtype_title(x->dtype));
  if (x->dtype != t->dtype) return tp_fail_status("Found dtype %s but expected %s", tp_dtype_title(t->dtype), tp_dtype_title(x->dtype));
  return 0;
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

int tp_float_only(tp_tensor *x, const char *kernel) {
  return tp_dtype_table[x->dtype].is_floating ? 0 : tp_fail_status("\"%s\" not implemented for '%s'", kernel, tp_dtype_title(x->dtype));
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
