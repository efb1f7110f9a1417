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
#include <math.h>

/* Releases up to four temporaries (NULL allowed) and returns r. */
static tp_tensor *drop(tp_tensor *r, tp_tensor *a, tp_tensor *b, tp_tensor *c, tp_tensor *d) {
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
  drop(NULL, s, wsum, NULL, NULL);
  tp_tensor *avg1 = avg ? tp_unsqueeze(avg, 1) : NULL;
  tp_tensor *cen = avg1 ? tp_binary(TP_OP_SUB, in, avg1, 1) : NULL;
  drop(NULL, avg, avg1, in, NULL);
  tp_tensor *ct = cen ? tp_t(cen) : NULL;
  tp_tensor *c = ct ? tp_linalg(TP_LINALG_MM, cen, ct) : NULL;
  drop(NULL, cen, ct, NULL, NULL);
  tp_tensor *q = c ? tp_binary(TP_OP_DIV, c, norm, 1) : NULL;
  drop(NULL, c, norm, NULL, NULL);
  tp_tensor *out = q ? tp_squeeze(q) : NULL;
  return drop(out, q, NULL, NULL, NULL);
}

TP_API tp_tensor *tp_cov(tp_tensor *t, double correction) { return cov_impl("cov", t, correction); }

/* corrcoef: c = cov(x); c / sqrt(diag(c))[:, None] / sqrt(diag(c))[None, :], clipped to [-1, 1]. */
TP_API tp_tensor *tp_corrcoef(tp_tensor *t) {
  tp_tensor *c = cov_impl("corrcoef", t, 1);
  if (!c || c->ndim == 0) return c ? drop(tp_binary(TP_OP_DIV, c, c, 1), c, NULL, NULL, NULL) : NULL;
  double col[2] = {-1, 1}, row[2] = {1, -1};
  tp_tensor *d = tp_diag(c, 0), *sd = d ? tp_unary(TP_OP_SQRT, d) : NULL;
  tp_tensor *sc = sd ? tp_view(sd, 2, col) : NULL, *c1 = sc ? tp_binary(TP_OP_DIV, c, sc, 1) : NULL;
  tp_tensor *sr = c1 ? tp_view(sd, 2, row) : NULL, *c2 = sr ? tp_binary(TP_OP_DIV, c1, sr, 1) : NULL;
  drop(NULL, c, d, sc, c1);
  tp_tensor *out = c2 ? tp_clamp(TP_OP_CLAMP, c2, NULL, NULL, -1, TP_SCALAR_INT, 1, TP_SCALAR_INT) : NULL;
  return drop(out, sd, sr, c2, NULL);
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
  if (rc || !(wrap && nd == 2 && h > w + 1)) return rc;
  int64_t numel = h * w, step = w + 1;
  double ws[2] = {(double)((numel + step - 1) / step - size), (double)stride};
  tp_tensor *wd = tp_as_strided(t, 1, ws, (double)(t->offset + t->stride[0] * (w + 1)));
  if (!wd) return -1;
  rc = tp_fill_(wd, value);
  tp_tensor_release(wd);
  return rc;
}

/* ---- hardshrink, angle, prelu: one node each (TP_GRAD_MISC, formulas at the end of
 * derivatives.c), forwards composed below autograd ----------------------------------------- */
#define BELOW(type, var, call)          \
  int mode_ = tp_set_grad_enabled(0);   \
  type var = (call);                    \
  tp_set_grad_enabled(mode_)

static int floating(int dtype) { return dtype == TP_FLOAT32 || dtype == TP_FLOAT64; }

/* where(|x| <= lambd, 0, x): NaN passes through, as ATen's (x >= -l && x <= l) ? 0 : x */
static tp_tensor *hardshrink_impl(tp_tensor *x, double lambd) {
  if (!floating(x->dtype)) return tp_fail("\"hardshrink_cpu\" not implemented for '%s'", tp_dtype_title(x->dtype));
  tp_tensor *ax = tp_unary(TP_OP_ABS, x);
  tp_tensor *in = ax ? tp_binary_scalar(TP_OP_LE, ax, lambd, TP_SCALAR_FLOAT, TP_FORM_PY, 1) : NULL;
  tp_tensor *out = in ? tp_where(in, NULL, x, 0, TP_SCALAR_INT, 0, TP_SCALAR_NONE) : NULL;
  return drop(out, ax, in, NULL, NULL);
}

static tp_tensor *record_misc(const char *name, int which, int nin, tp_tensor *const *ins, tp_tensor *out, int nsave,
                              tp_tensor *const *save, double s0) {
  if (!out || !tp_any_requires_grad(nin, ins)) return out;
  int64_t iv[1] = {which};
  out = tp_record_kind(TP_GRAD_MISC, name, nin, ins, out, 1, iv, nsave, save);
  if (out && out->grad_fn && out->grad_fn->kind == TP_GRAD_MISC) out->grad_fn->s[0] = s0;
  return out;
}

TP_API tp_tensor *tp_hardshrink(tp_tensor *x, double lambd) {
  BELOW(tp_tensor *, out, hardshrink_impl(x, lambd));
  return record_misc("HardshrinkBackward0", TP_MISC_HARDSHRINK, 1, &x, out, 1, &x, lambd);
}

/* angle of a real number: pi below 0, NaN for NaN, else 0; integers give float32 */
static tp_tensor *angle_impl(tp_tensor *x) {
  tp_tensor *xf = floating(x->dtype) ? (tp_tensor_retain(x), x) : tp_to_dtype(x, TP_FLOAT32, 0);
  tp_tensor *neg = xf ? tp_binary_scalar(TP_OP_LT, xf, 0, TP_SCALAR_INT, TP_FORM_PY, 1) : NULL;
  tp_tensor *pz = neg ? tp_where(neg, NULL, NULL, 3.14159265358979323846, TP_SCALAR_FLOAT, 0, TP_SCALAR_INT) : NULL;
  tp_tensor *pzf = pz ? tp_to_dtype(pz, xf->dtype, 0) : NULL;
  tp_tensor *nan = pzf ? tp_unary(TP_OP_ISNAN, xf) : NULL;
  tp_tensor *out = nan ? tp_where(nan, xf, pzf, 0, TP_SCALAR_NONE, 0, TP_SCALAR_NONE) : NULL;
  drop(NULL, neg, pz, pzf, nan);
  return drop(out, xf, NULL, NULL, NULL);
}

TP_API tp_tensor *tp_angle(tp_tensor *x) {
  BELOW(tp_tensor *, out, angle_impl(x));
  return record_misc("AngleBackward0", TP_MISC_ANGLE, 1, &x, out, 0, NULL, 0);
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
  if (!floating(x->dtype)) return tp_fail("\"prelu_cpu\" not implemented for '%s'", tp_dtype_title(x->dtype));
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
  return drop(out, wv, wx, pos, NULL);
}

TP_API tp_tensor *tp_prelu(tp_tensor *x, tp_tensor *w) {
  BELOW(tp_tensor *, out, prelu_impl(x, w));
  tp_tensor *ins[2] = {x, w};
  return record_misc("PreluBackward0", TP_MISC_PRELU, 2, ins, out, 2, ins, 0);
}

/* mvlgamma(x, p) = sum_i lgamma(x + (1 - i) / 2), i = 1..p, + p (p - 1) / 4 log(pi), as ATen
 * computes it: args = arange(-p/2 + 1/2, 1/2, 1/2) + x[..., None]. */
static tp_tensor *mvlgamma_args(tp_tensor *x, int64_t p) {
  int dt = floating(x->dtype) ? x->dtype : TP_FLOAT32;
  tp_tensor *r = tp_arange(-(double)p * 0.5 + 0.5, 0.5, 0.5, dt), *xu = r ? tp_unsqueeze(x, -1) : NULL;
  tp_tensor *args = xu ? tp_binary(TP_OP_ADD, r, xu, 1) : NULL;
  return drop(args, r, xu, NULL, NULL);
}

tp_tensor *tp_mvlgamma_grad(tp_tensor *g, tp_tensor *x, int64_t p) {  /* g * digamma(args).sum(-1) */
  double last = -1;
  tp_tensor *args = mvlgamma_args(x, p), *dg = args ? tp_unary(TP_OP_DIGAMMA, args) : NULL;
  tp_tensor *s = dg ? tp_reduce(TP_OP_SUM, dg, 1, &last, 0, 0, -1) : NULL;
  tp_tensor *out = s ? tp_binary(TP_OP_MUL, g, s, 1) : NULL;
  return drop(out, args, dg, s, NULL);
}

static tp_tensor *mvlgamma_impl(tp_tensor *x, int64_t p) {
  if (x->dtype == TP_BOOL) return tp_fail("The input tensor may not be a boolean tensor.");
  if (p < 1) return tp_fail("p has to be greater than or equal to 1");
  double last = -1;
  tp_tensor *args = mvlgamma_args(x, p), *lg = args ? tp_unary(TP_OP_LGAMMA, args) : NULL;
  tp_tensor *s = lg ? tp_reduce(TP_OP_SUM, lg, 1, &last, 0, 0, -1) : NULL;
  tp_tensor *out = s ? tp_binary_scalar(TP_OP_ADD, s, (double)(p * (p - 1)) * log(3.14159265358979323846) * 0.25,
                                        TP_SCALAR_FLOAT, TP_FORM_ATEN, 1) : NULL;
  return drop(out, args, lg, s, NULL);
}

TP_API tp_tensor *tp_mvlgamma(tp_tensor *x, double p) {
  int64_t pi = tp_arg_i64(p);
  BELOW(tp_tensor *, out, mvlgamma_impl(x, pi));
  return record_misc("MvlgammaBackward0", TP_MISC_MVLGAMMA, 1, &x, out, 1, &x, (double)pi);
}

/* mvlgamma_: tensors that need no graph only (tensorpad records no in-place MvlgammaBackward). */
TP_API int tp_mvlgamma_(tp_tensor *x, double p) {
  if (tp_is_grad_enabled() && (x->requires_grad || (x->base && x->base->requires_grad)))
    return tp_fail_status("tensorpad: mvlgamma_ on a tensor that requires grad is not supported; use mvlgamma");
  /* ATen's in-place form builds its arange in self's dtype: integers get step 0 */
  if (x->dtype != TP_BOOL && !floating(x->dtype) && tp_arg_i64(p) >= 1) return tp_fail_status("step must be nonzero");
  int mode = tp_set_grad_enabled(0);
  tp_tensor *out = mvlgamma_impl(x, tp_arg_i64(p));
  int rc = out ? tp_assign_result(x, out) : -1;
  if (out) tp_tensor_release(out);
  tp_set_grad_enabled(mode);
  return rc;
}

/* frexp: x = mantissa * 2^exponent, |mantissa| in [0.5, 1) (libm's frexp per element over a
 * contiguous copy; exact for float32 values too). out[0] mantissa (x's dtype, FrexpBackward0:
 * d x = g / exp2(exponent)), out[1] exponent (int32). */
TP_API int tp_frexp(tp_tensor *x, tp_tensor **out) {
  if (!floating(x->dtype)) return tp_fail_status("torch.frexp() only supports floating-point dtypes");
  tp_tensor *xc = tp_contiguous(x);
  tp_tensor *m = xc ? tp_tensor_make(x->dtype, x->ndim, x->shape) : NULL;
  tp_tensor *e = m ? tp_tensor_make(TP_INT32, x->ndim, x->shape) : NULL;
  if (!e) { drop(NULL, xc, m, NULL, NULL); return -1; }
  int64_t n = (int64_t)tp_tensor_numel(x);
  int32_t *pe = (int32_t *)tp_ptr(e);
  for (int64_t i = 0; i < n; i++) {
    int ex = 0;
    if (x->dtype == TP_FLOAT32) ((float *)tp_ptr(m))[i] = frexpf(((const float *)tp_ptr(xc))[i], &ex);
    else ((double *)tp_ptr(m))[i] = frexp(((const double *)tp_ptr(xc))[i], &ex);
    pe[i] = isfinite(x->dtype == TP_FLOAT32 ? ((const float *)tp_ptr(xc))[i] : ((const double *)tp_ptr(xc))[i]) ? ex : 0;
  }
  tp_tensor_release(xc);
  m = record_misc("FrexpBackward0", TP_MISC_FREXP, 1, &x, m, 1, &e, 0);
  if (!m) { tp_tensor_release(e); return -1; }
  out[0] = m;
  out[1] = e;
  return 0;
}
