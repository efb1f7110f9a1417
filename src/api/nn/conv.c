/* conv.c — the entry points of src/nn/conv.c:
 * each validates, runs the kernel (conv_kernels.h) and records the autograd node. */
#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include "internal.h"
#include "gemm.h"
#include "autograd.h"
#include "derivatives.h"
#include "conv_kernels.h"

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
