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

/* Note [layer_norm as ATen computes it]: 1.13's CPU kernel (layer_norm_kernel.cpp, the AVX2 build:
 * 8 float or 4 double lanes, FMA) does not compose (x - mean) * rstd * w + b. Each row's moments
 * are RowwiseMoments (moments_utils.h): Welford per lane over chunks of 16 vectors, each chunk's
 * result merged into a binary cascade of partial moments (AddMomentsVec), the cascade folded,
 * then a scalar Welford over the row's tail, and the lanes merged into it one by one (AddMoments);
 * var = m2 / N. rstd = 1 / sqrt(var + eps) in the input's type, and
 * y = (x * rstd + (-rstd * mean)) * w + b, both steps fused multiply-adds (w = 1, b = 0 when
 * absent). The moments are plain multiplies and adds (LN_MUL_ADD) but for AddMomentsVec's m2
 * term, one FMA: of the 128 ways the seven multiply-adds could be contracted, the only ones that
 * give 1.13's statistics for both dtypes. Checked bit for bit against 1.13 by
 * tests/fixtures/gen_layernorm_bits.py. */
#define LN_CHUNK 16
#define LN_MAX_DEPTH 64
static int ln_ceil_log2(int64_t x) {
  if (x <= 2) return 1;
  int b = 0;
  for (uint64_t v = (uint64_t)(x - 1); v; v >>= 1) b++;
  return b;
}
#define LN_MUL_ADD(a, b, c) ((a) * (b) + (c))
#define LN_KERNEL(NAME, T, L, FMA, SQRT)                                                                   \
  static void NAME##_add_lanes(int64_t add0, const T *add1, const T *add2, int64_t *m0, T *m1, T *m2) {  \
    int64_t n = *m0 + add0;                                                                              \
    T c = n == 0 ? (T)0 : (T)add0 / (T)n;                                                                \
    for (int l = 0; l < L; l++) {                                                                        \
      T delta = add1[l] - m1[l];                                                                         \
      m1[l] = LN_MUL_ADD(c, delta, m1[l]);                                                                      \
      m2[l] = m2[l] + FMA(delta * delta * c, (T)*m0, add2[l]);                                                  \
    }                                                                                                    \
    *m0 = n;                                                                                             \
  }                                                                                                      \
  static void NAME##_moments(const T *X, int64_t N, T *mean, T *var) {                                  \
    int64_t n = N / L, m = (n + LN_CHUNK - 1) / LN_CHUNK;                                                \
    int depth = ln_ceil_log2(m);                                                                         \
    int64_t m0s[LN_MAX_DEPTH] = {0};                                                                     \
    T m1s[LN_MAX_DEPTH][L], m2s[LN_MAX_DEPTH][L], cv[LN_CHUNK];                                          \
    memset(m1s, 0, sizeof(T) * L * (size_t)depth);                                                       \
    memset(m2s, 0, sizeof(T) * L * (size_t)depth);                                                       \
    for (int j = 0; j < LN_CHUNK; j++) cv[j] = (T)1 / (T)(j + 1);                                        \
    for (int64_t i = 0; i < m; i++) {                                                                    \
      const T *p = X + i * LN_CHUNK * L;                                                                 \
      int64_t c0 = n - i * LN_CHUNK < LN_CHUNK ? n - i * LN_CHUNK : LN_CHUNK;                            \
      T a1[L], a2[L];                                                                                    \
      for (int l = 0; l < L; l++) a1[l] = a2[l] = 0;                                                     \
      for (int64_t j = 0; j < c0; j++)                                                                   \
        for (int l = 0; l < L; l++) {                                                                    \
          T x = p[j * L + l], d = x - a1[l];                                                             \
          a1[l] = LN_MUL_ADD(d, cv[j], a1[l]);                                                                  \
          a2[l] = LN_MUL_ADD(d, x - a1[l], a2[l]);                                                              \
        }                                                                                                \
      NAME##_add_lanes(c0, a1, a2, &m0s[0], m1s[0], m2s[0]);                                             \
      int64_t bits = i + 1;                                                                              \
      for (int j = 1; j < depth && (bits & 1) == 0; j++) {                                               \
        NAME##_add_lanes(m0s[j - 1], m1s[j - 1], m2s[j - 1], &m0s[j], m1s[j], m2s[j]);                   \
        m0s[j - 1] = 0;                                                                                  \
        for (int l = 0; l < L; l++) m1s[j - 1][l] = m2s[j - 1][l] = 0;                                   \
        bits >>= 1;                                                                                      \
      }                                                                                                  \
    }                                                                                                    \
    for (int i = 1; i < depth; i++) NAME##_add_lanes(m0s[i], m1s[i], m2s[i], &m0s[0], m1s[0], m2s[0]);   \
    int64_t c = 0;                                                                                       \
    T s1 = 0, s2 = 0;                                                                                    \
    for (int64_t i = n * L; i < N; i++) {                                                                \
      T d = X[i] - s1;                                                                                   \
      c++;                                                                                               \
      s1 += d / (T)c;                                                                                    \
      s2 = LN_MUL_ADD(d, X[i] - s1, s2);                                                                        \
    }                                                                                                    \
    for (int l = 0; l < L; l++) { /* AddMoments(n, lane, ...) */                                         \
      int64_t nn = c + n;                                                                                \
      T cc = nn == 0 ? (T)0 : (T)n / (T)nn, delta = m1s[0][l] - s1;                                      \
      s1 = LN_MUL_ADD(cc, delta, s1);                                                                           \
      s2 = s2 + LN_MUL_ADD(delta * delta * cc, (T)c, m2s[0][l]);                                                \
      c = nn;                                                                                            \
    }                                                                                                    \
    *mean = s1;                                                                                          \
    *var = s2 / (T)N;                                                                                    \
  }                                                                                                      \
  static void NAME##_rows(const T *x, const T *w, const T *b, int64_t M, int64_t N, T eps, T *y, T *mean, T *rstd) { \
    for (int64_t i = 0; i < M; i++) {                                                                    \
      const T *xr = x + i * N;                                                                           \
      T mu, var;                                                                                         \
      NAME##_moments(xr, N, &mu, &var);                                                                  \
      T r = (T)1 / SQRT(var + eps), bias = -r * mu;                                                      \
      for (int64_t j = 0; j < N; j++) y[i * N + j] = FMA(FMA(xr[j], r, bias), w ? w[j] : (T)1, b ? b[j] : (T)0); \
      mean[i] = mu;                                                                                      \
      rstd[i] = r;                                                                                       \
    }                                                                                                    \
  }
LN_KERNEL(ln_f32, float, 8, tp_fmaf, sqrtf)
LN_KERNEL(ln_f64, double, 4, fma, sqrt)

/* layer_norm over the trailing dims `mask` names, of a contiguous float input with contiguous w, b
 * of its dtype: Note [layer_norm as ATen computes it] applies. */
int tp_ln_exact(const tp_tensor *x, const tp_tensor *w, const tp_tensor *b, int64_t mask) {
  if ((x->dtype != TP_FLOAT32 && x->dtype != TP_FLOAT64) || x->ndim < 1 || !tp_tensor_is_contiguous(x)) return 0;
  int64_t trailing = 0;
  for (int d = x->ndim - 1; d >= 0 && (mask >> d & 1); d--) trailing |= (int64_t)1 << d;
  if (!trailing || trailing != mask) return 0;
  const tp_tensor *p[2] = {w, b};
  for (int i = 0; i < 2; i++)
    if (p[i] && (p[i]->dtype != x->dtype || !tp_tensor_is_contiguous(p[i]))) return 0;
  return 1;
}
/* Its forward: out, and mean/rstd shaped as x with the normalised dims 1 (the shape the node saves). */
tp_tensor *tp_ln_forward(tp_tensor *x, tp_tensor *w, tp_tensor *b, double eps, int64_t mask, tp_tensor **mean_out,
                         tp_tensor **rstd_out) {
  int64_t stat[TP_MAX_DIMS], M = 1, N = 1;
  for (int d = 0; d < x->ndim; d++) {
    int normed = (int)(mask >> d & 1);
    stat[d] = normed ? 1 : x->shape[d];
    if (normed) N *= x->shape[d]; else M *= x->shape[d];
  }
  tp_tensor *out = tp_tensor_make(x->dtype, x->ndim, x->shape);
  tp_tensor *mean = out ? tp_tensor_make(x->dtype, x->ndim, stat) : NULL;
  tp_tensor *rstd = mean ? tp_tensor_make(x->dtype, x->ndim, stat) : NULL;
  if (!rstd) {
    tp_normalization_rel(NULL, out, mean, NULL);
    return *mean_out = *rstd_out = NULL, NULL;
  }
  if (N > 0 && M > 0) {
    if (x->dtype == TP_FLOAT32)
      ln_f32_rows((const float *)tp_ptr(x), w ? (const float *)tp_ptr(w) : NULL, b ? (const float *)tp_ptr(b) : NULL, M, N,
                  (float)eps, (float *)tp_ptr(out), (float *)tp_ptr(mean), (float *)tp_ptr(rstd));
    else
      ln_f64_rows((const double *)tp_ptr(x), w ? (const double *)tp_ptr(w) : NULL, b ? (const double *)tp_ptr(b) : NULL, M, N,
                  eps, (double *)tp_ptr(out), (double *)tp_ptr(mean), (double *)tp_ptr(rstd));
  }
  *mean_out = mean;
  *rstd_out = rstd;
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

