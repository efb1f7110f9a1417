/* conv.c — convolution (conv1d/conv2d and conv_transpose1d/2d: ConvolutionBackward0), 2-D
 * pooling (max_pool2d, avg_pool2d, adaptive_avg/max_pool2d) and upsampling (F.interpolate
 * nearest / (bi)linear / bicubic) for float32 and float64, compiled for size.
 * Convolution is im2col + the packed GEMMs of gemm.c per sample and group; its backward is
 * GEMMs + col2im. Pooling runs one loop per kind that reads and writes through the dtype.
 * Each entry point validates with PyTorch 1.13's messages (a failed call allocates nothing
 * visible), computes below autograd and records one TP_GRAD_CONV node (iv[0]: TP_CONV_*);
 * its backward (tp_conv_backward, called from derivatives.c) runs the kernels here, so a
 * graph through these gradients (create_graph) is refused rather than silently wrong.
 */
#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include "internal.h"
#include "gemm.h"
#include "conv_kernels.h"

/* The C type names of ATen's "Input type (float) and bias type (double)". */
const char *tp_conv_ctype(int dt) {
  return dt == TP_FLOAT32 ? "float" : dt == TP_FLOAT64 ? "double" : dt == TP_INT64 ? "long int" : tp_dtype_title(dt);
}

/* The input position output o reads through kernel tap k: o·stride - pad + k·dilation, wrapping as
 * ATen's int64 arithmetic does for hostile strides, paddings or dilations (the bounds test then
 * decides; a wrapped position is never read outside the input). */
static inline int64_t tap(int64_t o, int64_t stride, int64_t pad, int64_t k, int64_t dil) {
  return tp_wadd(tp_wadd(tp_wmul(o, stride), -pad), tp_wmul(k, dil));
}

/* One copy of each for both dtypes (size over speed: the branch on es is predictable, and
 * the GEMM dominates). im2col: dst (Cg·kh·kw, Ho·Wo) from src (Cg, H, W), zeros in padding. */
static void im2col(int dt, const conv_geo *p, int64_t Cg, const char *src, char *dst) {
  int64_t L = p->Ho * p->Wo, f = dt == TP_FLOAT32;
  for (int64_t c = 0; c < Cg; c++)
    for (int64_t ki = 0; ki < p->kh; ki++)
      for (int64_t kj = 0; kj < p->kw; kj++) {
        int64_t row = ((c * p->kh + ki) * p->kw + kj) * L;
        for (int64_t oh = 0; oh < p->Ho; oh++) {
          int64_t ih = tap(oh, p->sh, p->ph, ki, p->dh), r = row + oh * p->Wo, s = ih >= 0 && ih < p->H ? (c * p->H + ih) * p->W : 0;
          for (int64_t ow = 0; ow < p->Wo; ow++) {
            int64_t iw = tap(ow, p->sw, p->pw, kj, p->dw), in = ih >= 0 && ih < p->H && iw >= 0 && iw < p->W;
            if (f) ((float *)dst)[r + ow] = in ? ((const float *)src)[s + iw] : 0.0f;
            else ((double *)dst)[r + ow] = in ? ((const double *)src)[s + iw] : 0.0;
          }
        }
      }
}
/* col2im: dst (Cg, H, W) += each column entry at the pixel it was copied from. */
static void col2im(int dt, const conv_geo *p, int64_t Cg, const char *col, char *dst) {
  int64_t L = p->Ho * p->Wo, f = dt == TP_FLOAT32;
  for (int64_t c = 0; c < Cg; c++)
    for (int64_t ki = 0; ki < p->kh; ki++)
      for (int64_t kj = 0; kj < p->kw; kj++) {
        int64_t row = ((c * p->kh + ki) * p->kw + kj) * L;
        for (int64_t oh = 0; oh < p->Ho; oh++) {
          int64_t ih = tap(oh, p->sh, p->ph, ki, p->dh), r = row + oh * p->Wo;
          if (ih < 0 || ih >= p->H) continue;
          int64_t d = (c * p->H + ih) * p->W;
          for (int64_t ow = 0; ow < p->Wo; ow++) {
            int64_t iw = tap(ow, p->sw, p->pw, kj, p->dw);
            if (iw < 0 || iw >= p->W) continue;
            if (f) ((float *)dst)[d + iw] += ((const float *)col)[r + ow];
            else ((double *)dst)[d + iw] += ((const double *)col)[r + ow];
          }
        }
      }
}
/* C (M×N, row stride ldc) = A·B + C. */
static int gemm(int dt, int64_t M, int64_t N, int64_t K, const char *A, int64_t rsa, int64_t csa,
                const char *B, int64_t rsb, int64_t csb, char *C, int64_t ldc) {
  if (!M || !N || !K) return 0;
  if (dt == TP_FLOAT32)
    return tp_gemm_f32(M, N, K, (const float *)A, rsa, csa, (const float *)B, rsb, csb, (float *)C, ldc, 1.0f);
  return tp_gemm_f64(M, N, K, (const double *)A, rsa, csa, (const double *)B, rsb, csb, (double *)C, ldc, 1.0);
}

/* out (N, O, Ho, Wo), already holding the bias (or zeros), += W_g · im2col(x_n,g). */
int tp_conv_forward(int dt, const conv_geo *p, const char *x, const char *w, char *out) {
  size_t es = ES(dt);
  int64_t Cg = p->C / p->groups, Og = p->O / p->groups, K = Cg * p->kh * p->kw, L = p->Ho * p->Wo;
  char *col = malloc(es * (size_t)(K * L > 0 ? K * L : 1));
  if (!col) return tp_fail_oom_status((double)(es * (size_t)(K * L)));
  int rc = 0;
  for (int64_t n = 0; n < p->N && !rc; n++)
    for (int64_t g = 0; g < p->groups && !rc; g++) {
      im2col(dt, p, Cg, x + es * (size_t)((n * p->C + g * Cg) * p->H * p->W), col);
      rc = gemm(dt, Og, L, K, w + es * (size_t)(g * Og * K), K, 1, col, L, 1, out + es * (size_t)((n * p->O + g * Og) * L), L);
    }
  free(col);
  return rc;
}

/* dx (zeroed) += col2im(W_gᵀ · dy), dw (zeroed) += dy · im2col(x)ᵀ, db (zeroed) += Σ dy. */
int tp_conv_conv_backward(int dt, const conv_geo *p, const char *x, const char *w, const char *dy, char *dx, char *dw, char *db) {
  size_t es = ES(dt);
  int64_t Cg = p->C / p->groups, Og = p->O / p->groups, K = Cg * p->kh * p->kw, L = p->Ho * p->Wo;
  char *col = malloc(es * (size_t)(K * L > 0 ? K * L : 1));
  if (!col) return tp_fail_oom_status((double)(es * (size_t)(K * L)));
  int rc = 0;
  for (int64_t n = 0; n < p->N && !rc; n++)
    for (int64_t g = 0; g < p->groups && !rc; g++) {
      const char *dyg = dy + es * (size_t)((n * p->O + g * Og) * L);
      if (dx) {
        memset(col, 0, es * (size_t)(K * L));
        rc = gemm(dt, K, L, Og, w + es * (size_t)(g * Og * K), 1, K, dyg, L, 1, col, L);
        col2im(dt, p, Cg, col, dx + es * (size_t)((n * p->C + g * Cg) * p->H * p->W));
      }
      if (dw && !rc) {
        im2col(dt, p, Cg, x + es * (size_t)((n * p->C + g * Cg) * p->H * p->W), col);
        rc = gemm(dt, Og, K, L, dyg, L, 1, col, 1, L, dw + es * (size_t)(g * Og * K), K);
      }
    }
  if (db && !rc)
    for (int64_t n = 0; n < p->N; n++)
      for (int64_t o = 0; o < p->O; o++) {
        double s = 0;
        for (int64_t l = 0; l < L; l++) s += tp_load_f64(dy + es * (size_t)((n * p->O + o) * L + l), dt);
        tp_store_f64(db + es * (size_t)o, dt, tp_load_f64(db + es * (size_t)o, dt) + s);
      }
  free(col);
  return rc;
}

tp_tensor *tp_zeros_like_shape(int dt, int ndim, const int64_t *shape) {
  tp_tensor *t = tp_tensor_make(dt, ndim, shape);
  if (t) memset(tp_ptr(t), 0, ES(dt) * (size_t)tp_shape_numel(ndim, shape));
  return t;
}

int tp_float_check(tp_tensor *t, const char *op) {
  if (t->dtype == TP_FLOAT32 || t->dtype == TP_FLOAT64) return 0;
  return tp_fail_status("\"%s\" not implemented for '%s'", op, tp_dtype_title(t->dtype));
}

/* ATen's size arithmetic is int64 and wraps for a hostile padding, dilation or kernel
 * (`padding=2**62`): these wrap as defined unsigned arithmetic, and the checks that follow see
 * the values ATen's do. */
static inline int64_t wadd(int64_t a, int64_t b) { return (int64_t)((uint64_t)a + (uint64_t)b); }
static inline int64_t wsub(int64_t a, int64_t b) { return (int64_t)((uint64_t)a - (uint64_t)b); }
static inline int64_t wmul(int64_t a, int64_t b) { return (int64_t)((uint64_t)a * (uint64_t)b); }
/* in + 2 pad - (dil (k - 1) + 1): the padded input less the dilated kernel */
static inline int64_t span(int64_t in, int64_t pad, int64_t dil, int64_t k) {
  return wsub(wadd(in, wmul(2, pad)), wadd(wmul(dil, wsub(k, 1)), 1));
}

/* Geometry from x (N, C, [H,] W), w (O, C/groups, [kh,] kw) and p = {stride[k], pad[k], dil[k]}. */
void tp_conv_geometry(conv_geo *g, tp_tensor *x, tp_tensor *w, const int64_t *p, int k, int64_t groups) {
  int two = k == 2;
  g->N = x->shape[0]; g->C = x->shape[1]; g->O = w->shape[0]; g->groups = groups;
  g->H = two ? x->shape[2] : 1; g->W = x->shape[1 + k];
  g->kh = two ? w->shape[2] : 1; g->kw = w->shape[1 + k];
  g->sh = two ? p[0] : 1; g->sw = p[k - 1];
  g->ph = two ? p[k] : 0; g->pw = p[2 * k - 1];
  g->dh = two ? p[2 * k] : 1; g->dw = p[3 * k - 1];
  g->Ho = span(g->H, g->ph, g->dh, g->kh) / g->sh + 1;
  g->Wo = span(g->W, g->pw, g->dw, g->kw) / g->sw + 1;
}

/* ---- convolution ------------------------------------------------------------------------ */
/* 1.13's check_shape_forward and the CPU kernel's type checks, in their order. */
/* The checks of p = {stride[k], padding[k], dilation[k]} and groups that convolution and
 * transposed convolution share, in 1.13's order: 0, or -1 with the error set. */
int tp_conv_check_params(int k, const int64_t *p, int64_t groups) {
  for (int i = 0; i < k; i++) if (p[k + i] < 0) return tp_fail_status("negative padding is not supported");
  for (int i = 0; i < k; i++) if (p[i] <= 0) return tp_fail_status("non-positive stride is not supported");
  for (int i = 0; i < k; i++)
    if (p[2 * k + i] <= 0) {
      char ds[80];
      tp_format_shape(ds, sizeof ds, k, p + 2 * k);
      return tp_fail_status("dilation should be greater than zero, but got %s", ds);
    }
  if (groups <= 0) return tp_fail_status("non-positive groups is not supported");
  return 0;
}

int tp_conv_check(tp_tensor *x, tp_tensor *w, tp_tensor *b, int k, const int64_t *p, int64_t groups) {
  char ws[160], xs[160], bs[160];
  if (tp_conv_check_params(k, p, groups)) return -1;
  tp_format_shape(ws, sizeof ws, w->ndim, w->shape);
  tp_format_shape(xs, sizeof xs, x->ndim, x->shape);
  if (w->ndim != x->ndim)
    return tp_fail_status("Expected %d-dimensional input for %d-dimensional weight %s, but got %d-dimensional input of size %s instead",
                          w->ndim, w->ndim, ws, x->ndim, xs);
  if (w->shape[0] < groups)
    return tp_fail_status("Given groups=%lld, expected weight to be at least %lld at dimension 0, but got weight of size %s instead",
                          (long long)groups, (long long)groups, ws);
  if (w->shape[0] % groups)
    return tp_fail_status("Given groups=%lld, expected weight to be divisible by %lld at dimension 0, but got weight of size [%s] instead",
                          (long long)groups, (long long)groups, ws);
  if (x->shape[1] != w->shape[1] * groups)
    return tp_fail_status("Given groups=%lld, weight of size %s, expected input%s to have %lld channels, but got %lld channels instead",
                          (long long)groups, ws, xs, (long long)(w->shape[1] * groups), (long long)x->shape[1]);
  if (b && (b->ndim != 1 || b->shape[0] != w->shape[0])) {
    tp_format_shape(bs, sizeof bs, b->ndim, b->shape);
    return tp_fail_status("Given weight of size %s, expected bias to be 1-dimensional with %lld elements, but got bias of size %s instead",
                          ws, (long long)w->shape[0], bs);
  }
  int ok = 1;
  char in[120] = "", ks[120] = "";
  size_t a = 0, c = 0;
  for (int i = 0; i < k; i++) {
    int64_t is = wadd(x->shape[2 + i], wmul(2, p[k + i])), kk = wadd(wmul(p[2 * k + i], w->shape[2 + i] - 1), 1);
    if (is < kk) ok = 0;
    a += (size_t)tp_snprintf(in + a, sizeof in - a, "%s%lld", i ? " x " : "", (long long)is);
    c += (size_t)tp_snprintf(ks + c, sizeof ks - c, "%s%lld", i ? " x " : "", (long long)kk);
  }
  if (!ok)
    return tp_fail_status("Calculated padded input size per channel: (%s). Kernel size: (%s). Kernel size can't be greater than actual input size", in, ks);
  if (b && b->dtype != x->dtype)
    return tp_fail_status("Input type (%s) and bias type (%s) should be the same", tp_conv_ctype(x->dtype), tp_conv_ctype(b->dtype));
  if (w->dtype != x->dtype)
    return tp_fail_status("expected scalar type %s but found %s", tp_dtype_title(x->dtype), tp_dtype_title(w->dtype));
  return tp_float_check(x, k == 2 ? "conv2d" : "conv1d");
}

/* ---- pooling ------------------------------------------------------------------------------
 * Planes of an (N, C, H, W) or (C, H, W) input; iv = {kind, kh, kw, sh, sw, ph, pw, dh, dw,
 * ceil_mode, count_include_pad, divisor_override} (adaptive: {kind}). */

/* ATen's pooling_output_shape (its arithmetic wraps: span above). */
static int64_t pool_out(int64_t in, int64_t k, int64_t pad, int64_t s, int64_t d, int ceil) {
  int64_t num = wadd(span(in, pad, d, k), ceil ? s - 1 : 0);
  int64_t q = num / s, r = num % s;  /* div_rtn: rounded towards -inf */
  if (r != 0 && (r < 0) != (s < 0)) q--;
  int64_t o = q + 1;
  if (ceil && wmul(o - 1, s) >= wadd(in, pad)) o--;
  return o;
}

int tp_pool_setup(pool_geo *g, tp_tensor *x, const int64_t *iv, const char *name, int max) {
  g->kh = iv[1]; g->kw = iv[2]; g->sh = iv[3]; g->sw = iv[4]; g->ph = iv[5]; g->pw = iv[6];
  g->dh = iv[7]; g->dw = iv[8]; g->ceil = iv[9]; g->cip = iv[10]; g->div = iv[11];
  /* pooling_output_shape's checks (H, then W) come before pool2d_shape_check's */
  const int64_t hw[2][2] = {{g->kh, g->ph}, {g->kw, g->pw}}, st[2] = {g->sh, g->sw};
  for (int i = 0; i < 2; i++) {
    if (st[i] == 0) return tp_fail_status("stride should not be zero");
    if (hw[i][1] < 0) return tp_fail_status("pad must be non-negative, but got pad: %lld", (long long)hw[i][1]);
    if (hw[i][1] > hw[i][0] / 2)
      return tp_fail_status("pad should be at most half of kernel size, but got pad=%lld and kernel_size=%lld", (long long)hw[i][1], (long long)hw[i][0]);
  }
  if (g->kh <= 0 || g->kw <= 0)
    return tp_fail_status("kernel size should be greater than zero, but got kH: %lld kW: %lld", (long long)g->kh, (long long)g->kw);
  if (g->sh <= 0 || g->sw <= 0)
    return tp_fail_status("stride should be greater than zero, but got dH: %lld dW: %lld", (long long)g->sh, (long long)g->sw);
  if (g->dh <= 0 || g->dw <= 0)
    return tp_fail_status("dilation should be greater than zero, but got dilationH: %lld dilationW: %lld", (long long)g->dh, (long long)g->dw);
  if (x->ndim != 3 && x->ndim != 4) {
    if (!max) return tp_fail_status("tensorpad: avg_pool2d expects a 3-D or 4-D input");
    return tp_fail_status("non-empty 3D or 4D (batch mode) tensor expected for input");
  }
  int b = x->ndim == 4;
  for (int d = b; d < x->ndim; d++)
    if (x->shape[d] == 0) {
      char xs[160];
      tp_format_shape(xs, sizeof xs, x->ndim, x->shape);
      return tp_fail_status("Expected 3D or 4D (batch mode) tensor with optional 0 dim batch size for input, but got:%s", xs);
    }
  int64_t C = x->shape[b];
  g->P = (b ? x->shape[0] : 1) * C;
  g->H = x->shape[b + 1]; g->W = x->shape[b + 2];
  g->Ho = pool_out(g->H, g->kh, g->ph, g->sh, g->dh, (int)g->ceil);
  g->Wo = pool_out(g->W, g->kw, g->pw, g->sw, g->dw, (int)g->ceil);
  if (g->Ho < 1 || g->Wo < 1)
    return tp_fail_status("Given input size: (%lldx%lldx%lld). Calculated output size: (%lldx%lldx%lld). Output size is too small",
                          (long long)C, (long long)g->H, (long long)g->W, (long long)C, (long long)g->Ho, (long long)g->Wo);
  if (!max && g->div == 0 && iv[12]) return tp_fail_status("divisor must be not zero");
  return tp_float_check(x, name);
}

tp_tensor *tp_pool_like(tp_tensor *x, int dt, int64_t Ho, int64_t Wo) {
  int64_t shape[4];
  memcpy(shape, x->shape, sizeof(int64_t) * (size_t)x->ndim);
  shape[x->ndim - 2] = Ho;
  shape[x->ndim - 1] = Wo;
  return tp_tensor_make(dt, x->ndim, shape);
}

/* ATen's avg_pool2d window: start/end clipped, and the divisor for it. */
double tp_avg_window(const pool_geo *g, int64_t oh, int64_t ow, int64_t *h0, int64_t *h1, int64_t *w0, int64_t *w1) {
  int64_t ih0 = oh * g->sh - g->ph, iw0 = ow * g->sw - g->pw;
  int64_t ih1 = ih0 + g->kh < g->H + g->ph ? ih0 + g->kh : g->H + g->ph;
  int64_t iw1 = iw0 + g->kw < g->W + g->pw ? iw0 + g->kw : g->W + g->pw;
  int64_t size = (ih1 - ih0) * (iw1 - iw0);
  if (ih0 < 0) ih0 = 0;
  if (iw0 < 0) iw0 = 0;
  if (ih1 > g->H) ih1 = g->H;
  if (iw1 > g->W) iw1 = g->W;
  *h0 = ih0; *h1 = ih1; *w0 = iw0; *w1 = iw1;
  if (g->div) return (double)g->div;
  return g->cip ? (double)size : (double)((ih1 - ih0) * (iw1 - iw0));
}

int64_t tp_adapt_start(int64_t o, int64_t in, int64_t out) { return (o * in) / out; }
int64_t tp_adapt_end(int64_t o, int64_t in, int64_t out) { return ((o + 1) * in + out - 1) / out; }

/* ---- upsampling (F.interpolate nearest / linear / bilinear / bicubic) ---------------------------
 * A 1-D input is a 2-D one with H = Ho = 1. iv = {TP_CONV_UPSAMPLE, mode, align_corners, Ho, Wo,
 * bits of sh, bits of sw}. Indices and weights follow ATen 1.13 (UpSample.h) in the dtype's
 * precision: nearest_idx (exact copies for out == in and out == 2·in, else floorf(o·scale) with a
 * float scale), compute_source_index_and_lambda with area_pixel_compute_scale for (bi)linear,
 * for bicubic 4 clamped taps with get_cubic_upsample_coefficients, and nearest-exact's
 * floorf((dst + 0.5) · scale) (mode 0, 1, 2, 3). */

/* ATen's get_cubic_upsample_coefficients (A = -0.75). */
static void cubic_coeffs(double t, double *w) {
  const double A = -0.75, x2 = 1.0 - t;
  w[0] = ((A * (t + 1) - 5 * A) * (t + 1) + 8 * A) * (t + 1) - 4 * A;
  w[1] = ((A + 2) * t - (A + 3)) * t * t + 1;
  w[2] = ((A + 2) * x2 - (A + 3)) * x2 * x2 + 1;
  w[3] = ((A * (x2 + 1) - 5 * A) * (x2 + 1) + 8 * A) * (x2 + 1) - 4 * A;
}

/* One axis: the n input indices and weights for output index o. */
static int up_index(const up_geo *g, int64_t in, int64_t out, double scale, int64_t o, int64_t *ix, double *wt) {
  ix[0] = o;
  wt[0] = 1;
  if (g->mode == 3) {  /* nearest-exact: no shortcuts */
    float s = scale > 0 ? (float)(1.0 / scale) : (float)in / (float)out;
    int64_t i = tp_clamp_i64(floorf((float)(((double)o + 0.5) * s)));
    ix[0] = i < in - 1 ? i : in - 1;
    return 1;
  }
  if (out == in && g->mode != 2) return 1;
  if (g->mode == 0) {
    if (out == 2 * in) {
      ix[0] = o >> 1;
      return 1;
    }
    float s = scale > 0 ? (float)(1.0 / scale) : (float)in / (float)out;
    int64_t i = tp_clamp_i64(floorf((float)o * s));
    ix[0] = i < in - 1 ? i : in - 1;
    return 1;
  }
  int cubic = g->mode == 2;
  double r;
  if (g->f32) {
    float sc = g->ac ? (out > 1 ? (float)(in - 1) / (float)(out - 1) : 0.0f) : scale > 0 ? (float)(1.0 / scale) : (float)in / (float)out;
    float ri = g->ac ? sc * (float)o : (float)((double)sc * ((double)o + 0.5) - 0.5);
    if (!g->ac && !cubic && ri < 0) ri = 0;
    r = ri;
  } else {
    double sc = g->ac ? (out > 1 ? (double)(in - 1) / (double)(out - 1) : 0.0) : scale > 0 ? 1.0 / scale : (double)in / (double)out;
    r = g->ac ? sc * (double)o : sc * ((double)o + 0.5) - 0.5;
    if (!g->ac && !cubic && r < 0) r = 0;
  }
  if (cubic) {  /* 4 taps at floor(r) - 1 .. floor(r) + 2, clamped to the input */
    int64_t i0 = tp_clamp_i64(floorf((float)r));
    double t = g->f32 ? (double)((float)r - (float)i0) : r - (double)i0;
    cubic_coeffs(t, wt);
    if (g->f32)
      for (int j = 0; j < 4; j++) wt[j] = (float)wt[j];
    for (int j = 0; j < 4; j++) {
      int64_t v = i0 - 1 + j;
      ix[j] = v < 0 ? 0 : v > in - 1 ? in - 1 : v;
    }
    return 4;
  }
  ix[0] = tp_clamp_i64(r);
  double l = g->f32 ? (double)((float)r - (float)ix[0]) : r - (double)ix[0];
  l = l < 0 ? 0 : l > 1 ? 1 : l;
  ix[1] = ix[0] + (ix[0] < in - 1 ? 1 : 0);
  wt[0] = 1 - l;
  wt[1] = l;
  return 2;
}

/* Forward (dx == NULL: out from x) or backward (dx zeroed += from dy = out), contiguous. */
void tp_up_run(const up_geo *g, int dt, const char *x, char *out, char *dx) {
  size_t es = ES(dt);
  for (int64_t oh = 0; oh < g->Ho; oh++) {
    int64_t h[4], w[4];
    double lh[4], lw[4];
    int nh = up_index(g, g->H, g->Ho, g->sh, oh, h, lh);
    for (int64_t ow = 0; ow < g->Wo; ow++) {
      int nw = up_index(g, g->W, g->Wo, g->sw, ow, w, lw);
      for (int64_t pl = 0; pl < g->P; pl++) {
        size_t base = (size_t)(pl * g->H * g->W), o = (size_t)((pl * g->Ho + oh) * g->Wo + ow);
        if (!dx) {
          double v = 0;
          for (int a = 0; a < nh; a++) {
            double r = 0;
            for (int b = 0; b < nw; b++) r += lw[b] * tp_load_f64(x + es * (base + (size_t)(h[a] * g->W + w[b])), dt);
            v += lh[a] * r;
          }
          tp_store_f64(out + es * o, dt, v);
        } else {
          double d = tp_load_f64(out + es * o, dt);
          for (int a = 0; a < nh; a++)
            for (int b = 0; b < nw; b++) {
              char *q = dx + es * (base + (size_t)(h[a] * g->W + w[b]));
              tp_store_f64(q, dt, tp_load_f64(q, dt) + lh[a] * lw[b] * d);
            }
        }
      }
    }
  }
}

void tp_up_geometry(up_geo *g, tp_tensor *x, const int64_t *iv) {
  int k = x->ndim - 2;
  g->mode = (int)iv[1]; g->ac = (int)iv[2]; g->f32 = x->dtype == TP_FLOAT32;
  g->P = x->shape[0] * x->shape[1];
  g->H = k == 2 ? x->shape[2] : 1; g->W = x->shape[x->ndim - 1];
  g->Ho = k == 2 ? iv[3] : 1; g->Wo = iv[4];
  memcpy(&g->sh, &iv[5], sizeof(double));
  memcpy(&g->sw, &iv[6], sizeof(double));
  if (k == 1) g->sh = 0;
}

/* ---- transposed convolution -----------------------------------------------------------------
 * conv_transpose is the adjoint of a convolution whose input is the transposed output: with
 * the geometry g of that convolution (C = out channels, H×W the output, O = in channels,
 * Ho×Wo the input) the forward is conv_backward's dx (col2im of Wᵀ·x), its input gradient
 * conv_forward of dy, its weight gradient conv_backward's dw with the roles of x and dy
 * swapped. iv = {TP_CONV_TRANSPOSE, k, stride[2], pad[2], dil[2], groups, outpad[2]}. */
void tp_convt_geometry(conv_geo *g, tp_tensor *x, tp_tensor *w, const int64_t *iv) {
  int k = (int)iv[1], two = k == 2;
  g->N = x->shape[0]; g->O = x->shape[1]; g->groups = iv[8];
  g->C = w->shape[1] * g->groups;
  g->Ho = two ? x->shape[2] : 1; g->Wo = x->shape[1 + k];
  g->kh = two ? w->shape[2] : 1; g->kw = w->shape[1 + k];
  g->sh = iv[2]; g->sw = iv[3]; g->ph = iv[4]; g->pw = iv[5]; g->dh = iv[6]; g->dw = iv[7];
  g->H = wadd(wsub(wmul(g->Ho - 1, g->sh), wmul(2, g->ph)), wadd(wmul(g->dh, g->kh - 1), wadd(iv[9], 1)));
  g->W = wadd(wsub(wmul(g->Wo - 1, g->sw), wmul(2, g->pw)), wadd(wmul(g->dw, g->kw - 1), wadd(iv[10], 1)));
}

