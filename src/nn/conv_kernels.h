/* conv_kernels.h — what the kernels of src/nn/conv.c give its entry points
 * (src/api/nn/conv.c), which validate, run them and record the node; not exported. */
#ifndef TP_CONV_KERNELS_H
#define TP_CONV_KERNELS_H
#include "internal.h"
#include "gemm.h"

#define ES(dt) ((size_t)tp_dtype_table[dt].itemsize)

/* Geometry of one convolution, seen as 2-D (a 1-D one has H = kh = 1). */
typedef struct {
  int64_t N, C, H, W, O, kh, kw, Ho, Wo, sh, sw, ph, pw, dh, dw, groups;
} conv_geo;

typedef struct {
  int64_t P, H, W, Ho, Wo, kh, kw, sh, sw, ph, pw, dh, dw, ceil, cip, div;
} pool_geo;

typedef struct {
  int64_t P, H, W, Ho, Wo;
  int mode, ac, f32;
  double sh, sw;
} up_geo;

const char *tp_conv_ctype(int dt);
int tp_conv_forward(int dt, const conv_geo *p, const char *x, const char *w, char *out);
int tp_conv_conv_backward(int dt, const conv_geo *p, const char *x, const char *w, const char *dy, char *dx, char *dw, char *db);
tp_tensor *tp_zeros_like_shape(int dt, int ndim, const int64_t *shape);
int tp_float_check(tp_tensor *t, const char *op);
void tp_conv_geometry(conv_geo *g, tp_tensor *x, tp_tensor *w, const int64_t *p, int k, int64_t groups);
int tp_conv_check_params(int k, const int64_t *p, int64_t groups);
int tp_conv_check(tp_tensor *x, tp_tensor *w, tp_tensor *b, int k, const int64_t *p, int64_t groups);
int tp_pool_setup(pool_geo *g, tp_tensor *x, const int64_t *iv, const char *name, int max);
tp_tensor *tp_pool_like(tp_tensor *x, int dt, int64_t Ho, int64_t Wo);
double tp_avg_window(const pool_geo *g, int64_t oh, int64_t ow, int64_t *h0, int64_t *h1, int64_t *w0, int64_t *w1);
int64_t tp_adapt_start(int64_t o, int64_t in, int64_t out);
int64_t tp_adapt_end(int64_t o, int64_t in, int64_t out);
void tp_up_run(const up_geo *g, int dt, const char *x, char *out, char *dx);
void tp_up_geometry(up_geo *g, tp_tensor *x, const int64_t *iv);
void tp_convt_geometry(conv_geo *g, tp_tensor *x, tp_tensor *w, const int64_t *iv);

#endif
