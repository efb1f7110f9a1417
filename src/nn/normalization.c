/* normalization.c — layer_norm, batch_norm and embedding as the single ATen ops PyTorch records
 * (NativeLayerNormBackward0, NativeBatchNormBackward0, EmbeddingBackward0). The forwards
 * compose existing entry points below autograd (Note [Below autograd]); one node each, whose
 * formulas (also composed, so create_graph works) are in the src/nn/normalization.c section at the end
 * of src/autograd/derivatives.c. Argument checks with PyTorch's messages live in js/nn/nn.js, which knows the
 * Python-level names; compiled for size, no kernels of its own.
 */
#include <math.h>
#include <stdlib.h>
#include <string.h>
#include "internal.h"
#include "tensorpad.h"
#include "normalization_kernels.h"

tp_tensor *tp_normalization_rel(tp_tensor *r, tp_tensor *a, tp_tensor *b, tp_tensor *c) {
  tp_tensor *t[3] = {a, b, c};
  for (int i = 0; i < 3; i++)
    if (t[i]) tp_tensor_release(t[i]);
  return r;
}

/* The view of a [C] parameter that broadcasts along dim 1 of an ndim input: [C, 1, ...]. */
tp_tensor *tp_norm_channel_view(tp_tensor *p, int ndim) {
  double sizes[TP_MAX_DIMS];
  sizes[0] = -1;
  for (int d = 1; d < ndim - 1; d++) sizes[d] = 1;
  return tp_view(p, ndim > 1 ? ndim - 1 : 1, sizes);
}

/* Note [batch_norm as ATen computes it]: for a contiguous float32 input ATen does not compose
 * (x - mean) * rstd * w + b. It collects per-channel statistics in one of two ways, then
 * applies out = x * alpha + beta with alpha = rstd * w and beta = b - mean * alpha, each one
 * fused multiply-add (batch_norm_kernel.cpp is built with FMA, and gcc contracts both):
 *   - channels-last kernel (dim 1 has stride 1: (N, C) or (N, C, 1, ...) inputs): sums
 *     per channel in float, row after row, mean = sum / N in double; then the squared
 *     deviations, accumulated in float by fused multiply-adds;
 *   - contiguous kernel (otherwise): sum in double, mean = sum / N rounded to float, then
 *     the float squares (x - mean)^2 summed in double and the sum rounded to float.
 * rstd = 1 / sqrt(var_sum / n + eps) in double (var_sum / n a float division), rounded to
 * float. In eval mode rstd = 1 / sqrt(running_var + eps) in float. The running statistics
 * (tp_batch_norm_update) follow Normalization.cpp, built without FMA. This is what a single
 * thread of ATen does (with more, the channels-last sums split by thread); checked bit for
 * bit by tests/fixtures/gen_batchnorm_bits.py. */
int tp_bn_exact(const tp_tensor *x, const tp_tensor *w, const tp_tensor *b, const tp_tensor *rm, const tp_tensor *rv) {
  if (x->dtype != TP_FLOAT32 || x->ndim < 2 || !tp_tensor_is_contiguous(x)) return 0;
  const tp_tensor *p[4] = {w, b, rm, rv};
  for (int i = 0; i < 4; i++)
    if (p[i] && (p[i]->dtype != TP_FLOAT32 || !tp_tensor_is_contiguous(p[i]))) return 0;
  return 1;
}
static int bn_channels_last(const tp_tensor *x) { return x->stride[1] == 1; }
/* Per-channel mean and var_sum of a contiguous float32 x (N, C, *), as ATen's kernels. */
static void bn_collect_stats(const tp_tensor *x, float *mean, float *var_sum) {
  const float *in = (const float *)tp_ptr(x);
  int64_t nb = x->shape[0], nc = x->shape[1], image = nc ? tp_shape_numel(x->ndim, x->shape) / nb / nc : 0;
  int64_t N = nb * image;
  if (bn_channels_last(x)) {
    for (int64_t c = 0; c < nc; c++) mean[c] = 0, var_sum[c] = 0;
    for (int64_t i = 0; i < N; i++)
      for (int64_t c = 0; c < nc; c++) mean[c] += in[i * nc + c];
    for (int64_t c = 0; c < nc; c++) mean[c] = (float)((double)mean[c] / (double)N);
    for (int64_t i = 0; i < N; i++)
      for (int64_t c = 0; c < nc; c++) {
        float d = in[i * nc + c] - mean[c];
        var_sum[c] = fmaf(d, d, var_sum[c]);
      }
    return;
  }
  for (int64_t c = 0; c < nc; c++) {
    double sum = 0, vs = 0;
    for (int64_t n = 0; n < nb; n++)
      for (int64_t i = 0; i < image; i++) sum += in[(n * nc + c) * image + i];
    float m = (float)(sum / (double)N);
    for (int64_t n = 0; n < nb; n++)
      for (int64_t i = 0; i < image; i++) {
        float d = in[(n * nc + c) * image + i] - m, sq = d * d;
        vs += sq;
      }
    mean[c] = m;
    var_sum[c] = (float)vs;
  }
}
static tp_tensor *bn_vector(int64_t c, const float *v) {
  tp_tensor *t = tp_tensor_make(TP_FLOAT32, 1, &c);
  if (t) memcpy(tp_ptr(t), v, sizeof(float) * (size_t)c);
  return t;
}
/* The forward of bn_exact's inputs: out, and mean/rstd as [C] tensors in *mean_out and *rstd_out. */
tp_tensor *tp_bn_forward_f32(tp_tensor *x, tp_tensor *w, tp_tensor *b, tp_tensor *rm, tp_tensor *rv, double eps,
                                    tp_tensor **mean_out, tp_tensor **rstd_out) {
  int64_t nb = x->shape[0], nc = x->shape[1], numel = tp_shape_numel(x->ndim, x->shape);
  int64_t image = nb && nc ? numel / nb / nc : 0;
  float *buf = malloc(sizeof(float) * (size_t)(4 * nc + 1));
  if (!buf) return tp_fail("can't allocate memory");
  float *mean = buf, *rstd = buf + nc, *alpha = buf + 2 * nc, *beta = buf + 3 * nc;
  if (rm) {
    const float *m = (const float *)tp_ptr(rm), *v = (const float *)tp_ptr(rv);
    for (int64_t c = 0; c < nc; c++) mean[c] = m[c], rstd[c] = 1.0f / sqrtf(v[c] + (float)eps);
  } else {
    bn_collect_stats(x, mean, rstd);
    for (int64_t c = 0; c < nc; c++) {
      double var = rstd[c] / (float)(nb * image);
      rstd[c] = var != 0 || eps != 0 ? (float)(1.0 / sqrt(var + eps)) : 0.0f;
    }
  }
  const float *wd = w ? (const float *)tp_ptr(w) : NULL, *bd = b ? (const float *)tp_ptr(b) : NULL;
  for (int64_t c = 0; c < nc; c++) {
    alpha[c] = rstd[c] * (wd ? wd[c] : 1.0f);
    beta[c] = fmaf(-mean[c], alpha[c], bd ? bd[c] : 0.0f);
  }
  tp_tensor *out = tp_tensor_make(TP_FLOAT32, x->ndim, x->shape);
  *mean_out = out ? bn_vector(nc, mean) : NULL;
  *rstd_out = *mean_out ? bn_vector(nc, rstd) : NULL;
  if (!*rstd_out) {
    free(buf);
    if (out) tp_tensor_release(out);
    if (*mean_out) tp_tensor_release(*mean_out);
    return *mean_out = NULL, tp_fail("can't allocate memory");
  }
  const float *in = (const float *)tp_ptr(x);
  float *o = (float *)tp_ptr(out);
  if (bn_channels_last(x)) {
    for (int64_t i = 0; i < numel; i++) o[i] = fmaf(in[i], alpha[i % nc], beta[i % nc]);
  } else {
    for (int64_t r = 0; r < nb * nc; r++)
      for (int64_t i = r * image; i < (r + 1) * image; i++) o[i] = fmaf(in[i], alpha[r % nc], beta[r % nc]);
  }
  free(buf);
  return out;
}

/* batch_norm's running statistics after a training step on x, in place, as ATen's
 * batch_norm_cpu_update_stats_template: m * mean + (1 - m) * running in float, and
 * m * var_sum / (n - 1) + (1 - m) * running in double. rmean/rvar may be NULL. 1 when x or
 * the running tensors are not the contiguous float32 that Note [batch_norm as ATen computes
 * it] covers (the caller updates them itself), else 0. */
TP_API int tp_batch_norm_update(tp_tensor *x, tp_tensor *rmean, tp_tensor *rvar, double momentum) {
  if (!tp_bn_exact(x, NULL, NULL, rmean, rvar)) return 1;
  int64_t nc = x->shape[1], n = nc ? tp_shape_numel(x->ndim, x->shape) / nc : 0;
  float *buf = malloc(sizeof(float) * (size_t)(2 * nc + 1));
  if (!buf) return tp_fail_status("can't allocate memory");
  bn_collect_stats(x, buf, buf + nc);
  float m = (float)momentum;
  if (rmean) {
    float *r = (float *)tp_ptr(rmean);
    for (int64_t c = 0; c < nc; c++) {
      float a = m * buf[c], k = (1 - m) * r[c];
      r[c] = a + k;
    }
    rmean->version->value++;
  }
  if (rvar) {
    float *r = (float *)tp_ptr(rvar);
    for (int64_t c = 0; c < nc; c++) {
      double unbiased = buf[nc + c] / (float)(n - 1);
      float k = (1 - m) * r[c];
      r[c] = (float)((double)m * unbiased + k);
    }
    rvar->version->value++;
  }
  free(buf);
  return 0;
}

