/* Reductions (sum, mean, prod, amax/amin, all/any, var/std, norm, logsumexp), max/min and
 * argmax/argmin with indices, and the along-one-dim ops (softmax, log_softmax, cumsum).
 *
 * Note [reduce through tp_iter]: a reduction runs the strided iterator over (acc, x) where
 * acc is the output seen with x's shape and stride 0 in the reduced dims. Reducing the
 * innermost dim then hands the kernel a run with acc stride 0 (a horizontal sum: float32
 * takes a SIMD path with several accumulators), reducing an outer dim a run where acc moves
 * with x (a vertical add). Any layout of x works without a copy.
 * Where PyTorch's own order of additions shows in printed results (small float sums and
 * means, full 2-norms, float32 softmax), that order is reproduced: see the Notes below.
 * Composite reductions (var, norm, logsumexp) are built from the *_impl functions.
 */
#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include "ops.h"
#include "sleef.h"
#include "reduce_kernels.h"
#include "view_kernels.h"
#ifdef __wasm_simd128__
#include <wasm_simd128.h>
#endif

/* Only float32's kernels (sum, max/min, softmax) are on the hot path; everything else in
 * this file is compiled for size (see TP_COLD_BEGIN in internal.h). */
TP_COLD_BEGIN

static int is_float(int dt) { return dt == TP_FLOAT32 || dt == TP_FLOAT64; }

/* ---- accumulate kernels: p[0] = acc (stride 0 or moving), p[1] = x ---------------------- */
/* A horizontal run (acc stride 0) folds in a register; a vertical one folds row into row. */
#define ACC(NAME, T, EXPR)                                                        \
  static void NAME(char **p, const int64_t *s, int64_t n, void *ctx) {            \
    (void)ctx;                                                                    \
    char *o = p[0];                                                               \
    const char *in = p[1];                                                        \
    if (s[0] == 0) {                                                              \
      T acc = *(T *)o;                                                            \
      for (int64_t k = 0; k < n; k++, in += s[1]) {                               \
        T x = *(const T *)in;                                                     \
        acc = (T)(EXPR);                                                          \
      }                                                                           \
      *(T *)o = acc;                                                              \
      return;                                                                     \
    }                                                                             \
    for (int64_t k = 0; k < n; k++, o += s[0], in += s[1]) {                      \
      T acc = *(T *)o, x = *(const T *)in;                                        \
      *(T *)o = (T)(EXPR);                                                        \
    }                                                                             \
  }

TP_COLD_END
/* float32 sum into a float64 accumulator (p[0] is double): a horizontal run is summed in
 * blocks (4 SIMD accumulators in wasm) added up in double; a vertical run adds a float row
 * into a double row. Long sums, even sum(0) of ones(10**7, 2), stay exact as in PyTorch. */
static void sum_f32(char **p, const int64_t *s, int64_t n, void *ctx) {
  (void)ctx;
  if (s[0] == 0) {
    double total = 0;
    int64_t k = 0;
    if (s[1] == 4) {
      const float *x = (const float *)p[1];
#ifdef __wasm_simd128__
      while (k + 16 <= n) {
        v128_t a0 = wasm_f32x4_splat(0), a1 = a0, a2 = a0, a3 = a0;
        int64_t end = k + 1024 <= n ? k + 1024 : n - (n - k) % 16;
        for (; k < end; k += 16) {
          a0 = wasm_f32x4_add(a0, wasm_v128_load(x + k));
          a1 = wasm_f32x4_add(a1, wasm_v128_load(x + k + 4));
          a2 = wasm_f32x4_add(a2, wasm_v128_load(x + k + 8));
          a3 = wasm_f32x4_add(a3, wasm_v128_load(x + k + 12));
        }
        v128_t v = wasm_f32x4_add(wasm_f32x4_add(a0, a1), wasm_f32x4_add(a2, a3));
        total += (double)(wasm_f32x4_extract_lane(v, 0) + wasm_f32x4_extract_lane(v, 1)) +
                 (double)(wasm_f32x4_extract_lane(v, 2) + wasm_f32x4_extract_lane(v, 3));
      }
#else
      while (k + 16 <= n) {
        float a[4] = {0, 0, 0, 0};
        int64_t end = k + 1024 <= n ? k + 1024 : n - (n - k) % 16;
        for (; k < end; k += 4)
          for (int j = 0; j < 4; j++) a[j] += x[k + j];
        total += (double)(a[0] + a[1]) + (double)(a[2] + a[3]);
      }
#endif
      for (; k < n; k++) total += x[k];
    } else {
      const char *in = p[1];
      for (; k < n; k++, in += s[1]) total += *(const float *)in;
    }
    *(double *)p[0] += total;
    return;
  }
  int64_t k = 0;
#ifdef __wasm_simd128__
  if (s[0] == 8 && s[1] == 4) {
    double *o = (double *)p[0];
    const float *x = (const float *)p[1];
    for (; k + 4 <= n; k += 4) {
      v128_t v = wasm_v128_load(x + k);
      wasm_v128_store(o + k, wasm_f64x2_add(wasm_v128_load(o + k), wasm_f64x2_promote_low_f32x4(v)));
      wasm_v128_store(o + k + 2, wasm_f64x2_add(wasm_v128_load(o + k + 2),
                                                wasm_f64x2_promote_low_f32x4(wasm_i32x4_shuffle(v, v, 2, 3, 2, 3))));
    }
  }
#endif
  char *o = p[0] + k * s[0];
  const char *in = p[1] + k * s[1];
  for (; k < n; k++, o += s[0], in += s[1]) *(double *)o += *(const float *)in;
}

TP_COLD_BEGIN
#define MAXNAN(acc, x) ((x) != (x) || (x) > (acc) ? (x) : (acc))
#define MINNAN(acc, x) ((x) != (x) || (x) < (acc) ? (x) : (acc))
ACC(sum_f64, double, acc + x)
ACC(sum_i64, int64_t, (uint64_t)acc + (uint64_t)x)
ACC(prod_f32, float, acc * x)
ACC(prod_f64, double, acc * x)
ACC(prod_i64, int64_t, (uint64_t)acc * (uint64_t)x)
static inline float maxnan_f(float acc, float x) { return MAXNAN(acc, x); }
static inline float minnan_f(float acc, float x) { return MINNAN(acc, x); }
TP_COLD_END
#ifdef __wasm_simd128__
/* float32 max/min: wasm's f32x4.max/min propagate NaN as PyTorch's max does. */
#define EXTREME_F32(NAME, VOP, FOLD)                                              \
  ACC(NAME##_scalar, float, FOLD(acc, x))                                         \
  static void NAME(char **p, const int64_t *s, int64_t n, void *ctx) {            \
    if (s[0] != 0 || s[1] != 4 || n < 16) { NAME##_scalar(p, s, n, ctx); return; } \
    const float *xs = (const float *)p[1];                                        \
    v128_t a0 = wasm_v128_load(xs), a1 = wasm_v128_load(xs + 4);                  \
    v128_t a2 = wasm_v128_load(xs + 8), a3 = wasm_v128_load(xs + 12);             \
    int64_t k = 16;                                                               \
    for (; k + 16 <= n; k += 16) {                                                \
      a0 = VOP(a0, wasm_v128_load(xs + k));                                       \
      a1 = VOP(a1, wasm_v128_load(xs + k + 4));                                   \
      a2 = VOP(a2, wasm_v128_load(xs + k + 8));                                   \
      a3 = VOP(a3, wasm_v128_load(xs + k + 12));                                  \
    }                                                                             \
    v128_t v = VOP(VOP(a0, a1), VOP(a2, a3));                                     \
    float acc = *(float *)p[0];                                                   \
    acc = FOLD(acc, wasm_f32x4_extract_lane(v, 0));                               \
    acc = FOLD(acc, wasm_f32x4_extract_lane(v, 1));                               \
    acc = FOLD(acc, wasm_f32x4_extract_lane(v, 2));                               \
    acc = FOLD(acc, wasm_f32x4_extract_lane(v, 3));                               \
    for (; k < n; k++) acc = FOLD(acc, xs[k]);                                    \
    *(float *)p[0] = acc;                                                         \
  }
EXTREME_F32(max_f32, wasm_f32x4_max, maxnan_f)
EXTREME_F32(min_f32, wasm_f32x4_min, minnan_f)
#else
ACC(max_f32, float, MAXNAN(acc, x))
ACC(min_f32, float, MINNAN(acc, x))
#endif
TP_COLD_BEGIN
ACC(max_f64, double, MAXNAN(acc, x))
ACC(max_i32, int32_t, x > acc ? x : acc)
ACC(max_i64, int64_t, x > acc ? x : acc)
ACC(max_b, uint8_t, acc | x)
ACC(min_f64, double, MINNAN(acc, x))
ACC(min_i32, int32_t, x < acc ? x : acc)
ACC(min_i64, int64_t, x < acc ? x : acc)
ACC(min_b, uint8_t, acc & x)

/* ---- dims ----------------------------------------------------------------------------- */
/* mask[d] = 1 for the reduced dims; ndims < 0 or 0 means all. Returns the count or -1. */
int tp_reduce_mask(const tp_tensor *x, int ndims, const double *dims, int *mask) {
  memset(mask, 0, sizeof(int) * TP_MAX_DIMS);
  if (ndims <= 0) {
    for (int d = 0; d < x->ndim; d++) mask[d] = 1;
    return x->ndim;
  }
  for (int i = 0; i < ndims; i++) {
    int64_t d;
    if (tp_wrap_dim_arg(dims[i], x->ndim, &d)) return -1;
    if (x->ndim == 0) continue;
    if (mask[d]) return tp_fail_status("dim %lld appears multiple times in the list of dims", (long long)d);
    mask[d] = 1;
  }
  return ndims;
}

/* The output: kept dims, reduced ones as 1 (keepdim) or dropped. */
static tp_tensor *reduce_output(const tp_tensor *x, const int *mask, int keepdim, int dtype) {
  int64_t shape[TP_MAX_DIMS];
  int nd = 0;
  for (int d = 0; d < x->ndim; d++) {
    if (!mask[d]) shape[nd++] = x->shape[d];
    else if (keepdim) shape[nd++] = 1;
  }
  return tp_tensor_make(dtype, nd, shape);
}

/* out seen with x's shape: stride 0 along reduced dims (Note [reduce through tp_iter]). */
static void acc_view(tp_tensor *view, const tp_tensor *out, const tp_tensor *x, const int *mask, int keepdim) {
  *view = *out;
  view->ndim = x->ndim;
  int od = 0;
  for (int d = 0; d < x->ndim; d++) {
    view->shape[d] = x->shape[d];
    if (mask[d]) {
      view->stride[d] = 0;
      if (keepdim) od++;
    } else {
      view->stride[d] = out->stride[od++];
    }
  }
}

/* Every element of t set to the one element at init (of t's dtype). */
static void fill_with(tp_tensor *t, const void *init) {
  int64_t n = tp_shape_numel(t->ndim, t->shape), item = tp_dtype_table[t->dtype].itemsize;
  char *p = tp_ptr(t);
  for (int64_t i = 0; i < n; i++) memcpy(p + i * item, init, (size_t)item);
}

static int64_t reduced_count(const tp_tensor *x, const int *mask) {
  uint64_t n = 1;  /* (wraps: an empty tensor's reduced sizes may multiply past int64; its result is empty) */
  for (int d = 0; d < x->ndim; d++)
    if (mask[d]) n *= (uint64_t)x->shape[d];
  return (int64_t)n;
}

/* Orders the dims of (acc, x) so that x is walked in memory order (largest stride first):
 * a full sum of a transposed tensor then reads it sequentially. */
static void memory_order(tp_tensor *acc, tp_tensor *x) {
  for (int i = 1; i < x->ndim; i++)
    for (int j = i; j > 0 && llabs(x->stride[j - 1]) < llabs(x->stride[j]); j--) {
      int64_t t;
      t = x->shape[j]; x->shape[j] = x->shape[j - 1]; x->shape[j - 1] = t;
      t = x->stride[j]; x->stride[j] = x->stride[j - 1]; x->stride[j - 1] = t;
      t = acc->shape[j]; acc->shape[j] = acc->shape[j - 1]; acc->shape[j - 1] = t;
      t = acc->stride[j]; acc->stride[j] = acc->stride[j - 1]; acc->stride[j - 1] = t;
    }
}

/* The core accumulate: out[dtype] = fold(init, x) over the masked dims. */
static tp_tensor *accumulate_from(tp_tensor *x, const int *mask, int keepdim, int in_dtype, int dtype,
                                  const void *init, tp_inner_fn fn) {
  tp_tensor *xc = tp_to_dtype(x, in_dtype, 0);
  if (!xc) return NULL;
  tp_tensor *out = reduce_output(x, mask, keepdim, dtype);
  if (out) {
    fill_with(out, init);
    tp_tensor view, xv = *xc;
    acc_view(&view, out, x, mask, keepdim);
    memory_order(&view, &xv);
    tp_iter it;
    tp_tensor *ops[2] = {&view, &xv};
    tp_iter_init(&it, 2, ops);
    tp_iter_run(&it, fn, NULL);
  }
  tp_tensor_release(xc);
  return out;
}

static tp_tensor *accumulate(tp_tensor *x, const int *mask, int keepdim, int dtype, double init, tp_inner_fn fn) {
  tp_scalar_tensor st;
  tp_scalar_init(&st, init, dtype);
  return accumulate_from(x, mask, keepdim, dtype, dtype, &st.v, fn);
}

static const char *const reduce_names[] = {
#define TP_OP(id, name, kind, g, g2) name,
#include "ops.def"
};

/* PyTorch's check that max/amax/argmax have something to reduce. */
static int check_nonempty(int op, const tp_tensor *x, int ndims, const double *dims, const int *mask) {
  const char *name = reduce_names[op];
  if (ndims <= 0) {
    if (tp_shape_numel(x->ndim, x->shape) == 0) {
      if (op == TP_OP_ARGMAX || op == TP_OP_ARGMIN)
        return tp_fail_status("%s(): Expected reduction dim to be specified for input.numel() == 0.", name);
      return tp_fail_status("%s(): Expected reduction dim to be specified for input.numel() == 0. Specify the reduction dim with the 'dim' argument.", name);
    }
    return 0;
  }
  /* the dims in the order given (the mask's dims, already checked), each printed as given
   * (amin(-1) says -1), as 1.13's amax/amin */
  for (int i = 0; i < ndims; i++) {
    int64_t d = (int64_t)dims[i] < 0 ? (int64_t)dims[i] + (x->ndim ? x->ndim : 1) : (int64_t)dims[i];
    if (x->ndim && x->shape[d] == 0)
      return tp_fail_status("%s(): Expected reduction dim %lld to have non-zero size.", name, (long long)dims[i]);
  }
  return 0;
}

/* Note [float sums as PyTorch computes them]: PyTorch 1.13's CPU sum (SumKernel.cpp,
 * cascade_sum with AVX2 vectors: 8 floats or 4 doubles, accumulated in the input type) adds
 * in a particular order, and its last bits show when sums and means are printed. For a
 * contiguous input reduced over one run of consecutive dims (its trailing dims: every full
 * sum, sum(-1), mean of a loss; its leading dims: sum(0) of a matrix; or a middle run: mean(1)
 * of a batch x time x features tensor), the same additions are made here in the same order;
 * other layouts (non-contiguous, or reduced dims apart: dims (0, 2)) use the accumulate path
 * above (accurate, other order). */
static int ceil_log2(int64_t x) {
  if (x <= 2) return 1;
  int b = 63;
  while (!(((uint64_t)x - 1) >> b & 1)) b--;
  return b + 1;
}

#define CASCADE(T, SUF, W)                                                                     \
  /* multi_row_sum: ncols columns (element (i, c) at base[i * rs + c * cs]), size rows, four  \
   * cascade levels so that long columns keep their precision. */                             \
  static void multi_row_sum_##SUF(const T *base, int64_t rs, int64_t cs, int ncols, int64_t size, T *out) { \
    int lp = ceil_log2(size) / 4 > 4 ? ceil_log2(size) / 4 : 4;                                \
    int64_t step = (int64_t)1 << lp, mask = step - 1;                                          \
    T acc[4][32];                                                                              \
    memset(acc, 0, sizeof acc);                                                                \
    int64_t i = 0;                                                                             \
    while (i + step <= size) {                                                                 \
      for (int64_t j = 0; j < step; j++, i++)                                                  \
        for (int c = 0; c < ncols; c++) acc[0][c] += base[i * rs + c * cs];                    \
      for (int j = 1; j < 4; j++) {                                                            \
        for (int c = 0; c < ncols; c++) { acc[j][c] += acc[j - 1][c]; acc[j - 1][c] = 0; }     \
        if ((i & (mask << (j * lp))) != 0) break;                                              \
      }                                                                                        \
    }                                                                                          \
    for (; i < size; i++)                                                                      \
      for (int c = 0; c < ncols; c++) acc[0][c] += base[i * rs + c * cs];                      \
    for (int j = 1; j < 4; j++)                                                                \
      for (int c = 0; c < ncols; c++) acc[0][c] += acc[j][c];                                  \
    memcpy(out, acc[0], sizeof(T) * (size_t)ncols);                                            \
  }                                                                                            \
  /* row_sum over elements of `lanes` values each (lanes 1: scalars, W: one vector). */        \
  static void row_sum_##SUF(const T *base, int64_t stride, int lanes, int64_t size, T *out) {  \
    T part[32];                                                                                \
    int64_t rows = size / 4;                                                                   \
    /* the 4 interleaved partials are 4 * lanes columns of a rows x (4 * stride) array */      \
    for (int k = 0; k < 4; k++) multi_row_sum_##SUF(base + k * stride, 4 * stride, 1, lanes, rows, part + k * lanes); \
    for (int64_t i = rows * 4; i < size; i++)                                                  \
      for (int l = 0; l < lanes; l++) part[l] += base[i * stride + l];                         \
    for (int k = 1; k < 4; k++)                                                                \
      for (int l = 0; l < lanes; l++) part[l] += part[k * lanes + l];                          \
    memcpy(out, part, sizeof(T) * (size_t)lanes);                                              \
  }                                                                                            \
  /* rows of n contiguous values -> one sum each (vectorized_inner_sum / scalar_inner_sum) */  \
  static void inner_sums_##SUF(const T *x, int64_t n, int64_t rows, T *out) {                  \
    for (int64_t r = 0; r < rows; r++) {                                                       \
      const T *row = x + r * n;                                                                \
      if (n < W) {                                                                             \
        row_sum_##SUF(row, 1, 1, n, out + r);                                                  \
        continue;                                                                              \
      }                                                                                        \
      T lanes[W];                                                                              \
      int64_t nv = n / W;                                                                      \
      row_sum_##SUF(row, W, W, nv, lanes);                                                     \
      T acc = 0;                                                                               \
      for (int64_t k = nv * W; k < n; k++) acc += row[k];                                      \
      for (int l = 0; l < W; l++) acc += lanes[l];                                             \
      out[r] = acc;                                                                            \
    }                                                                                          \
  }                                                                                            \
  /* n rows of m contiguous columns -> m column sums (vectorized_outer_sum / scalar_outer_sum) */ \
  static void outer_sums_##SUF(const T *x, int64_t n, int64_t m, T *out) {                     \
    int64_t j = 0;                                                                             \
    if (m >= W) {                                                                              \
      for (; j + 4 * W <= m; j += 4 * W) multi_row_sum_##SUF(x + j, m, 1, 4 * W, n, out + j);  \
      for (; j + W <= m; j += W) row_sum_##SUF(x + j, m, W, n, out + j);                       \
    } else {                                                                                   \
      for (; j + 4 <= m; j += 4) multi_row_sum_##SUF(x + j, m, 1, 4, n, out + j);              \
    }                                                                                          \
    for (; j < m; j++) row_sum_##SUF(x + j, m, 1, n, out + j);                                 \
  }
CASCADE(float, f32, 8)
CASCADE(double, f64, 4)

/* Whether x is small enough for PyTorch to sum it in one serial pass (below its GRAIN_SIZE,
 * 32768: larger sums are split across threads, so their order depends on the machine) and
 * contiguous with the reduced dims one block of consecutive dims: a suffix ([A, R]: A inner
 * sums), a prefix ([R, B]: the outer sums) or in the middle ([A, R, B]: TensorIterator's 2-D
 * loop gets the [R, B] block once for each of the A outer indices, so A outer sums). */
static int cascade_applies(const tp_tensor *x, const int *mask) {
  if (x->ndim == 0 || tp_no_elements(x->ndim, x->shape) || tp_shape_numel(x->ndim, x->shape) >= 32768 || !tp_tensor_is_contiguous(x)) return 0;
  int first = -1, last = -1, count = 0;
  for (int d = 0; d < x->ndim; d++)
    if (mask[d]) { if (first < 0) first = d; last = d; count++; }
  return count > 0 && last - first + 1 == count;
}

static tp_tensor *cascade_sum(tp_tensor *x, const int *mask, int keepdim) {
  int64_t before = 1, red = 1, after = 1;  /* [A, R, B] */
  int seen = 0;
  for (int d = 0; d < x->ndim; d++) {
    if (mask[d]) red *= x->shape[d], seen = 1;
    else if (seen) after *= x->shape[d];
    else before *= x->shape[d];
  }
  int suffix = after == 1;  /* PyTorch drops size-1 dims before choosing */
  tp_tensor *out = reduce_output(x, mask, keepdim, x->dtype);
  if (!out || before * after == 0) return out;
  int f32 = x->dtype == TP_FLOAT32;
  if (suffix) {
    if (f32) inner_sums_f32((const float *)tp_ptr(x), red, before, (float *)tp_ptr(out));
    else inner_sums_f64((const double *)tp_ptr(x), red, before, (double *)tp_ptr(out));
    return out;
  }
  for (int64_t a = 0; a < before; a++) {  /* one [R, B] block per outer index */
    int64_t in = a * red * after, at = a * after;
    if (f32) outer_sums_f32((const float *)tp_ptr(x) + in, red, after, (float *)tp_ptr(out) + at);
    else outer_sums_f64((const double *)tp_ptr(x) + in, red, after, (double *)tp_ptr(out) + at);
  }
  return out;
}

static tp_tensor *sum_impl(tp_tensor *x, const int *mask, int keepdim, int dtype) {
  if (dtype < 0) dtype = is_float(x->dtype) ? x->dtype : TP_INT64;
  if (is_float(dtype) && x->dtype == dtype && cascade_applies(x, mask)) return cascade_sum(x, mask, keepdim);
  if (dtype != TP_FLOAT64 && dtype != TP_INT64) {  /* accumulate wide, then narrow */
    tp_scalar_tensor zero;
    tp_scalar_init(&zero, 0, dtype == TP_FLOAT32 ? TP_FLOAT64 : TP_INT64);
    tp_tensor *w = dtype == TP_FLOAT32 ? accumulate_from(x, mask, keepdim, TP_FLOAT32, TP_FLOAT64, &zero.v, sum_f32)
                                       : accumulate_from(x, mask, keepdim, TP_INT64, TP_INT64, &zero.v, sum_i64);
    if (!w) return NULL;
    tp_tensor *r = tp_to_dtype(w, dtype, 0);
    tp_tensor_release(w);
    return r;
  }
  return accumulate(x, mask, keepdim, dtype, 0, dtype == TP_FLOAT64 ? sum_f64 : sum_i64);
}

static tp_tensor *release_and(tp_tensor *drop, tp_tensor *keep) {
  tp_tensor_release(drop);
  return keep;
}

static tp_tensor *reduce_prod(tp_tensor *x, const int *mask, int keepdim, int dtype) {
  int dt = dtype >= 0 ? dtype : is_float(x->dtype) ? x->dtype : TP_INT64;
  tp_inner_fn fn = dt == TP_FLOAT32 ? prod_f32 : dt == TP_FLOAT64 ? prod_f64 : prod_i64;
  if (!is_float(dt) && dt != TP_INT64) {
    tp_tensor *w = accumulate(x, mask, keepdim, TP_INT64, 1, prod_i64);
    return w ? release_and(w, tp_to_dtype(w, dt, 0)) : NULL;
  }
  return accumulate(x, mask, keepdim, dt, 1, fn);
}

static tp_tensor *extreme_impl(tp_tensor *x, const int *mask, int keepdim, int is_max) {
  int dt = x->dtype;
  static const tp_inner_fn maxk[TP_NDTYPES] = {max_f32, max_f64, max_i32, max_i64, max_b};
  static const tp_inner_fn mink[TP_NDTYPES] = {min_f32, min_f64, min_i32, min_i64, min_b};
  tp_scalar_tensor st;
  tp_scalar_init(&st, is_float(dt) ? (is_max ? -INFINITY : INFINITY) : !is_max, dt);
  if (dt == TP_INT32) st.v.i32 = is_max ? INT32_MIN : INT32_MAX;
  if (dt == TP_INT64) st.v.i64 = is_max ? INT64_MIN : INT64_MAX;
  return accumulate_from(x, mask, keepdim, dt, dt, &st.v, is_max ? maxk[dt] : mink[dt]);
}

/* var_mean / std_mean: 1.13's WelfordOps (binary_kernel_reduce, serial over each output's
 * elements in order, accumulated in double): mean += (v - mean) / n, m2 += (v - mean_old)(v - mean);
 * var = m2 / max(0, n - correction), std its sqrt. So a mean that meets an inf before other
 * values is NaN, as PyTorch's (inf - inf), where sum / n would say inf. */
int tp_var_mean_impl(tp_tensor *x, int ndims, const double *dims, int keepdim, double correction, int is_std, tp_tensor **out) {
  int mask[TP_MAX_DIMS], np = 0, on = 0;
  if (tp_reduce_mask(x, ndims, dims, mask) < 0) return -1;
  double perm[TP_MAX_DIMS];
  int64_t shape[TP_MAX_DIMS], inner = 1;
  for (int d = 0; d < x->ndim; d++)
    if (!mask[d]) perm[np++] = d, shape[on++] = x->shape[d];
    else if (keepdim) shape[on++] = 1;
  for (int d = 0; d < x->ndim; d++)
    if (mask[d]) perm[np++] = d, inner = tp_wmul(inner, x->shape[d]);
  out[0] = tp_tensor_make(x->dtype, on, shape);
  out[1] = out[0] ? tp_tensor_make(x->dtype, on, shape) : NULL;
  tp_tensor *pv = out[1] ? tp_permute_impl(x, np, perm) : NULL;
  tp_tensor *c = pv ? tp_contiguous(pv) : NULL;   /* kept dims first, then the reduced ones */
  tp_tensor_release(pv);
  if (!c) {
    tp_tensor_release(out[0]); tp_tensor_release(out[1]);
    out[0] = out[1] = NULL;
    return -1;
  }
  int64_t outer = tp_shape_numel(on, shape), item = tp_dtype_table[x->dtype].itemsize;
  int empty = tp_no_elements(x->ndim, x->shape);  /* 1.13 fills both with NaN */
  const char *src = tp_ptr(c);
  for (int64_t o = 0; o < outer; o++) {
    double mean = 0, m2 = 0, nf = 0;
    for (int64_t i = 0; i < inner; i++) {
      double v = tp_load_f64(src + (o * inner + i) * item, x->dtype);
      nf += 1;
      double delta = v - mean;
      mean += delta / nf;
      m2 += delta * (v - mean);
    }
    double var = m2 / (nf > correction ? nf - correction : 0);
    tp_store_f64(tp_ptr(out[0]) + o * item, x->dtype, empty ? NAN : is_std ? sqrt(var) : var);
    tp_store_f64(tp_ptr(out[1]) + o * item, x->dtype, empty ? NAN : mean);
  }
  tp_tensor_release(c);
  return 0;
}

/* var/std: sum((x - mean)^2) / max(0, N - correction); sqrt for std. */
static tp_tensor *var_impl(tp_tensor *x, const int *mask, int keepdim, double correction, int is_std) {
  if (x->dtype == TP_FLOAT32) {  /* PyTorch accumulates float32 variance in double */
    tp_tensor *xd = tp_to_dtype(x, TP_FLOAT64, 0);
    tp_tensor *vd = xd ? var_impl(xd, mask, keepdim, correction, is_std) : NULL;
    tp_tensor_release(xd);
    return vd ? release_and(vd, tp_to_dtype(vd, TP_FLOAT32, 0)) : NULL;
  }
  tp_tensor *mean = sum_impl(x, mask, 1, -1);
  if (!mean) return NULL;
  double n = (double)reduced_count(x, mask);
  tp_tensor *m = tp_binary_scalar_impl(TP_OP_DIV, mean, n, TP_SCALAR_FLOAT, 0, 1);
  tp_tensor_release(mean);
  if (!m) return NULL;
  tp_tensor *d = release_and(m, tp_binary_impl(TP_OP_SUB, x, m, 1));
  if (!d) return NULL;
  tp_tensor *sq = release_and(d, tp_unary_impl(TP_OP_SQUARE, d));
  if (!sq) return NULL;
  tp_tensor *s = release_and(sq, sum_impl(sq, mask, keepdim, -1));
  if (!s) return NULL;
  double denom = n - correction > 0 ? n - correction : 0;
  tp_tensor *v = release_and(s, tp_binary_scalar_impl(TP_OP_DIV, s, denom, TP_SCALAR_FLOAT, 0, 1));
  if (!v || !is_std) return v;
  return release_and(v, tp_unary_impl(TP_OP_SQRT, v));
}

/* PyTorch's 2-norm of a whole contiguous float32 tensor (its vectorized last-dim kernel):
 * one accumulator per AVX2 lane (8) of squares, lanes added in order, the tail's squares
 * after, then sqrt; serial at any size, so full norms match bit for bit. (norm(dim) and
 * float64 norms take other PyTorch kernels, not reproduced: they differ in the last bit.) */
#define NORM2_ROWS(T, SUF, W)                                                              \
  static void norm2_rows_##SUF(const T *x, int64_t n, int64_t rows, T *out) {              \
    for (int64_t r = 0; r < rows; r++) {                                                   \
      const T *row = x + r * n;                                                            \
      T acc[W] = {0};                                                                      \
      int64_t d = 0;                                                                       \
      for (; d < n - n % W; d += W)                                                        \
        for (int l = 0; l < W; l++) {                                                      \
          T sq = row[d + l] * row[d + l];                                                  \
          acc[l] = acc[l] + sq;                                                            \
        }                                                                                  \
      for (int l = 1; l < W; l++) acc[0] = acc[0] + acc[l];                                \
      for (; d < n; d++) {                                                                 \
        T sq = row[d] * row[d];                                                            \
        acc[0] += sq;                                                                      \
      }                                                                                    \
      out[r] = (T)sqrt(acc[0]);                                                            \
    }                                                                                      \
  }
NORM2_ROWS(float, f32, 8)

static tp_tensor *norm_impl(tp_tensor *x, const int *mask, int keepdim, double p) {
  if (p == 2 && x->dtype == TP_FLOAT32 && x->ndim > 0 && tp_tensor_is_contiguous(x)) {
    int first = -1, count = 0;
    int64_t red = 1, kept = 1;
    for (int d = 0; d < x->ndim; d++) {
      if (mask[d]) { if (first < 0) first = d; count++; red *= x->shape[d]; }
      else kept *= x->shape[d];
    }
    if (count == x->ndim) {  /* norm(dim) takes another kernel in PyTorch: not matched yet */
      tp_tensor *out = reduce_output(x, mask, keepdim, x->dtype);
      if (out) norm2_rows_f32((const float *)tp_ptr(x), red, kept, (float *)tp_ptr(out));
      return out;
    }
  }
  tp_tensor *a = tp_unary_impl(TP_OP_ABS, x), *r;
  if (!a) return NULL;
  if (isinf(p) && tp_tensor_numel(a) == 0) {
    r = sum_impl(a, mask, keepdim, -1);  /* the max (min) of no absolute values is 0 in 1.13 */
  } else if (isinf(p)) {
    r = extreme_impl(a, mask, keepdim, p > 0);
  } else if (p == 0) {
    tp_tensor *nz = tp_binary_scalar_impl(TP_OP_NE, a, 0, TP_SCALAR_INT, 0, 1);
    r = nz ? release_and(nz, sum_impl(nz, mask, keepdim, x->dtype)) : NULL;
  } else if (p == 1) {
    r = sum_impl(a, mask, keepdim, -1);
  } else if (p == 2) {
    tp_tensor *sq = tp_unary_impl(TP_OP_SQUARE, a);
    tp_tensor *s = sq ? release_and(sq, sum_impl(sq, mask, keepdim, -1)) : NULL;
    r = s ? release_and(s, tp_unary_impl(TP_OP_SQRT, s)) : NULL;
  } else {  /* 1.13's norm kernel holds a general p as a float, for double tensors too */
    double pf = (float)p;
    tp_tensor *pw = tp_binary_scalar_impl(TP_OP_POW, a, pf, TP_SCALAR_FLOAT, 0, 1);
    tp_tensor *s = pw ? release_and(pw, sum_impl(pw, mask, keepdim, -1)) : NULL;
    r = s ? release_and(s, tp_binary_scalar_impl(TP_OP_POW, s, 1.0 / pf, TP_SCALAR_FLOAT, 0, 1)) : NULL;
  }
  tp_tensor_release(a);
  return r;
}

/* logsumexp = log(sum(exp(x - m))) + m with m = amax, infinite m replaced by 0. */
static tp_tensor *logsumexp_impl(tp_tensor *x, const int *mask, int keepdim) {
  tp_tensor *xf = is_float(x->dtype) ? (tp_tensor_retain(x), x) : tp_to_dtype(x, tp_default_float, 0);
  if (!xf) return NULL;
  tp_tensor *r = NULL, *m = NULL, *d = NULL, *e = NULL, *s = NULL, *l = NULL, *mk = NULL;
  if (tp_shape_numel(xf->ndim, xf->shape) == 0) {
    /* nothing to take a max of: sum(exp(empty)) = 0, log 0 = -inf (or empty outputs) */
    s = sum_impl(xf, mask, keepdim, -1);
    r = s ? tp_unary_impl(TP_OP_LOG, s) : NULL;
    goto done;
  }
  m = extreme_impl(xf, mask, 1, 1);
  if (!m) goto done;
  int64_t n = tp_shape_numel(m->ndim, m->shape), item = tp_dtype_table[m->dtype].itemsize;
  for (int64_t i = 0; i < n; i++) {
    char *q = tp_ptr(m) + i * item;
    if (isinf(tp_load_f64(q, m->dtype))) tp_store_f64(q, m->dtype, 0);
  }
  if (!(d = tp_binary_impl(TP_OP_SUB, xf, m, 1))) goto done;
  if (!(e = tp_unary_impl(TP_OP_EXP, d))) goto done;
  if (!(s = sum_impl(e, mask, keepdim, -1))) goto done;
  if (!(l = tp_unary_impl(TP_OP_LOG, s))) goto done;
  if (!keepdim) {  /* m has the reduced dims as 1: drop them to match l */
    mk = tp_tensor_alias(m);
    if (!mk) goto done;
    memcpy(mk->shape, l->shape, sizeof l->shape);
    mk->ndim = l->ndim;
    tp_contiguous_strides(mk->ndim, mk->shape, mk->stride);
  }
  r = tp_binary_impl(TP_OP_ADD, l, keepdim ? m : mk, 1);
done:
  tp_tensor_release(xf); tp_tensor_release(m); tp_tensor_release(d); tp_tensor_release(e);
  tp_tensor_release(s); tp_tensor_release(l); tp_tensor_release(mk);
  return r;
}

static tp_tensor *bool_reduce(tp_tensor *x, const int *mask, int keepdim, int is_all) {
  return accumulate(x, mask, keepdim, TP_BOOL, is_all, is_all ? min_b : max_b);
}

static tp_tensor *argextreme(int op, tp_tensor *x, int ndims, const double *dims, int keepdim);

tp_tensor *tp_reduce_impl(int op, tp_tensor *x, int ndims, const double *dims, int keepdim, double param, int dtype) {
  if (op < 0 || op >= TP_OP_COUNT || tp_op_kind(op) != TP_KIND_REDUCE)
    return tp_fail("tensorpad: op %d is not a reduction", op);
  if (dtype >= TP_NDTYPES) return tp_fail("invalid dtype %d", dtype);
  if (op == TP_OP_ARGMAX || op == TP_OP_ARGMIN) return argextreme(op, x, ndims, dims, keepdim);
  /* These check the dtype before the dims, as PyTorch does. */
  int mean_dt = dtype >= 0 ? dtype : x->dtype;
  if (op == TP_OP_MEAN && !is_float(mean_dt))
    return tp_fail("mean(): could not infer output dtype. %s dtype must be either a floating point or complex dtype. Got: %s",
                   dtype >= 0 ? "Optional" : "Input", tp_dtype_title(mean_dt));
  if ((op == TP_OP_VAR || op == TP_OP_STD) && !is_float(x->dtype))
    return tp_fail("std and var only support floating point and complex dtypes");
  if (op == TP_OP_NORM && !is_float(x->dtype))
    return tp_fail("norm(): input dtype should be either floating point or complex. Got %s instead.", tp_dtype_title(x->dtype));
  if (op == TP_OP_LINALG_VECTOR_NORM && !is_float(x->dtype))
    return tp_fail("linalg.vector_norm: Expected a floating point or complex tensor as input. Got %s", tp_dtype_title(x->dtype));
  int mask[TP_MAX_DIMS];
  if (tp_reduce_mask(x, ndims, dims, mask) < 0) return NULL;
  if ((op == TP_OP_SUM || op == TP_OP_PROD) && dtype == TP_BOOL && x->dtype != TP_BOOL) {
    /* as ATen: the input is cast to the result's dtype first, so bool is any / all of the
     * nonzeros (sum(tensor([0.75, -1.25]), dtype=torch.bool) is True, not bool(0.75 - 1.25 truncated)) */
    tp_tensor *xb = tp_to_dtype(x, TP_BOOL, 0);
    return xb ? release_and(xb, op == TP_OP_SUM ? sum_impl(xb, mask, keepdim, dtype) : reduce_prod(xb, mask, keepdim, dtype)) : NULL;
  }
  switch (op) {
  case TP_OP_SUM: return sum_impl(x, mask, keepdim, dtype);
  case TP_OP_MEAN: {
    int dt = mean_dt;
    tp_tensor *s = sum_impl(x, mask, keepdim, dt);
    if (!s) return NULL;
    return release_and(s, tp_binary_scalar_impl(TP_OP_DIV, s, (double)reduced_count(x, mask), TP_SCALAR_FLOAT, 0, 1));
  }
  case TP_OP_PROD: return reduce_prod(x, mask, keepdim, dtype);
  case TP_OP_AMAX: case TP_OP_AMIN: case TP_OP_MAX: case TP_OP_MIN:
    if (check_nonempty(op, x, ndims, dims, mask)) return NULL;
    return extreme_impl(x, mask, keepdim, op == TP_OP_AMAX || op == TP_OP_MAX);
  case TP_OP_VAR: case TP_OP_STD: return var_impl(x, mask, keepdim, param, op == TP_OP_STD);
  case TP_OP_NORM: return norm_impl(x, mask, keepdim, param);
  case TP_OP_LINALG_VECTOR_NORM:  /* norm's kernel; no identity for ord < 0 or inf over nothing (ATen's texts) */
    if ((param < 0 || isinf(param)) && tp_shape_numel(x->ndim, x->shape) == 0) {
      char ord[32];
      tp_snprintf(ord, sizeof ord, isinf(param) ? (param > 0 ? "inf" : "-inf") : "%g", param);
      if (ndims <= 0)
        return tp_fail("linalg.vector_norm cannot compute the %s norm on an empty tensor because the operation does not have an identity", ord);
      for (int i = 0; i < ndims; i++) {
        int64_t d = (int64_t)dims[i] < 0 ? (int64_t)dims[i] + x->ndim : (int64_t)dims[i];
        if (x->shape[d] == 0)
          return tp_fail("linalg.vector_norm cannot compute the %s norm on the dimension %lld"
                         "because this dimension is empty and the operation does not have an identity", ord, (long long)dims[i]);
      }
    }
    return norm_impl(x, mask, keepdim, param);
  case TP_OP_LOGSUMEXP: return logsumexp_impl(x, mask, keepdim);
  case TP_OP_ALL: case TP_OP_ANY: return bool_reduce(x, mask, keepdim, op == TP_OP_ALL);
  }
  return tp_fail("tensorpad: reduction %s is not implemented", reduce_names[op]);
}

/* ---- along one dim: run a loop over every line of x along dim ------------------------- */
/* Views with dim removed: tp_iter walks the other dims, the kernel walks the line. */
static void drop_dim(tp_tensor *v, const tp_tensor *t, int dim) {
  *v = *t;
  if (t->ndim == 0) return;
  for (int d = dim; d < t->ndim - 1; d++) {
    v->shape[d] = t->shape[d + 1];
    v->stride[d] = t->stride[d + 1];
  }
  v->ndim = t->ndim - 1;
}

#define ARG_LINE(SUF, T, BETTER)                                                   \
  static void argline_##SUF(char **p, const int64_t *s, int64_t n, void *vctx) {   \
    const line_ctx *c = vctx;                                                      \
    for (int64_t k = 0; k < n; k++) {                                              \
      const char *x = p[2] + k * s[2];                                             \
      T best = *(const T *)x;                                                      \
      int64_t bi = 0;                                                              \
      for (int64_t j = 1; j < c->n && best == best; j++) {                         \
        T v = *(const T *)(x + j * c->stride[2]);                                  \
        if (v != v || (c->is_max ? BETTER(v, best) : BETTER(best, v))) { best = v; bi = j; } \
      }                                                                            \
      *(T *)(p[1] + k * s[1]) = best;                                              \
      *(int64_t *)(p[0] + k * s[0]) = bi;                                          \
    }                                                                              \
  }
#define GT(a, b) ((a) > (b))
ARG_LINE(f32, float, GT)
ARG_LINE(f64, double, GT)
ARG_LINE(i32, int32_t, GT)
ARG_LINE(i64, int64_t, GT)
ARG_LINE(b, uint8_t, GT)

/* values (optional) and indices of max/min along dim. */
int tp_reduce_indexed_impl(int op, tp_tensor *x, int64_t dim, int keepdim, tp_tensor **values, tp_tensor **indices) {
  int is_max = op == TP_OP_MAX || op == TP_OP_ARGMAX;
  if (x->ndim > 0 && x->shape[dim] == 0)
    return tp_fail_status("%s(): Expected reduction dim %lld to have non-zero size.", reduce_names[op], (long long)dim);
  tp_tensor xv;
  drop_dim(&xv, x, (int)dim);
  tp_tensor *v = values ? tp_tensor_make(x->dtype, xv.ndim, xv.shape) : NULL;
  tp_tensor *ix = tp_tensor_make(TP_INT64, xv.ndim, xv.shape);
  if ((values && !v) || !ix) {
    tp_tensor_release(v);
    tp_tensor_release(ix);
    return -1;
  }
  /* indices first (they define the shape); without values the best goes to a stack slot */
  tp_scalar_tensor dummy;
  tp_tensor *ops[3] = {ix, v ? v : tp_scalar_init(&dummy, 0, x->dtype), &xv};
  line_ctx c = {x->ndim ? x->shape[dim] : 1, {0, 0, x->ndim ? tp_wmul(x->stride[dim], tp_dtype_table[x->dtype].itemsize) : 0}, x->dtype, is_max};
  static const tp_inner_fn fns[TP_NDTYPES] = {argline_f32, argline_f64, argline_i32, argline_i64, argline_b};
  tp_iter it;
  tp_iter_init(&it, 3, ops);
  tp_iter_run(&it, fns[x->dtype], &c);
  if (keepdim && x->ndim > 0) {
    tp_tensor *outs[2] = {v, ix};
    for (int k = 0; k < 2; k++) {
      tp_tensor *t = outs[k];
      if (!t) continue;
      for (int d = t->ndim; d > dim; d--) t->shape[d] = t->shape[d - 1];
      t->shape[dim] = 1;
      t->ndim++;
      tp_contiguous_strides(t->ndim, t->shape, t->stride);
    }
  }
  if (values) *values = v;
  *indices = ix;
  return 0;
}

static tp_tensor *argextreme(int op, tp_tensor *x, int ndims, const double *dims, int keepdim) {
  /* an empty input never reaches the kernel, so its dtype goes unchecked (its own checks stay);
   * nor does a dim of size 1 (below) */
  int bool_in = x->dtype == TP_BOOL && !tp_no_elements(x->ndim, x->shape);
  if (bool_in && ndims <= 0) return tp_fail("\"%s_cpu\" not implemented for 'Bool'", reduce_names[op]);
  if (ndims > 1) return tp_fail("%s(): only one dim (an int) is accepted, got %d", reduce_names[op], ndims);
  tp_tensor *ix = NULL;
  if (ndims <= 0) {
    if (tp_shape_numel(x->ndim, x->shape) == 0)
      return tp_fail("%s(): Expected reduction dim to be specified for input.numel() == 0.", reduce_names[op]);
    double all = -1;
    tp_tensor *flat = tp_reshape(x, 1, &all);
    if (!flat) return NULL;
    int rc = tp_reduce_indexed_impl(op, flat, 0, 0, NULL, &ix);
    tp_tensor_release(flat);
    if (rc) return NULL;
    if (keepdim) {  /* argmax(keepdim=True) without dim: every dim kept as 1 */
      ix->ndim = x->ndim;
      for (int d = 0; d < x->ndim; d++) ix->shape[d] = 1;
      tp_contiguous_strides(ix->ndim, ix->shape, ix->stride);
    }
    return ix;
  }
  int64_t d;
  if (tp_wrap_dim_arg(dims[0], x->ndim, &d)) return NULL;
  if (x->dtype == TP_BOOL && x->ndim && x->shape[d] == 1) {  /* 1.13 fills 0 for a dim of size 1, before its kernel */
    int64_t shape[TP_MAX_DIMS];
    int nd = 0;
    for (int k = 0; k < x->ndim; k++) if (k != d || keepdim) shape[nd++] = k == d ? 1 : x->shape[k];
    tp_tensor *z = tp_tensor_make(TP_INT64, nd, shape);
    if (z) memset(tp_ptr(z), 0, (size_t)(tp_shape_numel(nd, shape) * 8));
    return z;
  }
  if (bool_in) return tp_fail("\"%s_cpu\" not implemented for 'Bool'", reduce_names[op]);
  return tp_reduce_indexed_impl(op, x, d, keepdim, NULL, &ix) ? NULL : ix;
}

/* ---- cumsum / cumprod ----------------------------------------------------------------- */
/* Floats accumulate in double, as PyTorch's CPU scan does (acc_type). */
#define SCAN_LINE(NAME, T, ACC, OPR, INIT)                                         \
  static void NAME(char **p, const int64_t *s, int64_t n, void *vctx) {            \
    const line_ctx *c = vctx;                                                      \
    for (int64_t k = 0; k < n; k++) {                                              \
      char *o = p[0] + k * s[0];                                                   \
      const char *x = p[1] + k * s[1];                                             \
      ACC acc = INIT;                                                              \
      for (int64_t j = 0; j < c->n; j++, o += c->stride[0], x += c->stride[1]) {   \
        acc = (ACC)(OPR);                                                          \
        *(T *)o = (T)acc;                                                          \
      }                                                                            \
    }                                                                              \
  }
SCAN_LINE(cumsum_f32, float, double, acc + *(const float *)x, 0)
SCAN_LINE(cumsum_f64, double, double, acc + *(const double *)x, 0)
SCAN_LINE(cumsum_i64, int64_t, uint64_t, acc + (uint64_t) * (const int64_t *)x, 0)
SCAN_LINE(cumprod_f32, float, double, acc * *(const float *)x, 1)
SCAN_LINE(cumprod_f64, double, double, acc * *(const double *)x, 1)
SCAN_LINE(cumprod_i64, int64_t, uint64_t, acc * (uint64_t) * (const int64_t *)x, 1)

tp_tensor *tp_scan_impl(int op, tp_tensor *x, int64_t dim, int dtype) {
  int dt = dtype >= 0 ? dtype : is_float(x->dtype) ? x->dtype : TP_INT64;
  int wide = dt == TP_INT32 || dt == TP_BOOL ? TP_INT64 : dt;
  tp_tensor *xc = tp_to_dtype(x, wide, 0);
  if (!xc) return NULL;
  tp_tensor *out = tp_tensor_make(wide, x->ndim, x->shape);
  if (out) {
    tp_tensor ov, xv;
    drop_dim(&ov, out, (int)dim);
    drop_dim(&xv, xc, (int)dim);
    int64_t item = tp_dtype_table[wide].itemsize;
    /* (byte strides wrap: only an empty tensor's can pass int64, and it is not stepped) */
    line_ctx c = {x->ndim ? x->shape[dim] : 1, {x->ndim ? tp_wmul(out->stride[dim], item) : 0, x->ndim ? tp_wmul(xc->stride[dim], item) : 0, 0}, wide, 0};
    int sum = op == TP_OP_CUMSUM;
    tp_inner_fn fn = wide == TP_FLOAT32 ? (sum ? cumsum_f32 : cumprod_f32)
                   : wide == TP_FLOAT64 ? (sum ? cumsum_f64 : cumprod_f64) : (sum ? cumsum_i64 : cumprod_i64);
    tp_iter it;
    tp_tensor *ops[2] = {&ov, &xv};
    tp_iter_init(&it, 2, ops);
    if (x->ndim == 0) tp_copy_convert(out, xc);  /* 1.13 copies a 0-d input (cumsum(-0.) is -0.) */
    else if (tp_shape_numel(x->ndim, x->shape) > 0) tp_iter_run(&it, fn, &c);
  }
  tp_tensor_release(xc);
  if (out && wide != dt) out = release_and(out, tp_to_dtype(out, dt, 0));
  return out;
}

/* Note [float32 softmax as PyTorch computes it]: PyTorch 1.13's CPU softmax (AVX2 kernels,
 * 8 float lanes) is reproduced step for step so that printed probabilities match:
 * - last dim: exp(x - max) with Sleef's exp; the sum is its vec::reduce_all (8 lane
 *   accumulators, the tail folded into the first lanes, then a halving tree; rows shorter
 *   than 8 are summed in order); then x * (1 / sum). log_softmax: (x - max) - log(sum).
 * - other dims: per column a running float sum in order and e / sum; columns past the last
 *   multiple of 8 of the inner size take PyTorch's scalar tail, which uses libm's exp. */
static float reduce_all8(const float *v, int64_t n) {
  if (n < 8) {
    float acc = v[0];
    for (int64_t i = 1; i < n; i++) acc += v[i];
    return acc;
  }
  float acc[8];
  memcpy(acc, v, sizeof acc);
  int64_t d = 8;
  for (; d < n - n % 8; d += 8)
    for (int j = 0; j < 8; j++) acc[j] += v[d + j];
  for (int j = 0; d + j < n; j++) acc[j] += v[d + j];
  for (int h = 4; h >= 1; h >>= 1) {
    float next[8];
    for (int j = 0; j < 8; j++) next[j] = acc[j] + acc[j ^ h];
    memcpy(acc, next, sizeof acc);
  }
  return acc[0];
}

TP_COLD_END
static tp_tensor *softmax_f32(tp_tensor *x, int64_t dim, int log) {
  tp_tensor *xc = tp_contiguous(x);
  if (!xc) return NULL;
  tp_tensor *out = tp_tensor_make(TP_FLOAT32, x->ndim, x->shape);
  if (!out) { tp_tensor_release(xc); return NULL; }
  int64_t n = x->ndim ? x->shape[dim] : 1, outer = 1, inner = 1;
  for (int d = 0; d < x->ndim; d++) {
    if (d < dim) outer = tp_wmul(outer, x->shape[d]);
    if (d > dim) inner = tp_wmul(inner, x->shape[d]);
  }
  const float *in = (const float *)tp_ptr(xc);
  float *o = (float *)tp_ptr(out);
  if (n > 0 && inner == 1) {
    for (int64_t r = 0; r < outer; r++) {
      const float *xr = in + r * n;
      float *orow = o + r * n;
      float m = xr[0];
      for (int64_t k = 1; k < n; k++) m = xr[k] != xr[k] || xr[k] > m ? xr[k] : m;
      int64_t j = 0;
#ifdef __wasm_simd128__
      v128_t vm = wasm_f32x4_splat(m);
      for (; j + 4 <= n; j += 4) wasm_v128_store(orow + j, sleef_expf4(wasm_f32x4_sub(wasm_v128_load(xr + j), vm)));
#endif
      for (; j < n; j++) orow[j] = sleef_expf(xr[j] - m);
      float sum = reduce_all8(orow, n);
      if (log) {
        float ls = sleef_logf(sum);
        for (int64_t k = 0; k < n; k++) orow[k] = xr[k] - m - ls;
      } else {
        float inv = 1 / sum;
        for (int64_t k = 0; k < n; k++) orow[k] *= inv;
      }
    }
  } else if (n > 0) {
    /* column by column in PyTorch's order, but walked row-wise so memory is read in order */
    int64_t vec_end = inner / 8 * 8;
    float *m = malloc(sizeof(float) * 2 * (size_t)inner);
    if (!m) {
      tp_tensor_release(xc);
      tp_tensor_release(out);
      return tp_fail_oom((double)(8 * inner));
    }
    float *sum = m + inner;
    for (int64_t r = 0; r < outer; r++) {
      const float *xb = in + r * n * inner;
      float *ob = o + r * n * inner;
      memcpy(m, xb, sizeof(float) * (size_t)inner);
      for (int64_t k = 1; k < n; k++)
        for (int64_t i = 0; i < inner; i++) {
          float v = xb[k * inner + i];
          if (v != v || v > m[i]) m[i] = v;
        }
      memset(sum, 0, sizeof(float) * (size_t)inner);
      for (int64_t k = 0; k < n; k++)
        for (int64_t i = 0; i < inner; i++) {
          float v = xb[k * inner + i] - m[i];
          float e = i < vec_end ? sleef_expf(v) : expf(v);
          ob[k * inner + i] = e;
          sum[i] += e;
        }
      for (int64_t k = 0; k < n; k++)
        for (int64_t i = 0; i < inner; i++) ob[k * inner + i] /= sum[i];
    }
    free(m);
  }
  tp_tensor_release(xc);
  return out;
}

/* softmax = exp(x - max) / sum(exp(x - max)); log_softmax = (x - max) - log(sum(...)). */
TP_COLD_BEGIN
tp_tensor *tp_softmax_impl(tp_tensor *x, int64_t dim, int dtype, int log) {
  int dt = dtype >= 0 ? dtype : x->dtype;
  if (!is_float(dt) && tp_no_elements(x->ndim, x->shape)) return tp_tensor_make(dt, x->ndim, x->shape);  /* no kernel runs */
  if (!is_float(dt))
    return x->ndim <= 1 || dim == x->ndim - 1
      ? tp_fail("\"%s_lastdim_kernel_impl\" not implemented for '%s'", log ? "log_softmax" : "softmax", tp_dtype_title(dt))
      : tp_fail("\"softmax_kernel_impl\" not implemented for '%s'", tp_dtype_title(dt));
  int lastdim = x->ndim <= 1 || dim == x->ndim - 1;
  if (x->dtype == TP_FLOAT32 && dt == TP_FLOAT32 && (!log || lastdim)) return softmax_f32(x, dim, log);
  tp_tensor *xf = tp_to_dtype(x, dt, 0);
  if (!xf) return NULL;
  tp_tensor *r = NULL, *m = NULL, *d = NULL, *e = NULL, *s = NULL, *l = NULL;
  int mask[TP_MAX_DIMS] = {0};
  if (x->ndim) mask[dim] = 1;
  if (tp_shape_numel(xf->ndim, xf->shape) == 0) {
    r = tp_clone(xf);
    goto done;
  }
  if (!(m = extreme_impl(xf, mask, 1, 1))) goto done;
  if (!(d = tp_binary_impl(TP_OP_SUB, xf, m, 1))) goto done;
  if (!(e = tp_unary_impl(TP_OP_EXP, d))) goto done;
  if (!(s = sum_impl(e, mask, 1, -1))) goto done;
  if (log) {
    if (!(l = tp_unary_impl(TP_OP_LOG, s))) goto done;
    r = tp_binary_impl(TP_OP_SUB, d, l, 1);
  } else {
    r = tp_binary_impl(TP_OP_DIV, e, s, 1);
  }
done:
  tp_tensor_release(xf); tp_tensor_release(m); tp_tensor_release(d); tp_tensor_release(e);
  tp_tensor_release(s); tp_tensor_release(l);
  return r;
}

TP_COLD_END
