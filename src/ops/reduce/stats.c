/* The reductions, scans and counts around sorting: nansum, nanmean, count_nonzero, aminmax,
 * logcumsumexp, cumsum_/cumprod_, quantile/nanquantile, diff, dist, histc, bincount,
 * unique, unique_consecutive (flattened or along a dim).
 *
 * Most are PyTorch composites and are built the same way here, from the exported entry
 * points with grad mode on, so they record the graph PyTorch records (nanmean is
 * NansumBackward0 under DivBackward0, diff is SubBackward0, quantile is SortBackward0,
 * GatherBackward0, LerpBackward1, ..., SqueezeBackward3). nansum, logcumsumexp, dist and
 * quantile's lerp_ are single nodes in PyTorch; their formulas are the TP_GRAD_STATS section
 * of derivatives.c.
 */
#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include "ops.h"
#include "sort.h"
#include "stats_kernels.h"

int tp_is_float(int dt) { return dt == TP_FLOAT32 || dt == TP_FLOAT64; }

/* Releases a and returns b (for chains of temporaries). */
tp_tensor *tp_stats_then(tp_tensor *a, tp_tensor *b) {
  tp_tensor_release(a);
  return b;
}

/* Bit d set for each reduced dim (ndims <= 0: all), with PyTorch's dim errors. */
int tp_dim_mask(const tp_tensor *x, int ndims, const double *dims, int64_t *mask) {
  *mask = 0;
  if (ndims <= 0) {
    *mask = x->ndim ? ((int64_t)1 << x->ndim) - 1 : 0;
    return 0;
  }
  for (int i = 0; i < ndims; i++) {
    int64_t d;
    if (tp_wrap_dim_arg(dims[i], x->ndim, &d)) return -1;
    if (x->ndim) *mask |= (int64_t)1 << d;
  }
  return 0;
}

/* nanmean = nansum / count of non-NaN values (DivBackward0 over NansumBackward0). */
TP_API tp_tensor *tp_nanmean(tp_tensor *x, int ndims, const double *dims, int keepdim, int dtype) {
  if (!tp_is_float(x->dtype))
    return tp_fail("nanmean(): expected input to have floating point dtype but got %s", tp_dtype_title(x->dtype));
  tp_tensor *s = tp_nansum(x, ndims, dims, keepdim, dtype);
  if (!s) return NULL;
  int mode = tp_set_grad_enabled(0);
  tp_tensor *ok = tp_binary(TP_OP_EQ, x, x, 1);
  tp_tensor *cnt = ok ? tp_reduce(TP_OP_SUM, ok, ndims, dims, keepdim, 0, -1) : NULL;
  tp_set_grad_enabled(mode);
  tp_tensor *r = cnt ? tp_binary(TP_OP_DIV, s, cnt, 1) : NULL;
  tp_tensor_release(ok);
  tp_tensor_release(cnt);
  tp_tensor_release(s);
  return r;
}

TP_API tp_tensor *tp_count_nonzero(tp_tensor *x, int ndims, const double *dims) {
  int64_t mask;
  if (tp_dim_mask(x, ndims, dims, &mask)) return NULL;
  int mode = tp_set_grad_enabled(0);
  tp_tensor *nz = tp_binary_scalar(TP_OP_NE, x, 0, TP_SCALAR_INT, TP_FORM_PY, 1);
  tp_tensor *r = nz ? tp_reduce(TP_OP_SUM, nz, ndims, dims, 0, 0, TP_INT64) : NULL;
  tp_tensor_release(nz);
  tp_set_grad_enabled(mode);
  return r;
}

/* ---- logcumsumexp: a running log(exp(acc) + exp(x)) in double, as PyTorch's CPU kernel ---- */
double tp_log_add_exp(double x, double y) {
  double lo = isnan(y) ? y : fmin(x, y), hi = isnan(y) ? y : fmax(x, y);
  if (isnan(x) && !isnan(y)) lo = hi = x;  /* std::min/max return their first argument on NaN */
  if (lo != hi || isfinite(lo)) return log1p(exp(lo - hi)) + hi;
  return x;  /* both infinite with one sign */
}

/* ---- quantile / nanquantile (ATen's quantile_compute, op for op) -------------------------- */
/* lerp_(end, weight) as PyTorch's CPU kernel computes it, compiled with FMA contraction (its
 * AVX2 kernels): fma(w, end - self, self) for w < 0.5, else fma(-(end - self), 1 - w, end).
 * All four tensors are new, dense and of one shape. */
void tp_fused_lerp(tp_tensor *out, tp_tensor *self, tp_tensor *end, tp_tensor *w) {
  int64_t n = tp_shape_numel(out->ndim, out->shape);
  if (out->dtype == TP_FLOAT32) {
    float *o = (float *)tp_ptr(out);
    const float *a = (const float *)tp_ptr(self), *b = (const float *)tp_ptr(end), *t = (const float *)tp_ptr(w);
    for (int64_t i = 0; i < n; i++) {
      float d = b[i] - a[i];
      o[i] = t[i] < 0.5f ? fmaf(t[i], d, a[i]) : fmaf(-d, 1.0f - t[i], b[i]);
    }
  } else {
    double *o = (double *)tp_ptr(out);
    const double *a = (const double *)tp_ptr(self), *b = (const double *)tp_ptr(end), *t = (const double *)tp_ptr(w);
    for (int64_t i = 0; i < n; i++) {
      double d = b[i] - a[i];
      o[i] = t[i] < 0.5 ? fma(t[i], d, a[i]) : fma(-d, 1.0 - t[i], b[i]);
    }
  }
}

/* ---- diff: n differences of neighbours along dim (SubBackward0; logical_xor for bool) ------ */
TP_API tp_tensor *tp_diff(tp_tensor *x, double n, double dim, tp_tensor *prepend, tp_tensor *append) {
  if (x->ndim < 1) return tp_fail("diff expects input to be at least one-dimensional");
  if ((prepend && prepend->ndim != x->ndim) || (append && append->ndim != x->ndim))
    return tp_fail("diff expects prepend or append to be the same dimension as input");
  int64_t d;
  if (tp_wrap_dim_arg(dim, x->ndim, &d)) return NULL;
  tp_tensor *r;
  if (prepend || append) {
    tp_tensor *list[3];  /* not tp_tensor_list: that scratch list may be the caller's (backward, autograd.grad) */
    int k = 0;
    if (prepend) list[k++] = prepend;
    list[k++] = x;
    if (append) list[k++] = append;
    r = tp_cat(k, list, (double)d);
  } else {
    tp_tensor_retain(x);
    r = x;
  }
  if (!r) return NULL;
  if (n == 0) {  /* zeros_like(self).copy_(self): CopyBackwards */
    tp_tensor *z = tp_empty_like(r, r->dtype);
    if (z && tp_copy_(z, r)) { tp_tensor_release(z); z = NULL; }
    tp_tensor_release(r);
    return z;
  }
  int64_t len = r->shape[d], times = tp_clamp_i64(n) < len ? tp_clamp_i64(n) : len;
  for (int64_t i = 0; i < times && r; i++) {
    int64_t out_len = len - 1 - i;
    tp_tensor *hi = tp_narrow(r, (double)d, 1, (double)out_len), *lo = hi ? tp_narrow(r, (double)d, 0, (double)out_len) : NULL;
    tp_tensor *next = lo ? tp_binary(r->dtype == TP_BOOL ? TP_OP_LOGICAL_XOR : TP_OP_SUB, hi, lo, 1) : NULL;
    tp_tensor_release(hi);
    tp_tensor_release(lo);
    r = tp_stats_then(r, next);
  }
  return r;
}

/* ---- histc, bincount ---------------------------------------------------------------------------- */
/* histc: bins equal-width bins over [min, max] (the data's range when min == max); an element
 * goes to bin (x - min) / (max - min) * bins, computed in x's dtype (PyTorch 1.13's
 * LINEAR_INTERPOLATION, division first); elements outside are dropped, the last bin is closed. */
TP_API tp_tensor *tp_histc(tp_tensor *x, double bins, double min, double max) {
  int64_t nb;
  if (tp_int_arg(bins, "bins", &nb)) return NULL;
  if (nb <= 0) return tp_fail("torch.histogram(): bins must be > 0, but got %lld for dimension 0", (long long)nb);
  int64_t numel = tp_shape_numel(x->ndim, x->shape);
  double lo = min, hi = max;
  if (lo == hi && numel > 0) {
    tp_tensor *mm[2];
    if (tp_aminmax(x, 0, 0, 0, mm)) return NULL;
    lo = tp_item(mm[0]);
    hi = tp_item(mm[1]);
    tp_tensor_release(mm[0]);
    tp_tensor_release(mm[1]);
  }
  if (lo == hi) { lo -= 1; hi += 1; }
  if (!isfinite(lo) || !isfinite(hi)) return tp_fail("torch.histc: range of [%g, %g] is not finite", lo, hi);
  if (!(lo < hi)) return tp_fail("torch.histc: max must be larger than min");
  if (!tp_is_float(x->dtype))  /* bool fails first in linspace (the bin edges), as in 1.13 */
    return tp_fail("\"%s\" not implemented for '%s'", x->dtype == TP_BOOL ? "linspace_cpu" : "histogram_cpu", tp_dtype_title(x->dtype));
  double sz = (double)nb;
  tp_tensor *hist = tp_full(1, &sz, x->dtype, 0);
  tp_tensor *xc = hist ? tp_contiguous(x) : NULL;
  if (!xc) {
    tp_tensor_release(hist);
    return NULL;
  }
  int f32 = x->dtype == TP_FLOAT32, item = tp_dtype_table[x->dtype].itemsize;
  if (f32) { lo = (float)lo; hi = (float)hi; }  /* the edges in x's dtype */
  for (int64_t i = 0; i < numel; i++) {
    double v = tp_load_f64(tp_ptr(xc) + i * item, x->dtype);
    if (!(v >= lo && v <= hi)) continue;
    int64_t pos = f32 ? tp_clamp_i64((float)((float)(v - lo) / (float)(hi - lo)) * (float)nb)
                      : tp_clamp_i64((v - lo) / (hi - lo) * (double)nb);
    if (pos >= nb) pos = nb - 1;
    char *h = tp_ptr(hist) + pos * item;
    tp_store_f64(h, x->dtype, tp_load_f64(h, x->dtype) + 1);
  }
  tp_tensor_release(xc);
  return hist;
}

/* bincount: counts of each value of a 1-d non-negative integer tensor (int64), or the sums of
 * weights (float32 weights give float32, others float64). */
TP_API tp_tensor *tp_bincount(tp_tensor *x, tp_tensor *weights, double minlength) {
  if (x->dtype == TP_FLOAT32 || x->dtype == TP_FLOAT64 || x->dtype == TP_BOOL)
    return tp_fail("\"bincount_cpu\" not implemented for '%s'", tp_dtype_title(x->dtype));
  if (minlength < 0) return tp_fail("minlength should be >= 0");
  int64_t n = x->ndim == 1 ? x->shape[0] : -1;
  if (n == 0) return tp_full(1, &minlength, TP_INT64, 0);
  int64_t mx = -1, ok = n > 0;
  for (int64_t i = 0; i < n && ok; i++) {
    int64_t v = tp_load_i64(tp_ptr(x) + i * x->stride[0] * tp_dtype_table[x->dtype].itemsize, x->dtype);
    if (v < 0) ok = 0;
    if (v > mx) mx = v;
  }
  if (!ok) return tp_fail("bincount only supports 1-d non-negative integral inputs.");
  if (weights && (weights->ndim != 1 || weights->shape[0] != n)) return tp_fail("weights should be 1-d and have the same length as input");
  int dt = !weights ? TP_INT64 : weights->dtype == TP_FLOAT32 ? TP_FLOAT32 : TP_FLOAT64;
  double nbins = (double)(mx + 1) > minlength ? (double)(mx + 1) : minlength;
  tp_tensor *out = tp_full(1, &nbins, dt, 0);
  if (!out) return NULL;
  int xi = tp_dtype_table[x->dtype].itemsize, oi = tp_dtype_table[dt].itemsize;
  for (int64_t i = 0; i < n; i++) {
    int64_t v = tp_load_i64(tp_ptr(x) + i * x->stride[0] * xi, x->dtype);
    char *o = tp_ptr(out) + v * oi;
    if (!weights) *(int64_t *)o += 1;
    else tp_store_f64(o, dt, tp_load_f64(o, dt) + tp_load_f64(tp_ptr(weights) + i * weights->stride[0] * tp_dtype_table[weights->dtype].itemsize, weights->dtype));
  }
  return out;
}

/* ---- unique's hash set ------------------------------------------------------------------------
 * Note [unique's order]: 1.13's unique inserts the values one by one into a
 * std::unordered_set and copies them out in its iteration order (sorted=False), or
 * std::sorts that copy with operator< (sorted=True, where NaNs land wherever that leaves
 * them). libstdc++'s table is reproduced: std::hash (identity for integers, _Hash_bytes of
 * the bytes for floats, 0 for +-0), bucket = hash % bucket count, a new node goes to the
 * front of its bucket (or of the whole list when the bucket is empty), the table grows at
 * load factor 1 through the bucket counts below, and a rehash relinks nodes in list order. */
static const int64_t bucket_counts[] = {13, 29, 59, 127, 257, 541, 1109, 2357, 5087, 10273, 20753, 42043, 85229, 172933,
                                        351061, 712697, 1447153, 2938679, 5967347, 12117689, 24607243, 49969847, 101473717,
                                        206062531, 418451333, 849749479, 1725587117};

static uint64_t shift_mix(uint64_t v) { return v ^ (v >> 47); }
static uint64_t hash_bytes(const unsigned char *p, int len) {  /* libstdc++'s _Hash_bytes, 64-bit */
  const uint64_t mul = ((uint64_t)0xc6a4a793u << 32) + 0x5bd1e995u;
  uint64_t h = 0xc70f6907u ^ ((uint64_t)len * mul);
  int aligned = len & ~7;
  for (int i = 0; i < aligned; i += 8) {
    uint64_t d;
    memcpy(&d, p + i, 8);
    h ^= shift_mix(d * mul) * mul;
    h *= mul;
  }
  if (len & 7) {
    uint64_t d = 0;
    for (int i = (len & 7) - 1; i >= 0; i--) d = (d << 8) + p[aligned + i];
    h ^= d;
    h *= mul;
  }
  h = shift_mix(h) * mul;
  return shift_mix(h);
}
double tp_stats_key_f(int64_t k) { double d; memcpy(&d, &k, 8); return d; }
static uint64_t key_hash(int dtype, int64_t k) {
  if (!tp_is_float(dtype)) return (uint64_t)k;
  double d = tp_stats_key_f(k);
  if (d == 0) return 0;
  if (dtype == TP_FLOAT32) { float f = (float)d; return hash_bytes((const unsigned char *)&f, 4); }
  return hash_bytes((const unsigned char *)&d, 8);
}

static int64_t next_of(uset *s, int64_t x) { return x == HEAD ? s->head : s->next[x]; }
static void set_next(uset *s, int64_t x, int64_t v) { if (x == HEAD) s->head = v; else s->next[x] = v; }
static int64_t bkt(uset *s, int64_t node) { return (int64_t)(key_hash(s->dtype, s->key[node]) % (uint64_t)s->nb); }

static void uset_link_front(uset *s, int64_t *buckets, int64_t b, int64_t node, int64_t *bbegin) {
  if (buckets[b] != NIL) {
    s->next[node] = next_of(s, buckets[b]);
    set_next(s, buckets[b], node);
    return;
  }
  s->next[node] = s->head;
  s->head = node;
  if (bbegin) {  /* a rehash: the previous front bucket now starts after this node */
    if (s->next[node] != NIL) buckets[*bbegin] = node;
    *bbegin = b;
  } else if (s->next[node] != NIL) {
    buckets[bkt(s, s->next[node])] = node;
  }
  buckets[b] = HEAD;
}

static int uset_rehash(uset *s, int64_t nb) {
  int64_t *nbk = malloc(sizeof(int64_t) * (size_t)nb);
  if (!nbk) return tp_fail_oom_status((double)(8 * nb));
  for (int64_t i = 0; i < nb; i++) nbk[i] = NIL;
  int64_t p = s->head, bbegin = 0;
  s->head = NIL;
  s->nb = nb;
  while (p != NIL) {
    int64_t nxt = s->next[p];
    uset_link_front(s, nbk, bkt(s, p), p, &bbegin);
    p = nxt;
  }
  free(s->bucket);
  s->bucket = nbk;
  return 0;
}

/* The distinct values of n keys in 1.13's order (Note [unique's order]); *m gets how many. */
int64_t *tp_unique_keys(const int64_t *keys, int64_t n, int dtype, int sorted, int64_t *m) {
  uset s = {malloc(sizeof(int64_t) * (size_t)(n ? n : 1)), malloc(sizeof(int64_t)), 1, NIL, keys, dtype};
  int64_t count = 0, resize_at = 0, grown = 0;
  int fl = tp_is_float(dtype);
  if (!s.next || !s.bucket) goto oom;
  s.bucket[0] = NIL;
  for (int64_t i = 0; i < n; i++) {
    int64_t b = bkt(&s, i), found = 0;
    /* a NaN equals nothing: the chain's scan (libstdc++'s, quadratic over many NaNs with one
     * hash, as 1.13 is) could only fail, so it is skipped; where the NaN goes is unchanged */
    if (s.bucket[b] != NIL && !(fl && isnan(tp_stats_key_f(keys[i]))))
      for (int64_t p = next_of(&s, s.bucket[b]); p != NIL && bkt(&s, p) == b; p = s.next[p])
        if (fl ? tp_stats_key_f(keys[p]) == tp_stats_key_f(keys[i]) : keys[p] == keys[i]) { found = 1; break; }
    if (found) continue;
    if (count + 1 > resize_at) {
      int64_t nb = bucket_counts[grown < 26 ? grown : 26];
      grown++;
      if (uset_rehash(&s, nb)) goto fail;
      resize_at = nb;
      b = bkt(&s, i);
    }
    uset_link_front(&s, s.bucket, b, i, NULL);
    count++;
  }
  int64_t *out = malloc(sizeof(int64_t) * (size_t)(count ? count : 1)), k = 0;
  if (!out) goto oom;
  for (int64_t p = s.head; p != NIL; p = s.next[p]) out[k++] = keys[p];
  free(s.next);
  free(s.bucket);
  *m = k;
  if (sorted && tp_std_sort_keys(out, k, fl)) { free(out); return NULL; }
  return out;
oom:
  tp_fail_oom((double)(8 * n));
fail:
  free(s.next);
  free(s.bucket);
  return NULL;
}

/* ---- unique, unique_consecutive (flattened) --------------------------------------------------- */
int tp_keyidx_float;
int tp_keyidx_cmp(const void *pa, const void *pb) {
  const keyidx *a = pa, *b = pb;
  if (tp_keyidx_float) { double u = tp_stats_key_f(a->key), v = tp_stats_key_f(b->key); return u < v ? -1 : u > v; }
  return a->key < b->key ? -1 : a->key > b->key;
}

/* unique(dim) / unique_consecutive(dim): the distinct slices along dim. Slices are compared
 * as PyTorch's unique_dim does: lexicographically with < (NaN compares as neither), equal
 * when every element is == (so a slice holding NaN is never equal to another). */
const char *tp_row_base;
int64_t row_len, tp_row_item;
int tp_row_dtype;
int tp_row_cmp(const void *pa, const void *pb) {
  int64_t a = *(const int64_t *)pa, b = *(const int64_t *)pb;
  for (int64_t i = 0; i < row_len; i++) {
    const char *x = tp_row_base + (a * row_len + i) * tp_row_item, *y = tp_row_base + (b * row_len + i) * tp_row_item;
    if (tp_is_float(tp_row_dtype)) {
      double u = tp_load_f64(x, tp_row_dtype), v = tp_load_f64(y, tp_row_dtype);
      if (u < v) return -1;
      if (u > v) return 1;
    } else {
      int64_t u = tp_load_i64(x, tp_row_dtype), v = tp_load_i64(y, tp_row_dtype);
      if (u != v) return u < v ? -1 : 1;
    }
  }
  return a < b ? -1 : a > b;  /* equal slices keep their order */
}
int tp_rows_equal(int64_t a, int64_t b) {
  for (int64_t i = 0; i < row_len; i++) {
    const char *x = tp_row_base + (a * row_len + i) * tp_row_item, *y = tp_row_base + (b * row_len + i) * tp_row_item;
    if (tp_is_float(tp_row_dtype) ? tp_load_f64(x, tp_row_dtype) != tp_load_f64(y, tp_row_dtype) : tp_load_i64(x, tp_row_dtype) != tp_load_i64(y, tp_row_dtype))
      return 0;
  }
  return 1;
}

