/* The remaining Tensor methods that compose existing entry points, as PyTorch's own
 * composites do (so the graph they record is PyTorch's): cov, corrcoef (ATen's
 * Correlation.cpp) and fill_diagonal_ (an as_strided view filled in place: CopySlices on a
 * non-leaf, as in PyTorch). Compiled for size; no kernels of its own. */
#include "internal.h"
#include "tensorpad.h"
#include "autograd.h"
#include "derivatives.h"
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

/* ---- hardshrink, angle, prelu: one node each (TP_GRAD_TENSOR_METHOD, formulas at the end of
 * derivatives.c), forwards composed below autograd ----------------------------------------- */
#define BELOW(type, var, call)          \
  int mode_ = tp_set_grad_enabled(0);   \
  type var = (call);                    \
  tp_set_grad_enabled(mode_)

int tp_tensor_methods_floating(int dtype) { return dtype == TP_FLOAT32 || dtype == TP_FLOAT64; }

/* where(|x| <= lambd, 0, x): NaN passes through, as ATen's (x >= -l && x <= l) ? 0 : x */
tp_tensor *tp_hardshrink_impl(tp_tensor *x, double lambd) {
  if (!tp_tensor_methods_floating(x->dtype)) return tp_fail("\"hardshrink_cpu\" not implemented for '%s'", tp_dtype_title(x->dtype));
  tp_tensor *ax = tp_unary(TP_OP_ABS, x);
  tp_tensor *in = ax ? tp_binary_scalar(TP_OP_LE, ax, lambd, TP_SCALAR_FLOAT, TP_FORM_PY, 1) : NULL;
  tp_tensor *out = in ? tp_where(in, NULL, x, 0, TP_SCALAR_INT, 0, TP_SCALAR_NONE) : NULL;
  return tp_tensor_methods_drop(out, ax, in, NULL, NULL);
}

static tp_tensor *record_tensor_method(const char *name, int which, int nin, tp_tensor *const *ins, tp_tensor *out, int nsave,
                              tp_tensor *const *save, double s0) {
  if (!out || !tp_any_requires_grad(nin, ins)) return out;
  int64_t iv[1] = {which};
  out = tp_record_kind(TP_GRAD_TENSOR_METHOD, name, nin, ins, out, 1, iv, nsave, save);
  if (out && out->grad_fn && out->grad_fn->kind == TP_GRAD_TENSOR_METHOD) out->grad_fn->s[0] = s0;
  return out;
}

TP_API tp_tensor *tp_hardshrink(tp_tensor *x, double lambd) {
  BELOW(tp_tensor *, out, tp_hardshrink_impl(x, lambd));
  return record_tensor_method("HardshrinkBackward0", TP_TM_HARDSHRINK, 1, &x, out, 1, &x, lambd);
}

/* angle of a real number: pi below 0, NaN for NaN, else 0; integers give float32 */
tp_tensor *tp_angle_impl(tp_tensor *x) {
  tp_tensor *xf = tp_tensor_methods_floating(x->dtype) ? (tp_tensor_retain(x), x) : tp_to_dtype(x, tp_default_float, 0);
  tp_tensor *neg = xf ? tp_binary_scalar(TP_OP_LT, xf, 0, TP_SCALAR_INT, TP_FORM_PY, 1) : NULL;
  tp_tensor *pz = neg ? tp_where(neg, NULL, NULL, 3.14159265358979323846, TP_SCALAR_FLOAT, 0, TP_SCALAR_INT) : NULL;
  tp_tensor *pzf = pz ? tp_to_dtype(pz, xf->dtype, 0) : NULL;
  tp_tensor *nan = pzf ? tp_unary(TP_OP_ISNAN, xf) : NULL;
  tp_tensor *out = nan ? tp_where(nan, xf, pzf, 0, TP_SCALAR_NONE, 0, TP_SCALAR_NONE) : NULL;
  tp_tensor_methods_drop(NULL, neg, pz, pzf, nan);
  return tp_tensor_methods_drop(out, xf, NULL, NULL, NULL);
}

TP_API tp_tensor *tp_angle(tp_tensor *x) {
  BELOW(tp_tensor *, out, tp_angle_impl(x));
  return record_tensor_method("AngleBackward0", TP_TM_ANGLE, 1, &x, out, 0, NULL, 0);
}

/* prelu(x, w): x > 0 ? x : w * x, w one value or one per channel (dim 1). The weight viewed
 * so that it broadcasts along dim 1: (C, 1, ..., 1) over x's dims after the first. */
tp_tensor *tp_prelu_weight_view(tp_tensor *x, tp_tensor *w) {
  if (w->ndim == 0 || x->ndim < 2 || (int64_t)tp_tensor_numel(w) == 1) { tp_tensor_retain(w); return w; }
  double s[TP_MAX_DIMS];
  s[0] = (double)tp_tensor_numel(w);
  for (int d = 1; d < x->ndim - 1; d++) s[d] = 1;
  return tp_view(w, x->ndim - 1, s);
}

static tp_tensor *prelu_impl(tp_tensor *x, tp_tensor *w) {
  if (!tp_tensor_methods_floating(x->dtype)) return tp_fail("\"prelu_cpu\" not implemented for '%s'", tp_dtype_title(x->dtype));
  if (w->dtype != x->dtype) return tp_fail("Found dtype %s but expected %s", tp_dtype_title(w->dtype), tp_dtype_title(x->dtype));
  if (w->ndim > 1) return tp_fail("prelu: Expected `weight` to be a scalar or 1D tensor, but got ndim = %d", w->ndim);
  int64_t nw = (int64_t)tp_tensor_numel(w);
  if (nw != 1) {
    if (x->ndim == 0) return tp_fail("Not allow zero-dim input tensor.");
    int64_t ch = x->ndim >= 2 ? x->shape[1] : 1;
    if (nw != ch)
      return tp_fail("Mismatch of parameter numbers and input channel size. Found parameter numbers = %lld and channel size = %lld.",
                     (long long)nw, (long long)ch);
  }
  tp_tensor *wv = tp_prelu_weight_view(x, w);
  tp_tensor *wx = wv ? tp_binary(TP_OP_MUL, wv, x, 1) : NULL;
  tp_tensor *pos = wx ? tp_binary_scalar(TP_OP_GT, x, 0, TP_SCALAR_INT, TP_FORM_PY, 1) : NULL;
  tp_tensor *out = pos ? tp_where(pos, x, wx, 0, TP_SCALAR_NONE, 0, TP_SCALAR_NONE) : NULL;
  if (out && out->ndim != x->ndim) {  /* a 0-d x with a 1-element weight: x's shape */
    tp_tensor *o2 = tp_reshape(out, x->ndim, NULL);
    tp_tensor_release(out);
    out = o2;
  }
  return tp_tensor_methods_drop(out, wv, wx, pos, NULL);
}

TP_API tp_tensor *tp_prelu(tp_tensor *x, tp_tensor *w) {
  BELOW(tp_tensor *, out, prelu_impl(x, w));
  tp_tensor *ins[2] = {x, w};
  return record_tensor_method("PreluBackward0", TP_TM_PRELU, 2, ins, out, 2, ins, 0);
}

/* mvlgamma(x, p) = sum_i lgamma(x + (1 - i) / 2), i = 1..p, + p (p - 1) / 4 log(pi), as ATen
 * computes it: args = arange(-p/2 + 1/2, 1/2, 1/2) + x[..., None]. */
tp_tensor *tp_mvlgamma_args(tp_tensor *x, int64_t p) {
  int dt = tp_tensor_methods_floating(x->dtype) ? x->dtype : tp_default_float;
  tp_tensor *r = tp_arange(-(double)p * 0.5 + 0.5, 0.5, 0.5, dt), *xu = r ? tp_unsqueeze(x, -1) : NULL;
  tp_tensor *args = xu ? tp_binary(TP_OP_ADD, r, xu, 1) : NULL;
  return tp_tensor_methods_drop(args, r, xu, NULL, NULL);
}

tp_tensor *tp_mvlgamma_grad(tp_tensor *g, tp_tensor *x, int64_t p) {  /* g * digamma(args).sum(-1) */
  double last = -1;
  tp_tensor *args = tp_mvlgamma_args(x, p), *dg = args ? tp_unary(TP_OP_DIGAMMA, args) : NULL;
  tp_tensor *s = dg ? tp_reduce(TP_OP_SUM, dg, 1, &last, 0, 0, -1) : NULL;
  tp_tensor *out = s ? tp_binary(TP_OP_MUL, g, s, 1) : NULL;
  return tp_tensor_methods_drop(out, args, dg, s, NULL);
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

TP_API tp_tensor *tp_mvlgamma(tp_tensor *x, double p) {
  int64_t pi = tp_arg_i64(p);
  BELOW(tp_tensor *, out, tp_mvlgamma_impl(x, pi));
  return record_tensor_method("MvlgammaBackward0", TP_TM_MVLGAMMA, 1, &x, out, 1, &x, (double)pi);
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

/* frexp: x = mantissa * 2^exponent, |mantissa| in [0.5, 1) (libm's frexp per element over a
 * contiguous copy; exact for float32 values too). out[0] mantissa (x's dtype, FrexpBackward0:
 * d x = g / exp2(exponent)), out[1] exponent (int32). */
TP_API int tp_frexp(tp_tensor *x, tp_tensor **out) {
  if (!tp_tensor_methods_floating(x->dtype)) return tp_fail_status("torch.frexp() only supports floating-point dtypes");
  tp_tensor *xc = tp_contiguous(x);
  tp_tensor *m = xc ? tp_tensor_make(x->dtype, x->ndim, x->shape) : NULL;
  tp_tensor *e = m ? tp_tensor_make(TP_INT32, x->ndim, x->shape) : NULL;
  if (!e) { tp_tensor_methods_drop(NULL, xc, m, NULL, NULL); return -1; }
  int64_t n = (int64_t)tp_tensor_numel(x);
  int32_t *pe = (int32_t *)tp_ptr(e);
  for (int64_t i = 0; i < n; i++) {
    int ex = 0;
    if (x->dtype == TP_FLOAT32) ((float *)tp_ptr(m))[i] = frexpf(((const float *)tp_ptr(xc))[i], &ex);
    else ((double *)tp_ptr(m))[i] = frexp(((const double *)tp_ptr(xc))[i], &ex);
    pe[i] = isfinite(x->dtype == TP_FLOAT32 ? ((const float *)tp_ptr(xc))[i] : ((const double *)tp_ptr(xc))[i]) ? ex : 0;
  }
  tp_tensor_release(xc);
  m = record_tensor_method("FrexpBackward0", TP_TM_FREXP, 1, &x, m, 1, &e, 0);
  if (!m) { tp_tensor_release(e); return -1; }
  out[0] = m;
  out[1] = e;
  return 0;
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

TP_API int tp_set_(tp_tensor *self, tp_tensor *src, int form, double offset, int ndim, int nstride, const double *sz_st) {
  int64_t shape[TP_MAX_DIMS] = {0}, stride[TP_MAX_DIMS] = {1}, off = 0, item = tp_dtype_table[self->dtype].itemsize;
  if (src && src->dtype != self->dtype && form != SET_TENSOR_GEOMETRY) {  /* that form reinterprets the bytes, as 1.13 */
    if (form == SET_TENSOR)
      return tp_fail_status("source.dtype() == self.dtype() INTERNAL ASSERT FAILED at \"./torch/csrc/autograd/generated/"
                            "python_variable_methods.cpp\":16761, please report a bug to PyTorch. ");
    char low[16];
    snprintf(low, sizeof low, "%s", tp_dtype_title(self->dtype));
    low[0] = (char)(low[0] - 'A' + 'a');
    return tp_fail_status("Expected a Storage of type %s or an UntypedStorage, but got type %s for argument 1 'storage'", low,
                          tp_dtype_title(src->dtype));
  }
  if (form == SET_TENSOR) {
    ndim = src->ndim;
    off = src->offset;
    memcpy(shape, src->shape, sizeof shape);
    memcpy(stride, src->stride, sizeof stride);
  } else if (form == SET_STORAGE) {
    ndim = 1;
    shape[0] = src->storage->nbytes / item;
  } else if (form != SET_EMPTY) {
    if (nstride && nstride != ndim) return tp_fail_status("unequal size length (%d) and stride length (%d)", ndim, nstride);
    if (tp_int_arg(offset, "storage_offset", &off)) return -1;
    if (off < 0) return tp_fail_status("Tensor: invalid storage offset %lld", (long long)off);
    for (int d = 0; d < ndim && d < TP_MAX_DIMS; d++)
      if (sz_st[d] < 0) return tp_fail_status(FAIL_NUMEL);
    if (tp_check_sizes(ndim, sz_st, shape)) return -1;
    for (int d = 0; d < nstride; d++)
      if (tp_int_arg(sz_st[ndim + d], "stride", &stride[d])) return -1;
    if (!nstride) tp_contiguous_strides(ndim, shape, stride);
  } else {
    ndim = 1;
  }
  int64_t need;  /* the storage the geometry needs (Note [Extent]); set_ grows it to that */
  if (tp_storage_nbytes_for(ndim, shape, stride, off, (int)item, &need)) return -1;
  tp_storage *s = src ? src->storage : NULL;
  if (s && need > s->nbytes && s->fixed) return tp_fail_status("Trying to resize storage that is not resizable");
  tp_node *node = NULL;
  int64_t iv[1] = {TP_TM_SET};
  int edges = form == SET_TENSOR || form == SET_TENSOR_GEOMETRY;
  if (tp_inplace_kind_begin(TP_GRAD_TENSOR_METHOD, "torch::autograd::NotImplemented", self, edges, &src, 1, iv, 0, NULL, &node)) return -1;
  if (!s && !(s = tp_storage_new(0))) { tp_inplace_abort(node); return -1; }
  if (src) tp_storage_retain(s);
  if (tp_storage_grow(s, need)) {
    tp_storage_release(s);
    tp_inplace_abort(node);
    return -1;
  }
  tp_storage_release(self->storage);
  self->storage = s;
  self->offset = off;
  self->ndim = (int8_t)ndim;
  memcpy(self->shape, shape, sizeof(int64_t) * ndim);
  memcpy(self->stride, stride, sizeof(int64_t) * ndim);
  self->version->value++;
  tp_inplace_commit(self, node);
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
  if (a < 1e16 && v == floor(v)) { snprintf(buf, cap, "%.0f", v); return; }
  if (!isfinite(v) || a != floor(a)) { snprintf(buf, cap, "%.17g", v); return; }  /* only |v| >= 1e16 from tp_resize */
  char s[330], h[330], lo[330], hi[330], d[40], dig[330];
  double up = nextafter(a, INFINITY), dn = nextafter(a, 0);
  snprintf(s, sizeof s, "%.0f", a);
  snprintf(h, sizeof h, "%.0f", (a - dn) / 2);
  dec_add(lo, s, h, -1);
  if (isfinite(up)) snprintf(h, sizeof h, "%.0f", (up - a) / 2);
  dec_add(hi, s, h, 1);
  int e, even = fmod(ldexp(frexp(a, &e), 53), 2) == 0;
  int p = 1;
  for (; p < 17; p++) {
    snprintf(d, sizeof d, "%.*e", p - 1, a);  /* d.ddd...e+X: p digits */
    char *x = strchr(d, 'e');
    size_t k = 0;
    for (char *c = d; c < x; c++)
      if (*c != '.') dig[k++] = *c;
    for (int z = atoi(x + 1) - p + 1; z > 0 && k < sizeof dig - 1; z--) dig[k++] = '0';
    dig[k] = 0;
    int cl = dec_cmp(dig, lo), ch = dec_cmp(dig, hi);
    if ((cl > 0 || (cl == 0 && even)) && (ch < 0 || (ch == 0 && even))) break;
  }
  snprintf(buf, cap, "%.*g", p, v);
}

TP_API tp_tensor *tp_resize(tp_tensor *x, int ndim, const double *sizes) {
  int64_t shape[TP_MAX_DIMS];
  double numel = 1;
  for (int d = 0; d < ndim && d < TP_MAX_DIMS; d++) numel *= sizes[d];
  if (ndim > TP_MAX_DIMS || numel != tp_tensor_numel(x)) {
    /* The sizes joined by 'x' as Python prints them (%g-like for huge doubles: 1e+300). */
    char want[1024], have[512], num[40];
    size_t n = 0;
    want[0] = have[0] = 0;
    for (int d = 0; d < ndim && d < TP_MAX_DIMS; d++) {
      tp_py_num(num, sizeof num, sizes[d]);
      n += (size_t)snprintf(want + n, sizeof want - n, "%s%s", d ? "x" : "", num);
    }
    n = 0;
    for (int d = 0; d < x->ndim; d++) n += (size_t)snprintf(have + n, sizeof have - n, "%s%lld", d ? "x" : "", (long long)x->shape[d]);
    char total[40];
    tp_py_num(total, sizeof total, numel);
    return tp_fail("requested resize to %s (%s elements in total), but the given tensor has a size of %s (%.0f elements). "
                   "autograd's resize can only change the shape of a given tensor, while preserving the number of elements. ",
                   want, total, have, tp_tensor_numel(x));
  }
  if (tp_check_sizes(ndim, sizes, shape)) return NULL;
  BELOW(tp_tensor *, c, tp_tensor_is_contiguous(x) ? tp_alias(x) : tp_contiguous(x));
  tp_tensor *out = c ? tp_view(c, ndim, sizes) : NULL;
  if (c) tp_tensor_release(c);
  if (!out || !tp_any_requires_grad(1, &x)) return out;
  return tp_record_kind(TP_GRAD_VIEW, "ResizeBackward", 1, &x, out, 0, NULL, 0, NULL);
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

static void renorm_params(tp_node *n, double p, int64_t dim, double maxnorm) {
  n->s[0] = p;
  n->s[1] = maxnorm;
  n->iv[1] = dim;
  n->niv = 2;
}

TP_API tp_tensor *tp_renorm(tp_tensor *x, double p, double dim, double maxnorm) {
  int64_t d;
  if (tp_renorm_check(x, p, tp_arg_i64(dim), maxnorm, &d)) return NULL;
  BELOW(tp_tensor *, out, tp_renorm_impl(x, p, d, maxnorm));
  out = record_tensor_method("RenormBackward0", TP_TM_RENORM, 1, &x, out, 1, &x, p);
  if (out && out->grad_fn && out->grad_fn->kind == TP_GRAD_TENSOR_METHOD) renorm_params(out->grad_fn, p, d, maxnorm);
  return out;
}

TP_API int tp_renorm_(tp_tensor *x, double p, double dim, double maxnorm) {
  int64_t d, iv[2];
  if (tp_renorm_check(x, p, tp_arg_i64(dim), maxnorm, &d)) return -1;
  iv[0] = TP_TM_RENORM;
  iv[1] = d;
  tp_tensor *old = NULL;
  if (tp_is_grad_enabled() && (x->requires_grad || (x->base && x->base->requires_grad))) {
    BELOW(, old, tp_clone(x));  /* the formula needs self before the write */
    if (!old) return -1;
  }
  tp_node *node = NULL;
  int rc = tp_inplace_kind_begin(TP_GRAD_TENSOR_METHOD, "RenormBackward0", x, 0, NULL, 2, iv, old ? 1 : 0, &old, &node);
  if (old) tp_tensor_release(old);
  if (rc) return -1;
  if (node) renorm_params(node, p, d, maxnorm);
  BELOW(tp_tensor *, out, tp_renorm_impl(x, p, d, maxnorm));
  rc = out ? tp_assign_result(x, out) : -1;
  if (out) tp_tensor_release(out);
  if (rc) { tp_inplace_abort(node); return -1; }
  tp_inplace_commit(x, node);
  return 0;
}

/* ---- histogram(bins | edges, range, weight, density): ATen's histogramdd for one dimension ----
 * Edges: linspace(min, max, bins + 1) in x's dtype over the range (the data's min and max, an
 * empty range widened by 0.5 each side) or the given edges tensor. An element goes to the bin
 * found by interpolation then a local search among the edges (binary search for given edges);
 * elements outside [first, last edge] are dropped, the last bin is closed. out: hist, edges. */
/* "float", "double", "long": a dtype as ATen's messages print a ScalarType in lower case. */
const char *tp_lower_title(int dtype, char *buf) {
  snprintf(buf, 16, "%s", tp_dtype_title(dtype));
  buf[0] = (char)(buf[0] - 'A' + 'a');
  return buf;
}

TP_API int tp_histogram(tp_tensor *x, tp_tensor *edges_in, double bins, int has_range, double lo, double hi,
                        tp_tensor *weight, int density, tp_tensor **out) {
  int64_t nb = edges_in ? (int64_t)tp_tensor_numel(edges_in) - 1 : 0;
  if (!edges_in && tp_int_arg(bins, "bins", &nb)) return -1;
  char l1[16], l2[16];
  if (edges_in && edges_in->dtype != x->dtype)
    return tp_fail_status("torch.histogramdd: input tensor and bins tensors should have the same dtype, but got input with dtype %s "
                          "and bins for dimension 0 with dtype %s", tp_lower_title(x->dtype, l1), tp_lower_title(edges_in->dtype, l2));
  if (edges_in && edges_in->ndim != 1)
    return tp_fail_status("torch.histogramdd: bins tensor should have one dimension, but got %d dimensions in the bins tensor for dimension 0",
                          edges_in->ndim);
  if (nb <= 0) return tp_fail_status("torch.histogram(): bins must be > 0, but got %lld for dimension 0", (long long)nb);
  if (nb > INT64_C(1) << 53) return tp_fail_oom_status((double)nb * tp_dtype_table[x->dtype].itemsize);
  int64_t numel = (int64_t)tp_tensor_numel(x);
  if (weight && (weight->ndim != 1 || weight->shape[0] != numel)) {
    char ws[200];
    tp_format_shape(ws, sizeof ws, weight->ndim, weight->shape);
    return tp_fail_status("torch.histogramdd: if weight tensor is provided it should have the same shape as the input tensor "
                          "excluding its innermost dimension, but got input with shape [%lld, 1] and weight with shape %s",
                          (long long)numel, ws);
  }
  if (weight && weight->dtype != x->dtype)
    return tp_fail_status("torch.histogramdd: if weight tensor is provided, input tensor and weight tensor should have the same "
                          "dtype, but got input(%s), and weight(%s)", tp_lower_title(x->dtype, l1), tp_lower_title(weight->dtype, l2));
  if (!tp_tensor_methods_floating(x->dtype)) return tp_fail_status("\"histogramdd\" not implemented for '%s'", tp_dtype_title(x->dtype));
  if (!edges_in) {
    if (!has_range) {  /* [0, 1] for an empty input, as ATen starts from */
      lo = 0;
      hi = 1;
      if (numel > 0) {
        tp_tensor *mm[2];
        if (tp_aminmax(x, 0, 0, 0, mm)) return -1;
        lo = tp_item(mm[0]);
        hi = tp_item(mm[1]);
        tp_tensor_release(mm[0]);
        tp_tensor_release(mm[1]);
      }
    }
    if (!isfinite(lo) || !isfinite(hi))
      return tp_fail_status("torch.histogramdd: dimension 0's range [%g, %g] is not finite", lo, hi);
    if (lo > hi) return tp_fail_status("torch.histogramdd: min should not exceed max, but got min %g max %g for dimension 0", lo, hi);
    if (lo == hi) { lo -= 0.5; hi += 0.5; }
  }
  int mode = tp_set_grad_enabled(0);
  double sz = (double)nb;
  tp_tensor *edges = edges_in ? tp_contiguous(edges_in) : tp_linspace(lo, hi, (double)(nb + 1), x->dtype);
  tp_tensor *hist = edges ? tp_full(1, &sz, x->dtype, 0) : NULL;
  tp_tensor *xc = hist ? tp_contiguous(x) : NULL, *wc = xc && weight ? tp_contiguous(weight) : NULL;
  if (edges && edges == edges_in) {  /* the output is a copy of the given edges */
    tp_tensor *c = tp_clone(edges);
    tp_tensor_release(edges);
    edges = c;
  }
  tp_set_grad_enabled(mode);
  if (!xc || !edges || (weight && !wc)) {
    tp_tensor_methods_drop(NULL, edges, hist, xc, wc);
    return -1;
  }
  int f32 = x->dtype == TP_FLOAT32, item = tp_dtype_table[x->dtype].itemsize;
  const char *e = tp_ptr(edges);
  double first = tp_load_f64(e, x->dtype), last = tp_load_f64(e + nb * item, x->dtype);
  for (int64_t i = 0; i < numel; i++) {
    double v = tp_load_f64(tp_ptr(xc) + i * item, x->dtype);
    if (!(v >= first && v <= last)) continue;
    int64_t from = 0, to = nb + 1;  /* upper_bound over edges[from, to) */
    if (!edges_in) {
      int64_t pos = f32 ? tp_clamp_i64((float)((float)(v - first) / (float)(last - first)) * (float)nb)
                        : tp_clamp_i64((v - first) / (last - first) * (double)nb);
      pos = pos < 0 ? 0 : pos > nb ? nb : pos;
      from = pos - 1 > 0 ? pos - 1 : 0;
      to = pos + 2 < nb + 1 ? pos + 2 : nb + 1;
    }
    while (from < to) {
      int64_t mid = from + (to - from) / 2;
      if (v < tp_load_f64(e + mid * item, x->dtype)) to = mid;
      else from = mid + 1;
    }
    int64_t pos = from - 1;
    if (pos >= nb) pos = nb - 1;
    if (pos < 0) continue;
    char *h = tp_ptr(hist) + pos * item;
    double w = wc ? tp_load_f64(tp_ptr(wc) + i * item, x->dtype) : 1;
    tp_store_f64(h, x->dtype, f32 ? (double)((float)tp_load_f64(h, x->dtype) + (float)w) : tp_load_f64(h, x->dtype) + w);
  }
  if (density) {  /* hist / hist.sum() / diff(edges), each in x's dtype */
    double total = 0;
    BELOW(tp_tensor *, s, tp_reduce(TP_OP_SUM, hist, 0, NULL, 0, 0, -1));
    if (s) { total = tp_item(s); tp_tensor_release(s); }
    for (int64_t b = 0; b < nb; b++) {
      double h = tp_load_f64(tp_ptr(hist) + b * item, x->dtype);
      double len = tp_load_f64(e + (b + 1) * item, x->dtype) - tp_load_f64(e + b * item, x->dtype);
      h = f32 ? (double)((float)h / (float)total / (float)len) : h / total / len;
      tp_store_f64(tp_ptr(hist) + b * item, x->dtype, h);
    }
  }
  tp_tensor_methods_drop(NULL, xc, wc, NULL, NULL);
  tp_tensor *ins[2] = {x, weight};
  int nin = weight ? 2 : 1;
  if (tp_any_requires_grad(nin, ins)) {  /* 1.13 has no derivative: both outputs get NotImplemented */
    tp_node *n = tp_node_new(TP_GRAD_TENSOR_METHOD, 0, "torch::autograd::NotImplemented", nin, ins, 2);
    if (!n) { tp_tensor_methods_drop(NULL, hist, edges, NULL, NULL); return -1; }
    int64_t iv[1] = {TP_TM_HISTOGRAM};
    tp_node_set_iv(n, 1, iv);
    tp_node_set_output(n, hist, 0);
    tp_node_set_output(n, edges, 1);
    tp_node_release(n);
  }
  out[0] = hist;
  out[1] = edges;
  return 0;
}
