/* stats.c — the entry points of src/ops/reduce/stats.c:
 * each validates, runs the kernel (stats_kernels.h) and records the autograd node. */
#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include "ops.h"
#include "sort.h"
#include "autograd.h"
#include "derivatives.h"
#include "stats_kernels.h"

/* A node of kind TP_GRAD_STATS over inputs, saving `save`; out is returned linked to it. */
static tp_tensor *record(int op, const char *name, int nin, tp_tensor *const *ins, tp_tensor *out, int niv, const int64_t *iv,
                         double s0, int nsave, tp_tensor *const *save) {
  if (!out || !tp_any_requires_grad(nin, ins)) return out;
  tp_node *n = tp_node_new(TP_GRAD_STATS, op, name, nin, ins, 1);
  int failed = !n;
  if (n) {
    if (niv) tp_node_set_iv(n, niv, iv);
    n->s[0] = s0;
    for (int i = 0; i < nsave; i++) failed |= tp_node_save(n, save[i], save[i] == out ? 0 : -1);
  }
  if (failed) {
    if (n) tp_node_release(n);
    tp_tensor_release(out);
    return NULL;
  }
  tp_node_set_output(n, out, 0);
  tp_node_release(n);
  return out;
}

/* A node for an op PyTorch 1.13 has no derivative for (its backward throws): iv[0] picks the
 * message (TP_STATS_NOT_IMPLEMENTED in derivatives.c). 0 or -1 (out released). */
static int not_implemented(const char *name, int which, tp_tensor *x, int nout, tp_tensor **out) {
  if (!tp_any_requires_grad(1, &x)) return 0;
  tp_node *n = tp_node_new(TP_GRAD_STATS, TP_STATS_NOT_IMPLEMENTED, name, 1, &x, nout);
  if (!n) {  /* (out-of-memory: the outputs go, and out[] holds none of them) */
    for (int i = 0; i < nout; i++) {
      tp_tensor_release(out[i]);
      out[i] = NULL;
    }
    return -1;
  }
  int64_t iv[1] = {which};
  tp_node_set_iv(n, 1, iv);
  for (int i = 0; i < nout; i++) tp_node_set_output(n, out[i], i);
  tp_node_release(n);
  return 0;
}

/* ---- nansum, nanmean, count_nonzero -------------------------------------------------------- */
/* nansum = sum(where(isnan(x), 0, x)); d self = g where x is not NaN, else 0. */
TP_API tp_tensor *tp_nansum(tp_tensor *x, int ndims, const double *dims, int keepdim, int dtype) {
  int64_t mask;
  if (tp_dim_mask(x, ndims, dims, &mask)) return NULL;
  if (tp_is_float(x->dtype) && dtype >= 0 && !tp_is_float(dtype) && tp_tensor_numel(x) > 0)  /* 1.13: the float kernel on the output dtype (an empty input runs none) */
    return tp_fail("\"nansum_cpu\" not implemented for '%s'", tp_dtype_title(dtype));
  int mode = tp_set_grad_enabled(0);
  tp_tensor *out;
  if (tp_is_float(x->dtype)) {
    tp_tensor *nan = tp_binary(TP_OP_NE, x, x, 1);
    tp_tensor *z = nan ? tp_where(nan, NULL, x, 0, TP_SCALAR_INT, 0, TP_SCALAR_NONE) : NULL;
    out = z ? tp_reduce(TP_OP_SUM, z, ndims, dims, keepdim, 0, dtype) : NULL;
    tp_tensor_release(nan);
    tp_tensor_release(z);
  } else {
    out = tp_reduce(TP_OP_SUM, x, ndims, dims, keepdim, 0, dtype);
  }
  tp_set_grad_enabled(mode);
  int64_t iv[2] = {mask, keepdim};
  return record(TP_STATS_NANSUM, "NansumBackward0", 1, &x, out, 2, iv, 0, 1, &x);
}

/* ---- aminmax: (amin, amax); PyTorch 1.13 has no derivative for it ------------------------- */
TP_API int tp_aminmax(tp_tensor *x, int has_dim, double dim, int keepdim, tp_tensor **out) {
  int64_t d = 0;
  if (has_dim && tp_wrap_dim_arg(dim, x->ndim, &d)) return -1;
  if (!has_dim && tp_shape_numel(x->ndim, x->shape) == 0)
    return tp_fail_status("aminmax(): cannot compute aminmax over an empty dimension as the operation has no identity.");
  if (has_dim && x->ndim && x->shape[d] == 0)
    return tp_fail_status("aminmax: Expected reduction dim %lld to have non-zero size.", (long long)d);
  int mode = tp_set_grad_enabled(0);
  tp_tensor *lo = tp_reduce(TP_OP_AMIN, x, has_dim ? 1 : -1, &dim, keepdim, 0, -1);
  tp_tensor *hi = lo ? tp_reduce(TP_OP_AMAX, x, has_dim ? 1 : -1, &dim, keepdim, 0, -1) : NULL;
  tp_set_grad_enabled(mode);
  if (!hi) {
    tp_tensor_release(lo);
    return -1;
  }
  out[0] = lo;
  out[1] = hi;
  return not_implemented("torch::autograd::NotImplemented", 0, x, 2, out);
}

TP_API tp_tensor *tp_logcumsumexp(tp_tensor *x, double dim) {
  int64_t d;
  if (tp_wrap_dim_arg(dim, x->ndim, &d)) return NULL;
  if (!tp_is_float(x->dtype)) return tp_fail("\"logcumsumexp_out_cpu\" not implemented for '%s'", tp_dtype_title(x->dtype));
  tp_tensor *xc = tp_contiguous(x);
  tp_tensor *out = xc ? tp_tensor_make(x->dtype, x->ndim, x->shape) : NULL;
  if (!out) {
    tp_tensor_release(xc);
    return NULL;
  }
  int64_t n = x->ndim ? x->shape[d] : 1, outer = 1, inner = 1;
  for (int k = 0; k < x->ndim; k++) {
    if (k < d) outer = tp_wmul(outer, x->shape[k]);  /* (an empty tensor's dims may pass int64) */
    if (k > d) inner = tp_wmul(inner, x->shape[k]);
  }
  int item = tp_dtype_table[x->dtype].itemsize;
  int64_t lines = tp_no_elements(x->ndim, x->shape) ? 0 : tp_wmul(outer, inner);
  for (int64_t l = 0; l < lines; l++) {
    int64_t o = l / inner, i = l % inner;
    double acc = -INFINITY;
    for (int64_t j = 0; j < n; j++) {
      int64_t at = (o * n + j) * inner + i;
      double v = tp_load_f64(tp_ptr(xc) + at * item, x->dtype);
      acc = x->ndim ? tp_log_add_exp(v, acc) : v;  /* 1.13 copies a 0-d input */
      tp_store_f64(tp_ptr(out) + at * item, x->dtype, acc);
    }
  }
  tp_tensor_release(xc);
  int64_t iv[1] = {d};
  tp_tensor *save[2] = {x, out};
  return record(TP_STATS_LOGCUMSUMEXP, "LogcumsumexpBackward0", 1, &x, out, 1, iv, 0, 2, save);
}

/* ---- cumsum_ / cumprod_: the out-of-place scan written back (CumsumBackward0 in place) ----- */
TP_API int tp_cumop_(int op, tp_tensor *x, double dim, int dtype) {
  if (op != TP_OP_CUMSUM && op != TP_OP_CUMPROD) return tp_fail_status("tensorpad: %d is not cumsum or cumprod", op);
  if (dtype >= 0 && dtype != x->dtype)
    return tp_fail_status("Bad in-place call: input tensor dtype %s and output tensor dtype %s should match",
                          tp_dtype_table[x->dtype].is_floating ? (x->dtype == TP_FLOAT32 ? "float" : "double") :
                          x->dtype == TP_INT64 ? "long int" : x->dtype == TP_INT32 ? "int" : "bool",
                          dtype == TP_FLOAT32 ? "float" : dtype == TP_FLOAT64 ? "double" : dtype == TP_INT64 ? "long int" : dtype == TP_INT32 ? "int" : "bool");
  if (x->dtype == TP_BOOL && !tp_no_elements(x->ndim, x->shape))  /* (an empty tensor never reaches the kernel) */
    return tp_fail_status("\"%s_out_cpu\" not implemented for 'Bool'", op == TP_OP_CUMSUM ? "cumsum" : "cumprod");
  int64_t d;
  if (tp_wrap_dim_arg(dim, x->ndim, &d)) return -1;
  tp_node *n = NULL;
  int64_t iv[1] = {d};
  if (tp_inplace_kind_begin(TP_GRAD_DIMOP, tp_op_grad_fn(op, 0), x, 0, NULL, 1, iv, 0, NULL, &n)) return -1;
  tp_tensor *old = NULL;
  if (n) {  /* the formula reads the input and the result (saved 0 and 1) */
    n->op = (int16_t)op;
    old = tp_clone(x);  /* recorded (CloneBackward0): double backward reaches x through it */
    if (!old || tp_node_save(n, old, -1)) {
      tp_tensor_release(old);
      tp_inplace_abort(n);
      return -1;
    }
  }
  int mode = tp_set_grad_enabled(0);
  tp_tensor *r = tp_dimop(op, x, (double)d, x->dtype);
  tp_set_grad_enabled(mode);
  int rc = r ? tp_assign_result(x, r) : -1;
  tp_tensor_release(r);
  tp_tensor_release(old);
  if (rc) {
    tp_inplace_abort(n);
    return -1;
  }
  if (n && tp_node_save(n, x, 0)) {
    tp_inplace_abort(n);
    x->requires_grad = 0;
    return -1;
  }
  tp_inplace_commit(x, n);
  return 0;
}

/* interpolation: 0 linear, 1 lower, 2 higher, 3 midpoint, 4 nearest. q: a 0-d or 1-d tensor of
 * x's dtype, or NULL for the scalar qs. */
TP_API tp_tensor *tp_quantile(tp_tensor *x, tp_tensor *q, double qs, int has_dim, double dim, int keepdim,
                              int interpolation, int ignore_nan) {
  const char *fn = ignore_nan ? "nanquantile" : "quantile";
  if (!q && !(qs >= 0 && qs <= 1)) return tp_fail("%s() q must be in the range [0, 1] but got %g", fn, qs);
  if (tp_shape_numel(x->ndim, x->shape) == 0) return tp_fail("%s() input tensor must be non-empty", fn);
  if (q && q->ndim > 1) return tp_fail("%s() q must be a scalar or 1D tensor", fn);
  if (!tp_is_float(x->dtype)) return tp_fail("%s() input tensor must be either float or double dtype", fn);
  if (q && q->dtype != x->dtype) return tp_fail("%s() q tensor must be same dtype as the input tensor", fn);
  if (interpolation < 0 || interpolation > 4) return tp_fail("tensorpad: interpolation %d", interpolation);
  int64_t d = 0;
  if (has_dim && tp_wrap_dim_arg(dim, x->ndim, &d)) return NULL;
  int mode = tp_set_grad_enabled(0);
  double none = 0;
  tp_tensor *qt = q ? (tp_tensor_retain(q), q) : tp_full(0, &none, x->dtype, qs);
  if (qt && q) {  /* every q in [0, 1] */
    tp_tensor *lo = tp_binary_scalar(TP_OP_GE, qt, 0, TP_SCALAR_INT, TP_FORM_PY, 1);
    tp_tensor *hi = tp_binary_scalar(TP_OP_LE, qt, 1, TP_SCALAR_INT, TP_FORM_PY, 1);
    tp_tensor *both = lo && hi ? tp_binary(TP_OP_LOGICAL_AND, lo, hi, 1) : NULL;
    tp_tensor *all = both ? tp_reduce(TP_OP_ALL, both, -1, NULL, 0, 0, -1) : NULL;
    int fine = all && tp_item(all) != 0;
    tp_tensor_release(lo); tp_tensor_release(hi); tp_tensor_release(both); tp_tensor_release(all);
    if (!fine) {
      tp_tensor_release(qt);
      tp_set_grad_enabled(mode);
      return tp_fail("%s() q values must be in the range [0, 1]", fn);
    }
  }
  tp_set_grad_enabled(mode);
  if (!qt) return NULL;
  /* out_shape: [Q] + the reduced shape; the sorted values viewed as out_shape[1:] + [n] */
  int64_t out_shape[TP_MAX_DIMS + 1];
  int no = 0;
  out_shape[no++] = qt->ndim ? qt->shape[0] : 1;
  if (has_dim && x->ndim > 0) {
    for (int k = 0; k < x->ndim; k++)
      if (k != d) out_shape[no++] = x->shape[k];
      else if (keepdim) out_shape[no++] = 1;
  } else if (keepdim) {
    for (int k = 0; k < x->ndim; k++) out_shape[no++] = 1;
  }
  tp_tensor *pair[2] = {NULL, NULL}, *t = NULL, *sorted = NULL, *r = NULL;
  if (!has_dim) {
    t = tp_flatten(x, 0, -1);
  } else if (x->ndim > 0 && d == x->ndim - 1) {  /* already last: sorted as it is */
    tp_tensor_retain(x);
    t = x;
  } else {
    tp_tensor *u = tp_unsqueeze(x, -1);
    t = u ? tp_stats_then(u, tp_transpose(u, (double)d, -1)) : NULL;
  }
  if (t && !tp_sort(t, -1, 0, 0, pair)) {
    tp_tensor_release(pair[1]);
    double in_shape[TP_MAX_DIMS + 1];
    for (int k = 1; k < no; k++) in_shape[k - 1] = (double)out_shape[k];
    in_shape[no - 1] = (double)pair[0]->shape[pair[0]->ndim - 1];
    sorted = tp_view(pair[0], no, in_shape);
    tp_tensor_release(pair[0]);
  }
  tp_tensor_release(t);
  tp_tensor *ranks = NULL, *below = NULL, *vb = NULL, *tmp = NULL;
  if (sorted) {
    mode = tp_set_grad_enabled(0);
    double last_dim = -1;
    tp_tensor *nan = tp_binary(TP_OP_NE, sorted, sorted, 1);
    if (ignore_nan) {  /* ranks = q * (count of non-NaN - 1), at least 0 */
      tp_tensor *ok = nan ? tp_unary(TP_OP_LOGICAL_NOT, nan) : NULL;
      tmp = ok ? tp_stats_then(ok, tp_reduce(TP_OP_SUM, ok, 1, &last_dim, 1, 0, -1)) : NULL;
      tmp = tmp ? tp_stats_then(tmp, tp_binary_scalar(TP_OP_SUB, tmp, 1, TP_SCALAR_INT, TP_FORM_PY, 1)) : NULL;
      ranks = tmp ? tp_binary(TP_OP_MUL, qt, tmp, 1) : NULL;
      tp_tensor_release(tmp);
      tmp = ranks ? tp_binary_scalar(TP_OP_LT, ranks, 0, TP_SCALAR_INT, TP_FORM_PY, 1) : NULL;
      if (tmp && tp_masked_fill_(ranks, tmp, NULL, 0)) { tp_tensor_release(ranks); ranks = NULL; }
      tp_tensor_release(tmp);
    } else {  /* ranks = q * last, or last where the line has a NaN */
      int64_t last = sorted->shape[sorted->ndim - 1] - 1;
      tp_tensor *any = nan ? tp_reduce(TP_OP_ANY, nan, 1, &last_dim, 1, 0, -1) : NULL;
      tp_tensor *qr = any ? tp_binary_scalar(TP_OP_MUL, qt, (double)last, TP_SCALAR_INT, TP_FORM_PY, 1) : NULL;
      tp_tensor *shp[2] = {qr, any};
      int64_t bshape[TP_MAX_DIMS + 1];
      int bn = qr ? tp_broadcast_shape(2, shp, bshape) : -1;
      if (bn >= 0) {
        double bs[TP_MAX_DIMS + 1];
        for (int k = 0; k < bn; k++) bs[k] = (double)bshape[k];
        tmp = tp_expand(qr, bn, bs);
        ranks = tmp ? tp_clone(tmp) : NULL;
        tp_tensor_release(tmp);
        tmp = ranks ? tp_expand(any, bn, bs) : NULL;
        if (tmp && tp_masked_fill_(ranks, tmp, NULL, (double)last)) { tp_tensor_release(ranks); ranks = NULL; }
        tp_tensor_release(tmp);
      }
      tp_tensor_release(any);
      tp_tensor_release(qr);
    }
    tp_tensor_release(nan);
    if (ranks && interpolation >= 1 && interpolation != 3) {
      int op = interpolation == 1 ? TP_OP_FLOOR : interpolation == 2 ? TP_OP_CEIL : TP_OP_ROUND;
      if (tp_unary_(op, ranks)) { tp_tensor_release(ranks); ranks = NULL; }
    }
    below = ranks ? tp_to_dtype(ranks, TP_INT64, 0) : NULL;
    tp_set_grad_enabled(mode);
    vb = below ? tp_gather(sorted, -1, below) : NULL;
    if (vb && (interpolation == 0 || interpolation == 3)) {
      /* values_below.lerp_(values_above, weights): LerpBackward1 */
      mode = tp_set_grad_enabled(0);
      double rs[TP_MAX_DIMS];
      for (int k = 0; k < ranks->ndim; k++) rs[k] = (double)ranks->shape[k];
      tp_tensor *w = interpolation == 3 ? tp_full(ranks->ndim, rs, ranks->dtype, 0.5) : tp_binary(TP_OP_SUB, ranks, below, 1);
      tp_tensor *ce = tp_unary(TP_OP_CEIL, ranks);
      tp_tensor *above_i = ce ? tp_to_dtype(ce, TP_INT64, 0) : NULL;
      tp_set_grad_enabled(mode);
      tp_tensor *va = above_i ? tp_gather(sorted, -1, above_i) : NULL;
      tp_tensor *lerp = va && w ? tp_tensor_make(vb->dtype, vb->ndim, vb->shape) : NULL;
      if (lerp) {
        tp_fused_lerp(lerp, vb, va, w);
        tp_tensor *ins[3] = {vb, va, w};  /* weight is an input too (its edge is None) */
        lerp = record(TP_STATS_LERP, "LerpBackward1", 3, ins, lerp, 0, NULL, 0, 1, &w);
      }
      tp_tensor_release(w); tp_tensor_release(ce); tp_tensor_release(above_i); tp_tensor_release(va);
      tp_tensor_release(vb);
      vb = lerp;
    }
  }
  if (vb) {  /* q 0-d: drop the last dim; else move the q dim first; squeeze_ is SqueezeBackward3 */
    tp_tensor *pre = vb;
    tp_tensor_retain(pre);
    if (qt->ndim != 0) {  /* unsqueeze_(0).transpose_(0, -1): the in-place views' names */
      tp_tensor *u = tp_unsqueeze(vb, 0);
      if (u && u->grad_fn) u->grad_fn->name = "UnsqueezeBackward1";
      pre = tp_stats_then(pre, u ? tp_stats_then(u, tp_transpose(u, 0, -1)) : NULL);
      if (pre && pre->grad_fn) pre->grad_fn->name = "TransposeBackward1";
    }
    mode = tp_set_grad_enabled(0);
    tp_tensor *m = pre ? tp_squeeze_dim(pre, -1) : NULL;
    tp_set_grad_enabled(mode);
    if (m && m->base) {  /* squeeze_ leaves values_below itself, not a view made in no_grad mode */
      tp_tensor_release(m->base);
      m->base = NULL;
      m->view_no_grad = 0;
    }
    r = m ? tp_record_kind(TP_GRAD_VIEW, "SqueezeBackward3", 1, &pre, m, 0, NULL, 0, NULL) : NULL;
    tp_tensor_release(pre);
  }
  tp_tensor_release(vb);
  tp_tensor_release(below);
  tp_tensor_release(ranks);
  tp_tensor_release(sorted);
  tp_tensor_release(qt);
  return r;
}

/* ---- dist: the p-norm of x - y (DistBackward0) ------------------------------------------------ */
TP_API tp_tensor *tp_dist(tp_tensor *x, tp_tensor *y, double p) {
  int mode = tp_set_grad_enabled(0);
  tp_tensor *d = tp_binary(TP_OP_SUB, x, y, 1);
  tp_tensor *out = d ? tp_reduce(TP_OP_NORM, d, -1, NULL, 0, p, -1) : NULL;
  tp_tensor_release(d);
  tp_set_grad_enabled(mode);
  tp_tensor *ins[2] = {x, y}, *save[3] = {x, y, out};
  return record(TP_STATS_DIST, "DistBackward0", 2, ins, out, 0, NULL, p, 3, save);
}

TP_API int tp_unique(tp_tensor *x, int sorted, int consecutive, tp_tensor **out) {
  double all = -1;
  int mode = tp_set_grad_enabled(0);
  tp_tensor *flat = tp_reshape(x, 1, &all);
  tp_tensor *xc = flat ? tp_contiguous(flat) : NULL;
  tp_set_grad_enabled(mode);
  tp_tensor_release(flat);
  if (!xc) return -1;
  int64_t n = xc->shape[0], item = tp_dtype_table[x->dtype].itemsize, m = 0;
  int fl = tp_is_float(x->dtype);
  int64_t *keys = malloc(sizeof(int64_t) * (size_t)(n ? n : 1));
  if (!keys) {
    tp_tensor_release(xc);
    return tp_fail_oom_status((double)(8 * n));
  }
  for (int64_t i = 0; i < n; i++) {
    const char *p = tp_ptr(xc) + i * item;
    if (fl) { double d = tp_load_f64(p, x->dtype); memcpy(&keys[i], &d, 8); }
    else keys[i] = tp_load_i64(p, x->dtype);
  }
  tp_tensor_release(xc);
  /* the distinct values: runs for unique_consecutive; 1.13's hash set order, or sorted */
  int64_t *vals = NULL;
  if (consecutive) {
    vals = malloc(sizeof(int64_t) * (size_t)(n ? n : 1));
    if (vals)
      for (int64_t i = 0; i < n; i++)
        if (i == 0 || !(fl ? tp_stats_key_f(keys[i]) == tp_stats_key_f(keys[i - 1]) : keys[i] == keys[i - 1])) vals[m++] = keys[i];
  } else if (x->dtype == TP_BOOL) {  /* 1.13's bool path: False, then True, those present */
    vals = malloc(sizeof(int64_t) * 2);
    int seen[2] = {0, 0};
    for (int64_t i = 0; i < n; i++) seen[keys[i] != 0] = 1;
    if (vals) for (int b = 0; b < 2; b++) if (seen[b]) vals[m++] = b;
  } else {
    vals = tp_unique_keys(keys, n, x->dtype, sorted, &m);
  }
  double sz = (double)m, shp[TP_MAX_DIMS];
  for (int k = 0; k < x->ndim; k++) shp[k] = (double)x->shape[k];
  tp_tensor *u = vals ? tp_empty(1, &sz, x->dtype) : NULL, *cnt = u ? tp_full(1, &sz, TP_INT64, 0) : NULL;
  tp_tensor *inv = cnt ? tp_empty(x->ndim, shp, TP_INT64) : NULL;
  keyidx *look = inv && !consecutive ? malloc(sizeof(keyidx) * (size_t)(m ? m : 1)) : NULL;
  if (!inv || (!consecutive && !look)) {
    free(keys); free(vals); free(look);
    tp_tensor_release(u); tp_tensor_release(cnt); tp_tensor_release(inv);
    return vals && inv ? tp_fail_oom_status((double)(16 * m)) : -1;
  }
  for (int64_t i = 0; i < m; i++) {
    char *p = tp_ptr(u) + i * item;
    if (fl) tp_store_f64(p, x->dtype, tp_stats_key_f(vals[i]));
    else tp_store_i64(p, x->dtype, vals[i]);
  }
  int64_t *c = (int64_t *)tp_ptr(cnt), *iv = (int64_t *)tp_ptr(inv);
  if (consecutive) {
    for (int64_t i = 0, g = -1; i < n; i++) {
      if (i == 0 || !(fl ? tp_stats_key_f(keys[i]) == tp_stats_key_f(keys[i - 1]) : keys[i] == keys[i - 1])) g++;
      iv[i] = g;
      c[g]++;
    }
  } else {  /* inverse_map[value]: a NaN is never found (its inverse is 0 and it counts nothing) */
    int64_t nl = 0;  /* NaN values are never found: leave them out of the lookup */
    for (int64_t i = 0; i < m; i++)
      if (!fl || !isnan(tp_stats_key_f(vals[i]))) look[nl++] = (keyidx){vals[i], i};
    tp_keyidx_float = fl;
    qsort(look, (size_t)nl, sizeof(keyidx), tp_keyidx_cmp);
    for (int64_t i = 0; i < n; i++) {
      iv[i] = 0;
      if (fl && isnan(tp_stats_key_f(keys[i]))) continue;
      int64_t lo = 0, hi = nl;  /* the first entry >= keys[i] */
      keyidx probe = {keys[i], 0};
      while (lo < hi) {
        int64_t mid = (lo + hi) / 2;
        if (tp_keyidx_cmp(&look[mid], &probe) < 0) lo = mid + 1;
        else hi = mid;
      }
      if (lo < nl && tp_keyidx_cmp(&look[lo], &probe) == 0) {
        iv[i] = look[lo].idx;
        c[look[lo].idx]++;
      }
    }
  }
  free(keys);
  free(vals);
  free(look);
  out[0] = u;
  out[1] = inv;
  out[2] = cnt;
  if (not_implemented(consecutive ? "UniqueConsecutiveBackward0" : "Unique2Backward0", consecutive ? 2 : 1, x, 1, out)) {
    tp_tensor_release(inv);
    tp_tensor_release(cnt);
    out[1] = out[2] = NULL;  /* a failed call hands back nothing */
    return -1;
  }
  return 0;
}

TP_API int tp_unique_dim(tp_tensor *x, double dim, int consecutive, tp_tensor **out) {
  if (x->ndim == 0) return tp_fail_status("Dimension specified as %lld but tensor has no dimensions", (long long)dim);
  int64_t d;
  if (tp_wrap_dim_arg(dim, x->ndim, &d)) return -1;
  double perm[TP_MAX_DIMS];
  int k = 0;
  perm[k++] = (double)d;
  for (int i = 0; i < x->ndim; i++)
    if (i != d) perm[k++] = i;
  int mode = tp_set_grad_enabled(0);
  tp_tensor *moved = tp_permute(x, x->ndim, perm);
  tp_tensor *xc = moved ? tp_contiguous(moved) : NULL;
  tp_tensor_release(moved);
  tp_set_grad_enabled(mode);
  if (!xc) return -1;
  int64_t n = x->shape[d], m = n ? tp_shape_numel(x->ndim, x->shape) / n : 0;
  double sn = (double)n;
  tp_tensor *inv = tp_empty(1, &sn, TP_INT64), *cnt = tp_full(1, &sn, TP_INT64, 0);
  int64_t *order = malloc(sizeof(int64_t) * (size_t)(n ? 2 * n : 1));
  if (!inv || !cnt || !order) {
    tp_tensor_release(inv); tp_tensor_release(cnt); tp_tensor_release(xc); free(order);
    return order ? -1 : tp_fail_oom_status((double)(8 * n));
  }
  tp_row_base = tp_ptr(xc);
  row_len = m;
  tp_row_item = tp_dtype_table[x->dtype].itemsize;
  tp_row_dtype = x->dtype;
  int64_t *firsts = order + n, u = 0, *iv = (int64_t *)tp_ptr(inv), *c = (int64_t *)tp_ptr(cnt);
  for (int64_t i = 0; i < n; i++) order[i] = i;
  if (!consecutive) qsort(order, (size_t)n, sizeof(int64_t), tp_row_cmp);
  for (int64_t i = 0; i < n; i++) {  /* groups of equal slices, in sorted (or given) order */
    if (i == 0 || !tp_rows_equal(firsts[u - 1], order[i])) firsts[u++] = order[i];
    iv[order[i]] = u - 1;
    c[u - 1]++;
  }
  double shape[TP_MAX_DIMS];
  shape[0] = (double)u;
  for (int i = 1; i < x->ndim; i++) shape[i] = (double)xc->shape[i];
  tp_tensor *vals = tp_empty(x->ndim, shape, x->dtype);
  for (int64_t g = 0; vals && g < u; g++)
    memcpy(tp_ptr(vals) + g * m * tp_row_item, tp_row_base + firsts[g] * m * tp_row_item, (size_t)(m * tp_row_item));
  free(order);
  tp_tensor_release(xc);
  cnt->shape[0] = u;
  double back[TP_MAX_DIMS];  /* the inverse permutation: dim 0 goes back to d */
  for (int i = 0; i < x->ndim; i++) back[(int)perm[i]] = i;
  tp_tensor *r = vals ? tp_permute(vals, x->ndim, back) : NULL;
  tp_tensor_release(vals);
  if (!r) {
    tp_tensor_release(inv); tp_tensor_release(cnt);
    return -1;
  }
  out[0] = r;
  out[1] = inv;
  out[2] = cnt;
  if (not_implemented(consecutive ? "UniqueConsecutiveBackward0" : "UniqueDimBackward0", consecutive ? 2 : 3, x, 1, out)) {
    tp_tensor_release(inv);
    tp_tensor_release(cnt);
    out[1] = out[2] = NULL;  /* a failed call hands back nothing */
    return -1;
  }
  return 0;
}
