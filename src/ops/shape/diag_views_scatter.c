/* More shape and view ops: diagonal, diag, trace, diag_embed, diagflat, movedim, the in-place
 * view ops (t_, transpose_, squeeze_, unsqueeze_), unflatten, tensor_split and h/v/dsplit,
 * repeat_interleave, rot90, unfold, take, sum_to_size.
 *
 * Each runs its kernel below autograd, then records PyTorch 1.13's node (formulas in the
 * "more shape ops" section of derivatives.c); where PyTorch's op is a composite, this is a
 * composite of the exported entry points, so the graph has PyTorch's nodes. Compiled -Os.
 */
#include <math.h>
#include <stdio.h>
#include <string.h>
#include "internal.h"
#include "shape.h"
#include "diag_views_scatter_kernels.h"

static void format_ints(char *buf, size_t cap, int n, const double *v) {
  int64_t s[TP_MAX_DIMS];
  for (int i = 0; i < n && i < TP_MAX_DIMS; i++) s[i] = tp_arg_i64(v[i]);
  tp_format_shape(buf, cap, n < TP_MAX_DIMS ? n : TP_MAX_DIMS, s);
}

/* ---- diagonal: a view ----------------------------------------------------------------- */
tp_tensor *tp_diagonal_impl(tp_tensor *t, int64_t off, double dim1, double dim2) {
  int64_t a, b;
  if (tp_wrap_dim_arg(dim1, t->ndim, &a) || tp_wrap_dim_arg(dim2, t->ndim, &b)) return NULL;
  if (a == b) return tp_fail("diagonal dimensions cannot be identical %lld, %lld", (long long)tp_arg_i64(dim1), (long long)tp_arg_i64(dim2));
  int64_t n = off >= 0 ? (t->shape[a] < t->shape[b] - off ? t->shape[a] : t->shape[b] - off)
                       : (t->shape[a] + off < t->shape[b] ? t->shape[a] + off : t->shape[b]);
  if (n < 0) n = 0;
  tp_tensor *v = tp_tensor_alias(t);
  if (!v) return NULL;
  if (n > 0) v->offset = tp_wadd(v->offset, off >= 0 ? tp_wmul(off, t->stride[b]) : tp_wmul(-off, t->stride[a]));
  int k = 0;
  for (int d = 0; d < t->ndim; d++)
    if (d != a && d != b) { v->shape[k] = t->shape[d]; v->stride[k] = t->stride[d]; k++; }
  v->shape[k] = n;
  v->stride[k] = t->stride[a] + t->stride[b];
  v->ndim = (int8_t)(k + 1);
  return tp_view_checked(v);
}

/* zeros of shape with t copied onto its (offset, d1, d2) diagonal: diag and diag_embed. */
tp_tensor *tp_embed_diagonal(tp_tensor *t, int ndim, const int64_t *shape, int64_t off, int64_t d1, int64_t d2) {
  double sizes[TP_MAX_DIMS];
  for (int d = 0; d < ndim; d++) sizes[d] = (double)shape[d];
  tp_tensor *z = tp_full_unchecked(ndim, sizes, t->dtype, 0);
  tp_tensor *v = z ? tp_diagonal_impl(z, off, (double)d1, (double)d2) : NULL;
  if (!v) { if (z) tp_tensor_release(z); return NULL; }
  tp_copy_convert(v, t);
  tp_tensor_release(v);
  return z;
}

/* diagflat: contiguous().view(-1).diag(offset), as PyTorch composes it. */
TP_API tp_tensor *tp_diagflat(tp_tensor *t, double offset) {
  double flat = -1;
  tp_tensor *c = tp_contiguous(t);
  tp_tensor *v = c ? tp_view(c, 1, &flat) : NULL;
  tp_tensor *out = v ? tp_diag(v, offset) : NULL;
  if (c) tp_tensor_release(c);
  if (v) tp_tensor_release(v);
  return out;
}

/* ---- movedim: a permute ------------------------------------------------------------- */
TP_API tp_tensor *tp_movedim(tp_tensor *t, int n, const double *src_then_dst) {
  const double *src = src_then_dst, *dst = src_then_dst + n;
  int nd = t->ndim;
  char b1[256], b2[256];
  int64_t s[TP_MAX_DIMS], d[TP_MAX_DIMS], order[TP_MAX_DIMS];
  if (n > TP_MAX_DIMS) return tp_fail("tensorpad supports at most %d dimensions", TP_MAX_DIMS);
  for (int i = 0; i < n; i++)
    if (tp_wrap_dim_arg(src[i], nd, &s[i]) || tp_wrap_dim_arg(dst[i], nd, &d[i])) return NULL;
  for (int i = 0; i < n; i++)
    for (int j = 0; j < i; j++)
      if (s[i] == s[j]) { format_ints(b1, sizeof b1, n, src); return tp_fail("movedim: repeated dim in `source` (%s)", b1); }
  for (int i = 0; i < n; i++)
    for (int j = 0; j < i; j++)
      if (d[i] == d[j]) { format_ints(b2, sizeof b2, n, dst); return tp_fail("movedim: repeated dim in `destination` (%s)", b2); }
  int src_used[TP_MAX_DIMS] = {0}, dst_used[TP_MAX_DIMS] = {0};
  for (int i = 0; i < nd; i++) order[i] = -1;
  for (int i = 0; i < n; i++) { order[d[i]] = s[i]; src_used[s[i]] = 1; dst_used[d[i]] = 1; }
  int si = 0;
  for (int di = 0; di < nd; di++) {
    if (dst_used[di]) continue;
    while (src_used[si]) si++;
    order[di] = si++;
  }
  double dims[TP_MAX_DIMS];
  for (int i = 0; i < nd; i++) dims[i] = (double)order[i];
  return tp_permute(t, nd, dims);
}

/* "movedim: Invalid source or destination dims: ..." needs both lists: checked here so the
 * JS layer passes them as they came. */
TP_API tp_tensor *tp_movedim_lists(tp_tensor *t, int nsrc, int ndst, const double *src_then_dst) {
  if (nsrc != ndst) {
    char b1[256], b2[256];
    format_ints(b1, sizeof b1, nsrc, src_then_dst);
    format_ints(b2, sizeof b2, ndst, src_then_dst + nsrc);
    return tp_fail("movedim: Invalid source or destination dims: source (%s dims) should contain the same number of dims as destination (%s dims)", b1, b2);
  }
  return tp_movedim(t, nsrc, src_then_dst);
}

tp_tensor *tp_diag_views_scatter_below(tp_tensor *(*f)(tp_tensor *, double, double), tp_tensor *t, double a, double b) {
  NOGRAD_BEGIN;
  tp_tensor *v = f(t, a, b);
  NOGRAD_END;
  return v;
}
tp_tensor *tp_transpose2(tp_tensor *t, double a, double b) { return tp_transpose(t, a, b); }
tp_tensor *tp_diag_views_scatter_t2(tp_tensor *t, double a, double b) { (void)a; (void)b; return tp_t(t); }
tp_tensor *tp_squeeze2(tp_tensor *t, double a, double b) { (void)b; return isnan(a) ? tp_squeeze(t) : tp_squeeze_dim(t, a); }
tp_tensor *tp_unsqueeze2(tp_tensor *t, double a, double b) { (void)b; return tp_unsqueeze(t, a); }

int tp_swap_iv(int ndim, int64_t a, int64_t b, int64_t *perm) {
  for (int d = 0; d < ndim; d++) perm[d] = d;
  if (ndim) { perm[a] = b; perm[b] = a; }
  return ndim;
}

/* ---- unflatten: a view ------------------------------------------------------------------ */
TP_API tp_tensor *tp_unflatten(tp_tensor *t, double dim, int n, const double *sizes) {
  int64_t w;
  if (tp_wrap_dim_arg(dim, t->ndim, &w)) return NULL;
  if (n == 0) return tp_fail("unflatten: sizes must be non-empty");
  if (t->ndim == 0) return tp_fail("Dimension specified as %lld but tensor has no dimensions", (long long)w);  /* 1.13's self.size(dim) */
  if (t->ndim - 1 + n > TP_MAX_DIMS) return tp_fail("tensorpad supports at most %d dimensions", TP_MAX_DIMS);
  int64_t prod = 1, size = t->shape[w];
  int infer = -1, zero = 0;
  for (int i = 0; i < n; i++) zero |= sizes[i] == 0;  /* a zero size: the product is 0, however large the others */
  for (int i = 0; i < n; i++) {
    int64_t s;
    if (tp_int_arg(sizes[i], "sizes", &s)) return NULL;
    if (s == -1 && infer < 0) infer = i;
    else if (s < -1) return tp_fail("invalid shape dimension %lld", (long long)s);
    else if (!tp_mul_ok(prod, s, &prod) && !zero) return tp_fail("numel: integer multiplication overflow");
  }
  if (zero) prod = 0;
  double out[TP_MAX_DIMS];
  int k = 0;
  for (int d = 0; d < (int)w; d++) out[k++] = (double)t->shape[d];
  for (int i = 0; i < n; i++) out[k++] = (i == infer && prod > 0 && size % prod == 0) ? (double)(size / prod) : sizes[i];
  if ((infer < 0 && prod != size) || (infer >= 0 && (prod == 0 || size % prod))) {
    char b[256];
    format_ints(b, sizeof b, n, sizes);
    return tp_fail("unflatten: Provided sizes %s don't multiply up to the size of dim %lld (%lld) in the input tensor", b,
                   (long long)tp_arg_i64(dim), (long long)size);
  }
  for (int d = (int)w + 1; d < t->ndim; d++) out[k++] = (double)t->shape[d];
  return tp_view(t, k, out);
}

/* ---- tensor_split and hsplit/vsplit/dsplit: slices, one node each ------------------------- */
/* nidx < 0: `sections` equal parts (the first size % sections one longer); else pieces
 * between the indices. Views go to tp_tensor_list; returns how many. */
TP_API int tp_tensor_split(tp_tensor *t, int nidx, const double *idx, double sections, double dim) {
  if (t->ndim == 0) return tp_fail_status("tensor_split expected at least a 1-dimensional tensor, but got a tensor with 0 dims");
  int64_t w;
  if (tp_wrap_dim_arg(dim, t->ndim, &w)) return -1;
  int64_t size = t->shape[w], ns = tp_arg_i64(sections);
  if (nidx < 0 && ns <= 0) return tp_fail_status("number of sections must be larger than 0, got %lld", (long long)ns);
  int count = nidx < 0 ? (int)(ns < 1 << 20 ? ns : 1 << 20) : nidx + 1;
  if (nidx < 0 && ns != count) return tp_fail_status("tensorpad: too many sections (%lld)", (long long)ns);
  tp_tensor **list = tp_list_reserve(count);
  if (!list) return -1;
  int64_t start = 0, per = nidx < 0 ? size / ns : 0, extra = nidx < 0 ? size % ns : 0;
  for (int i = 0; i < count; i++) {
    double s, e;
    if (nidx < 0) {
      int64_t len = per + (i < extra ? 1 : 0);
      s = (double)start; e = (double)(start + len);
      start += len;
    } else {
      s = i == 0 ? 0 : idx[i - 1];
      e = i == nidx ? (double)size : idx[i];
      /* a negative index counts from the end, as slice's bounds do; an end before the start gives an empty piece */
    }
    tp_tensor *p = tp_slice(t, (double)w, s, e, 1);
    if (!p) {
      for (int j = 0; j < i; j++) tp_tensor_release(list[j]);
      return -1;
    }
    list[i] = p;
  }
  return count;
}

/* which: 0 vsplit (dim 0, >= 2-d), 1 hsplit (dim 1, or 0 for 1-d), 2 dsplit (dim 2, >= 3-d). */
TP_API int tp_hvdsplit(tp_tensor *t, int which, int nidx, const double *idx, double sections) {
  static const char *const names[] = {"vsplit", "hsplit", "dsplit"};
  int need = which == 0 ? 2 : which == 1 ? 1 : 3;
  if (t->ndim < need) {
    if (which == 1)
      return tp_fail_status("torch.hsplit requires a tensor with at least 1 dimension, but got a tensor with %d dimensions!", t->ndim);
    return tp_fail_status("torch.%s requires a tensor with at least %d dimension, but got a tensor with %d dimensions!", names[which], need, t->ndim);
  }
  int dim = which == 1 ? (t->ndim == 1 ? 0 : 1) : which == 0 ? 0 : 2;
  int64_t ns = tp_arg_i64(sections);
  if (nidx < 0 && (ns == 0 || t->shape[dim] % ns))
    return tp_fail_status("torch.%s attempted to split along dimension %d, but the size of the dimension %lld is not divisible by the split_size %lld!",
                          names[which], dim, (long long)t->shape[dim], (long long)ns);
  return tp_tensor_split(t, nidx, idx, sections, dim);
}

/* ---- repeat_interleave: index_select with repeated indices --------------------------- */
/* repeats: an integer tensor (0-d or 1-d), or NULL to repeat each element r times. dim NaN:
 * the flattened input. self NULL: torch.repeat_interleave(repeats), the indices themselves. */
TP_API tp_tensor *tp_repeat_interleave(tp_tensor *t, tp_tensor *repeats, double r, double dim) {
  int64_t rv = tp_arg_i64(r);
  /* 1.13 asks input.size(dim) (the dim as given) before it looks further at repeats */
  if (t && !isnan(dim) && t->ndim == 0 && !(repeats && repeats->ndim > 1))
    return tp_fail("Dimension specified as %lld but tensor has no dimensions", (long long)tp_arg_i64(dim));
  if (repeats) {
    if (repeats->ndim > 1) return tp_fail("repeats must be 0-dim or 1-dim tensor");
    if (tp_dtype_table[repeats->dtype].is_floating || repeats->dtype == TP_BOOL)
      return tp_fail("repeat_interleave only supports Int and Long repeats, but got %s", tp_dtype_title(repeats->dtype));
  } else if (rv < 0) {
    return tp_fail("repeats can not be negative");
  }
  tp_tensor *x = NULL;
  int64_t w = 0;
  if (t) {
    if (isnan(dim)) {
      if (!(x = tp_flatten(t, 0, -1))) return NULL;
    } else {
      if (tp_wrap_dim_arg(dim, t->ndim, &w)) return NULL;
      x = t;
      tp_tensor_retain(x);
    }
  }
  int64_t n = x ? (x->ndim ? x->shape[w] : 1) : (repeats->ndim ? repeats->shape[0] : 1);
  int64_t rn = repeats ? (repeats->ndim ? repeats->shape[0] : 1) : 1;
  int fail = 0;
  if (repeats && x && rn != 1 && rn != n) fail = tp_fail_status("repeats must have the same size as input along dim");
  int64_t total = 0, item = repeats ? tp_dtype_table[repeats->dtype].itemsize : 0;
  for (int64_t i = 0; !fail && i < n; i++) {
    int64_t ri = repeats ? tp_load_i64(tp_ptr(repeats) + (rn == 1 ? 0 : i * repeats->stride[0]) * item, repeats->dtype) : rv;
    if (ri < 0) fail = tp_fail_status("repeats can not be negative");
    total += ri;
  }
  tp_tensor *index = fail ? NULL : tp_tensor_make(repeats && !x ? repeats->dtype : TP_INT64, 1, &total);
  if (!index) { if (x) tp_tensor_release(x); return NULL; }
  char *p = tp_ptr(index);
  int isz = tp_dtype_table[index->dtype].itemsize;
  for (int64_t i = 0, k = 0; i < n; i++) {
    int64_t ri = repeats ? tp_load_i64(tp_ptr(repeats) + (rn == 1 ? 0 : i * repeats->stride[0]) * item, repeats->dtype) : rv;
    for (int64_t j = 0; j < ri; j++, k++) tp_store_i64(p + k * isz, index->dtype, i);
  }
  if (!x) return index;
  tp_tensor *out = tp_index_select(x, (double)w, index);
  tp_tensor_release(index);
  tp_tensor_release(x);
  return out;
}

/* ---- unfold: a view of the windows of `size` every `step` along dim ----------------------- */
tp_tensor *tp_unfold_impl(tp_tensor *t, double dim, double size, double step) {
  int64_t w, sz = tp_arg_i64(size), st = tp_arg_i64(step);
  if (tp_wrap_dim_arg(dim, t->ndim, &w)) return NULL;
  if (t->ndim + 1 > TP_MAX_DIMS) return tp_fail("tensorpad supports at most %d dimensions", TP_MAX_DIMS);
  int64_t max = t->ndim ? t->shape[w] : 1;
  if (sz > max) return tp_fail("maximum size for tensor at dimension %lld is %lld but size is %lld", (long long)w, (long long)max, (long long)sz);
  if (st <= 0) return tp_fail("step is %lld but must be > 0", (long long)st);
  if (sz < 0) return tp_fail("size is %lld but must be >= 0", (long long)sz);
  tp_tensor *v = tp_tensor_alias(t);
  if (!v) return NULL;
  if (t->ndim == 0) {
    v->ndim = 1;
    v->shape[0] = sz;
    v->stride[0] = 1;
    return v;
  }
  v->shape[w] = (t->shape[w] - sz) / st + 1;
  if (!tp_mul_ok(t->stride[w], st, &v->stride[w])) v->stride[w] = t->stride[w];  /* then one window */
  v->shape[t->ndim] = sz;
  v->stride[t->ndim] = t->stride[w];
  v->ndim = (int8_t)(t->ndim + 1);
  return tp_view_checked(v);
}

/* ---- sum_to_size: at::sum_to (sum over broadcast dims, keepdim, then a view) -------------- */
/* Returns t itself (retained) when nothing is summed, as PyTorch returns self. */
TP_API tp_tensor *tp_sum_to_size(tp_tensor *t, int n, const double *sizes) {
  int64_t shape[TP_MAX_DIMS];
  if (n > TP_MAX_DIMS || tp_check_sizes(n, sizes, shape)) return NULL;
  int ok = n <= t->ndim, lead = t->ndim - n;
  for (int i = 0; ok && i < n; i++) ok = shape[i] == t->shape[lead + i] || shape[i] == 1;
  if (!ok) {
    char a[256], b[256];
    tp_format_shape(a, sizeof a, n, shape);
    tp_format_shape(b, sizeof b, t->ndim, t->shape);
    return tp_fail("size {%s} is not expandable to size {%s}.", a, b);
  }
  double dims[TP_MAX_DIMS];
  int nd = 0;
  for (int d = 0; d < lead; d++) dims[nd++] = d;
  for (int i = 0; i < n; i++)
    if (shape[i] == 1 && t->shape[lead + i] != 1) dims[nd++] = lead + i;
  tp_tensor *r = t;
  tp_tensor_retain(r);
  if (nd) {
    tp_tensor *s = tp_reduce(TP_OP_SUM, t, nd, dims, 1, 0, -1);
    tp_tensor_release(r);
    if (!(r = s)) return NULL;
  }
  if (lead > 0) {
    tp_tensor *v = tp_view(r, n, sizes);
    tp_tensor_release(r);
    r = v;
  }
  return r;
}

/* ---- element k of t in row-major logical order (any strides) --------------------------------- */
char *tp_elem_at(const tp_tensor *t, int64_t k) {
  int64_t off = 0;
  for (int d = t->ndim - 1; d >= 0; d--) {
    int64_t s = t->shape[d];
    off += (k % s) * t->stride[d];
    k /= s;
  }
  return tp_ptr(t) + off * tp_dtype_table[t->dtype].itemsize;
}

static void copy_elem(char *dst, const char *src, int dtype, int accumulate) {
  if (!accumulate) { memcpy(dst, src, (size_t)tp_dtype_table[dtype].itemsize); return; }
  if (tp_dtype_table[dtype].is_floating) tp_store_f64(dst, dtype, tp_load_f64(dst, dtype) + tp_load_f64(src, dtype));
  else if (dtype == TP_BOOL) tp_store_i64(dst, dtype, tp_load_i64(dst, dtype) || tp_load_i64(src, dtype));
  else tp_store_i64(dst, dtype, (int64_t)((uint64_t)tp_load_i64(dst, dtype) + (uint64_t)tp_load_i64(src, dtype)));  /* wraps, as ATen's */
}

/* ---- masked_scatter: source's elements, in order, where mask is true --------------------------- */
int tp_masked_scatter_check(tp_tensor *t, tp_tensor *mask, tp_tensor *source) {
  if (tp_dtype_table[mask->dtype].is_floating)
    return tp_fail_status("masked_scatter_ only supports boolean masks, but got mask with dtype %s", tp_dtype_title(mask->dtype));
  if (t->dtype != source->dtype)
    return tp_fail_status("masked_scatter: expected self and source to have same dtypes but got%s and %s", tp_dtype_title(t->dtype), tp_dtype_title(source->dtype));
  return 0;
}

/* t's and m's headers with their dims in t's memory order (largest stride first, stable):
 * PyTorch's kernel walks t as TensorIterator lays it out, so the source fills memory order. */
static void memory_order(const tp_tensor *t, const tp_tensor *m, tp_tensor *tp, tp_tensor *mp) {
  int perm[TP_MAX_DIMS];
  for (int d = 0; d < t->ndim; d++) perm[d] = d;
  for (int i = 1; i < t->ndim; i++)
    for (int j = i; j > 0 && t->stride[perm[j]] > t->stride[perm[j - 1]]; j--) { int k = perm[j]; perm[j] = perm[j - 1]; perm[j - 1] = k; }
  *tp = tp_geometry(t);
  *mp = tp_geometry(m);
  for (int d = 0; d < t->ndim; d++) {
    tp->shape[d] = t->shape[perm[d]]; tp->stride[d] = t->stride[perm[d]];
    mp->shape[d] = m->shape[perm[d]]; mp->stride[d] = m->stride[perm[d]];
  }
}

/* Writes into t (mask already of t's shape); -1 when source is too short (nothing written). */
int tp_masked_scatter_run(tp_tensor *t0, tp_tensor *m0, tp_tensor *source) {
  tp_tensor tg, mg, *t = &tg, *m = &mg;
  memory_order(t0, m0, t, m);
  int64_t n = tp_shape_numel(t->ndim, t->shape), ns = tp_shape_numel(source->ndim, source->shape), count = 0;
  for (int64_t k = 0; k < n; k++) count += tp_load_i64(tp_elem_at(m, k), m->dtype) != 0;
  if (count > ns) return tp_fail_status("Number of elements of source < number of ones in mask");
  for (int64_t k = 0, j = 0; k < n; k++)
    if (tp_load_i64(tp_elem_at(m, k), m->dtype)) copy_elem(tp_elem_at(t, k), tp_elem_at(source, j++), t->dtype, 0);
  return 0;
}

/* ---- put_ / put: self.flatten()[index] = source (accumulate: +=) -------------------------------- */
int tp_put_check(tp_tensor *t, tp_tensor *index, tp_tensor *source, int inplace) {
  if (index->dtype != TP_INT64) return tp_fail_status("put_(): Expected a long tensor for index, but got %s", tp_dtype_title(index->dtype));
  if (t->dtype != source->dtype)
    return tp_fail_status("put_(): self and source expected to have the same dtype, but got self.dtype = %s and source.dtype = %s",
                          tp_dtype_title(t->dtype), tp_dtype_title(source->dtype));
  int64_t ni = tp_shape_numel(index->ndim, index->shape), ns = tp_shape_numel(source->ndim, source->shape);
  if (ni != ns)
    return tp_fail_status("put_(): Expected source and index to have the same number of elements, but got source.numel() = %lld, index.numel() = %lld",
                          (long long)ns, (long long)ni);
  if (inplace && tp_check_no_internal_overlap(t)) return -1;
  int64_t numel = tp_shape_numel(t->ndim, t->shape);
  if (numel == 0 && ni > 0) return tp_fail_status("put_(): Tried to put elements into an empty tensor");
  for (int64_t k = 0; k < ni; k++) {
    int64_t i = tp_load_i64(tp_elem_at(index, k), TP_INT64);
    if (i >= numel || i < -numel) return tp_fail_status("out of range: tried to access index %lld on a tensor of %lld elements.", (long long)i, (long long)numel);
  }
  return 0;
}

void tp_put_run(tp_tensor *t, tp_tensor *index, tp_tensor *source, int accumulate) {
  int64_t ni = tp_shape_numel(index->ndim, index->shape), numel = tp_shape_numel(t->ndim, t->shape);
  for (int64_t k = 0; k < ni; k++) {
    int64_t i = tp_load_i64(tp_elem_at(index, k), TP_INT64);
    copy_elem(tp_elem_at(t, i < 0 ? i + numel : i), tp_elem_at(source, k), t->dtype, accumulate);
  }
}

/* ---- empty_strided: a zero-filled tensor with the given strides over a storage of its own ---- */
TP_API tp_tensor *tp_empty_strided(int ndim, const double *sizes_then_strides, int dtype) {
  int64_t shape[TP_MAX_DIMS], stride[TP_MAX_DIMS], need;
  if (ndim > TP_MAX_DIMS || tp_check_sizes(ndim, sizes_then_strides, shape)) return NULL;
  for (int d = 0; d < ndim; d++)
    if (tp_int_arg(sizes_then_strides[ndim + d], "stride", &stride[d])) return NULL;
  if (dtype < 0 || dtype >= TP_NDTYPES) return tp_fail("invalid dtype %d", dtype);
  int item = tp_dtype_table[dtype].itemsize;
  if (tp_storage_nbytes_for(ndim, shape, stride, 0, item, &need)) return NULL;
  tp_fix_negative_strides(ndim, shape, stride);
  double n = (double)(need / item);
  tp_tensor *t = tp_full(1, &n, dtype, 0);
  if (!t) return NULL;
  t->ndim = (int8_t)ndim;
  memcpy(t->shape, shape, sizeof(int64_t) * (size_t)ndim);
  memcpy(t->stride, stride, sizeof(int64_t) * (size_t)ndim);
  return t;
}

/* ---- scatter_reduce: sum, prod, mean, amax, amin of src into self's places along dim ----------- */

int tp_scatter_reduce_check(tp_tensor *t, double dim, tp_tensor *index, tp_tensor *src, int reduce, int64_t *w) {
  if (reduce < RED_SUM || reduce > RED_AMIN) return tp_fail_status("reduce argument must be either sum, prod, mean, amax or amin.");
  if (tp_wrap_dim_arg(dim, t->ndim, w)) return -1;
  return tp_scatter_check(t, *w, index, src);
}

/* Element offsets (in elements) of index position k in index, src and out (dim replaced by the index value). */
static void scatter_offsets(const tp_tensor *index, const tp_tensor *src, const tp_tensor *out, int64_t dim, int64_t k,
                            int64_t *oi, int64_t *os, int64_t *oo, int64_t *lin) {
  int64_t c[TP_MAX_DIMS];
  for (int d = index->ndim - 1; d >= 0; d--) { c[d] = k % index->shape[d]; k /= index->shape[d]; }
  *oi = *os = *oo = 0;
  for (int d = 0; d < index->ndim; d++) { *oi += c[d] * index->stride[d]; if (d < src->ndim) *os += c[d] * src->stride[d]; }
  int64_t j = tp_load_i64((const char *)index->storage->data + (index->offset + *oi) * 8, TP_INT64);
  if (j < 0) j += out->ndim ? out->shape[dim] : 1;
  c[dim] = j;
  *lin = 0;
  for (int d = 0; d < out->ndim; d++) { *oo += c[d] * out->stride[d]; *lin = *lin * out->shape[d] + c[d]; }
}

int tp_scatter_reduce_run(tp_tensor *out, int64_t dim, tp_tensor *index, tp_tensor *src, int reduce, int include_self) {
  int64_t ni = tp_shape_numel(index->ndim, index->shape), no = tp_shape_numel(out->ndim, out->shape);
  int dt = out->dtype, fl = tp_dtype_table[dt].is_floating;
  int64_t item = tp_dtype_table[dt].itemsize;
  double *count = NULL;
  if (reduce == RED_MEAN) {
    count = tp_block_alloc((size_t)(no ? no : 1) * sizeof(double));
    if (!count) return tp_fail_oom_status((double)(no * 8));
    for (int64_t i = 0; i < no; i++) count[i] = include_self;
  }
  char *ob = (char *)out->storage->data + out->offset * item, *sb = (char *)src->storage->data + src->offset * item;
  int64_t oi, os, oo, lin;
  if (!include_self)  /* the places written start from the reduction's identity */
    for (int64_t k = 0; k < ni; k++) {
      scatter_offsets(index, src, out, dim, k, &oi, &os, &oo, &lin);
      char *p = ob + oo * item;
      if (reduce == RED_PROD) tp_store_f64(p, dt, 1);
      else if (reduce == RED_AMAX || reduce == RED_AMIN) {
        if (fl) tp_store_f64(p, dt, reduce == RED_AMAX ? -INFINITY : INFINITY);
        else tp_store_i64(p, dt, reduce == RED_AMAX ? (dt == TP_INT32 ? INT32_MIN : dt == TP_BOOL ? 0 : INT64_MIN)
                                                     : (dt == TP_INT32 ? INT32_MAX : dt == TP_BOOL ? 1 : INT64_MAX));
      } else tp_store_f64(p, dt, 0);
    }
  for (int64_t k = 0; k < ni; k++) {
    scatter_offsets(index, src, out, dim, k, &oi, &os, &oo, &lin);
    char *p = ob + oo * item, *q = sb + os * item;
    if (fl) {
      double a = tp_load_f64(p, dt), b = tp_load_f64(q, dt);
      a = reduce == RED_PROD ? a * b : reduce == RED_AMAX ? (b > a || isnan(b) ? b : a) : reduce == RED_AMIN ? (b < a || isnan(b) ? b : a) : a + b;
      tp_store_f64(p, dt, a);
    } else {
      int64_t a = tp_load_i64(p, dt), b = tp_load_i64(q, dt);
      a = reduce == RED_PROD ? (int64_t)((uint64_t)a * (uint64_t)b) : reduce == RED_AMAX ? (b > a ? b : a)
        : reduce == RED_AMIN ? (b < a ? b : a) : (int64_t)((uint64_t)a + (uint64_t)b);
      tp_store_i64(p, dt, a);
    }
    if (count) count[lin] += 1;
  }
  if (count) {
    tp_tensor g = tp_geometry(out);
    for (int64_t i = 0; i < no; i++) {
      double c = count[i] ? count[i] : 1;
      char *p = tp_elem_at(&g, i);
      if (fl) tp_store_f64(p, dt, tp_load_f64(p, dt) / c);
      else tp_store_i64(p, dt, (int64_t)floor((double)tp_load_i64(p, dt) / c));
    }
    tp_block_free(count, (size_t)(no ? no : 1) * sizeof(double));
  }
  return 0;
}

/* ---- index_reduce: scatter_reduce with index[i] for every element of source's slice i ---------- */
tp_tensor *tp_index_reduce_index(tp_tensor *t, double dim, tp_tensor *index, tp_tensor *source, int reduce, int64_t *w) {
  if (reduce < RED_PROD || reduce > RED_AMIN) return tp_fail("index_reduce(): Expected reduce to be one of prod, mean, amax or amin");
  if (tp_wrap_dim_arg(dim, t->ndim, w)) return NULL;
  if (index->ndim > 1) {
    char b[256];
    tp_format_shape(b, sizeof b, index->ndim, index->shape);
    return tp_fail("index_reduce_(): Index is supposed to be a vector, but got dim: %d with type: %s and size: %s", index->ndim, tp_dtype_title(index->dtype), b);
  }
  if (index->dtype != TP_INT64 && index->dtype != TP_INT32)
    return tp_fail("index_reduce_(): Expected dtype int32/int64 for index but got: %s", tp_dtype_title(index->dtype));
  if (t->dtype != source->dtype)
    return tp_fail("index_reduce_(): self (%s) and source (%s) must have the same scalar type", tp_dtype_title(t->dtype), tp_dtype_title(source->dtype));
  int64_t n = tp_shape_numel(index->ndim, index->shape), ssz = source->ndim ? source->shape[*w < source->ndim ? *w : 0] : 1;
  if (n != ssz)
    return tp_fail("index_reduce_(): Number of indices (%lld) should be equal to source.size(dim): (%lld), for dim: %lld", (long long)n, (long long)ssz, (long long)*w);
  int same = source->ndim == t->ndim || (t->ndim == 0 && source->ndim <= 1);
  for (int d = 0; same && d < t->ndim; d++) same = d == *w || source->shape[d] == t->shape[d];
  if (!same) return tp_fail("index_reduce_(): Source/destination tensor must have same slice shapes.");
  int64_t size = t->ndim ? t->shape[*w] : 1, item = tp_dtype_table[index->dtype].itemsize;
  for (int64_t i = 0; i < n; i++) {
    int64_t v = tp_load_i64(tp_ptr(index) + (index->ndim ? i * index->stride[0] : 0) * item, index->dtype);
    if (v < 0 || v >= size) return tp_fail("index out of range in self");
  }
  /* an int64 index of source's shape holding index[i] along dim */
  tp_tensor *full = tp_tensor_make(TP_INT64, source->ndim, source->shape);
  if (!full) return NULL;
  int64_t total = tp_shape_numel(source->ndim, source->shape), *p = (int64_t *)tp_ptr(full), inner = 1;
  for (int d = (int)*w + 1; d < source->ndim; d++) inner = tp_wmul(inner, source->shape[d]);
  for (int64_t k = 0; k < total; k++) {
    int64_t i = source->ndim ? (k / inner) % source->shape[*w] : 0;
    p[k] = tp_load_i64(tp_ptr(index) + (index->ndim ? i * index->stride[0] : 0) * item, index->dtype);
  }
  return full;
}

