/* PyTorch's CPU generator, reproduced bit for bit: mt19937 seeded as at::mt19937 does,
 * 24/53-bit uniform floats, Box-Muller normals with the cached second sample, and the
 * batched path normal_fill (16 values at a time) that PyTorch takes for contiguous
 * tensors of 16 or more elements. Elements are filled in memory order, as TensorIterator
 * does for a single output. */
#include <math.h>
#include <string.h>
#include "internal.h"
#include "autograd.h"

#pragma STDC FP_CONTRACT OFF

#ifndef M_PI
#define M_PI 3.14159265358979323846
#endif

#define MT_N 624
#define MT_M 397
#define DEFAULT_SEED 67280421310721ULL  /* c10::default_rng_seed_val */

static struct {
  uint32_t state[MT_N];
  int left, next;
  uint64_t seed;
  int seeded;
  int has_next_double;
  double next_double;
} gen;

static void mt_seed(uint64_t seed) {
  gen.seed = seed;
  gen.seeded = 1;
  gen.state[0] = (uint32_t)(seed & 0xffffffffu);
  for (uint32_t j = 1; j < MT_N; j++)
    gen.state[j] = 1812433253u * (gen.state[j - 1] ^ (gen.state[j - 1] >> 30)) + j;
  gen.left = 1;
  gen.next = 0;
  gen.has_next_double = 0;
}

static inline uint32_t mix_bits(uint32_t u, uint32_t v) { return (u & 0x80000000u) | (v & 0x7fffffffu); }
static inline uint32_t twist(uint32_t u, uint32_t v) { return (mix_bits(u, v) >> 1) ^ ((v & 1u) ? 0x9908b0dfu : 0u); }

static void next_state(void) {
  uint32_t *p = gen.state;
  gen.left = MT_N;
  gen.next = 0;
  for (int j = MT_N - MT_M + 1; --j; p++) *p = p[MT_M] ^ twist(p[0], p[1]);
  for (int j = MT_M; --j; p++) *p = p[MT_M - MT_N] ^ twist(p[0], p[1]);
  *p = p[MT_M - MT_N] ^ twist(p[0], gen.state[0]);
}

uint32_t tp_rng_u32(void) {
  if (!gen.seeded) mt_seed(DEFAULT_SEED);
  if (--gen.left <= 0) next_state();
  uint32_t y = gen.state[gen.next++];
  y ^= (y >> 11);
  y ^= (y << 7) & 0x9d2c5680u;
  y ^= (y << 15) & 0xefc60000u;
  y ^= (y >> 18);
  return y;
}

uint64_t tp_rng_u64(void) {
  uint32_t hi = tp_rng_u32(), lo = tp_rng_u32();
  return ((uint64_t)hi << 32) | lo;
}

TP_API void tp_manual_seed(double seed) {
  uint64_t s = seed < 0 ? (uint64_t)(int64_t)seed : (uint64_t)seed;
  mt_seed(s);
}

TP_API double tp_initial_seed(void) {
  if (!gen.seeded) mt_seed(DEFAULT_SEED);
  return (double)gen.seed;
}

static inline float uniform_f32(float from, float to) {
  float x = (float)(tp_rng_u32() & ((1u << 24) - 1)) * (1.0f / 16777216.0f);
  return fmaf(x, to - from, from);  /* fused, as PyTorch's -mfma build computes it */
}

static inline double uniform_f64(double from, double to) {
  double x = (double)(tp_rng_u64() & ((1ULL << 53) - 1)) * (1.0 / 9007199254740992.0);
  return fma(x, to - from, from);
}

/* at::normal_distribution<double>: two uniforms give two normals; the second is cached. */
static double normal_f64(double mean, double std) {
  if (gen.has_next_double) {
    gen.has_next_double = 0;
    return fma(gen.next_double, std, mean);
  }
  double u1 = uniform_f64(0, 1), u2 = uniform_f64(0, 1);
  double r = sqrt(-2.0 * log(1.0 - u2)), theta = 2.0 * M_PI * u1;
  gen.has_next_double = 1;
  gen.next_double = r * sin(theta);
  return fma(r * cos(theta), std, mean);
}

/* Calls visit(ptr) for every element of t in memory order (dims sorted by stride). */
typedef void (*visit_fn)(char *p, int dtype, void *ctx);
static void for_each_in_memory_order(tp_tensor *t, visit_fn visit, void *ctx) {
  int n = t->ndim, perm[TP_MAX_DIMS];
  for (int i = 0; i < n; i++) perm[i] = i;
  for (int i = 1; i < n; i++) {  /* stable sort: larger strides outer */
    int p = perm[i], j = i;
    while (j > 0 && t->stride[perm[j - 1]] < t->stride[p]) { perm[j] = perm[j - 1]; j--; }
    perm[j] = p;
  }
  int64_t numel = tp_shape_numel(n, t->shape), idx[TP_MAX_DIMS] = {0};
  int64_t item = tp_dtype_table[t->dtype].itemsize;
  char *base = tp_ptr(t);
  for (int64_t k = 0; k < numel; k++) {
    int64_t off = 0;
    for (int i = 0; i < n; i++) off += idx[i] * t->stride[perm[i]];
    visit(base + off * item, t->dtype, ctx);
    for (int i = n - 1; i >= 0; i--) {
      if (++idx[i] < t->shape[perm[i]]) break;
      idx[i] = 0;
    }
  }
}

static void visit_uniform(char *p, int dtype, void *ctx) {
  const double *ft = ctx;
  if (dtype == TP_FLOAT32) *(float *)p = uniform_f32((float)ft[0], (float)ft[1]);
  else *(double *)p = uniform_f64(ft[0], ft[1]);
}

TP_API int tp_uniform_(tp_tensor *t, double from, double to) {
  if (tp_check_inplace(t)) return -1;
  if (!tp_dtype_table[t->dtype].is_floating)
    return tp_fail_status("\"check_uniform_bounds\" not implemented for '%s'", tp_dtype_title(t->dtype));
  if (from > to)
    return tp_fail_status("uniform_ expects to return a [from, to) range, but found from=%g > to=%g", from, to);
  double ft[2] = {from, to};
  for_each_in_memory_order(t, visit_uniform, ft);
  t->version->value++;
  return 0;
}

/* Note [AVX2 normal_fill]: PyTorch's x86 builds run normal_ on contiguous float32 tensors
 * of >= 16 elements through normal_fill_16_AVX2, which uses the Cephes-style polynomial
 * log256_ps and sincos256_ps of avx_mathfun.h and an FMA for `n * std + mean`. The scalar
 * emulation below performs the same float operations in the same order — including the
 * multiply-adds that GCC fuses into FMAs when it compiles that kernel with -mfma — so the
 * streams match PyTorch on AVX2 machines (its capability on every x86 CPU since 2013). */
static inline uint32_t f2u(float f) { uint32_t u; memcpy(&u, &f, 4); return u; }
static inline float u2f(uint32_t u) { float f; memcpy(&f, &u, 4); return f; }

static float avx_logf(float x) {
  const int invalid = x <= 0.0f;
  if (x < u2f(0x00800000u)) x = u2f(0x00800000u);  /* cut off denormals */
  int32_t imm0 = (int32_t)(f2u(x) >> 23);
  x = u2f((f2u(x) & ~0x7f800000u) | f2u(0.5f));
  float e = (float)(imm0 - 0x7f);
  e = e + 1.0f;
  const int below = x < 0.707106781186547524f;
  float tmp = below ? x : 0.0f;
  x = x - 1.0f;
  e = e - (below ? 1.0f : 0.0f);
  x = x + tmp;
  float z = x * x;
  float y = 7.0376836292E-2f;
  y = fmaf(y, x, -1.1514610310E-1f);
  y = fmaf(y, x, 1.1676998740E-1f);
  y = fmaf(y, x, -1.2420140846E-1f);
  y = fmaf(y, x, 1.4249322787E-1f);
  y = fmaf(y, x, -1.6668057665E-1f);
  y = fmaf(y, x, 2.0000714765E-1f);
  y = fmaf(y, x, -2.4999993993E-1f);
  y = fmaf(y, x, 3.3333331174E-1f);
  y = y * x;
  y = fmaf(y, z, e * -2.12194440e-4f);
  y = fmaf(-z, 0.5f, y);
  x = x + y;
  x = fmaf(e, 0.693359375f, x);
  return invalid ? u2f(0xffffffffu) : x;
}

static void avx_sincosf(float x, float *s, float *c) {
  uint32_t sign_sin = f2u(x) & 0x80000000u;
  x = u2f(f2u(x) & 0x7fffffffu);
  float y = x * 1.27323954473516f;
  int32_t j = (int32_t)y;
  j = (j + 1) & ~1;
  y = (float)j;
  uint32_t swap_sign_sin = (uint32_t)(j & 4) << 29;
  const int poly_mask = (j & 2) == 0;
  x = fmaf(y, -0.78515625f, x);
  x = fmaf(y, -2.4187564849853515625e-4f, x);
  x = fmaf(y, -3.77489497744594108e-8f, x);
  uint32_t sign_cos = (uint32_t)(~(j - 2) & 4) << 29;
  sign_sin ^= swap_sign_sin;
  float z = x * x;
  float yc = 2.443315711809948E-005f;
  yc = fmaf(yc, z, -1.388731625493765E-003f);
  yc = fmaf(yc, z, 4.166664568298827E-002f);
  yc = yc * z;
  yc = fmaf(yc, z, -(z * 0.5f));
  yc = yc + 1.0f;
  float ys = -1.9515295891E-4f;
  ys = fmaf(ys, z, 8.3321608736E-3f);
  ys = fmaf(ys, z, -1.6666654611E-1f);
  ys = ys * z;
  ys = fmaf(ys, x, x);
  float sin_v = poly_mask ? ys : yc, cos_v = poly_mask ? yc : ys;
  *s = u2f(f2u(sin_v) ^ sign_sin);
  *c = u2f(f2u(cos_v) ^ sign_cos);
}

static void normal_fill_16_f32(float *d, float mean, float std) {
  const float two_pi = (float)(2.0f * M_PI);
  for (int j = 0; j < 8; j++) {
    const float u1 = 1.0f - d[j], u2 = d[j + 8];
    const float radius = sqrtf(-2.0f * avx_logf(u1));
    const float theta = two_pi * u2;
    float sn, cs;
    avx_sincosf(theta, &sn, &cs);
    d[j] = fmaf(radius * cs, std, mean);
    d[j + 8] = fmaf(radius * sn, std, mean);
  }
}

static void normal_fill_16_f64(double *d, double mean, double std) {
  for (int j = 0; j < 8; j++) {
    const double u1 = 1 - d[j], u2 = d[j + 8];
    const double radius = sqrt(-2 * log(u1));
    const double theta = 2.0f * M_PI * u2;
    d[j] = fma(radius * cos(theta), std, mean);
    d[j + 8] = fma(radius * sin(theta), std, mean);
  }
}

static void visit_normal(char *p, int dtype, void *ctx) {
  const double *ms = ctx;
  tp_store_f64(p, dtype, normal_f64(ms[0], ms[1]));
}

TP_API int tp_normal_(tp_tensor *t, double mean, double std) {
  if (tp_check_inplace(t)) return -1;
  if (!tp_dtype_table[t->dtype].is_floating)
    return tp_fail_status("\"normal_kernel_cpu\" not implemented for '%s'", tp_dtype_title(t->dtype));
  if (std < 0) return tp_fail_status("normal expects std >= 0.0, but found std %g", std);
  int64_t n = tp_shape_numel(t->ndim, t->shape);
  if (n >= 16 && tp_tensor_is_contiguous(t)) {
    if (t->dtype == TP_FLOAT32) {
      float *d = (float *)tp_ptr(t);
      for (int64_t i = 0; i < n; i++) d[i] = uniform_f32(0, 1);
      for (int64_t i = 0; i + 16 <= n; i += 16) normal_fill_16_f32(d + i, (float)mean, (float)std);
      if (n % 16) {
        d += n - 16;
        for (int i = 0; i < 16; i++) d[i] = uniform_f32(0, 1);
        normal_fill_16_f32(d, (float)mean, (float)std);
      }
    } else {
      double *d = (double *)tp_ptr(t);
      for (int64_t i = 0; i < n; i++) d[i] = uniform_f64(0, 1);
      for (int64_t i = 0; i + 16 <= n; i += 16) normal_fill_16_f64(d + i, mean, std);
      if (n % 16) {
        d += n - 16;
        for (int i = 0; i < 16; i++) d[i] = uniform_f64(0, 1);
        normal_fill_16_f64(d, mean, std);
      }
    }
  } else {
    double ms[2] = {mean, std};
    for_each_in_memory_order(t, visit_normal, ms);
  }
  t->version->value++;
  return 0;
}

static void visit_random(char *p, int dtype, void *ctx) {
  const int64_t *lr = ctx;
  uint64_t range = (uint64_t)lr[1];
  uint64_t v = range >= (1ULL << 32) ? tp_rng_u64() : tp_rng_u32();
  tp_store_i64(p, dtype, (int64_t)(v % range) + lr[0]);
}

TP_API int tp_random_(tp_tensor *t, double low, double high) {
  if (tp_check_inplace(t)) return -1;
  if (low >= high)
    return tp_fail_status("random_ expects 'from' to be less than 'to', but got from=%.0f >= to=%.0f", low, high);
  int64_t lr[2] = {(int64_t)low, (int64_t)((uint64_t)(int64_t)high - (uint64_t)(int64_t)low)};
  for_each_in_memory_order(t, visit_random, lr);
  t->version->value++;
  return 0;
}
