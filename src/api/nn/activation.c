/* activation.c — the entry points of src/nn/activation.c:
 * each validates, runs the kernel (activation_kernels.h) and records the autograd node. */
#include <math.h>
#include <stdio.h>
#include <string.h>
#include "internal.h"
#include "scratch.h"
#include "autograd.h"
#include "derivatives.h"
#include "activation_kernels.h"

static void set_params(tp_tensor *out, int which, const double *p) {
  if (out && out->grad_fn && out->grad_fn->kind == TP_GRAD_NNACT) {
    out->grad_fn->op = (int16_t)which;
    memcpy(out->grad_fn->s, p, sizeof(double) * 3);
  }
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
      else tp_snprintf(s, sizeof s, "%d", x->ndim);
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
