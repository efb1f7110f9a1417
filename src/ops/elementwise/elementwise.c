/* Elementwise operators: the op table's names, PyTorch's type promotion, and the unary,
 * binary, where and clamp kernels with their entry points.
 *
 * Every kernel is an inner loop run by tp_iter over (out, inputs...), so broadcasting,
 * transposed and sliced operands need no copy. Inputs whose dtype differs from the compute
 * dtype are converted first (0-d ones and JS scalars on the stack, without allocation).
 * Contiguous float32 loops take a wasm SIMD path (f32x4 with a scalar tail) when built
 * with -msimd128; the scalar strided loop is the reference and the native build's only path.
 */
#include <math.h>
#include <stdio.h>
#include <string.h>
#include "ops.h"
#include "elementwise_kernels.h"
#ifdef __wasm_simd128__
#include <wasm_simd128.h>
#endif

/* ---- the op table --------------------------------------------------------------------- */
static const char *const op_names[] = {
#define TP_OP(id, name, kind, g, g2) name,
#include "ops.def"
};
static const int op_kinds[] = {
#define TP_OP(id, name, kind, g, g2) TP_KIND_##kind,
#include "ops.def"
};
static const char *const op_grads[][2] = {
#define TP_OP(id, name, kind, g, g2) {g, g2},
#include "ops.def"
};
_Static_assert(sizeof op_names / sizeof *op_names == TP_OP_COUNT, "ops.def and the enum agree");

TP_API int tp_op_count(void) { return TP_OP_COUNT; }
TP_API const char *tp_op_name(int op) { return op >= 0 && op < TP_OP_COUNT ? op_names[op] : NULL; }
TP_API int tp_op_kind(int op) { return op >= 0 && op < TP_OP_COUNT ? op_kinds[op] : -1; }
TP_API const char *tp_op_grad_fn(int op, int alt) {
  return op >= 0 && op < TP_OP_COUNT ? op_grads[op][alt ? 1 : 0] : NULL;
}

/* ---- dtypes, scalars, promotion, broadcasting ----------------------------------------- */
static int is_float(int dt) { return dt == TP_FLOAT32 || dt == TP_FLOAT64; }

/* PyTorch's canCast: no float -> integral, no non-bool -> bool. */
int tp_can_cast(int from, int to) {
  if (is_float(from) && !is_float(to)) return 0;
  if (from != TP_BOOL && to == TP_BOOL) return 0;
  return 1;
}

int tp_scalar_dtype(int kind) {
  return kind == TP_SCALAR_BOOL ? TP_BOOL : kind == TP_SCALAR_INT ? TP_INT64 : TP_FLOAT64;
}

tp_tensor *tp_scalar_init(tp_scalar_tensor *st, double value, int dtype) {
  /* 0-d: shape and strides are never read, so only the header fields are set (hot path) */
  st->t.ndim = 0;
  st->t.offset = 0;
  st->t.requires_grad = 0;
  st->s.data = &st->v;
  st->s.nbytes = 8;
  st->s.refcount = 1;
  st->t.storage = &st->s;
  st->t.version = &st->s.version;  /* never bumped nor released: a stack temporary */
  st->t.refcount = 1;
  st->t.dtype = (int8_t)dtype;
  tp_store_f64(&st->v, dtype, value);
  return &st->t;
}

static int promote_skip(int a, int b) { return a < 0 ? b : b < 0 ? a : tp_promote_types(a, b); }

static int combine_categories(int higher, int lower) {
  if (higher >= 0 && is_float(higher)) return higher;
  if (higher == TP_BOOL || (lower >= 0 && is_float(lower))) return promote_skip(higher, lower);
  return higher >= 0 ? higher : lower;
}

int tp_result_type(int n, tp_tensor *const *ts, const int *wrapped) {
  int dim = -1, zero = -1, wrap = -1;
  for (int i = 0; i < n; i++) {
    if (!ts[i]) continue;
    int dt = ts[i]->dtype;
    if (wrapped && wrapped[i]) wrap = promote_skip(wrap, dt == TP_FLOAT64 ? tp_default_float : dt);
    else if (ts[i]->ndim == 0) zero = promote_skip(zero, dt);
    else dim = promote_skip(dim, dt);
  }
  return combine_categories(dim, combine_categories(zero, wrap));
}

int tp_result_type2(tp_tensor *a, int ka, tp_tensor *b, int kb) {
  tp_scalar_tensor sa, sb;
  tp_tensor *ts[2] = {a ? a : tp_scalar_init(&sa, 0, tp_scalar_dtype(ka)), b ? b : tp_scalar_init(&sb, 0, tp_scalar_dtype(kb))};
  int wrapped[2] = {!a, !b};
  return tp_result_type(2, ts, wrapped);
}

/* PyTorch's infer_size, pairwise left to right, each pair compared from the last dim. */
int tp_broadcast_shape(int n, tp_tensor *const *ts, int64_t *shape) {
  int nd = 0;
  for (int k = 0; k < n; k++) {
    const tp_tensor *t = ts[k];
    if (!t) continue;
    int rnd = nd > t->ndim ? nd : t->ndim;
    int64_t res[TP_MAX_DIMS];
    for (int i = rnd - 1; i >= 0; i--) {
      int off = rnd - 1 - i, da = nd - 1 - off, db = t->ndim - 1 - off;
      int64_t sa = da >= 0 ? shape[da] : 1, sb = db >= 0 ? t->shape[db] : 1;
      if (sa != sb && sa != 1 && sb != 1)
        return tp_fail_status("The size of tensor a (%lld) must match the size of tensor b (%lld) at non-singleton dimension %d",
                              (long long)sa, (long long)sb, i);
      res[i] = sa == 1 ? sb : sa;
    }
    memcpy(shape, res, sizeof(int64_t) * rnd);
    nd = rnd;
  }
  return nd;
}

static int operand_as(operand *o, tp_tensor *t, int dtype) {
  o->owned = NULL;
  if (t->dtype == dtype) { o->t = t; return 0; }
  if (t->ndim == 0) {
    o->t = tp_scalar_init(&o->st, 0, dtype);
    if (is_float(dtype)) tp_store_f64(&o->st.v, dtype, tp_load_f64(tp_ptr(t), t->dtype));
    else if (dtype == TP_BOOL) tp_store_i64(&o->st.v, dtype, tp_load_f64(tp_ptr(t), t->dtype) != 0);  /* 0.5 and NaN are True */
    else tp_store_i64(&o->st.v, dtype, tp_load_i64(tp_ptr(t), t->dtype));
    return 0;
  }
  o->owned = o->t = tp_to_dtype(t, dtype, 0);
  return o->t ? 0 : -1;
}

static void operand_done(operand *o) { tp_tensor_release(o->owned); }

/* Note [output layout]: like PyTorch's TensorIterator, an op whose input (of the output's
 * shape) is a permutation of a contiguous layout (a transposed tensor, say) writes its
 * output in that same layout: x.t().exp() has x.t()'s strides, and both are walked in
 * memory order. Other outputs are contiguous. */
static int full_shape(const tp_tensor *t, int nd, const int64_t *shape) {
  return t && t->ndim == nd && !memcmp(t->shape, shape, sizeof(int64_t) * nd);
}

/* Whether t is a permutation of a contiguous layout (dense, non-overlapping, not contiguous). */
static int dense_permuted(const tp_tensor *t) {
  if (tp_tensor_is_contiguous(t)) return 0;
  int order[TP_MAX_DIMS], n = 0;
  for (int d = 0; d < t->ndim; d++) {
    if (t->shape[d] == 0) return 0;
    if (t->shape[d] == 1) continue;
    int k = n++;  /* insertion sort by stride, largest first */
    while (k > 0 && t->stride[order[k - 1]] < t->stride[d]) { order[k] = order[k - 1]; k--; }
    order[k] = d;
  }
  int64_t expected = 1;
  for (int k = n - 1; k >= 0; k--) {
    if (t->stride[order[k]] != expected) return 0;
    expected *= t->shape[order[k]];
  }
  return 1;
}

/* A new output of the given shape. The first input that is not broadcast decides its
 * layout: a dense permuted one lends its strides, any other means contiguous. */
static tp_tensor *new_output(int dtype, int nd, const int64_t *shape, const tp_tensor *a, const tp_tensor *b) {
  const tp_tensor *src = full_shape(a, nd, shape) ? a : full_shape(b, nd, shape) ? b : NULL;
  tp_tensor *out = tp_tensor_make(dtype, nd, shape);
  if (out && src && dense_permuted(src))
    for (int d = 0; d < nd; d++) out->stride[d] = src->shape[d] == 1 ? 1 : src->stride[d];
  return out;
}

#define check_internal_overlap tp_check_no_internal_overlap  /* writes through self must not land twice on one element */

int tp_assign_result(tp_tensor *self, tp_tensor *result) {
  if (!tp_can_cast(result->dtype, self->dtype))
    return tp_fail_status("result type %s can't be cast to the desired output type %s",
                          tp_dtype_title(result->dtype), tp_dtype_title(self->dtype));
  if (self->ndim != result->ndim || memcmp(self->shape, result->shape, sizeof(int64_t) * self->ndim)) {
    char a[200], b[200];
    tp_format_shape(a, sizeof a, self->ndim, self->shape);
    tp_format_shape(b, sizeof b, result->ndim, result->shape);
    return tp_fail_status("output with shape %s doesn't match the broadcast shape %s", a, b);
  }
  if (check_internal_overlap(self)) return -1;
  tp_copy_convert(self, result);
  self->version->value++;
  return 0;
}

/* ---- kernels: one strided inner loop per (op, compute dtype) -------------------------- */
/* alpha for add/sub; for pow with a Python-number exponent, that number in double. */
typedef struct { double alpha; int64_t ialpha; double exponent; int number_exponent; } bin_ctx;

/* The plain strided loops serve every dtype but float32's contiguous runs: compiled for
 * size (TP_COLD), since only float32 is on the hot path. */
#define LOOP1(NAME, TI, TO, EXPR)                                                  \
  TP_COLD static void NAME(char **p, const int64_t *s, int64_t n, void *ctx) {             \
    (void)ctx;                                                                     \
    char *o = p[0];                                                                \
    const char *in = p[1];                                                         \
    for (int64_t k = 0; k < n; k++, o += s[0], in += s[1]) {                       \
      TI x = *(const TI *)in;                                                      \
      *(TO *)o = (TO)(EXPR);                                                       \
    }                                                                              \
  }
#define LOOP2(NAME, T, TO, EXPR)                                                   \
  TP_COLD static void NAME(char **p, const int64_t *s, int64_t n, void *ctx) {             \
    const bin_ctx *c = ctx;                                                        \
    (void)c;                                                                       \
    char *o = p[0];                                                                \
    const char *pa = p[1], *pb = p[2];                                             \
    for (int64_t k = 0; k < n; k++, o += s[0], pa += s[1], pb += s[2]) {           \
      T a = *(const T *)pa, b = *(const T *)pb;                                    \
      (void)b;                                                                     \
      *(TO *)o = (TO)(EXPR);                                                       \
    }                                                                              \
  }

/* Contiguous float32: SIMD body plus scalar tail; anything else the strided loop. */
#ifdef __wasm_simd128__
#define SIMD1_F32(NAME, VEXPR, EXPR)                                               \
  LOOP1(NAME##_strided, float, float, EXPR)                                        \
  static void NAME(char **p, const int64_t *s, int64_t n, void *ctx) {             \
    if (s[0] != 4 || s[1] != 4) { NAME##_strided(p, s, n, ctx); return; }          \
    float *o = (float *)p[0];                                                      \
    const float *in = (const float *)p[1];                                         \
    float *end = o + (n & ~(int64_t)7);                                            \
    for (; o < end; o += 8, in += 8) {                                             \
      v128_t v = wasm_v128_load(in);                                               \
      v128_t r0 = VEXPR;                                                           \
      v = wasm_v128_load(in + 4);                                                  \
      wasm_v128_store(o, r0);                                                      \
      wasm_v128_store(o + 4, VEXPR);                                               \
    }                                                                              \
    for (int64_t k = 0; k < (n & 7); k++) { float x = in[k]; o[k] = (EXPR); }      \
  }
/* Both contiguous, or one of them broadcast (stride 0): a broadcast operand is read from 16
 * copies of its value on the stack, so that one loop serves the three cases. */
#define SIMD2_F32(NAME, VOP, EXPR)                                                 \
  LOOP2(NAME##_strided, float, float, EXPR)                                        \
  static void NAME(char **p, const int64_t *s, int64_t n, void *ctx) {             \
    if (s[0] != 4 || (s[1] != 4 && s[1] != 0) || (s[2] != 4 && s[2] != 0) ||       \
        (s[1] == 0 && s[2] == 0)) { NAME##_strided(p, s, n, ctx); return; }        \
    float *o = (float *)p[0], splat[16];                                           \
    const float *xa = (const float *)p[1], *xb = (const float *)p[2];              \
    int64_t da = 16, db = 16;                                                      \
    if (!s[1]) { for (int j = 0; j < 16; j++) splat[j] = *xa; xa = splat; da = 0; } \
    if (!s[2]) { for (int j = 0; j < 16; j++) splat[j] = *xb; xb = splat; db = 0; } \
    float *end = o + (n & ~(int64_t)15);                                           \
    for (; o < end; o += 16, xa += da, xb += db) {                                 \
      v128_t r0 = VOP(wasm_v128_load(xa), wasm_v128_load(xb));                     \
      v128_t r1 = VOP(wasm_v128_load(xa + 4), wasm_v128_load(xb + 4));             \
      v128_t r2 = VOP(wasm_v128_load(xa + 8), wasm_v128_load(xb + 8));             \
      v128_t r3 = VOP(wasm_v128_load(xa + 12), wasm_v128_load(xb + 12));           \
      wasm_v128_store(o, r0);                                                      \
      wasm_v128_store(o + 4, r1);                                                  \
      wasm_v128_store(o + 8, r2);                                                  \
      wasm_v128_store(o + 12, r3);                                                 \
    }                                                                              \
    for (int64_t k = 0; k < (n & 15); k++) { float a = xa[k], b = xb[k]; o[k] = (EXPR); } \
  }
#else
#define SIMD1_F32(NAME, VEXPR, EXPR) LOOP1(NAME, float, float, EXPR)
#define SIMD2_F32(NAME, VOP, EXPR) LOOP2(NAME, float, float, EXPR)
#endif

/* -- unary: float-only ops (integers are converted to float32 first) -- */
#define TP_SQRT1_2 0.70710678118654752440
static inline double gelu_d(double x) { return 0.5 * x * (1.0 + erf(x * TP_SQRT1_2)); }
static inline double gelu_tanh_d(double x) {
  return 0.5 * x * (1.0 + tanh(0.7978845608028654 * (x + 0.044715 * x * x * x)));
}
#include "sleef.h"

static inline double sigmoid_d(double x) { return 1.0 / (1.0 + exp(-x)); }
static inline float sigmoid_f(float x) { return 1.0f / (1.0f + sleef_expf(-x)); }

/* Note [vector and scalar forms]: PyTorch's cpu_kernel_vec runs a vector formula on
 * contiguous runs and a scalar one (libm) on strided runs; for gelu, silu and sigmoid the
 * two round differently, so these kernels choose the same way. */
#define VEC_OR_SCALAR_F32(NAME, VEC, SCALAR)                                       \
  static void NAME(char **p, const int64_t *s, int64_t n, void *ctx) {             \
    (void)ctx;                                                                     \
    char *po = p[0];                                                               \
    const char *pi = p[1];                                                         \
    if (s[0] == 4 && s[1] == 4) {                                                  \
      for (int64_t k = 0; k < n; k++) {                                            \
        float x = ((const float *)pi)[k];                                          \
        ((float *)po)[k] = (VEC);                                                  \
      }                                                                            \
      return;                                                                      \
    }                                                                              \
    for (int64_t k = 0; k < n; k++, po += s[0], pi += s[1]) {                      \
      float x = *(const float *)pi;                                                \
      *(float *)po = (SCALAR);                                                     \
    }                                                                              \
  }
static inline float gelu_vec(float x) {
  float h = x * 0.5f, e = erff(x * (float)TP_SQRT1_2);
  return h * (1.0f + e);
}
static inline float gelu_scalar(float x) {
  float h = x * 0.5f, e = erff(x * (float)TP_SQRT1_2);
  return h * (1.0f + e);
}
static inline float gelu_tanh_f(float x, int vec) {
  float cube = x * x * x, k = 0.044715f * cube, inner = 0.7978845608028654f * (x + k);
  float h = 0.5f * x, t = vec ? sleef_tanhf(inner) : tanhf(inner);
  return h * (1.0f + t);
}
static inline float silu_f(float x, int vec) {
  float e = vec ? sleef_expf(-x) : expf(-x);
  return x / (1.0f + e);
}
VEC_OR_SCALAR_F32(u_GELU_f32, gelu_vec(x), gelu_scalar(x))
VEC_OR_SCALAR_F32(u_GELU_TANH_f32, gelu_tanh_f(x, 1), gelu_tanh_f(x, 0))
VEC_OR_SCALAR_F32(u_SILU_f32, silu_f(x, 1), silu_f(x, 0))
LOOP1(u_GELU_f64, double, double, gelu_d(x))
LOOP1(u_GELU_TANH_f64, double, double, gelu_tanh_d(x))
LOOP1(u_SILU_f64, double, double, x / (1.0 + exp(-x)))

#define FLOAT_UNARY(X)                                        \
  X(EXP2, exp2f(x), exp2(x))                                  \
  X(EXPM1, expm1f(x), expm1(x))                               \
  X(LOG, sleef_logf(x), log(x))                                     \
  X(LOG2, log2f(x), log2(x))                                  \
  X(LOG10, log10f(x), log10(x))                               \
  X(LOG1P, log1pf(x), log1p(x))                               \
  X(RSQRT, 1.0f / sqrtf(x), 1.0 / sqrt(x))                    \
  X(TAN, tanf(x), tan(x))                                     \
  X(ASIN, asinf(x), asin(x))                                  \
  X(ACOS, acosf(x), acos(x))                                  \
  X(ATAN, atanf(x), atan(x))                                  \
  X(SINH, sinhf(x), sinh(x))                                  \
  X(COSH, coshf(x), cosh(x))                                  \
  X(ERF, erff(x), erf(x))                                  \
  X(FRAC, x - truncf(x), x - trunc(x))                        \
  X(RECIPROCAL, 1.0f / x, 1.0 / x)
#define X(ID, F32, F64) LOOP1(u_##ID##_f32, float, float, F32) LOOP1(u_##ID##_f64, double, double, F64)
FLOAT_UNARY(X)
#undef X

/* Note [Sleef's groups of eight]: PyTorch's sin and cos run Sleef on AVX2 vectors of eight
 * floats, from the start of each inner run (a strided run is copied to a buffer first), the
 * last one padded with zeros; whether the vector's argument reduction is the narrow or the
 * wide one depends on all eight lanes (Note [float32 sin, cos and pow as PyTorch computes
 * them]), so these kernels decide per group of eight as well. */
#define SLEEF_GROUPS_F32(NAME, FN)                                                 \
  static void NAME(char **p, const int64_t *s, int64_t n, void *ctx) {             \
    (void)ctx;                                                                     \
    for (int64_t i = 0; i < n; i += 8) {                                           \
      int64_t m = n - i < 8 ? n - i : 8, j;                                        \
      float x[8];                                                                  \
      int wide = 0;                                                                \
      for (j = 0; j < m; j++) wide |= sleef_trig_wide(x[j] = *(const float *)(p[1] + (i + j) * s[1])); \
      for (j = 0; j < m; j++) *(float *)(p[0] + (i + j) * s[0]) = FN(x[j], wide);  \
    }                                                                              \
  }
SLEEF_GROUPS_F32(u_SIN_f32, sleef_sinf)
SLEEF_GROUPS_F32(u_COS_f32, sleef_cosf)
LOOP1(u_SIN_f64, double, double, sin(x))
LOOP1(u_COS_f64, double, double, cos(x))

/* -- unary ops that keep integer dtypes; float32 ones with a SIMD body -- */
#define NAN_OR(x, v) ((x) != (x) ? (x) : (v))
SIMD1_F32(u_NEG_f32, wasm_f32x4_neg(v), -x)
SIMD1_F32(u_ABS_f32, wasm_f32x4_abs(v), fabsf(x))
SIMD1_F32(u_SQRT_f32, wasm_f32x4_sqrt(v), sqrtf(x))
/* -0. and NaN pass, as PyTorch's; the scalar form is spelled so that clang cannot make it
 * f32.max/f64.max, which turns -0. into 0. */
#define RELU_KEEPS(x) (signbit(x) && (x) != 0 && (x) == (x))
SIMD1_F32(u_RELU_f32, wasm_f32x4_pmax(v, wasm_f32x4_splat(0.0f)), RELU_KEEPS(x) ? 0.0f : x)
SIMD1_F32(u_SQUARE_f32, wasm_f32x4_mul(v, v), x * x)
SIMD1_F32(u_FLOOR_f32, wasm_f32x4_floor(v), floorf(x))
SIMD1_F32(u_CEIL_f32, wasm_f32x4_ceil(v), ceilf(x))
SIMD1_F32(u_TRUNC_f32, wasm_f32x4_trunc(v), truncf(x))
SIMD1_F32(u_ROUND_f32, wasm_f32x4_nearest(v), nearbyintf(x))
SIMD1_F32(u_EXP_f32, sleef_expf4(v), sleef_expf(x))
SIMD1_F32(u_TANH_f32, sleef_tanhf4(v), sleef_tanhf(x))
LOOP1(u_TANH_f64, double, double, tanh(x))
/* PyTorch's sigmoid runs its vector form (Sleef exp) on contiguous runs and its scalar form
 * (libm exp) on strided ones; the two differ in the last bit now and then, and so do we. */
static void u_SIGMOID_f32(char **p, const int64_t *s, int64_t n, void *ctx) {
  (void)ctx;
  float *o = (float *)p[0];
  const float *in = (const float *)p[1];
  if (s[0] == 4 && s[1] == 4) {
    int64_t k = 0;
#ifdef __wasm_simd128__
    v128_t one = wasm_f32x4_splat(1.0f);
    for (; k + 4 <= n; k += 4)
      wasm_v128_store(o + k, wasm_f32x4_div(one, wasm_f32x4_add(one, sleef_expf4(wasm_f32x4_neg(wasm_v128_load(in + k))))));
#endif
    for (; k < n; k++) o[k] = sigmoid_f(in[k]);
    return;
  }
  char *po = p[0];
  const char *pi = p[1];
  for (int64_t k = 0; k < n; k++, po += s[0], pi += s[1]) *(float *)po = 1.0f / (1.0f + expf(-*(const float *)pi));
}
LOOP1(u_EXP_f64, double, double, exp(x))
LOOP1(u_SIGMOID_f64, double, double, sigmoid_d(x))
LOOP1(u_SQRT_f64, double, double, sqrt(x))
LOOP1(u_NEG_f64, double, double, -x)
LOOP1(u_ABS_f64, double, double, fabs(x))
LOOP1(u_RELU_f64, double, double, RELU_KEEPS(x) ? 0.0 : x)
LOOP1(u_SQUARE_f64, double, double, x * x)
LOOP1(u_FLOOR_f64, double, double, floor(x))
LOOP1(u_CEIL_f64, double, double, ceil(x))
LOOP1(u_TRUNC_f64, double, double, trunc(x))
LOOP1(u_ROUND_f64, double, double, nearbyint(x))
LOOP1(u_SIGN_f32, float, float, (0.0f < x) - (x < 0.0f))
LOOP1(u_SIGN_f64, double, double, (0.0 < x) - (x < 0.0))
/* Integers wrap as in PyTorch: arithmetic goes through the unsigned type. */
#define INT_UNARY(SUF, T, U)                                                \
  LOOP1(u_NEG_##SUF, T, T, (T)(0 - (U)x))                                   \
  LOOP1(u_ABS_##SUF, T, T, x < 0 ? (T)(0 - (U)x) : x)                       \
  LOOP1(u_RELU_##SUF, T, T, x > 0 ? x : 0)                                  \
  LOOP1(u_SQUARE_##SUF, T, T, (T)((U)x * (U)x))                             \
  LOOP1(u_SIGN_##SUF, T, T, (0 < x) - (x < 0))                              \
  LOOP1(u_COPY_##SUF, T, T, x)
INT_UNARY(i32, int32_t, uint32_t)
INT_UNARY(i64, int64_t, uint64_t)
LOOP1(u_SIGN_b, uint8_t, uint8_t, x)
#define LNOT(SUF, T) LOOP1(u_LNOT_##SUF, T, uint8_t, x == 0)
LNOT(f32, float) LNOT(f64, double) LNOT(i32, int32_t) LNOT(i64, int64_t) LNOT(b, uint8_t)

#define K5(F32, F64, I32, I64, B) {[TP_FLOAT32] = F32, [TP_FLOAT64] = F64, [TP_INT32] = I32, [TP_INT64] = I64, [TP_BOOL] = B}
/* unary_kernels[op][compute dtype]; NULL = not for that dtype (the type rules say why). */
static const tp_inner_fn unary_kernels[TP_OP_COUNT][TP_NDTYPES] = {
#define X(ID, F32, F64) [TP_OP_##ID] = K5(u_##ID##_f32, u_##ID##_f64, NULL, NULL, NULL),
  FLOAT_UNARY(X)
#undef X
  [TP_OP_SQRT] = K5(u_SQRT_f32, u_SQRT_f64, NULL, NULL, NULL),
  [TP_OP_SIN] = K5(u_SIN_f32, u_SIN_f64, NULL, NULL, NULL),
  [TP_OP_COS] = K5(u_COS_f32, u_COS_f64, NULL, NULL, NULL),
  [TP_OP_EXP] = K5(u_EXP_f32, u_EXP_f64, NULL, NULL, NULL),
  [TP_OP_TANH] = K5(u_TANH_f32, u_TANH_f64, NULL, NULL, NULL),
  [TP_OP_SIGMOID] = K5(u_SIGMOID_f32, u_SIGMOID_f64, NULL, NULL, NULL),
  [TP_OP_GELU] = K5(u_GELU_f32, u_GELU_f64, NULL, NULL, NULL),
  [TP_OP_GELU_TANH] = K5(u_GELU_TANH_f32, u_GELU_TANH_f64, NULL, NULL, NULL),
  [TP_OP_SILU] = K5(u_SILU_f32, u_SILU_f64, NULL, NULL, NULL),
  [TP_OP_NEG] = K5(u_NEG_f32, u_NEG_f64, u_NEG_i32, u_NEG_i64, NULL),
  [TP_OP_ABS] = K5(u_ABS_f32, u_ABS_f64, u_ABS_i32, u_ABS_i64, NULL),
  [TP_OP_RELU] = K5(u_RELU_f32, u_RELU_f64, u_RELU_i32, u_RELU_i64, NULL),
  [TP_OP_SQUARE] = K5(u_SQUARE_f32, u_SQUARE_f64, u_SQUARE_i32, u_SQUARE_i64, NULL),
  [TP_OP_SIGN] = K5(u_SIGN_f32, u_SIGN_f64, u_SIGN_i32, u_SIGN_i64, u_SIGN_b),
  [TP_OP_FLOOR] = K5(u_FLOOR_f32, u_FLOOR_f64, u_COPY_i32, u_COPY_i64, NULL),
  [TP_OP_CEIL] = K5(u_CEIL_f32, u_CEIL_f64, u_COPY_i32, u_COPY_i64, NULL),
  [TP_OP_ROUND] = K5(u_ROUND_f32, u_ROUND_f64, u_COPY_i32, u_COPY_i64, NULL),
  [TP_OP_TRUNC] = K5(u_TRUNC_f32, u_TRUNC_f64, u_COPY_i32, u_COPY_i64, NULL),
  [TP_OP_LOGICAL_NOT] = K5(u_LNOT_f32, u_LNOT_f64, u_LNOT_i32, u_LNOT_i64, u_LNOT_b),
};

/* The compute dtype of a unary op on dtype dt (output dtype too, except logical_not), or
 * -1 with PyTorch's message. */
static int unary_compute_dtype(int op, int dt) {
  const char *name = op_names[op];
  switch (op) {
  case TP_OP_LOGICAL_NOT: case TP_OP_SIGN: return dt;
  case TP_OP_SQUARE: return dt == TP_BOOL ? TP_INT64 : dt;
  case TP_OP_NEG:
    if (dt == TP_BOOL)
      return tp_fail_status("Negation, the `-` operator, on a bool tensor is not supported. If you are trying to invert a mask, use the `~` or `logical_not()` operator instead.");
    return dt;
  case TP_OP_RELU:
    if (dt == TP_BOOL) return tp_fail_status("Boolean inputs not supported for relu");
    return dt;
  case TP_OP_ABS:
    if (dt == TP_BOOL) return tp_fail_status("\"abs_cpu\" not implemented for 'Bool'");
    return dt;
  case TP_OP_FLOOR: case TP_OP_CEIL: case TP_OP_ROUND: case TP_OP_TRUNC:
    if (dt == TP_BOOL) return tp_fail_status("\"%s_vml_cpu\" not implemented for 'Bool'", name);
    return dt;
  case TP_OP_GELU: case TP_OP_GELU_TANH: case TP_OP_SILU: case TP_OP_FRAC:
    if (!is_float(dt))
      return tp_fail_status("\"%s\" not implemented for '%s'",
                            op == TP_OP_SILU ? "silu_cpu" : op == TP_OP_FRAC ? "frac_cpu" : "GeluKernelImpl",
                            tp_dtype_title(dt));
    return dt;
  default: {
    int out, ct = TP_OP_IS_ELEMW(op) ? tp_elemw_unary_types(op, dt, &out) : -2;  /* math.c's own rules */
    if (ct != -2) return ct;
    return is_float(dt) ? dt : tp_default_float;
  }
  }
}

static int unary_check(int op) {
  if (op < 0 || op >= TP_OP_COUNT || op_kinds[op] != TP_KIND_UNARY)
    return tp_fail_status("tensorpad: op %d is not a unary op", op);
  return 0;
}

static void run2(tp_tensor *out, tp_tensor *in, tp_inner_fn fn, void *ctx) {
  tp_elemw_ctx c;
  if (!fn) fn = tp_elemw_unary_kernel(*(const int *)ctx, out->dtype, in->dtype, &c), ctx = &c;  /* math.c */
  tp_iter it;
  tp_tensor *ops[2] = {out, in};
  tp_iter_init(&it, 2, ops);
  tp_iter_run(&it, fn, ctx);
}

tp_tensor *tp_unary_impl(int op, tp_tensor *x) {
  if (unary_check(op)) return NULL;
  int ct = unary_compute_dtype(op, x->dtype);
  if (ct < 0) return NULL;
  int out_dt = op == TP_OP_LOGICAL_NOT ? TP_BOOL : TP_OP_IS_ELEMW(op) ? tp_elemw_unary_out(op, ct) : ct;
  operand a;
  if (operand_as(&a, x, ct)) return NULL;
  tp_tensor *out = new_output(out_dt, x->ndim, x->shape, x, NULL);
  if (out) run2(out, a.t, unary_kernels[op][ct], &op);
  operand_done(&a);
  return out;
}

int tp_unary_inplace(int op, tp_tensor *x) {
  if (unary_check(op)) return -1;
  /* TensorIterator's first check, before the dtype's (neg_'s bool check comes before it) */
  if (!(op == TP_OP_NEG && x->dtype == TP_BOOL) && check_internal_overlap(x)) return -1;
  int ct = unary_compute_dtype(op, x->dtype);
  if (ct < 0) return -1;
  int out_dt = op == TP_OP_LOGICAL_NOT ? TP_BOOL : TP_OP_IS_ELEMW(op) ? tp_elemw_unary_out(op, ct) : ct;
  if (out_dt == x->dtype && ct == x->dtype) {  /* the common case: straight into x */
    run2(x, x, unary_kernels[op][ct], &op);
    x->version->value++;
    return 0;
  }
  if (!tp_can_cast(out_dt, x->dtype)) {
    if (op == TP_OP_SQUARE)  /* square_ is pow_(2): pow_.Scalar's unary iterator wants its dtype */
      return tp_fail_status("Found dtype %s but expected %s", tp_dtype_title(x->dtype), tp_dtype_title(out_dt));
    return tp_fail_status("result type %s can't be cast to the desired output type %s",
                          tp_dtype_title(out_dt), tp_dtype_title(x->dtype));
  }
  tp_tensor *r = tp_unary_impl(op, x);
  if (!r) return -1;
  int rc = tp_assign_result(x, r);
  tp_tensor_release(r);
  return rc;
}

/* -- binary -- */
/* NaN propagating; equal operands (-0. and 0.) give the first, as PyTorch's std::max/min
 * (so clamp(-0., min=0) and maximum(-0., 0.) are -0.). */
static inline float maxf_nan(float a, float b) { return a != a ? a : b != b ? b : a < b ? b : a; }
static inline float minf_nan(float a, float b) { return a != a ? a : b != b ? b : b < a ? b : a; }
static inline double maxd_nan(double a, double b) { return a != a ? a : b != b ? b : a < b ? b : a; }
static inline double mind_nan(double a, double b) { return a != a ? a : b != b ? b : b < a ? b : a; }
#ifdef __wasm_simd128__
static inline v128_t vmax_first(v128_t a, v128_t b) { return wasm_v128_bitselect(a, wasm_f32x4_max(a, b), wasm_f32x4_eq(a, b)); }
static inline v128_t vmin_first(v128_t a, v128_t b) { return wasm_v128_bitselect(a, wasm_f32x4_min(a, b), wasm_f32x4_eq(a, b)); }
#endif

/* PyTorch's remainder (Python's %) and floor division for floats and integers. */
static inline double rem_d(double a, double b) {
  double m = fmod(a, b);
  if (m != 0 && ((b < 0) != (m < 0))) m += b;
  return m;
}
static inline float rem_f(float a, float b) {
  float m = fmodf(a, b);
  if (m != 0 && ((b < 0) != (m < 0))) m += b;
  return m;
}
static inline double floordiv_d(double a, double b) {
  if (b == 0) return a / b;
  double m = fmod(a, b), div = (a - m) / b;
  if (m != 0 && ((b < 0) != (m < 0))) div -= 1.0;
  if (div == 0) return copysign(0.0, a / b);
  double fl = floor(div);
  if (div - fl > 0.5) fl += 1.0;
  return fl;
}
static inline float floordiv_f(float a, float b) {
  if (b == 0) return a / b;
  float m = fmodf(a, b), div = (a - m) / b;
  if (m != 0 && ((b < 0) != (m < 0))) div -= 1.0f;
  if (div == 0) return copysignf(0.0f, a / b);
  float fl = floorf(div);
  if (div - fl > 0.5f) fl += 1.0f;
  return fl;
}
/* Integer division never sees 0 (checked first); MIN / -1 wraps instead of trapping. */
#define INT_DIV_HELPERS(SUF, T, U)                                                          \
  static inline T tdiv_##SUF(T a, T b) { return b == -1 ? (T)(0 - (U)a) : a / b; }           \
  static inline T fdiv_##SUF(T a, T b) {                                                     \
    if (b == -1) return (T)(0 - (U)a);                                                       \
    T q = a / b;                                                                             \
    if ((a % b != 0) && ((a < 0) != (b < 0))) q--;                                           \
    return q;                                                                                \
  }                                                                                          \
  static inline T rem_##SUF(T a, T b) {                                                      \
    if (b == -1) return 0;                                                                   \
    T r = a % b;                                                                             \
    if (r != 0 && ((r < 0) != (b < 0))) r += b;                                              \
    return r;                                                                                \
  }                                                                                          \
  static inline T ipow_##SUF(T a, T b) {                                                     \
    if (b < 0) return a == 1 ? 1 : a == -1 ? ((b & 1) ? -1 : 1) : 0;                          \
    U r = 1, base = (U)a;                                                                    \
    for (; b; b >>= 1, base *= base)                                                         \
      if (b & 1) r *= base;                                                                  \
    return (T)r;                                                                             \
  }
INT_DIV_HELPERS(i32, int32_t, uint32_t)
INT_DIV_HELPERS(i64, int64_t, uint64_t)

SIMD2_F32(b_ADD_f32, wasm_f32x4_add, a + b)
SIMD2_F32(b_SUB_f32, wasm_f32x4_sub, a - b)
SIMD2_F32(b_MUL_f32, wasm_f32x4_mul, a * b)
SIMD2_F32(b_DIV_f32, wasm_f32x4_div, a / b)
SIMD2_F32(b_MAXIMUM_f32, vmax_first, maxf_nan(a, b))
SIMD2_F32(b_MINIMUM_f32, vmin_first, minf_nan(a, b))
// Note [add with alpha rounds once]: ATen's CPU kernel is one fused multiply-add
// (vec::fmadd on x86), so a + alpha*b is rounded once; SGD's p.add_(g, alpha=-lr) depends on it.
LOOP2(b_ADDA_f32, float, float, fmaf((float)c->alpha, b, a))
LOOP2(b_SUBA_f32, float, float, fmaf(-(float)c->alpha, b, a))
LOOP2(b_DIV_TRUNC_f32, float, float, truncf(a / b))
LOOP2(b_DIV_FLOOR_f32, float, float, floordiv_f(a, b))
/* Note [float32 pow as PyTorch computes it]: cpu_kernel_vec runs Sleef's powf_u10 on the
 * contiguous head of each run, in blocks of two AVX2 vectors (16), and its scalar form on the
 * rest and on strided runs: std::pow(float, float) (libm's powf) for a tensor exponent,
 * std::pow(float, double) (pow in double) for a Python-number one. A run is contiguous when
 * every operand has unit stride, or one input stride 0 (a broadcast or wrapped scalar). */
static void b_POW_f32(char **p, const int64_t *s, int64_t n, void *ctx) {
  const bin_ctx *c = ctx;
  int number = c && c->number_exponent;
  int contiguous = s[0] == 4 && (number ? s[1] == 4 : ((s[1] == 4 || !s[1]) && (s[2] == 4 || !s[2]) && (s[1] || s[2])));
  int64_t head = contiguous ? n - n % 16 : 0, k = 0;
  for (; k < head; k++)
    *(float *)(p[0] + k * 4) = sleef_powf(*(const float *)(p[1] + k * s[1]), *(const float *)(p[2] + k * s[2]));
  for (; k < n; k++) {
    float a = *(const float *)(p[1] + k * s[1]), b = *(const float *)(p[2] + k * s[2]);
    *(float *)(p[0] + k * s[0]) = number ? (float)pow(a, c->exponent) : powf(a, b);
  }
}
LOOP2(b_REMAINDER_f32, float, float, rem_f(a, b))
LOOP2(b_ADD_f64, double, double, a + b)
LOOP2(b_SUB_f64, double, double, a - b)
LOOP2(b_MUL_f64, double, double, a * b)
LOOP2(b_DIV_f64, double, double, a / b)
LOOP2(b_MAXIMUM_f64, double, double, maxd_nan(a, b))
LOOP2(b_MINIMUM_f64, double, double, mind_nan(a, b))
LOOP2(b_ADDA_f64, double, double, fma(c->alpha, b, a))   /* Note [add with alpha rounds once] */
LOOP2(b_SUBA_f64, double, double, fma(-c->alpha, b, a))
LOOP2(b_DIV_TRUNC_f64, double, double, trunc(a / b))
LOOP2(b_DIV_FLOOR_f64, double, double, floordiv_d(a, b))
LOOP2(b_POW_f64, double, double, pow(a, b))
LOOP2(b_REMAINDER_f64, double, double, rem_d(a, b))
/* pow with a Python-scalar exponent: PyTorch's special cases (x*x for 2, x*x*x for 3, sqrt
 * for 0.5, ...), which round differently from powf. */
#define POW_SPECIAL(SUF, T, SQRT)                                          \
  LOOP2(b_POW_1_##SUF, T, T, a)                                            \
  LOOP2(b_POW_2_##SUF, T, T, a * a)                                        \
  LOOP2(b_POW_3_##SUF, T, T, a * a * a)                                    \
  LOOP2(b_POW_H_##SUF, T, T, SQRT(a))                                      \
  LOOP2(b_POW_MH_##SUF, T, T, (T)1 / SQRT(a))                              \
  LOOP2(b_POW_M1_##SUF, T, T, (T)1 / a)                                    \
  LOOP2(b_POW_M2_##SUF, T, T, (T)1 / (a * a))
POW_SPECIAL(f32, float, sqrtf)
POW_SPECIAL(f64, double, sqrt)

static tp_inner_fn pow_special(int ct, double e) {
  int f = ct == TP_FLOAT32;
  if (e == 1) return f ? b_POW_1_f32 : b_POW_1_f64;   /* ATen copies */
  if (e == 2) return f ? b_POW_2_f32 : b_POW_2_f64;
  if (e == 3) return f ? b_POW_3_f32 : b_POW_3_f64;
  if (e == 0.5) return f ? b_POW_H_f32 : b_POW_H_f64;
  if (e == -0.5) return f ? b_POW_MH_f32 : b_POW_MH_f64;
  if (e == -1) return f ? b_POW_M1_f32 : b_POW_M1_f64;
  if (e == -2) return f ? b_POW_M2_f32 : b_POW_M2_f64;
  return NULL;
}

#define INT_BINARY(SUF, T, U)                                              \
  LOOP2(b_ADD_##SUF, T, T, (U)a + (U)b)                                    \
  LOOP2(b_SUB_##SUF, T, T, (U)a - (U)b)                                    \
  LOOP2(b_MUL_##SUF, T, T, (U)a * (U)b)                                    \
  LOOP2(b_ADDA_##SUF, T, T, (U)a + (U)c->ialpha * (U)b)                    \
  LOOP2(b_SUBA_##SUF, T, T, (U)a - (U)c->ialpha * (U)b)                    \
  LOOP2(b_MAXIMUM_##SUF, T, T, a > b ? a : b)                              \
  LOOP2(b_MINIMUM_##SUF, T, T, a < b ? a : b)                              \
  LOOP2(b_DIV_TRUNC_##SUF, T, T, tdiv_##SUF(a, b))                         \
  LOOP2(b_DIV_FLOOR_##SUF, T, T, fdiv_##SUF(a, b))                         \
  LOOP2(b_REMAINDER_##SUF, T, T, rem_##SUF(a, b))                          \
  LOOP2(b_POW_##SUF, T, T, ipow_##SUF(a, b))
INT_BINARY(i32, int32_t, uint32_t)
INT_BINARY(i64, int64_t, uint64_t)
LOOP2(b_ADD_b, uint8_t, uint8_t, a | b)
LOOP2(b_ADDA_b, uint8_t, uint8_t, a | (c->ialpha != 0 && b))
LOOP2(b_MUL_b, uint8_t, uint8_t, a & b)
LOOP2(b_MAXIMUM_b, uint8_t, uint8_t, a | b)
LOOP2(b_MINIMUM_b, uint8_t, uint8_t, a & b)
#define CMP(SUF, T)                                                        \
  LOOP2(b_EQ_##SUF, T, uint8_t, a == b)                                    \
  LOOP2(b_NE_##SUF, T, uint8_t, a != b)                                    \
  LOOP2(b_LT_##SUF, T, uint8_t, a < b)                                     \
  LOOP2(b_LE_##SUF, T, uint8_t, a <= b)                                    \
  LOOP2(b_GT_##SUF, T, uint8_t, a > b)                                     \
  LOOP2(b_GE_##SUF, T, uint8_t, a >= b)                                    \
  LOOP2(b_LAND_##SUF, T, uint8_t, a != 0 && b != 0)                        \
  LOOP2(b_LOR_##SUF, T, uint8_t, a != 0 || b != 0)                         \
  LOOP2(b_LXOR_##SUF, T, uint8_t, (a != 0) != (b != 0))
CMP(f32, float) CMP(f64, double) CMP(i32, int32_t) CMP(i64, int64_t) CMP(b, uint8_t)

#define KB(ID) K5(b_##ID##_f32, b_##ID##_f64, b_##ID##_i32, b_##ID##_i64, b_##ID##_b)
#define KN(ID) K5(b_##ID##_f32, b_##ID##_f64, b_##ID##_i32, b_##ID##_i64, NULL)
static const tp_inner_fn binary_kernels[TP_OP_COUNT][TP_NDTYPES] = {
  [TP_OP_ADD] = K5(b_ADD_f32, b_ADD_f64, b_ADD_i32, b_ADD_i64, b_ADD_b),
  [TP_OP_SUB] = KN(SUB), [TP_OP_MUL] = KB(MUL),
  [TP_OP_DIV] = K5(b_DIV_f32, b_DIV_f64, NULL, NULL, NULL),
  [TP_OP_DIV_TRUNC] = KN(DIV_TRUNC), [TP_OP_DIV_FLOOR] = KN(DIV_FLOOR),
  [TP_OP_POW] = KN(POW), [TP_OP_REMAINDER] = KN(REMAINDER),
  [TP_OP_MAXIMUM] = KB(MAXIMUM), [TP_OP_MINIMUM] = KB(MINIMUM),
  [TP_OP_EQ] = KB(EQ), [TP_OP_NE] = KB(NE), [TP_OP_LT] = KB(LT), [TP_OP_LE] = KB(LE),
  [TP_OP_GT] = KB(GT), [TP_OP_GE] = KB(GE),
  [TP_OP_LOGICAL_AND] = KB(LAND), [TP_OP_LOGICAL_OR] = KB(LOR), [TP_OP_LOGICAL_XOR] = KB(LXOR),
};
static const tp_inner_fn alpha_kernels[2][TP_NDTYPES] = {
  K5(b_ADDA_f32, b_ADDA_f64, b_ADDA_i32, b_ADDA_i64, b_ADDA_b),
  K5(b_SUBA_f32, b_SUBA_f64, b_SUBA_i32, b_SUBA_i64, NULL),
};

static int is_comparison(int op) { return op >= TP_OP_EQ && op <= TP_OP_LOGICAL_XOR; }

/* Compute and output dtypes of a binary op (out may be NULL), or -1 with PyTorch's message.
 * da/db are the operands' own dtypes (a wrapped bool scalar is Bool). */
static int binary_types(int op, int common, int da, int db, int *out) {
  int ct = common, od = common;
  switch (op) {
  case TP_OP_SUB:
    if (da == TP_BOOL && db == TP_BOOL)
      return tp_fail_status("Subtraction, the `-` operator, with two bool tensors is not supported. Use the `^` or `logical_xor()` operator instead.");
    if (da == TP_BOOL || db == TP_BOOL)
      return tp_fail_status("Subtraction, the `-` operator, with a bool tensor is not supported. If you are trying to invert a mask, use the `~` or `logical_not()` operator instead.");
    break;
  case TP_OP_DIV:
    if (!is_float(common)) ct = od = tp_default_float;
    break;
  case TP_OP_POW:
    if (common == TP_BOOL) return tp_fail_status("\"pow\" not implemented for 'Bool'");
    break;
  case TP_OP_REMAINDER:
    if (common == TP_BOOL) return tp_fail_status("\"remainder_cpu\" not implemented for 'Bool'");
    break;
  case TP_OP_DIV_TRUNC:
    if (common == TP_BOOL) return tp_fail_status("\"div_trunc_cpu\" not implemented for 'Bool'");
    break;
  case TP_OP_DIV_FLOOR:
    if (common == TP_BOOL) return tp_fail_status("\"div_floor_cpu\" not implemented for 'Bool'");
    break;
  case TP_OP_LOGICAL_AND: case TP_OP_LOGICAL_OR: case TP_OP_LOGICAL_XOR:
    ct = TP_BOOL; od = TP_BOOL;
    break;
  default:
    if (is_comparison(op)) od = TP_BOOL;
    if (TP_OP_IS_ELEMW(op) && (ct = tp_elemw_binary_types(op, common, da, db, &od)) < 0) return -1;  /* math.c's rules */
  }
  if (out) *out = od;
  return ct;
}

static int binary_valid(int op, double alpha) {
  if (op < 0 || op >= TP_OP_COUNT || op_kinds[op] != TP_KIND_BINARY)
    return tp_fail_status("tensorpad: op %d is not a binary op", op);
  if (alpha != 1 && op != TP_OP_ADD && op != TP_OP_SUB)
    return tp_fail_status("%s() got an unexpected keyword argument 'alpha'", op_names[op]);
  return 0;
}
static int alpha_check(double alpha, int common) {
  if (alpha != 1 && !is_float(common) && alpha != floor(alpha))
    return tp_fail_status("For integral input tensors, argument alpha must not be a floating point number.");
  return 0;
}
static int binary_check(int op, double alpha, int common) { return binary_valid(op, alpha) || alpha_check(alpha, common) ? -1 : 0; }

/* A tensor that is zero somewhere: integer division and remainder raise before writing. */
static void any_zero(char **p, const int64_t *s, int64_t n, void *ctx) {
  int *found = ctx;
  const char *x = p[0];
  int dt = found[1];
  for (int64_t k = 0; k < n && !found[0]; k++, x += s[0])
    if (dt == TP_INT32 ? *(const int32_t *)x == 0 : *(const int64_t *)x == 0) found[0] = 1;
}

static int has_zero(tp_tensor *t) {
  int found[2] = {0, t->dtype};
  tp_iter it;
  tp_iter_init(&it, 1, &t);
  tp_iter_run(&it, any_zero, found);
  return found[0];
}

/* The kernel of an op that differs from another only in its grad_fn (ops.def). */
static int kernel_op(int op) {
  return op == TP_OP_DIV_NONE ? TP_OP_DIV : op == TP_OP_FLOOR_DIVIDE ? TP_OP_DIV_FLOOR : op;
}

/* out = a op b, given as tensors with the wrapped-number flags; dst NULL allocates. */
static tp_tensor *binary_run(int op, tp_tensor *a, int wa, tp_tensor *b, int wb, double alpha, tp_tensor *dst) {
  if (op == TP_OP_RSUB) { tp_tensor *t = a; a = b, b = t; int w = wa; wa = wb, wb = w; op = TP_OP_SUB; }  /* b - alpha a */
  op = kernel_op(op);
  tp_tensor *ts[2] = {a, b};
  int wrapped[2] = {wa, wb};
  int common = tp_result_type(2, ts, wrapped);
  /* 1.13's order: sub_check (bool), TensorIterator's shapes, alpha_check, then the kernel's
   * "not implemented for" a dtype */
  if (binary_valid(op, alpha)) return NULL;
  if (op == TP_OP_SUB && binary_types(op, common, a->dtype, b->dtype, NULL) < 0) return NULL;
  int64_t shape[TP_MAX_DIMS];
  int nd = tp_broadcast_shape(2, ts, shape);
  if (nd < 0 || alpha_check(alpha, common)) return NULL;
  int od, ct = binary_types(op, common, a->dtype, b->dtype, &od);
  if (ct < 0) return NULL;
  operand oa, ob;
  if (operand_as(&oa, a, ct)) return NULL;
  if (operand_as(&ob, b, ct)) { operand_done(&oa); return NULL; }
  tp_tensor *out = NULL;
  if ((ct == TP_INT32 || ct == TP_INT64) &&
      (op == TP_OP_DIV_TRUNC || op == TP_OP_DIV_FLOOR || op == TP_OP_REMAINDER || op == TP_OP_FMOD) && has_zero(ob.t) &&
      tp_shape_numel(nd, shape) > 0) {  /* an empty result divides nothing */
    tp_fail("ZeroDivisionError");
    goto done;
  }
  if (op == TP_OP_POW && !is_float(ct) && wb && b->ndim == 0 && tp_load_f64(tp_ptr(ob.t), ct) < 0) {
    tp_fail("Integers to negative integer powers are not allowed.");
    goto done;
  }
  out = dst ? dst : new_output(od, nd, shape, a, b);
  if (!out) goto done;
  if (dst) tp_tensor_retain(dst);
  bin_ctx c = {alpha, tp_clamp_i64(alpha), 0, 0};
  tp_elemw_ctx ec;
  void *ctx = &c;
  tp_inner_fn fn = binary_kernels[op][ct];
  if (!fn) fn = tp_elemw_binary_kernel(op, od, ct, &ec), ctx = &ec;  /* math.c */
  if (alpha != 1 && (op == TP_OP_ADD || op == TP_OP_SUB)) fn = alpha_kernels[op == TP_OP_SUB][ct];
  if (op == TP_OP_POW && is_float(ct) && wb && !wa) {
    tp_inner_fn special = pow_special(ct, tp_load_f64(tp_ptr(ob.t), ct));
    if (special) fn = special;
    c.exponent = tp_load_f64(tp_ptr(b), b->dtype), c.number_exponent = 1;
  }
  tp_iter it;
  tp_tensor *ops[3] = {out, oa.t, ob.t};
  tp_iter_init(&it, 3, ops);
  tp_iter_run(&it, fn, ctx);
done:
  operand_done(&oa);
  operand_done(&ob);
  return out;
}

tp_tensor *tp_binary_impl(int op, tp_tensor *a, tp_tensor *b, double alpha) {
  return binary_run(op, a, 0, b, 0, alpha, NULL);
}

tp_tensor *tp_binary_scalar_impl(int op, tp_tensor *a, double s, int kind, int reversed, double alpha) {
  tp_scalar_tensor st;
  tp_tensor *w = tp_scalar_init(&st, s, tp_scalar_dtype(kind));
  int left = reversed == TP_FORM_REVERSED || reversed == TP_FORM_RSUB;  /* TP_FORM_ATEN is a op s */
  return left ? binary_run(op, w, 1, a, 0, alpha, NULL) : binary_run(op, a, 0, w, 1, alpha, NULL);
}

/* self op= other: straight into self when dtypes allow and other does not alias self;
 * otherwise through a temporary (validated before anything is written). */
int tp_binary_inplace(int op, tp_tensor *self, tp_tensor *other, int wother, double alpha) {
  if (op == TP_OP_RSUB) return tp_fail_status("tensorpad: rsub has no in-place form");
  op = kernel_op(op);
  /* TensorIterator's first check, before shapes and types (sub_'s bool check comes before it) */
  if (!(op == TP_OP_SUB && (self->dtype == TP_BOOL || other->dtype == TP_BOOL)) && check_internal_overlap(self)) return -1;
  tp_tensor *ts[2] = {self, other};
  int wrapped[2] = {0, wother};
  int common = tp_result_type(2, ts, wrapped);
  /* TensorIterator's order: overlap, shapes, the cast of the result, then the kernel's own
   * checks (alpha_check, "not implemented for" a dtype): those wait until the first three pass.
   * (sub's bool check is sub_check's, before TensorIterator; so is the op's validity.) */
  char deferred[256] = "";
  if (binary_check(op, alpha, common)) {
    if (strncmp(tp_last_error(), "For integral", 12)) return -1;
    tp_snprintf(deferred, sizeof deferred, "%s", tp_last_error());
  }
  int od, ct = binary_types(op, common, self->dtype, other->dtype, &od);
  if (ct < 0) {
    if (op == TP_OP_SUB && (self->dtype == TP_BOOL || other->dtype == TP_BOOL)) return -1;
    if (!deferred[0]) tp_snprintf(deferred, sizeof deferred, "%s", tp_last_error());
    od = common;
  }
  int64_t shape[TP_MAX_DIMS];  /* shapes before the cast, as TensorIterator */
  int nd = tp_broadcast_shape(2, ts, shape);
  if (nd < 0) return -1;
  if (nd != self->ndim || memcmp(shape, self->shape, sizeof(int64_t) * nd)) {
    char x[200], y[200];
    tp_format_shape(x, sizeof x, self->ndim, self->shape);
    tp_format_shape(y, sizeof y, nd, shape);
    return tp_fail_status("output with shape %s doesn't match the broadcast shape %s", x, y);
  }
  if (!tp_can_cast(od, self->dtype)) {
    if (op == TP_OP_POW && wother)  /* pow_.Scalar builds a unary iterator that wants its dtype */
      return tp_fail_status("Found dtype %s but expected %s", tp_dtype_title(self->dtype), tp_dtype_title(od));
    return tp_fail_status("result type %s can't be cast to the desired output type %s",
                          tp_dtype_title(od), tp_dtype_title(self->dtype));
  }
  if (deferred[0]) return tp_fail_status("%s", deferred);
  int aliased = other->storage == self->storage &&
                (other->ndim != self->ndim || other->offset != self->offset ||
                 memcmp(other->shape, self->shape, sizeof(int64_t) * self->ndim) ||
                 memcmp(other->stride, self->stride, sizeof(int64_t) * self->ndim));
  if (aliased && tp_shares_memory(self, other))
    return tp_fail_status("unsupported operation: some elements of the input tensor and the written-to tensor refer to a single memory location. Please clone() the tensor before performing the operation.");
  if (od == self->dtype && !aliased) {
    tp_tensor *r = binary_run(op, self, 0, other, wother, alpha, self);
    if (!r) return -1;
    tp_tensor_release(r);
    self->version->value++;
    return 0;
  }
  tp_tensor *r = binary_run(op, self, 0, other, wother, alpha, NULL);
  if (!r) return -1;
  int rc = tp_assign_result(self, r);
  tp_tensor_release(r);
  return rc;
}

/* where and clamp are off the hot path: compiled for size (internal.h). */
TP_COLD_BEGIN

/* ---- where(cond, a, b) ------------------------------------------------------------------ */
#define WHERE_LOOP(NAME, T)                                                         \
  static void NAME(char **p, const int64_t *s, int64_t n, void *ctx) {              \
    (void)ctx;                                                                      \
    char *o = p[0];                                                                 \
    const char *c = p[1], *a = p[2], *b = p[3];                                     \
    for (int64_t k = 0; k < n; k++, o += s[0], c += s[1], a += s[2], b += s[3])     \
      *(T *)o = *c ? *(const T *)a : *(const T *)b;                                 \
  }
WHERE_LOOP(where_1, uint8_t)
WHERE_LOOP(where_4, uint32_t)
WHERE_LOOP(where_8, uint64_t)

tp_tensor *tp_where_impl(tp_tensor *cond, tp_tensor *a, tp_tensor *b, double sa, int ka, double sb, int kb) {
  if (cond->dtype != TP_BOOL)
    return tp_fail("where expected condition to be a boolean tensor, but got a tensor with dtype %s", tp_dtype_title(cond->dtype));
  tp_scalar_tensor sta, stb;
  int wrapped[3] = {0, !a, !b};
  if (!a) a = tp_scalar_init(&sta, sa, tp_scalar_dtype(ka));
  if (!b) b = tp_scalar_init(&stb, sb, tp_scalar_dtype(kb));
  tp_tensor *ts[3] = {cond, a, b};
  int64_t shape[TP_MAX_DIMS];
  int nd = tp_broadcast_shape(3, ts, shape);
  if (nd < 0) return NULL;
  int ct = tp_result_type(2, ts + 1, wrapped + 1);
  operand oa, ob;
  if (operand_as(&oa, a, ct)) return NULL;
  if (operand_as(&ob, b, ct)) { operand_done(&oa); return NULL; }
  tp_tensor *out = new_output(ct, nd, shape, a, b);
  if (out) {
    int item = tp_dtype_table[ct].itemsize;
    tp_iter it;
    tp_tensor *ops[4] = {out, cond, oa.t, ob.t};
    tp_iter_init(&it, 4, ops);
    tp_iter_run(&it, item == 1 ? where_1 : item == 4 ? where_4 : where_8, NULL);
  }
  operand_done(&oa);
  operand_done(&ob);
  return out;
}

/* ---- clamp(x, min, max) = minimum(maximum(x, min), max), NaN propagating ----------------
 * op is TP_OP_CLAMP, TP_OP_CLAMP_MIN (lo only) or TP_OP_CLAMP_MAX (hi only): the same values
 * but their own grad_fn. As PyTorch 1.13's kernels: clamp with one scalar bound ignores a NaN
 * bound (std::max(a, NaN) is a), clamp_min/clamp_max with a NaN scalar give NaN everywhere;
 * scalar bounds refuse a bool result, tensor bounds allow it. */
tp_tensor *tp_clamp_impl(int op, tp_tensor *x, tp_tensor *lo, tp_tensor *hi, double slo, int klo, double shi, int khi) {
  if (op == TP_OP_CLAMP_MIN) hi = NULL, khi = TP_SCALAR_NONE;
  if (op == TP_OP_CLAMP_MAX) lo = NULL, klo = TP_SCALAR_NONE;
  int has_lo = lo || klo != TP_SCALAR_NONE, has_hi = hi || khi != TP_SCALAR_NONE;
  if (!has_lo && !has_hi) return tp_fail("torch.clamp: At least one of 'min' or 'max' must not be None");
  /* The result dtype is result_type(x, min, max), so compute both steps in it. */
  tp_scalar_tensor sl, sh;
  tp_tensor *ts[3] = {x, lo ? lo : has_lo ? tp_scalar_init(&sl, slo, tp_scalar_dtype(klo)) : NULL,
                      hi ? hi : has_hi ? tp_scalar_init(&sh, shi, tp_scalar_dtype(khi)) : NULL};
  int wrapped[3] = {0, !lo, !hi};
  int ct = tp_result_type(3, ts, wrapped);
  if (ct == TP_BOOL && !lo && !hi)
    return tp_fail("\"%s\" not implemented for 'Bool'", has_lo && has_hi ? "clamp_scalar_cpu" : has_lo ? "clamp_min_cpu" : "clamp_max_scalar_cpu");
  if (op == TP_OP_CLAMP && !lo && !hi && has_lo != has_hi) {  /* clamp(min=nan): the bound is ignored */
    if (has_lo && isnan(slo)) has_lo = 0;
    if (has_hi && isnan(shi)) has_hi = 0;
  }
  tp_tensor *xc = tp_to_dtype(x, ct, !has_lo && !has_hi);
  if (!xc) return NULL;
  tp_tensor *r = xc, *next;
  if (has_lo) {
    next = lo ? binary_run(TP_OP_MAXIMUM, r, 0, lo, 0, 1, NULL) : binary_run(TP_OP_MAXIMUM, r, 0, ts[1], 1, 1, NULL);
    tp_tensor_release(r);
    if (!(r = next)) return NULL;
  }
  if (has_hi) {
    next = hi ? binary_run(TP_OP_MINIMUM, r, 0, hi, 0, 1, NULL) : binary_run(TP_OP_MINIMUM, r, 0, ts[2], 1, 1, NULL);
    tp_tensor_release(r);
    r = next;
  }
  return r;
}

int tp_is_clamp_op(int op) { return op == TP_OP_CLAMP || op == TP_OP_CLAMP_MIN || op == TP_OP_CLAMP_MAX; }

/* round(decimals=d), ATen's round_decimals kernel: nearbyint(x * 10^d) / 10^d with 10^d in
 * the tensor's dtype (x / 10^-d, then * 10^-d, for d < 0); d == 0 is round's own kernel. */
tp_tensor *tp_round_decimals_impl(tp_tensor *x, int64_t decimals) {
  if (!is_float(x->dtype))
    return tp_fail("\"%s\" not implemented for '%s'", decimals ? "round_cpu" : "round_vml_cpu", tp_dtype_title(x->dtype));
  if (decimals == 0) return tp_unary_impl(TP_OP_ROUND, x);
  double p = pow(10, fabs((double)decimals));
  if (x->dtype == TP_FLOAT32) p = (float)p;
  int down = decimals < 0;
  tp_tensor *r = tp_binary_scalar_impl(down ? TP_OP_DIV : TP_OP_MUL, x, p, TP_SCALAR_FLOAT, TP_FORM_PY, 1);
  tp_scalar_tensor st;
  if (r && (tp_unary_inplace(TP_OP_ROUND, r) ||
            tp_binary_inplace(down ? TP_OP_MUL : TP_OP_DIV, r, tp_scalar_init(&st, p, x->dtype), 1, 1))) {
    tp_tensor_release(r);
    return NULL;
  }
  return r;
}

TP_COLD_END
