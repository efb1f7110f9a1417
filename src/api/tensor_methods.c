/* tensor_methods.c — the entry points of src/ops/tensor_methods.c:
 * each validates, runs the kernel (tensor_methods_kernels.h) and records the autograd node. */
#include "internal.h"
#include "tensorpad.h"
#include "shape.h"
#include "ops.h"
#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include "autograd.h"
#include "derivatives.h"
#include "tensor_methods_kernels.h"

/* ---- hardshrink, angle, prelu: one node each (TP_GRAD_TENSOR_METHOD, formulas at the end of
 * derivatives.c), forwards composed below autograd ----------------------------------------- */
#define BELOW(type, var, call)          \
  int mode_ = tp_set_grad_enabled(0);   \
  type var = (call);                    \
  tp_set_grad_enabled(mode_)

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

TP_API tp_tensor *tp_angle(tp_tensor *x) {
  BELOW(tp_tensor *, out, tp_angle_impl(x));
  return record_tensor_method("AngleBackward0", TP_TM_ANGLE, 1, &x, out, 1, &x, 0);  /* saves self, as PyTorch */
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

tp_tensor *tp_mvlgamma_grad(tp_tensor *g, tp_tensor *x, int64_t p) {  /* g * digamma(args).sum(-1) */
  double last = -1;
  tp_tensor *args = tp_mvlgamma_args(x, p), *dg = args ? tp_unary(TP_OP_DIGAMMA, args) : NULL;
  tp_tensor *s = dg ? tp_reduce(TP_OP_SUM, dg, 1, &last, 0, 0, -1) : NULL;
  tp_tensor *out = s ? tp_binary(TP_OP_MUL, g, s, 1) : NULL;
  return tp_tensor_methods_drop(out, args, dg, s, NULL);
}

TP_API tp_tensor *tp_mvlgamma(tp_tensor *x, double p) {
  int64_t pi = tp_arg_i64(p);
  BELOW(tp_tensor *, out, tp_mvlgamma_impl(x, pi));
  return record_tensor_method("MvlgammaBackward0", TP_TM_MVLGAMMA, 1, &x, out, 1, &x, (double)pi);
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

TP_API int tp_set_(tp_tensor *self, tp_tensor *src, int form, double offset, int ndim, int nstride, const double *sz_st) {
  int64_t shape[TP_MAX_DIMS] = {0}, stride[TP_MAX_DIMS] = {1}, off = 0, item = tp_dtype_table[self->dtype].itemsize;
  if (src && src->dtype != self->dtype && form != SET_TENSOR_GEOMETRY) {  /* that form reinterprets the bytes, as 1.13 */
    if (form == SET_TENSOR)
      return tp_fail_status("source.dtype() == self.dtype() INTERNAL ASSERT FAILED at \"./torch/csrc/autograd/generated/"
                            "python_variable_methods.cpp\":16761, please report a bug to PyTorch. ");
    char low[16];
    tp_snprintf(low, sizeof low, "%s", tp_dtype_title(self->dtype));
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
  tp_fix_negative_strides(ndim, shape, stride);
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
      n += (size_t)tp_snprintf(want + n, sizeof want - n, "%s%s", d ? "x" : "", num);
    }
    n = 0;
    for (int d = 0; d < x->ndim; d++) n += (size_t)tp_snprintf(have + n, sizeof have - n, "%s%lld", d ? "x" : "", (long long)x->shape[d]);
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
