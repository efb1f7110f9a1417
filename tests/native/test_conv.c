/* Native tests of convolution and pooling (src/nn/conv.c) under ASan+UBSan: conv2d/conv1d
 * forward and backward (through the engine) against a direct loop over every output, for
 * padding, stride, dilation and groups in float32 and float64; the pools' forward and backward
 * at their edges (padding, dilation, ceil_mode, empty windows); errors that leave nothing
 * behind; conv_transpose, upsampling and adaptive max pooling through adjoint identities.
 * Values against PyTorch are in tests/fixtures/conv.json and upsample_transpose.json. */
#include <stdlib.h>
#include "../../src/tensorpad.h"
#include "internal.h"
#include "check.h"
#include "tensors.h"

static tp_tensor *filled(int ndim, const int64_t *shape, int dtype, double scale, int grad) {
  double s[TP_MAX_DIMS];
  for (int d = 0; d < ndim; d++) s[d] = (double)shape[d];
  tp_tensor *t = tp_empty(ndim, s, dtype);
  int64_t n = tp_shape_numel(ndim, shape);
  for (int64_t i = 0; i < n; i++)  /* deterministic, irregular values in [-1, 1] */
    tp_store_f64(tp_ptr(t) + i * tp_dtype_table[dtype].itemsize, dtype, scale * sin(1.7 * (double)i + 0.3));
  if (grad) tp_tensor_requires_grad_(t, 1);
  return t;
}

/* y = conv(x, w, b); L = sum(y * c) with c[i] = cos(i): checks y, dL/dx, dL/dw, dL/db. */
static void check_conv2d(int dtype, int64_t N, int64_t C, int64_t H, int64_t W, int64_t O, int64_t kh, int64_t kw,
                         int64_t sh, int64_t sw, int64_t ph, int64_t pw, int64_t dh, int64_t dw, int64_t G) {
  double live = tp_live_tensors(), tol = dtype == TP_FLOAT32 ? 1e-4 : 1e-10;
  const int64_t xs[4] = {N, C, H, W}, ws[4] = {O, C / G, kh, kw}, bs[1] = {O};
  tp_tensor *x = filled(4, xs, dtype, 1, 1), *w = filled(4, ws, dtype, 0.5, 1), *b = filled(1, bs, dtype, 1, 1);
  double *p = tp_args();
  double prm[6] = {(double)sh, (double)sw, (double)ph, (double)pw, (double)dh, (double)dw};
  memcpy(p, prm, sizeof prm);
  tp_tensor *y = tp_convolution(x, w, b, 2, p, (double)G);
  CHECK(y != NULL);
  if (!y) return;
  int64_t Ho = (H + 2 * ph - dh * (kh - 1) - 1) / sh + 1, Wo = (W + 2 * pw - dw * (kw - 1) - 1) / sw + 1;
  CHECK(y->shape[2] == Ho && y->shape[3] == Wo);
  CHECK_STR(tp_node_name(tp_tensor_grad_fn(y)), "ConvolutionBackward0");
  int64_t nx = N * C * H * W, nw = O * (C / G) * kh * kw, ny = N * O * Ho * Wo;
  double *dx = calloc((size_t)nx, sizeof(double)), *dwr = calloc((size_t)nw, sizeof(double)), *db = calloc((size_t)O, sizeof(double));
  double *cy = malloc(sizeof(double) * (size_t)ny);
  for (int64_t i = 0; i < ny; i++) cy[i] = cos((double)i);
  int64_t Cg = C / G, Og = O / G, bad = 0;
  for (int64_t n = 0; n < N; n++)
    for (int64_t o = 0; o < O; o++)
      for (int64_t oh = 0; oh < Ho; oh++)
        for (int64_t ow = 0; ow < Wo; ow++) {
          int64_t yi = ((n * O + o) * Ho + oh) * Wo + ow, g = o / Og;
          double s = el(b, o), c = cy[yi];
          db[o] += c;
          for (int64_t ci = 0; ci < Cg; ci++)
            for (int64_t i = 0; i < kh; i++)
              for (int64_t j = 0; j < kw; j++) {
                int64_t ih = oh * sh - ph + i * dh, iw = ow * sw - pw + j * dw;
                if (ih < 0 || ih >= H || iw < 0 || iw >= W) continue;
                int64_t xi = ((n * C + g * Cg + ci) * H + ih) * W + iw, wi = ((o * Cg + ci) * kh + i) * kw + j;
                s += el(x, xi) * el(w, wi);
                dx[xi] += c * el(w, wi);
                dwr[wi] += c * el(x, xi);
              }
          if (fabs(el(y, yi) - s) > tol) bad++;
        }
  CHECK(bad == 0);
  const double ys[4] = {(double)N, (double)O, (double)Ho, (double)Wo};
  tp_tensor *ct = tp_empty(4, ys, dtype);
  for (int64_t i = 0; i < ny; i++) tp_store_f64(tp_ptr(ct) + i * tp_dtype_table[dtype].itemsize, dtype, cy[i]);
  CHECK(tp_backward(1, &y, &ct, 0, 0) == 0);
  tp_tensor *gx = tp_tensor_grad(x), *gw = tp_tensor_grad(w), *gb = tp_tensor_grad(b);
  CHECK(gx && gw && gb);
  if (gx && gw && gb) {
    bad = 0;
    for (int64_t i = 0; i < nx; i++) bad += fabs(el(gx, i) - dx[i]) > tol;
    for (int64_t i = 0; i < nw; i++) bad += fabs(el(gw, i) - dwr[i]) > tol * 10;
    for (int64_t i = 0; i < O; i++) bad += fabs(el(gb, i) - db[i]) > tol * 10;
    CHECK(bad == 0);
  }
  free(dx); free(dwr); free(db); free(cy);
  tp_tensor_release(ct);
  tp_tensor_release(y);
  tp_tensor_release(x); tp_tensor_release(w); tp_tensor_release(b);
  CHECK(tp_live_tensors() == live);
}

static void test_conv(void) {
  for (int dt = 0; dt < 2; dt++) {
    int dtype = dt ? TP_FLOAT64 : TP_FLOAT32;
    check_conv2d(dtype, 2, 3, 5, 6, 4, 3, 3, 1, 1, 0, 0, 1, 1, 1);
    check_conv2d(dtype, 1, 2, 7, 6, 3, 3, 2, 2, 1, 1, 2, 1, 2, 1);
    check_conv2d(dtype, 2, 4, 6, 5, 6, 2, 3, 1, 2, 1, 1, 2, 1, 2);
    check_conv2d(dtype, 1, 3, 4, 4, 3, 1, 1, 3, 3, 0, 0, 1, 1, 3);   /* depthwise 1x1, stride past the edge */
    check_conv2d(dtype, 1, 1, 1, 9, 2, 1, 3, 1, 2, 0, 1, 1, 2, 1);   /* conv1d's layout */
  }
}

static void test_conv1d_and_errors(void) {
  double live = tp_live_tensors();
  const int64_t xs[3] = {2, 3, 8}, ws[3] = {4, 3, 3}, w4[4] = {4, 1, 3, 3};
  tp_tensor *x = filled(3, xs, TP_FLOAT32, 1, 1), *w = filled(3, ws, TP_FLOAT32, 1, 0), *w2 = filled(4, w4, TP_FLOAT32, 1, 0);
  double *p = tp_args();
  p[0] = 2; p[1] = 1; p[2] = 1;
  tp_tensor *y = tp_convolution(x, w, NULL, 1, p, 1);
  CHECK(y && y->ndim == 3 && y->shape[2] == 4);
  if (y) tp_tensor_release(y);
  p[0] = 1; p[1] = 1; p[2] = 0; p[3] = 0; p[4] = 1; p[5] = 1;
  CHECK(tp_convolution(x, w2, NULL, 2, p, 1) == NULL);
  CHECK_STR(tp_last_error(), "Expected 4-dimensional input for 4-dimensional weight [4, 1, 3, 3], but got 3-dimensional input of size [2, 3, 8] instead");
  p[0] = 1; p[1] = 0; p[2] = 5;
  CHECK(tp_convolution(x, w, NULL, 1, p, 1) == NULL);
  CHECK_STR(tp_last_error(), "Calculated padded input size per channel: (8). Kernel size: (11). Kernel size can't be greater than actual input size");
  tp_tensor_release(x); tp_tensor_release(w); tp_tensor_release(w2);
  CHECK(tp_live_tensors() == live);
}

/* Pools at their edges, forward and backward through the engine; ASan checks the windows. */
static void test_pools(void) {
  double live = tp_live_tensors();
  const int64_t xs[4] = {2, 3, 7, 6};
  tp_tensor *x = filled(4, xs, TP_FLOAT64, 1, 1);
  const double cfg[][12] = {
    {3, 3, 2, 2, 1, 1, 1, 1, 1, 1, 0, 0},  /* padded, ceil */
    {2, 3, 1, 2, 1, 1, 2, 2, 0, 1, 0, 0},  /* dilated */
    {3, 2, 3, 3, 1, 1, 1, 1, 1, 0, 0, 0},  /* ceil with exclude-pad windows at the edge */
    {2, 2, 2, 2, 0, 0, 1, 1, 1, 1, 3, 1},  /* divisor_override */
  };
  for (int i = 0; i < 4; i++) {
    for (int kind = 0; kind < 2; kind++) {
      if (kind == 1 && (cfg[i][6] != 1 || cfg[i][7] != 1)) continue;  /* avg_pool2d has no dilation */
      memcpy(tp_args(), cfg[i], sizeof cfg[i]);
      tp_tensor *out[2] = {NULL, NULL}, *y;
      if (kind == 0) {
        CHECK(tp_max_pool2d(x, tp_args(), out) == 0);
        y = out[0];
      } else {
        y = tp_avg_pool2d(x, tp_args());
      }
      CHECK(y != NULL);
      if (!y) continue;
      tp_tensor *s = tp_reduce(TP_OP_SUM, y, -1, NULL, 0, 0, -1);
      CHECK(tp_backward(1, &s, (tp_tensor *[]){NULL}, 0, 0) == 0);
      tp_tensor_release(s);
      tp_tensor_release(y);
      if (out[1]) tp_tensor_release(out[1]);
    }
  }
  tp_tensor *a = tp_adaptive_avg_pool2d(x, 4, 5);
  CHECK(a && a->shape[2] == 4 && a->shape[3] == 5);
  tp_tensor *s = tp_reduce(TP_OP_SUM, a, -1, NULL, 0, 0, -1);
  CHECK(tp_backward(1, &s, (tp_tensor *[]){NULL}, 0, 0) == 0);
  tp_tensor *g = tp_tensor_grad(x);
  CHECK(g != NULL);
  tp_tensor_release(s);
  tp_tensor_release(a);
  const double big[12] = {8, 8, 8, 8, 0, 0, 1, 1, 0, 1, 0, 0};
  memcpy(tp_args(), big, sizeof big);
  CHECK(tp_avg_pool2d(x, tp_args()) == NULL);
  CHECK_STR(tp_last_error(), "Given input size: (3x7x6). Calculated output size: (3x0x0). Output size is too small");
  tp_tensor_release(x);
  CHECK(tp_live_tensors() == live);
}

/* ---- conv_transpose, upsampling, adaptive max pooling (tests/fixtures/upsample_transpose.json's ops) ----------------- */
static double dot(const tp_tensor *a, const tp_tensor *b) {
  double s = 0;
  int64_t n = tp_shape_numel(a->ndim, a->shape);
  for (int64_t i = 0; i < n; i++) s += el(a, i) * el(b, i);
  return s;
}

/* y = convT(x, w) + b, backward with c: <y, c> = <x, dx> + <b, db> = <w, dw> + <b, db> (linear
 * in x and in w), and convT is conv's adjoint: <conv(z, w), x> = <z, convT(x, w)>. */
static void check_conv_transpose(const int64_t *xs, const int64_t *ws, const double *prm, int k, int64_t G) {
  double live = tp_live_tensors();
  int nd = k + 2;
  int64_t bs[1] = {ws[1] * G};
  tp_tensor *x = filled(nd, xs, TP_FLOAT64, 1, 1), *w = filled(nd, ws, TP_FLOAT64, 0.5, 1), *b = filled(1, bs, TP_FLOAT64, 1, 1);
  memcpy(tp_args(), prm, sizeof(double) * (size_t)(4 * k));
  tp_tensor *y = tp_conv_transpose(x, w, b, k, tp_args(), (double)G);
  CHECK(y != NULL);
  if (!y) return;
  CHECK_STR(tp_node_name(tp_tensor_grad_fn(y)), "ConvolutionBackward0");
  tp_tensor *c = filled(nd, y->shape, TP_FLOAT64, 0.7, 0), *z = filled(nd, y->shape, TP_FLOAT64, 0.3, 0);
  CHECK(tp_backward(1, &y, &c, 0, 0) == 0);
  tp_tensor *gx = tp_tensor_grad(x), *gw = tp_tensor_grad(w), *gb = tp_tensor_grad(b);
  CHECK(gx && gw && gb);
  if (gx && gw && gb) {
    double yc = dot(y, c), bterm = dot(b, gb);
    CHECK(fabs(yc - dot(x, gx) - bterm) < 1e-9 * (1 + fabs(yc)));
    CHECK(fabs(yc - dot(w, gw) - bterm) < 1e-9 * (1 + fabs(yc)));
  }
  /* adjointness against tp_convolution with the same stride, padding and dilation */
  memcpy(tp_args(), prm, sizeof(double) * (size_t)(3 * k));
  tp_tensor *cz = tp_convolution(z, w, NULL, k, tp_args(), (double)G);
  memcpy(tp_args(), prm, sizeof(double) * (size_t)(4 * k));
  tp_tensor *tx = tp_conv_transpose(x, w, NULL, k, tp_args(), (double)G);
  CHECK(cz && tx);
  if (cz && tx) {
    double l = dot(cz, x), r = dot(z, tx);
    CHECK(fabs(l - r) < 1e-9 * (1 + fabs(l)));
  }
  if (cz) tp_tensor_release(cz);
  if (tx) tp_tensor_release(tx);
  tp_tensor_release(c); tp_tensor_release(z); tp_tensor_release(y);
  tp_tensor_release(x); tp_tensor_release(w); tp_tensor_release(b);
  CHECK(tp_live_tensors() == live);
}

static void test_conv_transpose(void) {
  const int64_t x2[4] = {2, 4, 3, 4}, w2[4] = {4, 3, 3, 2};
  const double p2[8] = {2, 1, 1, 0, 1, 2, 1, 0};  /* stride (2, 1), pad (1, 0), dil (1, 2), outpad (1, 0) */
  check_conv_transpose(x2, w2, p2, 2, 1);
  check_conv_transpose(x2, w2, p2, 2, 2);
  const int64_t x1[3] = {2, 3, 5}, w1[3] = {3, 2, 3};
  const double p1[4] = {3, 1, 2, 2};
  check_conv_transpose(x1, w1, p1, 1, 1);
  /* errors leave nothing behind */
  double live = tp_live_tensors();
  tp_tensor *x = filled(4, x2, TP_FLOAT64, 1, 0), *w = filled(4, w2, TP_FLOAT64, 1, 0);
  const double bad[8] = {1, 1, 0, 0, 1, 1, 1, 0};
  memcpy(tp_args(), bad, sizeof bad);
  CHECK(tp_conv_transpose(x, w, NULL, 2, tp_args(), 1) == NULL);
  CHECK_STR(tp_last_error(), "output padding must be smaller than either stride or dilation, but got output_padding_height: 1 "
                             "output_padding_width: 0 stride_height: 1 stride_width: 1 dilation_height: 1 dilation_width: 1");
  tp_tensor_release(x); tp_tensor_release(w);
  CHECK(tp_live_tensors() == live);
}

/* Every upsampling mode: <up(x), c> = <x, dx> (backward is forward's transpose); ASan checks
 * the clamped taps at the edges. */
static void test_upsample(void) {
  double live = tp_live_tensors();
  const int64_t xs[4] = {2, 3, 5, 4}, x1[3] = {2, 3, 7};
  const double sizes[][4] = {{7, 9, 0, 0}, {3, 2, 0, 0}, {10, 8, 0, 0}, {5, 4, 0, 0}, {8, 6, 1.7, 1.5}};
  for (int mode = 0; mode < 4; mode++)
    for (int ac = 0; ac < 2; ac++)
      for (int i = 0; i < 5; i++)
        for (int k = 1; k <= 2; k++) {
          if ((mode == 0 || mode == 3) && ac) continue;
          if (mode == 2 && k == 1) continue;
          tp_tensor *x = k == 2 ? filled(4, xs, TP_FLOAT64, 1, 1) : filled(3, x1, TP_FLOAT64, 1, 1);
          tp_tensor *y = tp_upsample(x, mode, ac, sizes[i][0], sizes[i][1], sizes[i][2], sizes[i][3]);
          CHECK(y != NULL);
          if (!y) { tp_tensor_release(x); continue; }
          tp_tensor *c = filled(y->ndim, y->shape, TP_FLOAT64, 0.7, 0);
          CHECK(tp_backward(1, &y, &c, 0, 0) == 0);
          tp_tensor *gx = tp_tensor_grad(x);
          CHECK(gx != NULL);
          if (gx) CHECK(fabs(dot(y, c) - dot(x, gx)) < 1e-9 * (1 + fabs(dot(y, c))));
          tp_tensor_release(c); tp_tensor_release(y); tp_tensor_release(x);
        }
  tp_tensor *x = filled(4, xs, TP_FLOAT64, 1, 0);
  CHECK(tp_upsample(x, 1, 0, 0, 3, 0, 0) == NULL);
  CHECK_STR(tp_last_error(), "Input and output sizes should be greater than 0, but got input (H: 5, W: 4) output (H: 0, W: 3)");
  tp_tensor_release(x);
  CHECK(tp_live_tensors() == live);
}

static void test_adaptive_max(void) {
  double live = tp_live_tensors();
  const int64_t xs[4] = {2, 3, 7, 5};
  tp_tensor *x = filled(4, xs, TP_FLOAT64, 1, 1), *out[2] = {NULL, NULL};
  CHECK(tp_adaptive_max_pool2d(x, 3, 4, out) == 0);
  CHECK(out[0] && out[1] && out[0]->shape[2] == 3 && out[0]->shape[3] == 4);
  if (out[0] && out[1]) {
    CHECK_STR(tp_node_name(tp_tensor_grad_fn(out[0])), "AdaptiveMaxPool2DBackward0");
    int64_t bad = 0;
    for (int64_t i = 0; i < 2 * 3 * 12; i++) {  /* each value is the input at its index */
      int64_t plane = i / 12, at = (int64_t)el(out[1], i);
      bad += el(out[0], i) != el(x, plane * 35 + at);
    }
    CHECK(bad == 0);
    tp_tensor *s = tp_reduce(TP_OP_SUM, out[0], -1, NULL, 0, 0, -1);
    CHECK(tp_backward(1, &s, (tp_tensor *[]){NULL}, 0, 0) == 0);
    tp_tensor *g = tp_tensor_grad(x);
    CHECK(g != NULL);
    if (g) {
      double total = 0;
      for (int64_t i = 0; i < 2 * 3 * 35; i++) total += el(g, i);
      CHECK(total == 2 * 3 * 12);
    }
    tp_tensor_release(s);
    tp_tensor_release(out[0]);
    tp_tensor_release(out[1]);
  }
  tp_tensor_release(x);
  CHECK(tp_live_tensors() == live);
}

int main(void) {
  test_conv();
  test_conv1d_and_errors();
  test_pools();
  test_conv_transpose();
  test_upsample();
  test_adaptive_max();
  TEST_MAIN_END();
}
