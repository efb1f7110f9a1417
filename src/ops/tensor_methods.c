/* The remaining Tensor methods that compose existing entry points, as PyTorch's own
 * composites do (so the graph they record is PyTorch's): cov, corrcoef (ATen's
 * Correlation.cpp) and fill_diagonal_ (an as_strided view filled in place: CopySlices on a
 * non-leaf, as in PyTorch). Compiled for size; no kernels of its own. */
#include "internal.h"
#include "tensorpad.h"
#include "shape.h"
#include "ops.h"
#include "tensor_methods_kernels.h"
#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

/* Releases up to four temporaries (NULL allowed) and returns r. */
tp_tensor *tp_tensor_methods_drop(tp_tensor *r, tp_tensor *a, tp_tensor *b, tp_tensor *c, tp_tensor *d) {
  tp_tensor *t[4] = {a, b, c, d};
  for (int i = 0; i < 4; i++)
    if (t[i]) tp_tensor_release(t[i]);
  return r;
}

/* cov(input, correction): observations along dim 1 (a vector is one variable).
 *   avg = in.sum(1) / n;  c = mm(in - avg[:, None], (in - avg[:, None]).t());  c / max(n - correction, 0) */
static tp_tensor *cov_impl(const char *fname, tp_tensor *t, double correction) {
  if (t->ndim > 2)
    return tp_fail("%s(): expected input to have two or fewer dimensions but got an input with %d dimensions", fname, t->ndim);
  if (t->dtype == TP_BOOL) return tp_fail("%s(): bool dtype is not supported for input", fname);
  double flat[2] = {1, -1};
  tp_tensor *in = t->ndim < 2 ? tp_view(t, 2, flat) : (tp_tensor_retain(t), t);
  if (!in) return NULL;
  int64_t n = in->shape[1], nf = n - tp_arg_i64(correction);
  tp_tensor *wsum = tp_full(0, NULL, TP_INT64, (double)n);
  tp_tensor *norm = wsum ? tp_full(0, NULL, TP_INT64, nf > 0 ? (double)nf : 0) : NULL;
  double one = 1;
  tp_tensor *s = norm ? tp_reduce(TP_OP_SUM, in, 1, &one, 0, 0, -1) : NULL;
  tp_tensor *avg = s ? tp_binary(TP_OP_DIV, s, wsum, 1) : NULL;
  tp_tensor_methods_drop(NULL, s, wsum, NULL, NULL);
  tp_tensor *avg1 = avg ? tp_unsqueeze(avg, 1) : NULL;
  tp_tensor *cen = avg1 ? tp_binary(TP_OP_SUB, in, avg1, 1) : NULL;
  tp_tensor_methods_drop(NULL, avg, avg1, in, NULL);
  tp_tensor *ct = cen ? tp_t(cen) : NULL;
  tp_tensor *c = ct ? tp_linalg(TP_LINALG_MM, cen, ct) : NULL;
  tp_tensor_methods_drop(NULL, cen, ct, NULL, NULL);
  tp_tensor *q = c ? tp_binary(TP_OP_DIV, c, norm, 1) : NULL;
  tp_tensor_methods_drop(NULL, c, norm, NULL, NULL);
  tp_tensor *out = q ? tp_squeeze(q) : NULL;
  return tp_tensor_methods_drop(out, q, NULL, NULL, NULL);
}

TP_API tp_tensor *tp_cov(tp_tensor *t, double correction) { return cov_impl("cov", t, correction); }

/* corrcoef: c = cov(x); c / sqrt(diag(c))[:, None] / sqrt(diag(c))[None, :], clipped to [-1, 1]. */
TP_API tp_tensor *tp_corrcoef(tp_tensor *t) {
  tp_tensor *c = cov_impl("corrcoef", t, 1);
  if (!c || c->ndim == 0) return c ? tp_tensor_methods_drop(tp_binary(TP_OP_DIV, c, c, 1), c, NULL, NULL, NULL) : NULL;
  double col[2] = {-1, 1}, row[2] = {1, -1};
  tp_tensor *d = tp_diag(c, 0), *sd = d ? tp_unary(TP_OP_SQRT, d) : NULL;
  tp_tensor *sc = sd ? tp_view(sd, 2, col) : NULL, *c1 = sc ? tp_binary(TP_OP_DIV, c, sc, 1) : NULL;
  tp_tensor *sr = c1 ? tp_view(sd, 2, row) : NULL, *c2 = sr ? tp_binary(TP_OP_DIV, c1, sr, 1) : NULL;
  tp_tensor_methods_drop(NULL, c, d, sc, c1);
  tp_tensor *out = c2 ? tp_clamp(TP_OP_CLAMP, c2, NULL, NULL, -1, TP_SCALAR_INT, 1, TP_SCALAR_INT) : NULL;
  return tp_tensor_methods_drop(out, sd, sr, c2, NULL);
}

/* fill_diagonal_(value, wrap): the main diagonal of a matrix (or of an n-cube) as one
 * as_strided view, filled; with wrap, a tall matrix's diagonal restarts every width+1 rows. */
TP_API int tp_fill_diagonal_(tp_tensor *t, double value, int wrap) {
  int nd = t->ndim;
  if (nd < 2) return tp_fail_status("dimensions must larger than 1");
  int64_t h = t->shape[0], w = t->shape[1], stride = 0;
  for (int i = 1; i < nd && nd > 2; i++)
    if (t->shape[i] != h) return tp_fail_status("all dimensions of input must be of equal length");
  for (int i = 0; i < nd; i++) stride += t->stride[i];
  int64_t size = h < w ? h : w;
  double ss[2] = {(double)size, (double)stride};
  tp_tensor *diag = tp_as_strided(t, 1, ss, (double)t->offset);
  if (!diag) return -1;
  int rc = tp_fill_(diag, value);
  tp_tensor_release(diag);
  if (rc || !(wrap && nd == 2 && h - 1 > w)) return rc;
  int64_t numel = h * w, step = w + 1;
  double ws[2] = {(double)((numel + step - 1) / step - size), (double)stride};
  tp_tensor *wd = tp_as_strided(t, 1, ws, (double)(t->offset + t->stride[0] * (w + 1)));
  if (!wd) return -1;
  rc = tp_fill_(wd, value);
  tp_tensor_release(wd);
  return rc;
}

int tp_tensor_methods_floating(int dtype) { return dtype == TP_FLOAT32 || dtype == TP_FLOAT64; }

/* where(|x| <= lambd, 0, x): NaN passes through, as ATen's (x >= -l && x <= l) ? 0 : x */
tp_tensor *tp_hardshrink_impl(tp_tensor *x, double lambd) {
  if (!tp_tensor_methods_floating(x->dtype)) return tp_fail("\"hardshrink_cpu\" not implemented for '%s'", tp_dtype_title(x->dtype));
  tp_tensor *ax = tp_unary(TP_OP_ABS, x);
  tp_tensor *in = ax ? tp_binary_scalar(TP_OP_LE, ax, lambd, TP_SCALAR_FLOAT, TP_FORM_PY, 1) : NULL;
  tp_tensor *out = in ? tp_where(in, NULL, x, 0, TP_SCALAR_INT, 0, TP_SCALAR_NONE) : NULL;
  return tp_tensor_methods_drop(out, ax, in, NULL, NULL);
}

/* angle of a real number: pi below 0, NaN for NaN, else 0; integers give float32 */
tp_tensor *tp_angle_impl(tp_tensor *x) {
  tp_tensor *xf = tp_tensor_methods_floating(x->dtype) ? (tp_tensor_retain(x), x) : tp_to_dtype(x, tp_default_float, 0);
  tp_tensor *neg = xf ? tp_binary_scalar(TP_OP_LT, xf, 0, TP_SCALAR_INT, TP_FORM_PY, 1) : NULL;
  tp_tensor *pz = neg ? tp_to_dtype(neg, xf->dtype, 0) : NULL;  /* pi in x's dtype (float64: not float32's pi) */
  tp_tensor *pzf = pz ? tp_binary_scalar(TP_OP_MUL, pz, 3.14159265358979323846, TP_SCALAR_FLOAT, TP_FORM_PY, 1) : NULL;
  tp_tensor *nan = pzf ? tp_unary(TP_OP_ISNAN, xf) : NULL;
  tp_tensor *out = nan ? tp_where(nan, xf, pzf, 0, TP_SCALAR_NONE, 0, TP_SCALAR_NONE) : NULL;
  tp_tensor_methods_drop(NULL, neg, pz, pzf, nan);
  return tp_tensor_methods_drop(out, xf, NULL, NULL, NULL);
}

/* mvlgamma(x, p) = sum_i lgamma(x + (1 - i) / 2), i = 1..p, + p (p - 1) / 4 log(pi), as ATen
 * computes it: args = arange(-p/2 + 1/2, 1/2, 1/2) + x[..., None]. */
tp_tensor *tp_mvlgamma_args(tp_tensor *x, int64_t p) {
  int dt = tp_tensor_methods_floating(x->dtype) ? x->dtype : tp_default_float;
  tp_tensor *r = tp_arange(-(double)p * 0.5 + 0.5, 0.5, 0.5, dt), *xu = r ? tp_unsqueeze(x, -1) : NULL;
  tp_tensor *args = xu ? tp_binary(TP_OP_ADD, r, xu, 1) : NULL;
  return tp_tensor_methods_drop(args, r, xu, NULL, NULL);
}

tp_tensor *tp_mvlgamma_impl(tp_tensor *x, int64_t p) {
  if (x->dtype == TP_BOOL) return tp_fail("The input tensor may not be a boolean tensor.");
  if (p < 1) return tp_fail("p has to be greater than or equal to 1");
  double last = -1;
  tp_tensor *args = tp_mvlgamma_args(x, p), *lg = args ? tp_unary(TP_OP_LGAMMA, args) : NULL;
  tp_tensor *s = lg ? tp_reduce(TP_OP_SUM, lg, 1, &last, 0, 0, -1) : NULL;
  tp_tensor *out = s ? tp_binary_scalar(TP_OP_ADD, s, (double)(p * (p - 1)) * log(3.14159265358979323846) * 0.25,
                                        TP_SCALAR_FLOAT, TP_FORM_ATEN, 1) : NULL;
  return tp_tensor_methods_drop(out, args, lg, s, NULL);
}

/* mvlgamma_: tensors that need no graph only (tensorpad records no in-place MvlgammaBackward). */
TP_API int tp_mvlgamma_(tp_tensor *x, double p) {
  if (tp_is_grad_enabled() && (x->requires_grad || (x->base && x->base->requires_grad)))
    return tp_fail_status("tensorpad: mvlgamma_ on a tensor that requires grad is not supported; use mvlgamma");
  /* ATen's in-place form builds its arange in self's dtype: integers get step 0 */
  if (x->dtype != TP_BOOL && !tp_tensor_methods_floating(x->dtype) && tp_arg_i64(p) >= 1) return tp_fail_status("step must be nonzero");
  int mode = tp_set_grad_enabled(0);
  tp_tensor *out = tp_mvlgamma_impl(x, tp_arg_i64(p));
  int rc = out ? tp_assign_result(x, out) : -1;
  if (out) tp_tensor_release(out);
  tp_set_grad_enabled(mode);
  return rc;
}

/* ---- resize_, set_ and the deprecated resize: a tensor's geometry over a storage ------------
 * As ATen's resize_impl_cpu_ / set_storage_cpu_: contiguous strides for resize_, a storage
 * that grows (never shrinks) when the new geometry reaches past its end (Note [Growing a
 * storage], storage.c), new elements uninitialised. resize_ bumps no version; set_ does. */

TP_API int tp_resize_(tp_tensor *t, int ndim, const double *sizes) {
  if (t->requires_grad) return tp_fail_status("cannot resize variables that require grad");
  int64_t shape[TP_MAX_DIMS], stride[TP_MAX_DIMS];
  for (int d = 0; d < ndim && d < TP_MAX_DIMS; d++)
    if (sizes[d] < 0) return tp_fail_status(FAIL_NUMEL);  /* 1.13's message (with a 0 size it even makes the tensor) */
  double dn = 1;
  for (int d = 0; d < ndim && d < TP_MAX_DIMS; d++) dn *= sizes[d];
  if (dn >= 9223372036854775808.0) return tp_fail_status(FAIL_NUMEL);  /* resize_ multiplies first, as 1.13 */
  if (tp_check_sizes(ndim, sizes, shape)) return -1;
  int same = ndim == t->ndim;
  for (int d = 0; same && d < ndim; d++) same = shape[d] == t->shape[d];
  if (same) return 0;
  tp_contiguous_strides(ndim, shape, stride);
  int64_t numel = tp_shape_numel(ndim, shape), item = tp_dtype_table[t->dtype].itemsize;
  int64_t need;
  if (numel && (__builtin_add_overflow(t->offset, numel, &need) || !tp_mul_ok(need, item, &need)))
    return tp_fail_status(FAIL_NUMEL);
  if (numel && tp_storage_grow(t->storage, need)) return -1;
  t->ndim = (int8_t)ndim;
  memcpy(t->shape, shape, sizeof(int64_t) * ndim);
  memcpy(t->stride, stride, sizeof(int64_t) * ndim);
  return 0;
}

/* Tensor.resize / resize_as (deprecated in 1.13): Python's autograd Function Resize, which
 * keeps the number of elements: an alias viewed to the sizes (a contiguous copy first when
 * x is not contiguous), recorded as ResizeBackward (d x = g viewed back to x's shape). */
/* a + sign * b for decimal digit strings (no sign; a >= b when subtracting), into out. */
static void dec_add(char *out, const char *a, const char *b, int sign) {
  char tmp[400];
  size_t na = strlen(a), nb = strlen(b), k = 0;
  int carry = 0;
  for (size_t i = 0; i < na; i++) {
    int d = a[na - 1 - i] - '0' + sign * (i < nb ? b[nb - 1 - i] - '0' : 0) + carry;
    carry = d < 0 ? -1 : d > 9;
    tmp[k++] = (char)('0' + d - 10 * carry);
  }
  if (carry > 0) tmp[k++] = '1';
  while (k > 1 && tmp[k - 1] == '0') k--;
  for (size_t i = 0; i < k; i++) out[i] = tmp[k - 1 - i];
  out[k] = 0;
}

/* Compares two decimal digit strings without leading zeros. */
static int dec_cmp(const char *a, const char *b) {
  size_t na = strlen(a), nb = strlen(b);
  return na != nb ? (na < nb ? -1 : 1) : strcmp(a, b);
}

/* A number as Python's str() prints what JS passed: integers below 1e16 in full, larger ones
 * as a float's shortest repr (1e+300): the fewest digits p whose %.*g reads back as v, i.e.
 * lies between the midpoints to v's neighbours (a tie reads back as the even mantissa).
 * Exact decimal arithmetic on the integers %.0f prints, not strtod, which would link
 * musl's long double parser (6 KB gzip of wasm) for this one message. */
void tp_py_num(char *buf, size_t cap, double v) {
  double a = fabs(v);
  if (a < 1e16 && v == floor(v)) { tp_snprintf(buf, cap, "%.0f", v); return; }
  if (!isfinite(v) || a != floor(a)) { tp_snprintf(buf, cap, "%.17g", v); return; }  /* only |v| >= 1e16 from tp_resize */
  char s[330], h[330], lo[330], hi[330], d[40], dig[330];
  double up = nextafter(a, INFINITY), dn = nextafter(a, 0);
  tp_snprintf(s, sizeof s, "%.0f", a);
  tp_snprintf(h, sizeof h, "%.0f", (a - dn) / 2);
  dec_add(lo, s, h, -1);
  if (isfinite(up)) tp_snprintf(h, sizeof h, "%.0f", (up - a) / 2);
  dec_add(hi, s, h, 1);
  int e, even = fmod(ldexp(frexp(a, &e), 53), 2) == 0;
  int p = 1;
  for (; p < 17; p++) {
    tp_snprintf(d, sizeof d, "%.*e", p - 1, a);  /* d.ddd...e+X: p digits */
    char *x = strchr(d, 'e');
    size_t k = 0;
    for (char *c = d; c < x; c++)
      if (*c != '.') dig[k++] = *c;
    for (int z = atoi(x + 1) - p + 1; z > 0 && k < sizeof dig - 1; z--) dig[k++] = '0';
    dig[k] = 0;
    int cl = dec_cmp(dig, lo), ch = dec_cmp(dig, hi);
    if ((cl > 0 || (cl == 0 && even)) && (ch < 0 || (ch == 0 && even))) break;
  }
  tp_snprintf(buf, cap, "%.*g", p, v);
}

/* ---- renorm(p, dim, maxnorm): ATen's renorm_out, one RenormBackward0 node -------------------
 * norm = vector_norm(x, p, every dim but `dim`, keepdim); factor = norm > maxnorm ?
 * maxnorm / (norm + 1e-7) : 1 in x's dtype (ATen's renorm_scale_factor kernel); x * factor. */
int tp_renorm_check(tp_tensor *x, double p, int64_t dim, double maxnorm, int64_t *wd) {
  if (!(p > 0)) return tp_fail_status("renorm: non-positive-norm not supported");
  if (!(maxnorm >= 0)) return tp_fail_status("renorm: expected maxnorm to be >= 0 but got %g", maxnorm);
  if (x->ndim < 2) return tp_fail_status("renorm: input needs at least 2 dimensions, got %d dimensions", x->ndim);
  if (tp_wrap_dim(dim, x->ndim, wd)) return -1;
  if (!tp_tensor_methods_floating(x->dtype))
    return tp_fail_status("linalg.vector_norm: Expected a floating point or complex tensor as input. Got %s", tp_dtype_title(x->dtype));
  return 0;
}

tp_tensor *tp_renorm_impl(tp_tensor *x, double p, int64_t dim, double maxnorm) {
  double dims[TP_MAX_DIMS];
  int nd = 0;
  for (int d = 0; d < x->ndim; d++)
    if (d != dim) dims[nd++] = d;
  tp_tensor *norm = tp_reduce(TP_OP_NORM, x, nd, dims, 1, p, -1);
  tp_tensor *f = norm ? tp_contiguous(norm) : NULL;
  if (!f || f == norm) { if (f) tp_tensor_release(f); f = norm ? tp_clone(norm) : NULL; }
  if (norm) tp_tensor_release(norm);
  if (!f) return NULL;
  int64_t n = (int64_t)tp_tensor_numel(f);
  if (f->dtype == TP_FLOAT32) {
    float *v = (float *)tp_ptr(f), mx = (float)maxnorm;
    for (int64_t i = 0; i < n; i++) v[i] = v[i] > mx ? mx / (v[i] + (float)1e-7) : 1.0f;
  } else {
    double *v = (double *)tp_ptr(f);
    for (int64_t i = 0; i < n; i++) v[i] = v[i] > maxnorm ? maxnorm / (v[i] + 1e-7) : 1.0;
  }
  return tp_tensor_methods_drop(tp_binary(TP_OP_MUL, x, f, 1), f, NULL, NULL, NULL);
}

/* ---- histogram(bins | edges, range, weight, density): ATen's histogramdd for one dimension ----
 * Edges: linspace(min, max, bins + 1) in x's dtype over the range (the data's min and max, an
 * empty range widened by 0.5 each side) or the given edges tensor. An element goes to the bin
 * found by interpolation then a local search among the edges (binary search for given edges);
 * elements outside [first, last edge] are dropped, the last bin is closed. out: hist, edges. */
/* "float", "double", "long": a dtype as ATen's messages print a ScalarType in lower case. */
const char *tp_lower_title(int dtype, char *buf) {
  tp_snprintf(buf, 16, "%s", tp_dtype_title(dtype));
  buf[0] = (char)(buf[0] - 'A' + 'a');
  return buf;
}

