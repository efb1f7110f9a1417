/* activation.c — torch.nn.functional activations that PyTorch 1.13 runs as single ATen ops with a
 * grad_fn of their own: elu/selu (EluBackward0), celu (CeluBackward0), hardtanh/relu6
 * (HardtanhBackward0), hardsigmoid, hardswish, mish, logsigmoid, softshrink,
 * threshold, rrelu (RreluWithNoiseBackward0) and glu (GluBackward0).
 * (hardshrink and prelu are src/ops/tensor_methods.c's.)
 * Forward values are composed below autograd (Note [Below autograd]) in the order ATen's CPU
 * kernels compute them, in the input's dtype; one TP_GRAD_NNACT node is recorded (op = the
 * TP_ACT_* id, s[] = the scalars), whose formula is the torch.nn activations section at the end of
 * src/autograd/derivatives.c. The in-place forms save self before the write (a clone) and record the
 * same formula under the ...Backward1 name where PyTorch has one. Compiled for size (-Os). */
#include <math.h>
#include <stdio.h>
#include <string.h>
#include "internal.h"
#include "scratch.h"
#include "activation_kernels.h"

static tp_tensor *clamp2(scratch *s, tp_tensor *x, double lo, double hi, int kind) {
  return x ? S(s, tp_clamp(TP_OP_CLAMP, x, NULL, NULL, lo, kind, hi, kind)) : NULL;
}
/* where(c, a, b) with a or b a scalar when NULL */
static tp_tensor *Wh(scratch *s, tp_tensor *c, tp_tensor *a, double sa, tp_tensor *b, double sb, int kind) {
  if (!c || (!a && !b)) return NULL;
  return S(s, tp_where(c, a, b, sa, a ? TP_SCALAR_NONE : kind, sb, b ? TP_SCALAR_NONE : kind));
}

const char *const tp_act_names[TP_ACT_COUNT][2] = {
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
  [TP_ACT_LEAKY_RELU] = {"LeakyReluBackward0", "LeakyReluBackward1"},  /* (only the in-place form: tp_leaky_relu is the other) */
  [TP_ACT_GLU] = {"GluBackward0", "GluBackward0"},
};
static const char *const act_kernels[TP_ACT_COUNT] = {
  [TP_ACT_ELU] = "elu_cpu", [TP_ACT_CELU] = "elu_cpu", [TP_ACT_HARDSIGMOID] = "hardsigmoid_cpu",
  [TP_ACT_HARDSWISH] = "hardswish_cpu", [TP_ACT_MISH] = "mish_cpu", [TP_ACT_LOGSIGMOID] = "log_sigmoid_cpu",
  [TP_ACT_SOFTSHRINK] = "softshrink_cpu", [TP_ACT_RRELU] = "leaky_relu_cpu", [TP_ACT_LEAKY_RELU] = "leaky_relu_cpu",
  [TP_ACT_GLU] = "glu_cpu",
};

/* The activation's value, below autograd; p[] as the node keeps them. NULL + error on failure. */
tp_tensor *tp_act_forward(int which, tp_tensor *x, const double *p) {
  const char *k = act_kernels[which];
  if (k && !tp_dtype_table[x->dtype].is_floating) return tp_fail("\"%s\" not implemented for '%s'", k, tp_dtype_title(x->dtype));
  if (which == TP_ACT_HARDTANH && x->dtype == TP_BOOL) return tp_fail("Bool inputs not supported for hardtanh");
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
  case TP_ACT_LEAKY_RELU:
    out = Wh(&s, Bs(&s, TP_OP_GT, x, 0), x, 0, Bs(&s, TP_OP_MUL, x, p[0]), 0, 0);
    break;
  default: return tp_fail("tensorpad: unknown activation %d", which);
  }
  if (out) tp_tensor_retain(out);
  scratch_free(&s);
  return out;
}

int tp_check_params(int which, const double *p) {
  if ((which == TP_ACT_SOFTSHRINK) && p[0] < 0) return tp_fail_status("lambda must be greater or equal to 0, but found to be %g.", p[0]);
  return 0;
}

/* ---- padding: constant_pad_nd (ConstantPadNdBackward0), reflection / replication pads -------
 * pads are PyTorch's: (left, right) pairs from the last dim backwards. */

/* constant_pad_nd(x, pad, value) below autograd, in 1.13's steps: negative pads narrow the
 * input; all pads <= 0 give a clone; else a filled output and a copy into its middle. */
tp_tensor *tp_constant_pad_impl(tp_tensor *x, int n, const int64_t *pad, double value) {
  if (n % 2) return tp_fail("Length of pad must be even but instead it equals %d", n);
  if (n / 2 > x->ndim)
    return tp_fail("Length of pad should be no more than twice the number of dimensions of the input. Pad length is %d while the input has %d dimensions.", n, x->ndim);
  int l_diff = x->ndim - n / 2, all_non_pos = 1;
  tp_tensor *c = x;
  tp_tensor_retain(c);
  for (int i = l_diff; i < x->ndim; i++) {
    int64_t pl = pad[2 * (x->ndim - i - 1)], pr = pad[2 * (x->ndim - i - 1) + 1];
    tp_tensor *t;
    if (pl < 0) {  /* narrow refuses a crop past the start, as in 1.13 */
      t = tp_narrow(c, i, -(double)pl, (double)c->shape[i] + (double)pl);
      tp_tensor_release(c);
      if (!(c = t)) return NULL;
    } else if (pl) all_non_pos = 0;
    if (pr < 0) {
      t = tp_narrow(c, i, 0, (double)c->shape[i] + (double)pr);
      tp_tensor_release(c);
      if (!(c = t)) return NULL;
    } else if (pr) all_non_pos = 0;
  }
  if (all_non_pos) {
    tp_tensor *out = tp_clone(c);
    tp_tensor_release(c);
    return out;
  }
  double sizes[TP_MAX_DIMS];
  for (int i = 0; i < x->ndim; i++) {  /* the output size, in wrapping int64 as ATen computes it */
    sizes[i] = (double)x->shape[i];
    if (i < l_diff) continue;
    int64_t pl = pad[2 * (x->ndim - i - 1)], pr = pad[2 * (x->ndim - i - 1) + 1];
    int64_t nd = (int64_t)((uint64_t)x->shape[i] + (uint64_t)pl + (uint64_t)pr);
    if (nd <= 0) {
      tp_tensor_release(c);
      return tp_fail("The input size %lld, plus negative padding %lld and %lld resulted in a negative output size, which is invalid. Check dimension %d of your input.",
                     (long long)x->shape[i], (long long)pl, (long long)pr, i);
    }
    sizes[i] = (double)nd;
  }
  if (x->dtype == TP_BOOL) value = value != 0;
  else if (!tp_dtype_table[x->dtype].is_floating) value = trunc(value);
  tp_tensor *out = tp_full_unchecked(x->ndim, sizes, x->dtype, value), *v = out;
  if (!out) { tp_tensor_release(c); return NULL; }
  tp_tensor_retain(v);
  for (int i = l_diff; i < x->ndim && v; i++) {
    int64_t pl = pad[2 * (x->ndim - i - 1)];
    tp_tensor *t = tp_narrow(v, i, (double)(pl > 0 ? pl : 0), (double)c->shape[i]);
    tp_tensor_release(v);
    v = t;
  }
  if (v) tp_copy_convert(v, c);
  tp_tensor_release(c);
  if (!v) { tp_tensor_release(out); return NULL; }
  tp_tensor_release(v);
  return out;
}

/* The input index of each output position along a dim of size n padded by (l, r):
 * reflect (mode 1) mirrors about the edges, replicate (mode 2) repeats them. int64 [n + l + r]. */
tp_tensor *tp_nn_pad_index(int mode, int64_t n, int64_t l, int64_t r) {
  int64_t m = (int64_t)((uint64_t)n + (uint64_t)l + (uint64_t)r);  /* wrapping, as the caller's check */
  tp_tensor *idx = tp_tensor_make(TP_INT64, 1, &m);
  if (!idx) return NULL;
  int64_t *p = tp_tensor_data(idx);
  for (int64_t j = 0; j < m; j++) {
    int64_t i = (int64_t)((uint64_t)j - (uint64_t)l);
    if (mode == 1) i = i < 0 ? -i : i >= n ? 2 * (n - 1) - i : i;
    else i = i < 0 ? 0 : i >= n ? n - 1 : i;
    p[j] = i;
  }
  return idx;
}

