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
#include "autograd.h"
#include "derivatives.h"
#include "gemm.h"
#include "conv_kernels.h"

/* The C type names of ATen's "Input type (float) and bias type (double)". */
const char *tp_conv_ctype(int dt) {
  return dt == TP_FLOAT32 ? "float" : dt == TP_FLOAT64 ? "double" : dt == TP_INT64 ? "long int" : tp_dtype_title(dt);
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
          int64_t ih = oh * p->sh - p->ph + ki * p->dh, r = row + oh * p->Wo, s = (c * p->H + ih) * p->W;
          for (int64_t ow = 0; ow < p->Wo; ow++) {
            int64_t iw = ow * p->sw - p->pw + kj * p->dw, in = ih >= 0 && ih < p->H && iw >= 0 && iw < p->W;
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
          int64_t ih = oh * p->sh - p->ph + ki * p->dh, r = row + oh * p->Wo, d = (c * p->H + ih) * p->W;
          if (ih < 0 || ih >= p->H) continue;
          for (int64_t ow = 0; ow < p->Wo; ow++) {
            int64_t iw = ow * p->sw - p->pw + kj * p->dw;
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

/* Geometry from x (N, C, [H,] W), w (O, C/groups, [kh,] kw) and p = {stride[k], pad[k], dil[k]}. */
void tp_conv_geometry(conv_geo *g, tp_tensor *x, tp_tensor *w, const int64_t *p, int k, int64_t groups) {
  int two = k == 2;
  g->N = x->shape[0]; g->C = x->shape[1]; g->O = w->shape[0]; g->groups = groups;
  g->H = two ? x->shape[2] : 1; g->W = x->shape[1 + k];
  g->kh = two ? w->shape[2] : 1; g->kw = w->shape[1 + k];
  g->sh = two ? p[0] : 1; g->sw = p[k - 1];
  g->ph = two ? p[k] : 0; g->pw = p[2 * k - 1];
  g->dh = two ? p[2 * k] : 1; g->dw = p[3 * k - 1];
  g->Ho = (g->H + 2 * g->ph - g->dh * (g->kh - 1) - 1) / g->sh + 1;
  g->Wo = (g->W + 2 * g->pw - g->dw * (g->kw - 1) - 1) / g->sw + 1;
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
    int64_t is = x->shape[2 + i] + 2 * p[k + i], kk = p[2 * k + i] * (w->shape[2 + i] - 1) + 1;
    if (is < kk) ok = 0;
    a += (size_t)snprintf(in + a, sizeof in - a, "%s%lld", i ? " x " : "", (long long)is);
    c += (size_t)snprintf(ks + c, sizeof ks - c, "%s%lld", i ? " x " : "", (long long)kk);
  }
  if (!ok)
    return tp_fail_status("Calculated padded input size per channel: (%s). Kernel size: (%s). Kernel size can't be greater than actual input size", in, ks);
  if (b && b->dtype != x->dtype)
    return tp_fail_status("Input type (%s) and bias type (%s) should be the same", tp_conv_ctype(x->dtype), tp_conv_ctype(b->dtype));
  if (w->dtype != x->dtype)
    return tp_fail_status("expected scalar type %s but found %s", tp_dtype_title(x->dtype), tp_dtype_title(w->dtype));
  return tp_float_check(x, k == 2 ? "conv2d" : "conv1d");
}

TP_API tp_tensor *tp_convolution(tp_tensor *x, tp_tensor *w, tp_tensor *b, int k, const double *params, double groups) {
  int64_t p[6], G = tp_clamp_i64(groups);
  if (k != 1 && k != 2) return tp_fail("tensorpad: convolution supports 1 or 2 spatial dims");
  if (w->ndim != k + 2) return tp_fail("tensorpad: convolution expects a %d-D weight", k + 2);
  for (int i = 0; i < 3 * k; i++) p[i] = tp_clamp_i64(params[i]);
  if (tp_conv_check(x, w, b, k, p, G)) return NULL;
  conv_geo g;
  tp_conv_geometry(&g, x, w, p, k, G);
  int dt = x->dtype;
  int64_t shape[4] = {g.N, g.O, k == 2 ? g.Ho : g.Wo, g.Wo};
  tp_tensor *xc = tp_contiguous(x), *wc = xc ? tp_contiguous(w) : NULL, *out = wc ? tp_tensor_make(dt, k + 2, shape) : NULL;
  int rc = out ? 0 : -1;
  if (out) {
    size_t es = ES(dt);
    int64_t L = g.Ho * g.Wo;
    char *o = tp_ptr(out);
    for (int64_t n = 0; n < g.N; n++)
      for (int64_t c = 0; c < g.O; c++) {
        double v = b ? tp_load_f64(tp_ptr(b) + es * (size_t)c * (size_t)b->stride[0], dt) : 0;
        for (int64_t l = 0; l < L; l++) tp_store_f64(o + es * (size_t)((n * g.O + c) * L + l), dt, v);
      }
    rc = tp_conv_forward(dt, &g, tp_ptr(xc), tp_ptr(wc), o);
  }
  if (xc) tp_tensor_release(xc);
  if (wc) tp_tensor_release(wc);
  if (rc) { if (out) tp_tensor_release(out); return NULL; }
  tp_tensor *ins[3] = {x, w, b};
  int64_t iv[9] = {TP_CONV_CONV, k, p[0], p[1], p[2], p[3], p[4], p[5], G};
  return tp_record_kind(TP_GRAD_CONV, "ConvolutionBackward0", 3, ins, out, 9, iv, 2, ins);
}

/* ---- pooling ------------------------------------------------------------------------------
 * Planes of an (N, C, H, W) or (C, H, W) input; iv = {kind, kh, kw, sh, sw, ph, pw, dh, dw,
 * ceil_mode, count_include_pad, divisor_override} (adaptive: {kind}). */

/* ATen's pooling_output_shape. */
static int64_t pool_out(int64_t in, int64_t k, int64_t pad, int64_t s, int64_t d, int ceil) {
  int64_t num = in + 2 * pad - d * (k - 1) - 1 + (ceil ? s - 1 : 0);
  int64_t o = (num >= 0 ? num / s : -((-num + s - 1) / s)) + 1;
  if (ceil && (o - 1) * s >= in + pad) o--;
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

/* Forward of one kind over contiguous x; idx (max pool) gets flat indices within a plane. */
static void pool_run(int kind, const pool_geo *g, int dt, const char *x, char *out, int64_t *idx) {
  size_t es = ES(dt);
  for (int64_t pl = 0; pl < g->P; pl++) {
    const char *xp = x + es * (size_t)(pl * g->H * g->W);
    for (int64_t oh = 0; oh < g->Ho; oh++)
      for (int64_t ow = 0; ow < g->Wo; ow++) {
        int64_t o = (pl * g->Ho + oh) * g->Wo + ow;
        double v = 0;
        if (kind == TP_CONV_MAX_POOL || kind == TP_CONV_ADAPTIVE_MAX) {
          int64_t h0, w0, h1, w1;
          if (kind == TP_CONV_MAX_POOL) {
            h0 = oh * g->sh - g->ph; w0 = ow * g->sw - g->pw;
            h1 = h0 + (g->kh - 1) * g->dh + 1; w1 = w0 + (g->kw - 1) * g->dw + 1;
            if (h1 > g->H) h1 = g->H;
            if (w1 > g->W) w1 = g->W;
            while (h0 < 0) h0 += g->dh;
            while (w0 < 0) w0 += g->dw;
          } else {  /* adaptive windows, stride 1 (dh = dw = 1 in its geometry) */
            h0 = tp_adapt_start(oh, g->H, g->Ho); h1 = tp_adapt_end(oh, g->H, g->Ho);
            w0 = tp_adapt_start(ow, g->W, g->Wo); w1 = tp_adapt_end(ow, g->W, g->Wo);
          }
          int64_t best = h0 * g->W + w0;
          v = -INFINITY;
          for (int64_t ih = h0; ih < h1; ih += g->dh)
            for (int64_t iw = w0; iw < w1; iw += g->dw) {
              double e = tp_load_f64(xp + es * (size_t)(ih * g->W + iw), dt);
              if (e > v || isnan(e)) { v = e; best = ih * g->W + iw; }
            }
          idx[o] = best;
        } else {
          int64_t h0, h1, w0, w1;
          double div = 1;
          if (kind == TP_CONV_AVG_POOL) {
            div = tp_avg_window(g, oh, ow, &h0, &h1, &w0, &w1);
          } else {
            h0 = tp_adapt_start(oh, g->H, g->Ho); h1 = tp_adapt_end(oh, g->H, g->Ho);
            w0 = tp_adapt_start(ow, g->W, g->Wo); w1 = tp_adapt_end(ow, g->W, g->Wo);
            div = (double)((h1 - h0) * (w1 - w0));
          }
          if (h0 < h1 && w0 < w1) {
            for (int64_t ih = h0; ih < h1; ih++)
              for (int64_t iw = w0; iw < w1; iw++) v += tp_load_f64(xp + es * (size_t)(ih * g->W + iw), dt);
            v /= div;
          }
        }
        tp_store_f64(out + es * (size_t)o, dt, v);
      }
  }
}

/* dx (zeroed, contiguous) += the gradient of pool_run for dy (contiguous). */
static void pool_back(int kind, const pool_geo *g, int dt, const char *dy, const int64_t *idx, char *dx) {
  size_t es = ES(dt);
  for (int64_t pl = 0; pl < g->P; pl++) {
    char *xp = dx + es * (size_t)(pl * g->H * g->W);
    for (int64_t oh = 0; oh < g->Ho; oh++)
      for (int64_t ow = 0; ow < g->Wo; ow++) {
        int64_t o = (pl * g->Ho + oh) * g->Wo + ow;
        double d = tp_load_f64(dy + es * (size_t)o, dt);
        if (kind == TP_CONV_MAX_POOL || kind == TP_CONV_ADAPTIVE_MAX) {
          char *q = xp + es * (size_t)idx[o];
          tp_store_f64(q, dt, tp_load_f64(q, dt) + d);
          continue;
        }
        int64_t h0, h1, w0, w1;
        double div;
        if (kind == TP_CONV_AVG_POOL) {
          div = tp_avg_window(g, oh, ow, &h0, &h1, &w0, &w1);
        } else {
          h0 = tp_adapt_start(oh, g->H, g->Ho); h1 = tp_adapt_end(oh, g->H, g->Ho);
          w0 = tp_adapt_start(ow, g->W, g->Wo); w1 = tp_adapt_end(ow, g->W, g->Wo);
          div = (double)((h1 - h0) * (w1 - w0));
        }
        for (int64_t ih = h0; ih < h1; ih++)
          for (int64_t iw = w0; iw < w1; iw++) {
            char *q = xp + es * (size_t)(ih * g->W + iw);
            tp_store_f64(q, dt, tp_load_f64(q, dt) + d / div);
          }
      }
  }
}

static const char *pool_fn_name(int kind) {
  return kind == TP_CONV_MAX_POOL ? "MaxPool2DWithIndicesBackward0"
         : kind == TP_CONV_AVG_POOL ? "AvgPool2DBackward0"
         : kind == TP_CONV_ADAPTIVE_MAX ? "AdaptiveMaxPool2DBackward0" : "AdaptiveAvgPool2DBackward0";
}

/* max_pool2d (with indices in *indices) and avg_pool2d; params in tp_args():
 * {kh, kw, sh, sw, ph, pw, dh, dw, ceil_mode, count_include_pad, divisor_override, has_divisor}. */
static tp_tensor *pool2d(int kind, tp_tensor *x, const double *a, tp_tensor **indices) {
  int64_t iv[13] = {kind};
  for (int i = 0; i < 12; i++) iv[1 + i] = tp_clamp_i64(a[i]);
  pool_geo g;
  if (tp_pool_setup(&g, x, iv, kind == TP_CONV_MAX_POOL ? "max_pool2d" : "avg_pool2d", kind == TP_CONV_MAX_POOL)) return NULL;
  int dt = x->dtype;
  tp_tensor *xc = tp_contiguous(x), *out = xc ? tp_pool_like(x, dt, g.Ho, g.Wo) : NULL;
  tp_tensor *idx = out && kind == TP_CONV_MAX_POOL ? tp_pool_like(x, TP_INT64, g.Ho, g.Wo) : NULL;
  if (!out || (kind == TP_CONV_MAX_POOL && !idx)) {
    if (xc) tp_tensor_release(xc);
    if (out) tp_tensor_release(out);
    return NULL;
  }
  pool_run(kind, &g, dt, tp_ptr(xc), tp_ptr(out), idx ? (int64_t *)(void *)tp_ptr(idx) : NULL);
  tp_tensor_release(xc);
  tp_tensor *save[2] = {x, idx};
  out = tp_record_kind(TP_GRAD_CONV, pool_fn_name(kind), 1, &x, out, 13, iv, idx ? 2 : 1, save);
  if (!out) { if (idx) tp_tensor_release(idx); return NULL; }
  if (indices) *indices = idx;
  else if (idx) tp_tensor_release(idx);
  return out;
}

TP_API int tp_max_pool2d(tp_tensor *x, const double *params, tp_tensor **out) {
  tp_tensor *idx = NULL, *v = pool2d(TP_CONV_MAX_POOL, x, params, &idx);
  if (!v) return -1;
  out[0] = v;
  out[1] = idx;
  return 0;
}
TP_API tp_tensor *tp_avg_pool2d(tp_tensor *x, const double *params) { return pool2d(TP_CONV_AVG_POOL, x, params, NULL); }

/* adaptive_avg_pool2d / adaptive_max_pool2d (indices in *indices) with ATen's checks. */
static tp_tensor *adaptive2d(int kind, tp_tensor *x, double oh, double ow, tp_tensor **indices) {
  int64_t Ho = tp_clamp_i64(oh), Wo = tp_clamp_i64(ow);
  const char *name = kind == TP_CONV_ADAPTIVE_MAX ? "adaptive_max_pool2d" : "adaptive_avg_pool2d";
  if (x->ndim != 3 && x->ndim != 4) {
    char xs[160];
    tp_format_shape(xs, sizeof xs, x->ndim, x->shape);
    return tp_fail(kind == TP_CONV_ADAPTIVE_MAX ? "%s(): Expected 3D or 4D tensor, but got: %s" : "%s(): Expected 3D or 4D tensor, but got %s", name, xs);
  }
  if (kind != TP_CONV_ADAPTIVE_MAX && (Ho < 0 || Wo < 0))
    return tp_fail("adaptive_avg_pool2d: elements of output_size must be greater than or equal to 0 but received {%lld, %lld}", (long long)Ho, (long long)Wo);
  for (int d = 1; d < x->ndim; d++)
    if (x->shape[d] == 0) {
      char xs[160];
      tp_format_shape(xs, sizeof xs, x->ndim, x->shape);
      return tp_fail("%s(): Expected input to have non-zero size for non-batch dimensions, but input has sizes %s with dimension %d being empty", name, xs, d);
    }
  if (Ho < 0 || Wo < 0) {
    int64_t shape[4];
    memcpy(shape, x->shape, sizeof(int64_t) * (size_t)x->ndim);
    shape[x->ndim - 2] = Ho; shape[x->ndim - 1] = Wo;
    char xs[160];
    tp_format_shape(xs, sizeof xs, x->ndim, shape);
    return tp_fail("Trying to create tensor with negative dimension %lld: %s", (long long)(Ho < 0 ? Ho : Wo), xs);
  }
  if (tp_float_check(x, name)) return NULL;
  pool_geo g = {0};
  int b = x->ndim == 4;
  g.P = (b ? x->shape[0] : 1) * x->shape[b];
  g.H = x->shape[b + 1]; g.W = x->shape[b + 2]; g.Ho = Ho; g.Wo = Wo; g.dh = g.dw = 1;
  tp_tensor *xc = tp_contiguous(x), *out = xc ? tp_pool_like(x, x->dtype, Ho, Wo) : NULL;
  tp_tensor *idx = out && kind == TP_CONV_ADAPTIVE_MAX ? tp_pool_like(x, TP_INT64, Ho, Wo) : NULL;
  if (!out || (kind == TP_CONV_ADAPTIVE_MAX && !idx)) {
    if (xc) tp_tensor_release(xc);
    if (out) tp_tensor_release(out);
    return NULL;
  }
  pool_run(kind, &g, x->dtype, tp_ptr(xc), tp_ptr(out), idx ? (int64_t *)(void *)tp_ptr(idx) : NULL);
  tp_tensor_release(xc);
  int64_t iv[3] = {kind, Ho, Wo};
  tp_tensor *save[2] = {x, idx};
  out = tp_record_kind(TP_GRAD_CONV, pool_fn_name(kind), 1, &x, out, 3, iv, idx ? 2 : 1, save);
  if (!out) { if (idx) tp_tensor_release(idx); return NULL; }
  if (indices) *indices = idx;
  return out;
}

TP_API tp_tensor *tp_adaptive_avg_pool2d(tp_tensor *x, double oh, double ow) { return adaptive2d(TP_CONV_ADAPTIVE_AVG, x, oh, ow, NULL); }
TP_API int tp_adaptive_max_pool2d(tp_tensor *x, double oh, double ow, tp_tensor **out) {
  tp_tensor *idx = NULL, *v = adaptive2d(TP_CONV_ADAPTIVE_MAX, x, oh, ow, &idx);
  if (!v) return -1;
  out[0] = v;
  out[1] = idx;
  return 0;
}

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

TP_API tp_tensor *tp_upsample(tp_tensor *x, int mode, int align_corners, double oh, double ow, double sh, double sw) {
  int k = x->ndim - 2;
  if (k != 1 && k != 2) return tp_fail("tensorpad: upsample expects a 3-D or 4-D input");
  int64_t iv[7] = {TP_CONV_UPSAMPLE, mode, mode == 1 || mode == 2 ? align_corners : 0, tp_clamp_i64(oh), tp_clamp_i64(ow), 0, 0};
  memcpy(&iv[5], &sh, sizeof(double));
  memcpy(&iv[6], &sw, sizeof(double));
  up_geo g;
  tp_up_geometry(&g, x, iv);
  if (k == 2 && (g.H <= 0 || g.W <= 0 || g.Ho <= 0 || g.Wo <= 0))
    return tp_fail("Input and output sizes should be greater than 0, but got input (H: %lld, W: %lld) output (H: %lld, W: %lld)",
                   (long long)g.H, (long long)g.W, (long long)g.Ho, (long long)g.Wo);
  if (k == 1 && (g.W <= 0 || g.Wo <= 0))
    return tp_fail("Input and output sizes should be greater than 0, but got input (W: %lld) and output (W: %lld)", (long long)g.W, (long long)g.Wo);
  if (x->shape[1] == 0) {
    char xs[160];
    tp_format_shape(xs, sizeof xs, x->ndim, x->shape);
    return tp_fail("Non-empty %dD data tensor expected but got a tensor with sizes %s", x->ndim, xs);
  }
  if (mode < 0 || mode > 3 || (mode == 2 && k != 2)) return tp_fail("tensorpad: upsample mode %d is not supported for a %d-D input", mode, x->ndim);
  static const char *wname[4] = {"compute_indices_weights_nearest", "compute_indices_weights_linear", "compute_indices_weights_cubic",
                                 "compute_indices_weights_nearest"};
  if (tp_float_check(x, wname[mode])) return NULL;
  int64_t shape[4] = {x->shape[0], x->shape[1], k == 2 ? g.Ho : g.Wo, g.Wo};
  tp_tensor *xc = tp_contiguous(x), *out = xc ? tp_tensor_make(x->dtype, k + 2, shape) : NULL;
  if (!out) { if (xc) tp_tensor_release(xc); return NULL; }
  tp_up_run(&g, x->dtype, tp_ptr(xc), tp_ptr(out), NULL);
  tp_tensor_release(xc);
  static const char *names[2][4] = {
      {"UpsampleNearest1DBackward1", "UpsampleLinear1DBackward1", NULL /* refused above */, "UpsampleNearestExact1DBackward1"},
      {"UpsampleNearest2DBackward1", "UpsampleBilinear2DBackward1", "UpsampleBicubic2DBackward1", "UpsampleNearestExact2DBackward1"}};
  return tp_record_kind(TP_GRAD_CONV, names[k - 1][mode], 1, &x, out, 7, iv, 1, &x);
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
  g->H = (g->Ho - 1) * g->sh - 2 * g->ph + g->dh * (g->kh - 1) + iv[9] + 1;
  g->W = (g->Wo - 1) * g->sw - 2 * g->pw + g->dw * (g->kw - 1) + iv[10] + 1;
}

TP_API tp_tensor *tp_conv_transpose(tp_tensor *x, tp_tensor *w, tp_tensor *b, int k, const double *params, double groups) {
  int64_t p[8], G = tp_clamp_i64(groups);
  char ws[160], xs[160], bs[160];
  if (k != 1 && k != 2) return tp_fail("tensorpad: conv_transpose supports 1 or 2 spatial dims");
  for (int i = 0; i < 4 * k; i++) p[i] = tp_clamp_i64(params[i]);
  if (tp_conv_check_params(k, p, G)) return NULL;
  tp_format_shape(ws, sizeof ws, w->ndim, w->shape);
  tp_format_shape(xs, sizeof xs, x->ndim, x->shape);
  if (w->ndim != x->ndim || w->ndim != k + 2)
    return tp_fail("Expected %d-dimensional input for %d-dimensional weight %s, but got %d-dimensional input of size %s instead",
                   w->ndim, w->ndim, ws, x->ndim, xs);
  if (w->shape[0] < G)
    return tp_fail("Given groups=%lld, expected weight to be at least %lld at dimension 0, but got weight of size %s instead",
                   (long long)G, (long long)G, ws);
  if (w->shape[0] % G)
    return tp_fail("Given groups=%lld, expected weight to be divisible by %lld at dimension 0, but got weight of size [%s] instead",
                   (long long)G, (long long)G, ws);
  if (x->shape[1] != w->shape[0])
    return tp_fail("Given transposed=1, weight of size %s, expected input%s to have %lld channels, but got %lld channels instead",
                   ws, xs, (long long)w->shape[0], (long long)x->shape[1]);
  if (b && (b->ndim != 1 || b->shape[0] != w->shape[1] * G)) {
    tp_format_shape(bs, sizeof bs, b->ndim, b->shape);
    return tp_fail("Given transposed=1, weight of size %s, expected bias to be 1-dimensional with %lld elements, but got bias of size %s instead",
                   ws, (long long)(w->shape[1] * G), bs);
  }
  if (b && b->dtype != x->dtype)
    return tp_fail("Input type (%s) and bias type (%s) should be the same", tp_conv_ctype(x->dtype), tp_conv_ctype(b->dtype));
  if (w->dtype != x->dtype)
    return tp_fail("expected scalar type %s but found %s", tp_dtype_title(x->dtype), tp_dtype_title(w->dtype));
  if (tp_float_check(x, k == 2 ? "conv_transpose2d" : "conv_transpose1d")) return NULL;
  int two = k == 2;
  /* as 2-D: {kind, k, sh, sw, ph, pw, dh, dw, groups, oph, opw} */
  int64_t iv[11] = {TP_CONV_TRANSPOSE, k, two ? p[0] : 1, p[k - 1], two ? p[k] : 0, p[2 * k - 1], two ? p[2 * k] : 1, p[3 * k - 1],
                    G, two ? p[3 * k] : 0, p[4 * k - 1]};
  if ((iv[9] >= iv[2] && iv[9] >= iv[6]) || (iv[10] >= iv[3] && iv[10] >= iv[7]))
    return tp_fail("output padding must be smaller than either stride or dilation, but got output_padding_height: %lld output_padding_width: %lld "
                   "stride_height: %lld stride_width: %lld dilation_height: %lld dilation_width: %lld",
                   (long long)iv[9], (long long)iv[10], (long long)iv[2], (long long)iv[3], (long long)iv[6], (long long)iv[7]);
  conv_geo g;
  tp_convt_geometry(&g, x, w, iv);
  if (g.H < 1 || g.W < 1) {
    if (two)
      return tp_fail("Given input size per channel: (%lld x %lld). Calculated output size per channel: (%lld x %lld). Output size is too small",
                     (long long)g.Ho, (long long)g.Wo, (long long)g.H, (long long)g.W);
    return tp_fail("Given input size per channel: (1 x %lld). Calculated output size per channel: (1 x %lld). Output size is too small",
                   (long long)g.Wo, (long long)g.W);
  }
  int dt = x->dtype;
  int64_t shape[4] = {g.N, g.C, two ? g.H : g.W, g.W};
  tp_tensor *xc = tp_contiguous(x), *wc = xc ? tp_contiguous(w) : NULL, *out = wc ? tp_zeros_like_shape(dt, k + 2, shape) : NULL;
  int rc = out ? 0 : -1;
  if (out) {
    rc = tp_conv_conv_backward(dt, &g, NULL, tp_ptr(wc), tp_ptr(xc), tp_ptr(out), NULL, NULL);
    if (!rc && b) {
      size_t es = ES(dt);
      int64_t L = g.H * g.W;
      char *o = tp_ptr(out);
      for (int64_t n = 0; n < g.N; n++)
        for (int64_t c = 0; c < g.C; c++) {
          double v = tp_load_f64(tp_ptr(b) + es * (size_t)c * (size_t)b->stride[0], dt);
          for (int64_t l = 0; l < L; l++) {
            char *q = o + es * (size_t)((n * g.C + c) * L + l);
            tp_store_f64(q, dt, tp_load_f64(q, dt) + v);
          }
        }
    }
  }
  if (xc) tp_tensor_release(xc);
  if (wc) tp_tensor_release(wc);
  if (rc) { if (out) tp_tensor_release(out); return NULL; }
  tp_tensor *ins[3] = {x, w, b};
  return tp_record_kind(TP_GRAD_CONV, "ConvolutionBackward0", 3, ins, out, 11, iv, 2, ins);
}

/* Gradients of a transposed convolution (gi as tp_conv_backward's). */
static int convt_backward(tp_node *n, tp_tensor *x, tp_tensor *w, tp_tensor *gc, tp_tensor **gi) {
  int dt = x->dtype;
  conv_geo geo;
  tp_convt_geometry(&geo, x, w, n->iv);
  tp_tensor *xc = tp_contiguous(x), *wc = xc ? tp_contiguous(w) : NULL;
  tp_tensor *dx = n->next[0].fn ? tp_zeros_like_shape(dt, x->ndim, x->shape) : NULL;
  tp_tensor *dw = n->next[1].fn ? tp_zeros_like_shape(dt, w->ndim, w->shape) : NULL;
  int64_t C = geo.C;
  tp_tensor *db = n->ninputs > 2 && n->next[2].fn ? tp_zeros_like_shape(dt, 1, &C) : NULL;
  int rc = !wc || (n->next[0].fn && !dx) || (n->next[1].fn && !dw) || (n->ninputs > 2 && n->next[2].fn && !db) ? -1 : 0;
  if (!rc && dx) rc = tp_conv_forward(dt, &geo, tp_ptr(gc), tp_ptr(wc), tp_ptr(dx));
  if (!rc && dw) rc = tp_conv_conv_backward(dt, &geo, tp_ptr(gc), tp_ptr(wc), tp_ptr(xc), NULL, tp_ptr(dw), NULL);
  if (!rc && db) {
    size_t es = ES(dt);
    int64_t L = geo.H * geo.W;
    for (int64_t i = 0; i < geo.N; i++)
      for (int64_t c = 0; c < C; c++) {
        double s = 0;
        for (int64_t l = 0; l < L; l++) s += tp_load_f64(tp_ptr(gc) + es * (size_t)((i * C + c) * L + l), dt);
        tp_store_f64(tp_ptr(db) + es * (size_t)c, dt, tp_load_f64(tp_ptr(db) + es * (size_t)c, dt) + s);
      }
  }
  if (xc) tp_tensor_release(xc);
  if (wc) tp_tensor_release(wc);
  if (rc) {
    if (dx) tp_tensor_release(dx);
    if (dw) tp_tensor_release(dw);
    if (db) tp_tensor_release(db);
    return -1;
  }
  gi[0] = dx; gi[1] = dw;
  if (n->ninputs > 2) gi[2] = db;
  return 0;
}

/* ---- backward ------------------------------------------------------------------------------ */
/* gi[i] for each input whose edge needs a gradient (new tensors; the engine sums/casts). */
int tp_conv_backward(tp_node *n, tp_tensor *g, tp_tensor **gi) {
  if (tp_grad_mode())
    return tp_fail_status("tensorpad: %s does not support create_graph (double backward)", n->name);
  tp_tensor *x = tp_node_unpack(n, 0), *w = NULL, *idx = NULL, *gc = NULL;
  int rc = x ? 0 : -1, dt = x ? x->dtype : 0;
  if (!rc && (n->iv[0] == TP_CONV_CONV || n->iv[0] == TP_CONV_TRANSPOSE)) {
    w = tp_node_unpack(n, 1);
    rc = w ? 0 : -1;
  } else if (!rc && (n->iv[0] == TP_CONV_MAX_POOL || n->iv[0] == TP_CONV_ADAPTIVE_MAX)) {
    idx = tp_node_unpack(n, 1);
    rc = idx ? 0 : -1;
  }
  if (!rc) {
    gc = g->dtype == dt ? tp_contiguous(g) : NULL;
    if (!gc) rc = g->dtype == dt ? -1 : tp_fail_status("tensorpad: %s got a gradient of another dtype", n->name);
  }
  if (!rc && n->iv[0] == TP_CONV_TRANSPOSE) {
    rc = convt_backward(n, x, w, gc, gi);
  } else if (!rc && n->iv[0] == TP_CONV_CONV) {
    int k = (int)n->iv[1];
    conv_geo geo;
    tp_conv_geometry(&geo, x, w, n->iv + 2, k, n->iv[8]);
    tp_tensor *xc = tp_contiguous(x), *wc = xc ? tp_contiguous(w) : NULL;
    tp_tensor *dx = n->next[0].fn ? tp_zeros_like_shape(dt, x->ndim, x->shape) : NULL;
    tp_tensor *dw = n->next[1].fn ? tp_zeros_like_shape(dt, w->ndim, w->shape) : NULL;
    tp_tensor *db = n->ninputs > 2 && n->next[2].fn ? tp_zeros_like_shape(dt, 1, w->shape) : NULL;
    rc = !wc || (n->next[0].fn && !dx) || (n->next[1].fn && !dw) || (n->ninputs > 2 && n->next[2].fn && !db) ? -1 : 0;
    if (!rc)
      rc = tp_conv_conv_backward(dt, &geo, tp_ptr(xc), tp_ptr(wc), tp_ptr(gc), dx ? tp_ptr(dx) : NULL, dw ? tp_ptr(dw) : NULL, db ? tp_ptr(db) : NULL);
    if (xc) tp_tensor_release(xc);
    if (wc) tp_tensor_release(wc);
    if (rc) {
      if (dx) tp_tensor_release(dx);
      if (dw) tp_tensor_release(dw);
      if (db) tp_tensor_release(db);
    } else {
      gi[0] = dx; gi[1] = dw;
      if (n->ninputs > 2) gi[2] = db;
    }
  } else if (!rc && n->iv[0] == TP_CONV_UPSAMPLE) {
    up_geo geo;
    tp_up_geometry(&geo, x, n->iv);
    tp_tensor *dx = tp_zeros_like_shape(dt, x->ndim, x->shape);
    if (dx) {
      tp_up_run(&geo, dt, NULL, tp_ptr(gc), tp_ptr(dx));
      gi[0] = dx;
    } else {
      rc = -1;
    }
  } else if (!rc) {
    pool_geo geo = {0};
    int kind = (int)n->iv[0], b = x->ndim == 4;
    if (kind == TP_CONV_ADAPTIVE_AVG || kind == TP_CONV_ADAPTIVE_MAX) {
      geo.P = (b ? x->shape[0] : 1) * x->shape[b];
      geo.H = x->shape[b + 1]; geo.W = x->shape[b + 2]; geo.Ho = n->iv[1]; geo.Wo = n->iv[2];
    } else {
      rc = tp_pool_setup(&geo, x, n->iv, "pool", 1);
    }
    tp_tensor *dx = rc ? NULL : tp_zeros_like_shape(dt, x->ndim, x->shape);
    if (dx) {
      pool_back(kind, &geo, dt, tp_ptr(gc), idx ? (const int64_t *)(const void *)tp_ptr(idx) : NULL, tp_ptr(dx));
      gi[0] = dx;
    } else {
      rc = -1;
    }
  }
  if (x) tp_tensor_release(x);
  if (w) tp_tensor_release(w);
  if (idx) tp_tensor_release(idx);
  if (gc) tp_tensor_release(gc);
  return rc;
}
