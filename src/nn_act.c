/* nn_act.c — torch.nn.functional activations that PyTorch 1.13 runs as single ATen ops with a
 * grad_fn of their own: elu/selu (EluBackward0), celu (CeluBackward0), hardtanh/relu6
 * (HardtanhBackward0), hardsigmoid, hardswish, mish, logsigmoid, softshrink,
 * threshold, rrelu (RreluWithNoiseBackward0) and glu (GluBackward0).
 * (hardshrink and prelu are src/misc.c's.)
 * Forward values are composed below autograd (Note [Below autograd]) in the order ATen's CPU
 * kernels compute them, in the input's dtype; one TP_GRAD_NNACT node is recorded (op = the
 * TP_ACT_* id, s[] = the scalars), whose formula is the nn_act block at the end of
 * derivatives.c. The in-place forms save self before the write (a clone) and record the
 * same formula under the ...Backward1 name where PyTorch has one. Compiled for size (-Os). */
#include <math.h>
#include <string.h>
#include "internal.h"
#include "autograd.h"
#include "derivatives.h"

typedef struct {
  tp_tensor *t[16];
  int n;
} scratch;
static tp_tensor *S(scratch *s, tp_tensor *t) {
  if (t) s->t[s->n++] = t;
  return t;
}
static void scratch_free(scratch *s) {
  while (s->n) tp_tensor_release(s->t[--s->n]);
}
static tp_tensor *B(scratch *s, int op, tp_tensor *x, tp_tensor *y) { return x && y ? S(s, tp_binary(op, x, y, 1)) : NULL; }
static tp_tensor *Bs(scratch *s, int op, tp_tensor *x, double v) { return x ? S(s, tp_binary_scalar(op, x, v, TP_SCALAR_FLOAT, 0, 1)) : NULL; }
static tp_tensor *U(scratch *s, int op, tp_tensor *x) { return x ? S(s, tp_unary(op, x)) : NULL; }
static tp_tensor *clamp2(scratch *s, tp_tensor *x, double lo, double hi, int kind) {
  return x ? S(s, tp_clamp(TP_OP_CLAMP, x, NULL, NULL, lo, kind, hi, kind)) : NULL;
}
/* where(c, a, b) with a or b a scalar when NULL */
static tp_tensor *Wh(scratch *s, tp_tensor *c, tp_tensor *a, double sa, tp_tensor *b, double sb, int kind) {
  if (!c || (!a && !b)) return NULL;
  return S(s, tp_where(c, a, b, sa, a ? TP_SCALAR_NONE : kind, sb, b ? TP_SCALAR_NONE : kind));
}

static const char *const act_names[TP_ACT_COUNT][2] = {
  [TP_ACT_ELU] = {"EluBackward0", "EluBackward1"},
  [TP_ACT_CELU] = {"CeluBackward0", "CeluBackward1"},
  [TP_ACT_HARDTANH] = {"HardtanhBackward0", "HardtanhBackward0"},
  [TP_ACT_HARDSIGMOID] = {"HardsigmoidBackward0", "HardsigmoidBackward0"},
  [TP_ACT_HARDSWISH] = {"HardswishBackward0", "HardswishBackward0"},
  [TP_ACT_MISH] = {"MishBackward0", "MishBackward0"},
  [TP_ACT_LOGSIGMOID] = {"LogSigmoidBackward0", "LogSigmoidBackward0"},
  [TP_ACT_SOFTSHRINK] = {"SoftshrinkBackward0", "SoftshrinkBackward0"},
  [TP_ACT_THRESHOLD] = {"ThresholdBackward0", "ThresholdBackward1"},
  [TP_ACT_RRELU] = {"RreluWithNoiseBackward0", "RreluWithNoiseBackward1"},
  [TP_ACT_GLU] = {"GluBackward0", "GluBackward0"},
};
static const char *const act_kernels[TP_ACT_COUNT] = {
  [TP_ACT_ELU] = "elu_cpu", [TP_ACT_CELU] = "elu_cpu", [TP_ACT_HARDSIGMOID] = "hardsigmoid_cpu",
  [TP_ACT_HARDSWISH] = "hardswish_cpu", [TP_ACT_MISH] = "mish_cpu", [TP_ACT_LOGSIGMOID] = "log_sigmoid_cpu",
  [TP_ACT_SOFTSHRINK] = "softshrink_cpu", [TP_ACT_RRELU] = "leaky_relu_cpu",
  [TP_ACT_GLU] = "glu_cpu",
};

/* The activation's value, below autograd; p[] as the node keeps them. NULL + error on failure. */
static tp_tensor *act_forward(int which, tp_tensor *x, const double *p) {
  const char *k = act_kernels[which];
  if (k && !tp_dtype_table[x->dtype].is_floating) return tp_fail("\"%s\" not implemented for '%s'", k, tp_dtype_title(x->dtype));
  int f32 = x->dtype == TP_FLOAT32, ik = tp_dtype_table[x->dtype].is_floating ? TP_SCALAR_FLOAT : TP_SCALAR_INT;
  scratch s = {.n = 0};
  tp_tensor *out = NULL;
  switch (which) {
  case TP_ACT_ELU: case TP_ACT_CELU: {
    /* ATen: x <= 0 ? (exp(x * input_scale) - 1) * negcoef : x * scale, negcoef = alpha * scale in the dtype */
    double nc = f32 ? (double)((float)p[0] * (float)p[1]) : p[0] * p[1];
    tp_tensor *neg = Bs(&s, TP_OP_MUL, Bs(&s, TP_OP_SUB, U(&s, TP_OP_EXP, Bs(&s, TP_OP_MUL, x, p[2])), 1), nc);
    out = Wh(&s, Bs(&s, TP_OP_LE, x, 0), neg, 0, Bs(&s, TP_OP_MUL, x, p[1]), 0, 0);
    break;
  }
  case TP_ACT_HARDTANH: out = clamp2(&s, x, p[0], p[1], ik); break;
  case TP_ACT_HARDSIGMOID:  /* min(max(x + 3, 0), 6) / 6 */
    out = Bs(&s, TP_OP_DIV, clamp2(&s, Bs(&s, TP_OP_ADD, x, 3), 0, 6, TP_SCALAR_FLOAT), 6);
    break;
  case TP_ACT_HARDSWISH:  /* x * min(max(x + 3, 0), 6) / 6 */
    out = Bs(&s, TP_OP_DIV, B(&s, TP_OP_MUL, x, clamp2(&s, Bs(&s, TP_OP_ADD, x, 3), 0, 6, TP_SCALAR_FLOAT)), 6);
    break;
  case TP_ACT_MISH:  /* x * tanh(log1p(exp(x))) */
    out = B(&s, TP_OP_MUL, x, U(&s, TP_OP_TANH, U(&s, TP_OP_LOG1P, U(&s, TP_OP_EXP, x))));
    break;
  case TP_ACT_LOGSIGMOID: {  /* min(x, 0) - log1p(exp(-|x|)) */
    tp_tensor *mn = x ? S(&s, tp_clamp(TP_OP_CLAMP_MAX, x, NULL, NULL, 0, TP_SCALAR_NONE, 0, TP_SCALAR_INT)) : NULL;
    out = B(&s, TP_OP_SUB, mn, U(&s, TP_OP_LOG1P, U(&s, TP_OP_EXP, U(&s, TP_OP_NEG, U(&s, TP_OP_ABS, x)))));
    break;
  }
  case TP_ACT_SOFTSHRINK: {  /* x > l ? x - l : x < -l ? x + l : 0 */
    tp_tensor *inner = Wh(&s, Bs(&s, TP_OP_LT, x, -p[0]), Bs(&s, TP_OP_ADD, x, p[0]), 0, NULL, 0, TP_SCALAR_INT);
    out = Wh(&s, Bs(&s, TP_OP_GT, x, p[0]), Bs(&s, TP_OP_SUB, x, p[0]), 0, inner, 0, 0);
    break;
  }
  case TP_ACT_THRESHOLD:  /* x <= threshold ? value : x */
    out = Wh(&s, Bs(&s, TP_OP_LE, x, p[0]), NULL, p[1], x, 0, ik);
    break;
  case TP_ACT_RRELU:  /* eval: leaky_relu(x, (lower + upper) / 2): x > 0 ? x : x * slope */
    out = Wh(&s, Bs(&s, TP_OP_GT, x, 0), x, 0, Bs(&s, TP_OP_MUL, x, p[0]), 0, 0);
    break;
  default: return tp_fail("tensorpad: unknown activation %d", which);
  }
  if (out) tp_tensor_retain(out);
  scratch_free(&s);
  return out;
}

static void set_params(tp_tensor *out, int which, const double *p) {
  if (out && out->grad_fn && out->grad_fn->kind == TP_GRAD_NNACT) {
    out->grad_fn->op = (int16_t)which;
    memcpy(out->grad_fn->s, p, sizeof(double) * 3);
  }
}

static int check_params(int which, const double *p) {
  if ((which == TP_ACT_SOFTSHRINK) && p[0] < 0) return tp_fail_status("lambda must be greater or equal to 0, but found to be %g.", p[0]);
  return 0;
}

/* tp_nn_act(which, x, p0, p1, p2): the TP_ACT_* activation of x (elu: alpha, scale, input_scale;
 * celu: alpha, 1, 1 / alpha; hardtanh: min, max; softshrink/hardshrink: lambda; threshold:
 * threshold, value; rrelu (eval): slope). */
TP_API tp_tensor *tp_nn_act(int which, tp_tensor *x, double p0, double p1, double p2) {
  if (which < 0 || which >= TP_ACT_GLU) return tp_fail("tensorpad: unknown activation %d", which);
  double p[3] = {p0, p1, p2};
  if (check_params(which, p)) return NULL;
  int mode = tp_set_grad_enabled(0);
  tp_tensor *out = act_forward(which, x, p);
  tp_set_grad_enabled(mode);
  if (!out) return NULL;
  out = tp_record_kind(TP_GRAD_NNACT, act_names[which][0], 1, &x, out, 0, NULL, 1, &x);
  set_params(out, which, p);
  return out;
}

/* The in-place form: x takes the value; the node saves x as it was (0 on success). */
TP_API int tp_nn_act_(int which, tp_tensor *x, double p0, double p1, double p2) {
  if (which < 0 || which >= TP_ACT_GLU) return tp_fail_status("tensorpad: unknown activation %d", which);
  double p[3] = {p0, p1, p2};
  if (check_params(which, p)) return -1;
  if (tp_check_inplace(x)) return -1;
  int mode = tp_set_grad_enabled(0);
  tp_tensor *out = act_forward(which, x, p);
  tp_tensor *old = out && mode && x->requires_grad ? tp_clone(x) : NULL;
  tp_set_grad_enabled(mode);
  if (!out || (mode && x->requires_grad && !old)) {
    if (out) tp_tensor_release(out);
    return -1;
  }
  if (out->dtype != x->dtype) {
    tp_tensor_release(out);
    if (old) tp_tensor_release(old);
    return tp_fail_status("result type %s can't be cast to the desired output type %s", tp_dtype_title(out->dtype), tp_dtype_title(x->dtype));
  }
  struct tp_node *n;
  int rc = tp_inplace_kind_begin(TP_GRAD_NNACT, act_names[which][1], x, 0, NULL, 0, NULL, old ? 1 : 0, &old, &n);
  if (old) tp_tensor_release(old);
  if (rc) { tp_tensor_release(out); return -1; }
  tp_copy_convert(x, out);
  tp_tensor_release(out);
  x->version->value++;
  if (n) {
    n->op = (int16_t)which;
    memcpy(n->s, p, sizeof p);
  }
  tp_inplace_commit(x, n);
  return 0;
}

/* rrelu in training mode: x * noise, noise = U(lower, upper) where x <= 0, else 1 (drawn by the
 * caller); RreluWithNoiseBackward0 saves self and noise. */
TP_API tp_tensor *tp_nn_rrelu_noise(tp_tensor *x, tp_tensor *noise) {
  if (!tp_dtype_table[x->dtype].is_floating) return tp_fail("\"rrelu_with_noise_out_cpu\" not implemented for '%s'", tp_dtype_title(x->dtype));
  int mode = tp_set_grad_enabled(0);
  tp_tensor *out = tp_binary(TP_OP_MUL, x, noise, 1);
  tp_set_grad_enabled(mode);
  if (!out) return NULL;
  tp_tensor *save[2] = {x, noise};
  out = tp_record_kind(TP_GRAD_NNACT, "RreluWithNoiseBackward0", 1, &x, out, 0, NULL, 2, save);
  double p[3] = {0, 0, 1};  /* s[2] = 1: the noise is saved */
  set_params(out, TP_ACT_RRELU, p);
  return out;
}

/* glu(x, dim): a * sigmoid(b) for the halves a, b of x along dim (GluBackward0). */
TP_API tp_tensor *tp_nn_glu(tp_tensor *x, double dim) {
  if (x->ndim == 0) return tp_fail("glu does not support scalars because halving size must be even");
  if (dim < -x->ndim || dim >= x->ndim)
    return tp_fail("Dimension out of range (expected to be in range of [%d, %d], but got %lld)", -x->ndim, x->ndim - 1, (long long)dim);
  int d = (int)(dim < 0 ? dim + x->ndim : dim);
  int64_t size = x->shape[d];
  if (size % 2) return tp_fail("Halving dimension must be even, but dimension %d is size %lld", d, (long long)size);
  if (!tp_dtype_table[x->dtype].is_floating) return tp_fail("\"glu_cpu\" not implemented for '%s'", tp_dtype_title(x->dtype));
  scratch s = {.n = 0};
  int mode = tp_set_grad_enabled(0);
  tp_tensor *a = S(&s, tp_narrow(x, d, 0, (double)(size / 2))), *b = a ? S(&s, tp_narrow(x, d, (double)(size / 2), (double)(size / 2))) : NULL;
  tp_tensor *out = B(&s, TP_OP_MUL, a, U(&s, TP_OP_SIGMOID, b));
  if (out) tp_tensor_retain(out);
  tp_set_grad_enabled(mode);
  scratch_free(&s);
  if (!out) return NULL;
  int64_t iv[1] = {d};
  out = tp_record_kind(TP_GRAD_NNACT, "GluBackward0", 1, &x, out, 1, iv, 1, &x);
  double p[3] = {0, 0, 0};
  set_params(out, TP_ACT_GLU, p);
  return out;
}
