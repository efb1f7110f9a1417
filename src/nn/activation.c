/* activation.c — torch.nn.functional activations that PyTorch 1.13 runs as single ATen ops with a
 * grad_fn of their own: elu/selu (EluBackward0), celu (CeluBackward0), hardtanh/relu6
 * (HardtanhBackward0), hardsigmoid, hardswish, mish, logsigmoid, softshrink,
 * threshold, rrelu (RreluWithNoiseBackward0) and glu (GluBackward0).
 * (hardshrink and prelu are src/ops/tensor_methods.c's.)
 * Forward values are composed below autograd (Note [Below autograd]) in the order ATen's CPU
 * kernels compute them, in the input's dtype; one TP_GRAD_NNACT node is recorded (op = the
 * TP_ACT_* id, s[] = the scalars), whose formula is the nn_act block at the end of
 * derivatives.c. The in-place forms save self before the write (a clone) and record the
 * same formula under the ...Backward1 name where PyTorch has one. Compiled for size (-Os). */
#include <math.h>
#include <stdio.h>
#include <string.h>
#include "internal.h"
#include "scratch.h"
#include "autograd.h"
#include "derivatives.h"
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
  [TP_ACT_GLU] = {"GluBackward0", "GluBackward0"},
};
static const char *const act_kernels[TP_ACT_COUNT] = {
  [TP_ACT_ELU] = "elu_cpu", [TP_ACT_CELU] = "elu_cpu", [TP_ACT_HARDSIGMOID] = "hardsigmoid_cpu",
  [TP_ACT_HARDSWISH] = "hardswish_cpu", [TP_ACT_MISH] = "mish_cpu", [TP_ACT_LOGSIGMOID] = "log_sigmoid_cpu",
  [TP_ACT_SOFTSHRINK] = "softshrink_cpu", [TP_ACT_RRELU] = "leaky_relu_cpu",
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

int tp_check_params(int which, const double *p) {
  if ((which == TP_ACT_SOFTSHRINK) && p[0] < 0) return tp_fail_status("lambda must be greater or equal to 0, but found to be %g.", p[0]);
  return 0;
}

/* tp_nn_act(which, x, p0, p1, p2): the TP_ACT_* activation of x (elu: alpha, scale, input_scale;
 * celu: alpha, 1, 1 / alpha; hardtanh: min, max; softshrink/hardshrink: lambda; threshold:
 * threshold, value; rrelu (eval): slope). */
TP_API tp_tensor *tp_nn_act(int which, tp_tensor *x, double p0, double p1, double p2) {
  if (which < 0 || which >= TP_ACT_GLU) return tp_fail("tensorpad: unknown activation %d", which);
  double p[3] = {p0, p1, p2};
  if (tp_check_params(which, p)) return NULL;
  int mode = tp_set_grad_enabled(0);
  tp_tensor *out = tp_act_forward(which, x, p);
  tp_set_grad_enabled(mode);
  if (!out) return NULL;
  out = tp_record_kind(TP_GRAD_NNACT, tp_act_names[which][0], 1, &x, out, 0, NULL, 1, &x);
  set_params(out, which, p);
  return out;
}

/* The in-place form: x takes the value; the node saves x as it was (0 on success). */
TP_API int tp_nn_act_(int which, tp_tensor *x, double p0, double p1, double p2) {
  if (which < 0 || which >= TP_ACT_GLU) return tp_fail_status("tensorpad: unknown activation %d", which);
  double p[3] = {p0, p1, p2};
  if (tp_check_params(which, p)) return -1;
  if (tp_check_inplace(x)) return -1;
  int mode = tp_set_grad_enabled(0);
  tp_tensor *out = tp_act_forward(which, x, p);
  tp_tensor *old = out && mode && x->requires_grad ? tp_clone(x) : NULL;
  tp_set_grad_enabled(mode);
  if (!out || (mode && x->requires_grad && !old)) {
    if (out) tp_tensor_release(out);
    return -1;
  }
  if (out->dtype != x->dtype) {  /* the message names out's dtype: read it before out is released */
    int odt = out->dtype;
    tp_tensor_release(out);
    if (old) tp_tensor_release(old);
    return tp_fail_status("result type %s can't be cast to the desired output type %s", tp_dtype_title(odt), tp_dtype_title(x->dtype));
  }
  struct tp_node *n;
  int rc = tp_inplace_kind_begin(TP_GRAD_NNACT, tp_act_names[which][1], x, 0, NULL, 0, NULL, old ? 1 : 0, &old, &n);
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

/* constant_pad_nd(x, pad[n], value): ConstantPadNdBackward0 (its formula pads g by -pad). */
TP_API tp_tensor *tp_nn_constant_pad(tp_tensor *x, int n, const double *pad, double value) {
  int64_t p[2 * TP_MAX_DIMS + 2];
  if (n > 2 * TP_MAX_DIMS + 2) return tp_fail("Length of pad should be no more than twice the number of dimensions of the input. Pad length is %d while the input has %d dimensions.", n, x->ndim);
  for (int i = 0; i < n; i++)
    if (tp_int_arg(pad[i], "pad", &p[i])) return NULL;
  int mode = tp_set_grad_enabled(0);
  tp_tensor *out = tp_constant_pad_impl(x, n, p, value);
  tp_set_grad_enabled(mode);
  if (!out) return NULL;
  out = tp_record_kind(TP_GRAD_NNACT, "ConstantPadNdBackward0", 1, &x, out, n, p, 0, NULL);
  double s[3] = {0, 0, 0};
  set_params(out, TP_ACT_PAD, s);
  return out;
}

/* The input index of each output position along a dim of size n padded by (l, r):
 * reflect (mode 1) mirrors about the edges, replicate (mode 2) repeats them. int64 [n + l + r]. */
tp_tensor *tp_nn_pad_index(int mode, int64_t n, int64_t l, int64_t r) {
  int64_t m = n + l + r;
  tp_tensor *idx = tp_tensor_make(TP_INT64, 1, &m);
  if (!idx) return NULL;
  int64_t *p = tp_tensor_data(idx);
  for (int64_t j = 0; j < m; j++) {
    int64_t i = j - l;
    if (mode == 1) i = i < 0 ? -i : i >= n ? 2 * (n - 1) - i : i;
    else i = i < 0 ? 0 : i >= n ? n - 1 : i;
    p[j] = i;
  }
  return idx;
}

/* reflection_pad / replication_pad (mode 1 / 2) over the last k = n / 2 dims (k = 1 or 2) of a
 * (C, W) / (N, C, W) or (C, H, W) / (N, C, H, W) input: index_select along each padded dim. */
TP_API tp_tensor *tp_nn_index_pad(tp_tensor *x, int mode, int n, const double *pad) {
  static const char *const names[2][2] = {{"ReflectionPad1DBackward0", "ReflectionPad2DBackward0"},
                                          {"ReplicationPad1DBackward0", "ReplicationPad2DBackward0"}};
  int k = n / 2;
  if ((mode != 1 && mode != 2) || (k != 1 && k != 2) || x->ndim < k + 1 || x->ndim > k + 2)
    return tp_fail("Only 2D, 3D, 4D, 5D padding with non-constant padding are supported for now");
  int64_t p[4];
  for (int i = 0; i < n; i++)
    if (tp_int_arg(pad[i], "pad", &p[i])) return NULL;
  if (!tp_dtype_table[x->dtype].is_floating)
    return tp_fail("\"%s\" not implemented for '%s'", mode == 1 ? (k == 1 ? "reflection_pad1d" : "reflection_pad2d") : (k == 1 ? "replication_pad1d_cpu" : "replication_pad2d_cpu"),
                   tp_dtype_title(x->dtype));
  for (int j = 0; j < k; j++) {
    int d = x->ndim - 1 - j;
    int64_t size = x->shape[d], l = p[2 * j], r = p[2 * j + 1];
    if (mode == 1 && (l >= size || r >= size)) {
      /* 1.13: reflection_pad1d names the input's shape, reflection_pad2d its ndim */
      char s[200];
      if (k == 1) tp_format_shape(s, sizeof s, x->ndim, x->shape);
      else snprintf(s, sizeof s, "%d", x->ndim);
      return tp_fail("Argument #%d: Padding size should be less than the corresponding input dimension, but got: padding (%lld, %lld) at dimension %d of input %s",
                     4 + 2 * j, (long long)l, (long long)r, d, s);
    }
    int64_t m = (int64_t)((uint64_t)size + (uint64_t)l + (uint64_t)r);  /* wrapping, as ATen */
    if (m < 1) return tp_fail("input (%s: %lld) is too small. Calculated output %s: %lld", j ? "H" : "W", (long long)size, j ? "H" : "W", (long long)m);
  }
  int grad = tp_set_grad_enabled(0);
  tp_tensor *out = x;
  tp_tensor_retain(out);
  for (int j = 0; j < k && out; j++) {
    int d = x->ndim - 1 - j;
    tp_tensor *idx = tp_nn_pad_index(mode, x->shape[d], p[2 * j], p[2 * j + 1]);
    tp_tensor *t = idx ? tp_index_select(out, d, idx) : NULL;
    if (idx) tp_tensor_release(idx);
    tp_tensor_release(out);
    out = t;
  }
  tp_set_grad_enabled(grad);
  if (!out) return NULL;
  out = tp_record_kind(TP_GRAD_NNACT, names[mode - 1][k - 1], 1, &x, out, n, p, 0, NULL);
  double s[3] = {(double)mode, 0, 0};
  set_params(out, TP_ACT_INDEX_PAD, s);
  return out;
}
