/* PyTorch's CPU generator, reproduced bit for bit: mt19937 seeded as at::mt19937 does,
 * 24/53-bit uniform floats, Box-Muller normals with the cached second sample, and the
 * batched path normal_fill (16 values at a time) that PyTorch takes for contiguous
 * tensors of 16 or more elements. Elements are filled in memory order, as TensorIterator
 * does for a single output. */
#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include "internal.h"
#include "random_kernels.h"

/* No fused multiply-adds: the streams are bit-exact with PyTorch's, whose compiler fused
 * only where src/ops/random/random.c fuses explicitly (fmaf). */
#if defined(__clang__)
#pragma STDC FP_CONTRACT OFF
#elif defined(__GNUC__)
#pragma GCC optimize("fp-contract=off")
#endif

#ifndef M_PI
#define M_PI 3.14159265358979323846
#endif

#define MT_N TP_MT_N
#define MT_M 397

/* The default generator (torch.default_generator), seeded on first use with PyTorch's
 * default seed; other generators are made by tp_generator_new (generator.c). */
static tp_generator default_gen;
static int default_ready;

tp_generator *tp_generator_resolve(tp_generator *g) {
  if (g) return g;
  if (!default_ready) {
    tp_generator_seed_state(&default_gen, TP_DEFAULT_SEED);
    default_ready = 1;
  }
  return &default_gen;
}

static inline uint32_t mix_bits(uint32_t u, uint32_t v) { return (u & 0x80000000u) | (v & 0x7fffffffu); }
static inline uint32_t twist(uint32_t u, uint32_t v) { return (mix_bits(u, v) >> 1) ^ ((v & 1u) ? 0x9908b0dfu : 0u); }

static void next_state(tp_generator *g) {
  uint32_t *p = g->state;
  g->left = MT_N;
  g->next = 0;
  for (int j = MT_N - MT_M + 1; --j; p++) *p = p[MT_M] ^ twist(p[0], p[1]);
  for (int j = MT_M; --j; p++) *p = p[MT_M - MT_N] ^ twist(p[0], p[1]);
  *p = p[MT_M - MT_N] ^ twist(p[0], g->state[0]);
}

uint32_t tp_rng_u32(tp_generator *g) {
  if (--g->left <= 0) next_state(g);
  uint32_t y = g->state[g->next++];
  y ^= (y >> 11);
  y ^= (y << 7) & 0x9d2c5680u;
  y ^= (y << 15) & 0xefc60000u;
  y ^= (y >> 18);
  return y;
}

uint64_t tp_rng_u64(tp_generator *g) {
  uint32_t hi = tp_rng_u32(g), lo = tp_rng_u32(g);
  return ((uint64_t)hi << 32) | lo;
}

float tp_uniform_f32(tp_generator *g, float from, float to) {
  float x = (float)(tp_rng_u32(g) & ((1u << 24) - 1)) * (1.0f / 16777216.0f);
  return fmaf(x, to - from, from);  /* fused, as PyTorch's -mfma build computes it */
}

double tp_uniform_f64(tp_generator *g, double from, double to) {
  double x = (double)(tp_rng_u64(g) & ((1ULL << 53) - 1)) * (1.0 / 9007199254740992.0);
  return fma(x, to - from, from);
}

/* Note [float64 sin/cos/tan]: wasm's C library (musl) computes sin, cos and tan with
 * kernels accurate to about 1 ulp, and disagrees in the last bit with glibc, which PyTorch
 * uses, for ~3% of arguments. glibc's results are the correctly rounded ones for all but
 * ~0.1% of arguments, so these evaluate in double-double (about 106 bits: reduction by a
 * triple-double pi/2, Taylor series by Horner) and round once. For the arguments random.c
 * passes (|x| < 8). Measured against glibc over 2M arguments: 0.14% of sin/cos and 0.25% of
 * tan differ in the last bit (glibc's own misroundings), against musl's 3%. */
typedef struct { double hi, lo; } dd;
static dd dd_fast(double a, double b) { double s = a + b; return (dd){s, b - (s - a)}; }
static dd dd_sum(double a, double b) {
  double s = a + b, v = s - a;
  return (dd){s, (a - (s - v)) + (b - v)};
}
static dd dd_prod(double a, double b) {  /* Dekker: exact a * b without fma */
  double c = 134217729.0 * a, ah = c - (c - a), al = a - ah;
  double d = 134217729.0 * b, bh = d - (d - b), bl = b - bh;
  double p = a * b;
  return (dd){p, ((ah * bh - p) + ah * bl + al * bh) + al * bl};
}
static dd dd_add(dd a, dd b) {
  dd s = dd_sum(a.hi, b.hi), t = dd_sum(a.lo, b.lo);
  s.lo += t.hi;
  s = dd_fast(s.hi, s.lo);
  s.lo += t.lo;
  return dd_fast(s.hi, s.lo);
}
static dd dd_mul(dd a, dd b) {
  dd p = dd_prod(a.hi, b.hi);
  p.lo += a.hi * b.lo + a.lo * b.hi;
  return dd_fast(p.hi, p.lo);
}
static dd dd_div(dd a, dd b) {
  double q1 = a.hi / b.hi;
  dd r = dd_add(a, dd_mul((dd){-q1, 0}, b));
  double q2 = r.hi / b.hi;
  r = dd_add(r, dd_mul((dd){-q2, 0}, b));
  double q3 = r.hi / b.hi;
  dd q = dd_fast(q1, q2);
  return dd_add(q, (dd){q3, 0});
}
/* sin(r) and cos(r), |r| <= pi/4, by Horner over r^2 (terms to r^27 / 27!); the factors
 * 1 / ((2k)(2k + 1)) and 1 / ((2k - 1)(2k)) in double-double, made once. The tail k >= 4
 * is summed in plain double: it stays below r^6 / 5040 < 5e-5, so its rounding moves the
 * result by less than 2^-66 relative, and only the first three steps need double-double
 * (four times faster; of 4.4M seeded float64 normals and cauchy_ draws, 28 round
 * differently, and the mismatches against PyTorch go from 6175 to 6187, both ~0.14%). */
static void dd_sincos_kernel(dd r, dd *s, dd *c) {
  static dd fs[14], fc[14];
  if (fs[1].hi == 0)
    for (int k = 1; k <= 13; k++) {
      fs[k] = dd_div((dd){1, 0}, (dd){(double)(2 * k) * (2 * k + 1), 0});
      fc[k] = dd_div((dd){1, 0}, (dd){(double)(2 * k - 1) * (2 * k), 0});
    }
  dd r2 = dd_mul(r, r);
  double ts_d = 1, tc_d = 1;
  for (int k = 13; k >= 4; k--) {
    ts_d = 1 - r2.hi * ts_d * fs[k].hi;
    tc_d = 1 - r2.hi * tc_d * fc[k].hi;
  }
  dd ts = {ts_d, 0}, tc = {tc_d, 0};
  for (int k = 3; k >= 1; k--) {  /* ts = 1 - r^2 ts fs[k], tc = 1 - r^2 tc fc[k] */
    dd a = dd_mul(dd_mul(r2, ts), fs[k]), b = dd_mul(dd_mul(r2, tc), fc[k]);
    ts = dd_add((dd){1, 0}, (dd){-a.hi, -a.lo});
    tc = dd_add((dd){1, 0}, (dd){-b.hi, -b.lo});
  }
  *s = dd_mul(r, ts);
  *c = tc;
}
/* x = k pi/2 + r; sin and cos of x in double-double. */
static void dd_sincos(double x, dd *s, dd *c) {
  static const double P1 = 1.5707963267948966, P2 = 6.123233995736766e-17, P3 = -1.4973849048591698e-33;
  double k = nearbyint(x * 0.6366197723675814);
  dd r = dd_add((dd){x, 0}, dd_prod(-k, P1));
  r = dd_add(r, dd_prod(-k, P2));
  r = dd_add(r, (dd){-k * P3, 0});
  dd sr, cr;
  dd_sincos_kernel(r, &sr, &cr);
  switch (((long long)k) & 3) {
  case 0: *s = sr; *c = cr; break;
  case 1: *s = cr; *c = (dd){-sr.hi, -sr.lo}; break;
  case 2: *s = (dd){-sr.hi, -sr.lo}; *c = (dd){-cr.hi, -cr.lo}; break;
  default: *s = (dd){-cr.hi, -cr.lo}; *c = sr; break;
  }
}
static double tan_f64(double x) { dd s, c; dd_sincos(x, &s, &c); dd t = dd_div(s, c); return t.hi + t.lo; }
static void sincos_f64(double x, double *sn, double *cs) {
  dd s, c;
  dd_sincos(x, &s, &c);
  *sn = s.hi + s.lo;
  *cs = c.hi + c.lo;
}

/* Python's math.sin / math.cos / math.tan and the JS library's scalar cosines (lr_scheduler) in
 * Note [float64 sin/cos/tan]'s double-double, so that a program prints glibc's digits where
 * musl's (or V8's fdlibm) last bit differs. Beyond 2^20 (where its triple-double pi/2 runs out
 * of digits) and for NaN and infinities, libm's. */
#define CR_RANGE 0x1p20
TP_API double tp_math_sin(double x) {
  if (x == 0 || !(fabs(x) < CR_RANGE)) return x == 0 ? x : sin(x);
  double sn, cs;
  sincos_f64(x, &sn, &cs);
  return sn;
}
TP_API double tp_math_cos(double x) {
  if (x == 0 || !(fabs(x) < CR_RANGE)) return x == 0 ? 1.0 : cos(x);
  double sn, cs;
  sincos_f64(x, &sn, &cs);
  return cs;
}
TP_API double tp_math_tan(double x) {
  if (x == 0 || !(fabs(x) < CR_RANGE)) return x == 0 ? x : tan(x);
  return tan_f64(x);
}

/* at::normal_distribution<double>: two uniforms give two normals; the second is cached. */
static double normal_f64(tp_generator *g, double mean, double std) {
  if (g->has_next_double) {
    g->has_next_double = 0;
    return fma(g->next_double, std, mean);
  }
  double u1 = tp_uniform_f64(g, 0, 1), u2 = tp_uniform_f64(g, 0, 1);
  double r = sqrt(-2.0 * log(1.0 - u2)), theta = 2.0 * M_PI * u1, sn, cs;
  sincos_f64(theta, &sn, &cs);
  g->has_next_double = 1;
  g->next_double = r * sn;
  return fma(r * cs, std, mean);
}

void tp_for_each_in_memory_order(tp_tensor *t, visit_fn visit, void *ctx) {
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

void tp_visit_uniform(char *p, int dtype, void *ctx) {
  const draw_ctx *c = ctx;
  if (dtype == TP_FLOAT32) *(float *)p = tp_uniform_f32(c->g, (float)c->a, (float)c->b);
  else *(double *)p = tp_uniform_f64(c->g, c->a, c->b);
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

void tp_normal_fill_16_f32(float *d, float mean, float std) {
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

void tp_normal_fill_16_f64(double *d, double mean, double std) {
  for (int j = 0; j < 8; j++) {
    const double u1 = 1 - d[j], u2 = d[j + 8];
    const double radius = sqrt(-2 * log(u1));
    const double theta = 2.0f * M_PI * u2;
    double sn, cs;
    sincos_f64(theta, &sn, &cs);
    d[j] = fma(radius * cs, std, mean);
    d[j + 8] = fma(radius * sn, std, mean);
  }
}

void tp_visit_normal(char *p, int dtype, void *ctx) {
  const draw_ctx *c = ctx;
  tp_store_f64(p, dtype, normal_f64(c->g, c->a, c->b));
}

void tp_visit_random(char *p, int dtype, void *ctx) {
  const range_draw *c = ctx;
  uint64_t v = c->range >= (1ULL << 32) ? tp_rng_u64(c->g) : tp_rng_u32(c->g);
  tp_store_i64(p, dtype, (int64_t)((v % c->range) + (uint64_t)c->low));  /* wraps as ATen's int64 sum */
}

/* From here on: the less common distributions, multinomial, randperm: compiled for size
 * (TP_COLD_BEGIN, src/core/internal.h); rand, randn and randint above stay fast. */
TP_COLD_BEGIN

/* ==== More distributions (PyTorch 1.13's cpu/DistributionTemplates.h) =====================
 * Each draws one value per element in memory order, as cpu_serial_kernel does: bernoulli_(p)
 * and bernoulli_(tensor p of float64) one 53-bit uniform u (1 when u < p), bernoulli with a
 * float32 p one 24-bit uniform; exponential_ -log(1 - u) / lambda, geometric_
 * ceil(log(u) / log1p(-p)), cauchy_ median + sigma tan(pi (u - 1/2)) from 53-bit uniforms;
 * log_normal_ exp of the cached-pair normal of normal_'s small path (at::normal_distribution);
 * random_() a 32-bit word (64-bit for int64/float64) reduced modulo the dtype's range. The
 * double result is cast to the dtype, as static_cast<scalar_t> does. */

void tp_visit_dist(char *p, int dtype, void *ctx) {
  const dist_ctx *c = ctx;
  tp_generator *g = c->g;
  double v = 0;
  switch (c->kind) {
  case DIST_BERNOULLI: v = tp_uniform_f64(g, 0, 1) < c->a; break;
  case DIST_EXPONENTIAL: v = -1.0 / c->a * log(1.0 - tp_uniform_f64(g, 0, 1)); break;
  case DIST_GEOMETRIC: v = ceil(log(tp_uniform_f64(g, 0, 1)) / log1p(-c->a)); break;
  case DIST_LOG_NORMAL: v = exp(normal_f64(g, c->a, c->b)); break;
  case DIST_CAUCHY: v = fma(c->b, tan_f64(M_PI * (tp_uniform_f64(g, 0, 1) - 0.5)), c->a); break;
  case DIST_RANDOM:
    switch (dtype) {
    case TP_BOOL: *(uint8_t *)p = tp_rng_u32(g) & 1; return;
    case TP_INT32: *(int32_t *)p = (int32_t)(tp_rng_u32(g) % (1ULL << 31)); return;
    case TP_INT64: *(int64_t *)p = (int64_t)(tp_rng_u64(g) % (1ULL << 63)); return;
    case TP_FLOAT32: *(float *)p = (float)(tp_rng_u32(g) % ((1ULL << 24) + 1)); return;
    default: *(double *)p = (double)(tp_rng_u64(g) % ((1ULL << 53) + 1)); return;
    }
  }
  tp_store_f64(p, dtype, v);
}

char tp_bad_msg[128];

void tp_for_each_pair(tp_tensor *t, tp_tensor *p, visit2_fn visit, void *ctx) {
  int nd = t->ndim, perm[TP_MAX_DIMS];
  for (int i = 0; i < nd; i++) perm[i] = i;
  for (int i = 1; i < nd; i++) {
    int q = perm[i], j = i;
    while (j > 0 && t->stride[perm[j - 1]] < t->stride[q]) { perm[j] = perm[j - 1]; j--; }
    perm[j] = q;
  }
  char *tb = tp_ptr(t);
  const char *pb = tp_ptr(p);
  int64_t titem = tp_dtype_table[t->dtype].itemsize, pitem = tp_dtype_table[p->dtype].itemsize;
  int64_t n = tp_shape_numel(nd, t->shape), idx[TP_MAX_DIMS] = {0};
  for (int64_t k = 0; k < n; k++) {
    int64_t to = 0, po = 0;
    for (int i = 0; i < nd; i++) {
      to += idx[i] * t->stride[perm[i]];
      po += idx[i] * p->stride[perm[i]];
    }
    visit(tb + to * titem, t->dtype, pb + po * pitem, p->dtype, ctx);
    for (int i = nd - 1; i >= 0; i--) {
      if (++idx[i] < t->shape[perm[i]]) break;
      idx[i] = 0;
    }
  }
}

static void visit_bernoulli_f64(char *o, int odt, const char *in, int idt, void *ctx) {
  tp_generator *g = ctx;
  tp_store_f64(o, odt, tp_uniform_f64(g, 0, 1) < tp_load_f64(in, idt));
}
static void visit_bernoulli_f32(char *o, int odt, const char *in, int idt, void *ctx) {
  tp_generator *g = ctx;
  tp_store_f64(o, odt, tp_uniform_f32(g, 0, 1) < (float)tp_load_f64(in, idt));
}

static void visit_range(char *o, int odt, const char *in, int idt, void *ctx) {
  range_ctx *r = ctx;
  double v = tp_load_f64(in, idt);
  if (!(v >= r->lo && v <= r->hi)) r->bad = 1;
}
int tp_any_outside(tp_tensor *t, double lo, double hi) {
  range_ctx r = {lo, hi, 0};
  tp_for_each_pair(t, t, visit_range, &r);
  return r.bad;
}

int tp_bernoulli_tensor_fill(tp_tensor *t, tp_tensor *p, tp_generator *g) {
  if (!tp_dtype_table[p->dtype].is_floating)
    return tp_fail_status("\"bernoulli_tensor_cpu_p_\" not implemented for '%s'", tp_dtype_title(p->dtype));
  double sizes[TP_MAX_DIMS];
  for (int i = 0; i < t->ndim; i++) sizes[i] = (double)t->shape[i];
  int mode = tp_set_grad_enabled(0);
  tp_tensor *pe = tp_expand(p, t->ndim, sizes);
  tp_set_grad_enabled(mode);
  if (!pe) return -1;
  if (tp_any_outside(pe, 0, 1)) {  /* validate every p first: a failed call changes nothing */
    tp_tensor_release(pe);
    return tp_fail_status("Expected p_in >= 0 && p_in <= 1 to be true, but got false.  "
                          "(Could this error message be improved?  If so, please report an enhancement request to PyTorch.)");
  }
  int wide = pe->dtype == TP_FLOAT64;
  tp_for_each_pair(t, pe, wide ? visit_bernoulli_f64 : visit_bernoulli_f32, tp_generator_resolve(g));
  tp_tensor_release(pe);
  t->version->value++;
  return 0;
}

/* torch.poisson(rates): 1.13's sample_poisson, one draw per element in row-major order. Rates
 * below 10 multiply 53-bit uniforms until the product falls to exp(-rate); from 10 on,
 * Hoermann's transformed rejection (two uniforms a try). PoissonBackward0: zero gradient. */
static double sample_poisson(tp_generator *g, double lambda) {
  if (lambda >= 10) {
    double slam = sqrt(lambda), loglam = log(lambda);
    double b = 0.931 + 2.53 * slam, a = -0.059 + 0.02483 * b;
    double invalpha = 1.1239 + 1.1328 / (b - 3.4), vr = 0.9277 - 3.6224 / (b - 2);
    for (;;) {
      double U = tp_uniform_f64(g, 0, 1) - 0.5, V = tp_uniform_f64(g, 0, 1), us = 0.5 - fabs(U);
      int64_t k = (int64_t)floor((2 * a / us + b) * U + lambda + 0.43);
      if (us >= 0.07 && V <= vr) return (double)k;
      if (k < 0 || (us < 0.013 && V > us)) continue;
      if (log(V) + log(invalpha) - log(a / (us * us) + b) <= -lambda + (double)k * loglam - lgamma((double)k + 1))
        return (double)k;
    }
  }
  if (lambda == 0) return 0;
  double enlam = exp(-lambda), prod = 1.0;
  int64_t x = 0;
  for (;;) {
    prod *= tp_uniform_f64(g, 0, 1);
    if (prod > enlam) x++;
    else return (double)x;
  }
}

void tp_visit_poisson(char *o, int odt, const char *in, int idt, void *ctx) {
  tp_store_f64(o, odt, sample_poisson(ctx, tp_load_f64(in, idt)));
}

/* randperm(n): the identity, then for i < n - 1 swap r[i] with r[i + random() % (n - i)]
 * (one 32-bit word per swap), as 1.13's randperm_cpu does. */
TP_API tp_tensor *tp_randperm(double n, int dtype, tp_generator *g) {
  if (n < 0) return tp_fail("Trying to create tensor with negative dimension %.0f: [%.0f]", n, n);
  if (dtype == TP_BOOL) return tp_fail("\"randperm\" not implemented for 'Bool'");
  int64_t len = tp_clamp_i64(n);
  int64_t *r = malloc((size_t)(len ? len : 1) * sizeof *r);
  if (!r) return tp_fail("tensorpad: out of memory");
  double size = n;
  tp_tensor *out = tp_empty(1, &size, dtype);
  if (!out) { free(r); return NULL; }
  g = tp_generator_resolve(g);
  for (int64_t i = 0; i < len; i++) r[i] = i;
  for (int64_t i = 0; i + 1 < len; i++) {
    int64_t z = (int64_t)(tp_rng_u32(g) % (uint64_t)(len - i));
    int64_t s = r[i]; r[i] = r[z + i]; r[z + i] = s;
  }
  char *d = tp_ptr(out);
  int64_t item = tp_dtype_table[dtype].itemsize;
  for (int64_t i = 0; i < len; i++) tp_store_i64(d + i * item, dtype, r[i]);
  free(r);
  return out;
}

/* multinomial(p, n, replacement), PyTorch 1.13's CPU algorithms:
 * - with replacement: per row, the running sum in p's dtype, normalised, last bucket set to
 *   1; each sample one 53-bit uniform located by binary search (first bucket >= u).
 * - without replacement: q = p / Exp(1) (exponential_ on a tensor like p, so one 53-bit
 *   uniform per element in row order), then argmax(q) for one sample, topk(q, n) for more. */
static double rnd_to(int dtype, double v) { return dtype == TP_FLOAT32 ? (double)(float)v : v; }

/* topk(q, ns) along the last dim, as 1.13 takes the samples without replacement: which index
 * comes first among equal q (the zero-probability categories) is PyTorch's topk's, through
 * sort.c (Note [Ties as PyTorch breaks them]). Returns the indices in place of out. */
static tp_tensor *multinomial_topk(tp_tensor *out, const double *q, int ndim, int64_t ndist, int64_t ncat, int64_t ns, int dt) {
  double sizes[2] = {(double)ndist, (double)ncat};
  tp_tensor *qt = tp_empty(ndim, ndim == 2 ? sizes : sizes + 1, dt), *res[2] = {NULL, NULL};
  int rc = -1;
  if (qt) {
    char *d = tp_ptr(qt);
    int64_t item = tp_dtype_table[dt].itemsize;
    for (int64_t k = 0; k < ndist * ncat; k++) tp_store_f64(d + k * item, dt, q[k]);
    int mode = tp_set_grad_enabled(0);
    rc = tp_topk(qt, (double)ns, -1, 1, 1, res);
    tp_set_grad_enabled(mode);
    tp_tensor_release(qt);
  }
  tp_tensor_release(out);
  if (rc) return NULL;
  tp_tensor_release(res[0]);
  return res[1];
}

TP_API tp_tensor *tp_multinomial(tp_tensor *p, double num_samples, int replacement, tp_generator *g) {
  int64_t ns = tp_clamp_i64(num_samples);
  if (p->ndim < 1 || p->ndim > 2) return tp_fail("prob_dist must be 1 or 2 dim");
  if (!tp_dtype_table[p->dtype].is_floating)
    return tp_fail("multinomial only supports floating-point dtypes for input, got: %s", tp_dtype_title(p->dtype));
  if (ns <= 0) return tp_fail("cannot sample n_sample <= 0 samples");
  int64_t ncat = p->shape[p->ndim - 1], ndist = p->ndim == 2 ? p->shape[0] : 1;
  if (!replacement && ns > ncat) return tp_fail("cannot sample n_sample > prob_dist.size(-1) samples without replacement");
  int64_t s0 = p->ndim == 2 ? p->stride[0] : 0, s1 = p->stride[p->ndim - 1];
  const char *pb = tp_ptr(p);
  int dt = p->dtype;
  int64_t item = tp_dtype_table[dt].itemsize;
#define PV(i, j) tp_load_f64(pb + ((i) * s0 + (j) * s1) * item, dt)
  /* validate everything before drawing */
  if (!replacement) {
    for (int64_t i = 0; i < ndist; i++)
      for (int64_t j = 0; j < ncat; j++) {
        double v = PV(i, j);
        if (!(v < INFINITY && v >= 0)) return tp_fail("probability tensor contains either `inf`, `nan` or element < 0");
      }
  }
  for (int64_t i = 0; i < ndist; i++) {
    double sum = 0;
    for (int64_t j = 0; j < ncat; j++) {
      double v = PV(i, j);
      if (replacement && !(v >= 0)) {
        if (isnan(v)) return tp_fail("invalid multinomial distribution (encountering probability entry = infinity or NaN)");
        return tp_fail("invalid multinomial distribution (encountering probability entry < 0)");
      }
      if (replacement && !isfinite(v)) return tp_fail("invalid multinomial distribution (encountering probability entry = infinity or NaN)");
      sum = rnd_to(dt, sum + v);
    }
    if (!(sum > 0)) return tp_fail("invalid multinomial distribution (sum of probabilities <= 0)");
  }
  double sizes[2] = {(double)ndist, (double)ns};
  tp_tensor *out = p->ndim == 2 ? tp_empty(2, sizes, TP_INT64) : tp_empty(1, sizes + 1, TP_INT64);
  double *w = out ? malloc((size_t)ncat * sizeof *w) : NULL;
  if (!w) {
    if (out) tp_tensor_release(out);
    return out ? tp_fail("tensorpad: out of memory") : NULL;
  }
  /* without replacement, Exp(1) draws for all of p first, in the memory order of a tensor
   * like p (empty_like keeps a transposed layout) */
  double *ex = replacement ? NULL : malloc((size_t)(ndist * ncat) * sizeof *ex);
  if (!replacement && !ex) {
    free(w);
    tp_tensor_release(out);
    return tp_fail("tensorpad: out of memory");
  }
  g = tp_generator_resolve(g);
  int colmajor = p->ndim == 2 && ndist > 1 && ncat > 1 && s1 == ndist && s0 == 1;
  for (int64_t k = 0; ex && k < ndist * ncat; k++)
    ex[colmajor ? (k % ndist) * ncat + k / ndist : k] = rnd_to(dt, -1.0 * log(1.0 - tp_uniform_f64(g, 0, 1)));
  int64_t *o = (int64_t *)tp_ptr(out);
  for (int64_t i = 0; i < ndist; i++) {
    if (replacement) {
      double sum = 0;
      for (int64_t j = 0; j < ncat; j++) w[j] = sum = rnd_to(dt, sum + PV(i, j));
      for (int64_t j = 0; j < ncat; j++) w[j] = rnd_to(dt, w[j] / sum);
      w[ncat - 1] = 1;
      for (int64_t k = 0; k < ns; k++) {
        double u = tp_uniform_f64(g, 0, 1);
        int64_t lo = 0, hi = ncat;
        while (hi - lo > 0) {
          int64_t mid = lo + (hi - lo) / 2;
          if (w[mid] < u) lo = mid + 1;
          else hi = mid;
        }
        o[i * ns + k] = lo;
      }
    } else if (ns == 1) {  /* argmax: the first of the largest */
      int64_t best = 0;
      for (int64_t j = 0; j < ncat; j++) {
        w[j] = rnd_to(dt, PV(i, j) / ex[i * ncat + j]);
        if (w[j] > w[best]) best = j;
      }
      o[i] = best;
    } else {  /* q = p / Exp(1), stored in ex in p's dtype, for topk below */
      for (int64_t j = 0; j < ncat; j++) ex[i * ncat + j] = rnd_to(dt, PV(i, j) / ex[i * ncat + j]);
    }
  }
#undef PV
  free(w);
  if (!replacement && ns > 1) out = multinomial_topk(out, ex, p->ndim, ndist, ncat, ns, dt);
  free(ex);
  return out;
}

TP_COLD_END
