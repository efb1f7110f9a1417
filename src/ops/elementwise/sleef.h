/* sleef.h — float32 exp, tanh, log, sin, cos and pow as PyTorch's CPU kernels compute them
 * (Sleef's u10 algorithms, which are not libm's: their last bits show in printed results),
 * shared by the elementwise kernels, softmax and logsumexp. exp and tanh also have a wasm
 * SIMD form. Ported from SLEEF (Copyright Naoki Shibata and contributors, Boost Software
 * License 1.0); the algorithms are Sleef's, the code is written for these kernels.
 */
#ifndef TP_SLEEF_H
#define TP_SLEEF_H
#include <math.h>
#include <stdint.h>
#ifdef __wasm_simd128__
#include <wasm_simd128.h>
#endif

/* The five entry points below are called, not inlined: each is a few hundred bytes of wasm
 * and every kernel that uses them would carry its own copies (one call per four elements
 * costs next to nothing beside the polynomial). */
#if defined(__clang__)  /* the wasm build; gcc (native tests) would warn about noinline on inline */
#define TP_SLEEF_CALL __attribute__((noinline))
#else
#define TP_SLEEF_CALL
#endif

/* Note [float32 exp as PyTorch computes it]: PyTorch's CPU exp (and sigmoid, softmax built
 * on it) evaluates Sleef's expf_u10 on every element, which is not correctly rounded: exp(4)
 * is 54.598152, printed 54.5982, where libm gives 54.598148 (54.5981). This is Sleef's
 * algorithm. Its fused multiply-adds are done exactly in double where it matters (the
 * second range-reduction step and the last three polynomial steps; checked bit for bit
 * against PyTorch on 30000 random inputs) and as plain float operations elsewhere (the
 * first step's product is exact), so that the SIMD version stays cheap. The scalar and the
 * SIMD versions round identically. */
#define EXP_R_LN2 1.442695040888963407359924681001892137426645954152985934135449406931f
#define EXP_L2U -0.693145751953125f
#define EXP_L2L -1.428606765330187045e-06f
#define EXP_C0 0.000198527617612853646278381f
#define EXP_C1 0.00139304355252534151077271f
#define EXP_C2 0.00833336077630519866943359f
#define EXP_C3 0.0416664853692054748535156f
#define EXP_C4 0.166666671633720397949219f
static inline float mla_fused(float x, float y, float z) { return (float)((double)x * y + z); }
static inline float mla_plain(float x, float y, float z) {
  float p = x * y;  /* a statement of its own: never contracted into an fma */
  return p + z;
}
static inline float pow2i_f(int q) {
  union { uint32_t u; float f; } b = {(uint32_t)(q + 127) << 23};
  return b.f;
}
TP_SLEEF_CALL static inline float sleef_expf(float d) {
  if (d != d) return d;
  if (d > 104) return INFINITY;
  if (d < -104) return 0;
  float qf = nearbyintf(d * EXP_R_LN2);
  int q = (int)qf;
  float s = mla_plain(qf, EXP_L2U, d);
  s = mla_fused(qf, EXP_L2L, s);
  float u = EXP_C0;
  u = mla_plain(u, s, EXP_C1);
  u = mla_plain(u, s, EXP_C2);
  u = mla_plain(u, s, EXP_C3);
  u = mla_fused(u, s, EXP_C4);
  u = mla_fused(u, s, 0.5f);
  u = 1.0f + mla_fused(s * s, u, s);
  return u * pow2i_f(q >> 1) * pow2i_f(q - (q >> 1));
}
#ifdef __wasm_simd128__
static inline v128_t mla4_fused(v128_t x, v128_t y, v128_t z) {
  v128_t lo = wasm_f64x2_add(wasm_f64x2_mul(wasm_f64x2_promote_low_f32x4(x), wasm_f64x2_promote_low_f32x4(y)),
                             wasm_f64x2_promote_low_f32x4(z));
  x = wasm_i32x4_shuffle(x, x, 2, 3, 2, 3);
  y = wasm_i32x4_shuffle(y, y, 2, 3, 2, 3);
  z = wasm_i32x4_shuffle(z, z, 2, 3, 2, 3);
  v128_t hi = wasm_f64x2_add(wasm_f64x2_mul(wasm_f64x2_promote_low_f32x4(x), wasm_f64x2_promote_low_f32x4(y)),
                             wasm_f64x2_promote_low_f32x4(z));
  return wasm_i32x4_shuffle(wasm_f32x4_demote_f64x2_zero(lo), wasm_f32x4_demote_f64x2_zero(hi), 0, 1, 4, 5);
}
static inline v128_t mla4_plain(v128_t x, v128_t y, v128_t z) { return wasm_f32x4_add(wasm_f32x4_mul(x, y), z); }
TP_SLEEF_CALL static inline v128_t sleef_expf4(v128_t d) {
  v128_t qf = wasm_f32x4_nearest(wasm_f32x4_mul(d, wasm_f32x4_splat(EXP_R_LN2)));
  v128_t q = wasm_i32x4_trunc_sat_f32x4(qf);
  v128_t s = mla4_plain(qf, wasm_f32x4_splat(EXP_L2U), d);
  s = mla4_fused(qf, wasm_f32x4_splat(EXP_L2L), s);
  v128_t u = wasm_f32x4_splat(EXP_C0);
  u = mla4_plain(u, s, wasm_f32x4_splat(EXP_C1));
  u = mla4_plain(u, s, wasm_f32x4_splat(EXP_C2));
  u = mla4_plain(u, s, wasm_f32x4_splat(EXP_C3));
  u = mla4_fused(u, s, wasm_f32x4_splat(EXP_C4));
  u = mla4_fused(u, s, wasm_f32x4_splat(0.5f));
  u = wasm_f32x4_add(wasm_f32x4_splat(1.0f), mla4_fused(wasm_f32x4_mul(s, s), u, s));
  v128_t q1 = wasm_i32x4_shr(q, 1), q2 = wasm_i32x4_sub(q, q1), bias = wasm_i32x4_splat(127);
  u = wasm_f32x4_mul(wasm_f32x4_mul(u, wasm_i32x4_shl(wasm_i32x4_add(q1, bias), 23)), wasm_i32x4_shl(wasm_i32x4_add(q2, bias), 23));
  u = wasm_v128_bitselect(wasm_f32x4_splat(INFINITY), u, wasm_f32x4_gt(d, wasm_f32x4_splat(104)));
  return wasm_v128_bitselect(wasm_f32x4_splat(0), u, wasm_f32x4_lt(d, wasm_f32x4_splat(-104)));
}
#endif

/* Note [float32 tanh as PyTorch computes it]: Sleef's tanhf_u10 (what PyTorch's tanh
 * runs), in double-float arithmetic: tanh|x| = (e - 1/e) / (e + 1/e) with e = exp|x| as a
 * float pair. Its fused multiply-adds are done exactly in double (fma_f). Checked bit for
 * bit against PyTorch on 30000 random inputs. */
typedef struct { float x, y; } tp_f2;
static inline float fma_f(float a, float b, float c) { return (float)((double)a * b + c); }
static inline float fmapn_f(float a, float b, float c) { return (float)((double)a * b - c); }
static inline float fmanp_f(float a, float b, float c) { return (float)(c - (double)a * b); }
static inline tp_f2 f2(float x, float y) { tp_f2 r = {x, y}; return r; }
static inline tp_f2 df_add(tp_f2 a, tp_f2 b) {  /* |a| >= |b| */
  float s = a.x + b.x, t = a.x - s;
  t += b.x;
  t += a.y;
  t += b.y;
  return f2(s, t);
}
static inline tp_f2 df_add2(tp_f2 a, tp_f2 b) {
  float s = a.x + b.x, v = s - a.x, t = (a.x - (s - v)) + (b.x - v), w = a.y + b.y;
  return f2(s, t + w);
}
static inline tp_f2 df_add2_f(tp_f2 a, float b) {
  float s = a.x + b, v = s - a.x, t = (a.x - (s - v)) + (b - v);
  return f2(s, t + a.y);
}
static inline tp_f2 df_add_f_f2(float a, tp_f2 b) {
  float s = a + b.x, t = (a - s) + b.x;
  return f2(s, t + b.y);
}
static inline tp_f2 df_mul_f(tp_f2 a, float b) {
  float s = a.x * b;
  return f2(s, fma_f(a.y, b, fmapn_f(a.x, b, s)));
}
static inline tp_f2 df_mul(tp_f2 a, tp_f2 b) {
  float s = a.x * b.x;
  return f2(s, fma_f(a.x, b.y, fma_f(a.y, b.x, fmapn_f(a.x, b.x, s))));
}
static inline tp_f2 df_squ(tp_f2 a) {
  float s = a.x * a.x;
  return f2(s, fma_f(a.x + a.x, a.y, fmapn_f(a.x, a.x, s)));
}
static inline tp_f2 df_rec(tp_f2 d) {
  float s = 1.0f / d.x;
  return f2(s, s * fmanp_f(d.y, s, fmanp_f(d.x, s, 1.0f)));
}
static inline tp_f2 df_div(tp_f2 n, tp_f2 d) {
  float t = 1.0f / d.x, s = n.x * t, u = fmapn_f(t, n.x, s);
  float v = fmanp_f(d.y, t, fmanp_f(d.x, t, 1.0f));
  return f2(s, fma_f(s, v, fma_f(n.y, t, u)));
}
static inline tp_f2 sleef_expk2f(tp_f2 d) {
  float qf = nearbyintf((d.x + d.y) * EXP_R_LN2);
  int q = (int)qf;
  float m1 = qf * EXP_L2U, m2 = qf * EXP_L2L;
  tp_f2 s = df_add2_f(d, m1);
  s = df_add2_f(s, m2);
  float u = 0.1980960224e-3f;
  u = fma_f(u, s.x, 0.1394256484e-2f);
  u = fma_f(u, s.x, 0.8333456703e-2f);
  u = fma_f(u, s.x, 0.4166637361e-1f);
  tp_f2 t = df_add2_f(df_mul_f(s, u), 0.166666659414234244790680580464e+0f);
  t = df_add2_f(df_mul(s, t), 0.5f);
  t = df_add2(s, df_mul(df_squ(s), t));
  t = df_add_f_f2(1.0f, t);
  float p1 = pow2i_f(q >> 1), p2 = pow2i_f(q - (q >> 1));
  t.x = t.x * p1 * p2;
  t.y = t.y * p1 * p2;
  if (d.x < -104) t = f2(0, 0);
  return t;
}
TP_SLEEF_CALL static inline float sleef_tanhf(float x) {
  if (x != x) return x;
  float a = fabsf(x);
  if (a > 8.664339742f) return copysignf(1.0f, x);
  tp_f2 d = sleef_expk2f(f2(a, 0)), e = df_rec(d);
  d = df_div(df_add(d, f2(-e.x, -e.y)), df_add(d, e));
  float y = d.x + d.y;
  if (y != y) y = 1.0f;
  return copysignf(y, x);
}


/* Note [float32 log as PyTorch computes it]: Sleef's logf_u10 (PyTorch's log, and the log
 * inside log_softmax and logsumexp): log m + e log 2 with m in [0.75, 1.5), through
 * x = (m - 1) / (m + 1) in double-float arithmetic. Checked bit for bit against PyTorch on
 * 30000 random inputs. */
TP_SLEEF_CALL static inline float sleef_logf(float d) {
  union { float f; int32_t i; } b;
  int sub = d < 1.17549435e-38f;
  if (sub) d *= 18446744073709551616.0f;  /* 2^64: subnormals get a normal exponent */
  b.f = d * (1.0f / 0.75f);
  int e = ((b.i >> 23) & 0xff) - 0x7f;
  b.f = d;
  b.i += (int32_t)((uint32_t)(-e) << 23);
  float m = b.f;
  if (sub) e -= 64;
  tp_f2 s = df_mul_f(f2(0.69314718246459960938f, -1.904654323148236017e-09f), (float)e);
  float n1 = -1.0f + m, v1 = n1 - -1.0f, d1 = 1.0f + m, v2 = d1 - 1.0f;
  tp_f2 num = f2(n1, (-1.0f - (n1 - v1)) + (m - v1)), den = f2(d1, (1.0f - (d1 - v2)) + (m - v2));
  tp_f2 x = df_div(num, den);
  float x2 = x.x * x.x;
  float t = 0.3027294874f;
  t = fma_f(t, x2, 0.3996108174f);
  t = fma_f(t, x2, 0.6666694880f);
  s = df_add(s, f2(x.x * 2, x.y * 2));
  float c = x2 * x.x * t, sx = s.x + c;
  s = f2(sx, ((s.x - sx) + c) + s.y);
  float r = s.x + s.y;
  if (d == INFINITY) r = INFINITY;
  if (d < 0 || d != d) r = NAN;
  if (d == 0) r = -INFINITY;
  return r;
}

/* Note [float32 sin, cos and pow as PyTorch computes them]: PyTorch's CPU sin and cos run
 * Sleef's sinf_u10/cosf_u10 (xsinf_u1/xcosf_u1 in Sleef 3.5.1's sleefsimdsp.c) on vectors
 * of eight floats, and pow with a non-trivial exponent Sleef's powf_u10 (xpowf); none is
 * libm's, and their last bits show in printed results. These are Sleef's algorithms in
 * double-float arithmetic, with each fused multiply-add done exactly in double (fma_f).
 * sin/cos reduce the argument by Cody–Waite while all eight lanes of a vector are below 125,
 * and by Payne–Hanek (rempif) for all eight when one is not (or is NaN/inf): the two
 * reductions can round differently, so the kernels pass `wide` per group of eight, the group
 * an AVX2 vector holds (Note [Sleef's groups of eight] in elementwise.c). Checked bit for bit
 * against PyTorch by tests/fixtures/check_sleef.py. */
#define SLEEF_TRIG_MAX 125.0f             /* TRIGRANGEMAX2f */
#define SLEEF_PI_A2 3.1414794921875f
#define SLEEF_PI_B2 0.00011315941810607910156f
#define SLEEF_PI_C2 1.9841872589410058936e-09f
#define SLEEF_M_1_PI ((float)0.318309886183790671537767526745028724)
extern const float tp_sleef_rempitab[412];   /* sleef_rempitab.c */
static inline int32_t fbits(float x) { union { float f; int32_t i; } u = {x}; return u.i; }
static inline float bitsf(int32_t i) { union { int32_t i; float f; } u = {i}; return u.f; }
static inline float mulsign_f(float x, float y) { return bitsf(fbits(x) ^ (fbits(y) & INT32_MIN)); }
/* x86's float-to-int conversions: nearest-even (cvtps) or toward zero (cvttps), and
 * INT32_MIN for NaN or out of range (C leaves those undefined). */
static inline int32_t cvt_i(float x) { return x > -2147483648.0f && x < 2147483648.0f ? (int32_t)nearbyintf(x) : INT32_MIN; }
static inline int32_t cvtt_i(float x) { return x > -2147483904.0f && x < 2147483648.0f ? (int32_t)x : INT32_MIN; }
static inline tp_f2 df_norm(tp_f2 t) { float s = t.x + t.y; return f2(s, (t.x - s) + t.y); }
static inline tp_f2 df_add_ff(float x, float y) { float s = x + y; return f2(s, (x - s) + y); }
static inline tp_f2 df_add2_ff(float x, float y) {
  float s = x + y, v = s - x;
  return f2(s, (x - (s - v)) + (y - v));
}
static inline tp_f2 df_add_f2f(tp_f2 x, float y) {
  float s = x.x + y;
  return f2(s, ((x.x - s) + y) + x.y);
}
static inline tp_f2 df_mul_ff(float x, float y) { float s = x * y; return f2(s, fmapn_f(x, y, s)); }
static inline float df_mul_tof(tp_f2 x, tp_f2 y) { return fma_f(x.x, y.x, fma_f(x.y, y.x, x.x * y.y)); }
static inline tp_f2 df_scale(tp_f2 d, float s) { return f2(d.x * s, d.y * s); }
static inline float ldexp3_f(float d, int32_t q) { return bitsf((int32_t)((uint32_t)fbits(d) + ((uint32_t)q << 23))); }
static inline int32_t ilogb2k_f(float d) { return (int32_t)(((uint32_t)fbits(d) >> 23) & 0xff) - 0x7f; }

/* rempisubf: x - y/4 with y = rint(4x), and the quarter turns y - 4 rint(x). */
static inline float rempisub_f(float x, int32_t *q) {
  float y = nearbyintf(x * 4);
  *q = cvtt_i(y - nearbyintf(x) * 4);
  return x - y * 0.25f;
}
/* Payne–Hanek: a = (turns in quarters) * pi/2 + r, r as a float pair. */
static inline tp_f2 sleef_rempif(float a, int32_t *qout) {
  int32_t ex = ilogb2k_f(a) - 25, q = ex > 90 - 25 ? -64 : 0, qi;
  a = ldexp3_f(a, q);
  if (ex < 0) ex = 0;
  if (ex > 102) ex = 102;   /* inf/NaN (ilogb 128): Sleef reads past its table; the result is NaN either way */
  const float *tab = tp_sleef_rempitab + ex * 4;
  tp_f2 x = df_mul_ff(a, tab[0]);
  x.x = rempisub_f(x.x, &q);
  x = df_norm(x);
  x = df_add2(x, df_mul_ff(a, tab[1]));
  x.x = rempisub_f(x.x, &qi);
  q += qi;
  x = df_norm(x);
  x = df_add2(x, df_mul_f(f2(tab[2], tab[3]), a));
  x = df_norm(x);
  x = df_mul(x, f2(3.1415927410125732422f * 2, -8.7422776573475857731e-08f * 2));
  if (fabsf(a) < 0.7f) x = f2(a, 0);
  *qout = q;
  return x;
}
/* The polynomial both share: t (1 - s/6 + ...) for the reduced t, s = t^2. */
static inline float sleef_sincos_poly(tp_f2 t) {
  tp_f2 s = df_squ(t);
  float u = 2.6083159809786593541503e-06f;
  u = fma_f(u, s.x, -0.0001981069071916863322258f);
  u = fma_f(u, s.x, 0.00833307858556509017944336f);
  tp_f2 x = df_add_f_f2(1, df_mul(df_add_ff(-0.166666597127914428710938f, u * s.x), s));
  return df_mul_tof(t, x);
}
static inline int sleef_trig_wide(float d) { return !(fabsf(d) < SLEEF_TRIG_MAX); }
/* sin(d); wide: its group of eight has an element past 125, NaN or inf. */
TP_SLEEF_CALL static inline float sleef_sinf(float d, int wide) {
  int32_t q;
  tp_f2 s;
  if (!wide) {
    float u = nearbyintf(d * SLEEF_M_1_PI);
    q = cvt_i(u);
    float v = fma_f(u, -SLEEF_PI_A2, d);
    s = df_add2_ff(v, u * -SLEEF_PI_B2);
    s = df_add_f2f(s, u * -SLEEF_PI_C2);
  } else {
    int32_t qi;
    tp_f2 r = sleef_rempif(d, &qi);
    q = ((qi & 3) * 2 + (r.x > 0 ? 2 : 1)) >> 2;
    tp_f2 x = df_add2(r, f2(mulsign_f(3.1415927410125732422f * -0.5f, r.x), mulsign_f(-8.7422776573475857731e-08f * -0.5f, r.x)));
    if ((qi & 1) == 1) r = x;
    s = df_norm(r);
    if (isinf(d) || d != d) s.x = bitsf(-1);
  }
  float u = sleef_sincos_poly(s);
  if ((q & 1) == 1) u = -u;
  return d == 0 && signbit(d) ? d : u;
}
TP_SLEEF_CALL static inline float sleef_cosf(float d, int wide) {
  int32_t q;
  tp_f2 s;
  if (!wide) {
    float dq = fma_f(nearbyintf(fma_f(d, SLEEF_M_1_PI, -0.5f)), 2, 1);
    q = cvt_i(dq);
    s = df_add2_ff(d, dq * (-SLEEF_PI_A2 * 0.5f));
    s = df_add2_f(s, dq * (-SLEEF_PI_B2 * 0.5f));
    s = df_add2_f(s, dq * (-SLEEF_PI_C2 * 0.5f));
  } else {
    int32_t qi;
    tp_f2 r = sleef_rempif(d, &qi);
    q = ((qi & 3) * 2 + (r.x > 0 ? 8 : 7)) >> 1;
    float y = r.x > 0 ? 0.0f : -1.0f;
    tp_f2 x = df_add2(r, f2(mulsign_f(3.1415927410125732422f * -0.5f, y), mulsign_f(-8.7422776573475857731e-08f * -0.5f, y)));
    if ((qi & 1) == 0) r = x;
    s = df_norm(r);
    if (isinf(d) || d != d) s.x = bitsf(-1);
  }
  float u = sleef_sincos_poly(s);
  return (q & 2) == 0 ? -u : u;
}

/* powf_u10: exp(y log|x|) in double-float (logkf, expkf), then IEEE's special cases. */
static inline tp_f2 sleef_logkf(float d) {
  int o = d < 1.17549435e-38f;
  if (o) d *= 18446744073709551616.0f;   /* 2^64 */
  int32_t e = ilogb2k_f(d * (1.0f / 0.75f));
  float m = ldexp3_f(d, -e);
  if (o) e -= 64;
  tp_f2 x = df_div(df_add2_ff(-1, m), df_add2_ff(1, m)), x2 = df_squ(x);
  float t = 0.240320354700088500976562f;
  t = fma_f(t, x2.x, 0.285112679004669189453125f);
  t = fma_f(t, x2.x, 0.400007992982864379882812f);
  tp_f2 c = f2(0.66666662693023681640625f, 3.69183861259614332084311e-09f);
  tp_f2 s = df_mul_f(f2(0.69314718246459960938f, -1.904654323148236017e-09f), (float)e);
  s = df_add(s, df_scale(x, 2));
  return df_add(s, df_mul(df_mul(x2, x), df_add2(df_mul_f(x2, t), c)));
}
static inline float sleef_ldexpf(float x, int32_t q) {   /* vldexp_vf_vf_vi2, wrapping as x86 */
  int32_t m = q >> 31;
  m = (int32_t)((uint32_t)(((int32_t)((uint32_t)m + (uint32_t)q) >> 6) - m) << 4);
  q = (int32_t)((uint32_t)q - ((uint32_t)m << 2));
  m += 0x7f;
  if (m < 0) m = 0;
  if (m > 0xff) m = 0xff;
  float u = bitsf((int32_t)((uint32_t)m << 23));
  x = x * u * u * u * u;
  return x * bitsf((int32_t)((uint32_t)(q + 0x7f) << 23));
}
static inline float sleef_expkf(tp_f2 d) {
  int32_t q = cvt_i((d.x + d.y) * EXP_R_LN2);
  tp_f2 s = df_add2_f(d, (float)q * EXP_L2U);   /* EXP_L2U, EXP_L2L are -log 2's two parts */
  s = df_add2_f(s, (float)q * EXP_L2L);
  s = df_norm(s);
  float u = 0.00136324646882712841033936f;
  u = fma_f(u, s.x, 0.00836596917361021041870117f);
  u = fma_f(u, s.x, 0.0416710823774337768554688f);
  u = fma_f(u, s.x, 0.166665524244308471679688f);
  u = fma_f(u, s.x, 0.499999850988388061523438f);
  tp_f2 t = df_add_f_f2(1, df_add(s, df_mul_f(df_squ(s), u)));
  u = sleef_ldexpf(t.x + t.y, q);
  return d.x < -104 ? 0.0f : u;
}
TP_SLEEF_CALL static inline float sleef_powf(float x, float y) {
  int yisint = truncf(y) == y || fabsf(y) > 16777216.0f;
  int yisodd = (cvtt_i(y) & 1) == 1 && yisint && fabsf(y) < 16777216.0f;
  float r = sleef_expkf(df_mul_f(sleef_logkf(fabsf(x)), y));
  if (r != r) r = INFINITY;
  r *= x > 0 ? 1.0f : !yisint ? NAN : yisodd ? -1.0f : 1.0f;
  float efx = mulsign_f(fabsf(x) - 1, y);
  if (isinf(y)) r = efx < 0 ? 0.0f : efx == 0 ? 1.0f : INFINITY;
  if (isinf(x) || x == 0)
    r = (yisodd ? copysignf(1.0f, x) : 1.0f) * ((x == 0 ? -y : y) < 0 ? 0.0f : INFINITY);
  if (x != x || y != y) r = bitsf(-1);
  if (y == 0 || x == 1) r = 1.0f;
  return r;
}


#ifdef __wasm_simd128__
/* sleef_tanhf on four lanes: the same float operations, fma_f done in two f64x2 halves. */
typedef struct { v128_t x, y; } tp_f2x4;
static inline v128_t fma4(v128_t a, v128_t b, v128_t c) { return mla4_fused(a, b, c); }
static inline v128_t fmapn4(v128_t a, v128_t b, v128_t c) { return mla4_fused(a, b, wasm_f32x4_neg(c)); }
static inline v128_t fmanp4(v128_t a, v128_t b, v128_t c) { return mla4_fused(wasm_f32x4_neg(a), b, c); }
static inline tp_f2x4 f2x4(v128_t x, v128_t y) { tp_f2x4 r = {x, y}; return r; }
static inline tp_f2x4 df4_add(tp_f2x4 a, tp_f2x4 b) {
  v128_t s = wasm_f32x4_add(a.x, b.x), t = wasm_f32x4_sub(a.x, s);
  t = wasm_f32x4_add(t, b.x);
  t = wasm_f32x4_add(t, a.y);
  t = wasm_f32x4_add(t, b.y);
  return f2x4(s, t);
}
static inline tp_f2x4 df4_add2(tp_f2x4 a, tp_f2x4 b) {
  v128_t s = wasm_f32x4_add(a.x, b.x), v = wasm_f32x4_sub(s, a.x);
  v128_t t = wasm_f32x4_add(wasm_f32x4_sub(a.x, wasm_f32x4_sub(s, v)), wasm_f32x4_sub(b.x, v));
  return f2x4(s, wasm_f32x4_add(t, wasm_f32x4_add(a.y, b.y)));
}
static inline tp_f2x4 df4_add2_f(tp_f2x4 a, v128_t b) {
  v128_t s = wasm_f32x4_add(a.x, b), v = wasm_f32x4_sub(s, a.x);
  v128_t t = wasm_f32x4_add(wasm_f32x4_sub(a.x, wasm_f32x4_sub(s, v)), wasm_f32x4_sub(b, v));
  return f2x4(s, wasm_f32x4_add(t, a.y));
}
static inline tp_f2x4 df4_add_f_f2(v128_t a, tp_f2x4 b) {
  v128_t s = wasm_f32x4_add(a, b.x), t = wasm_f32x4_add(wasm_f32x4_sub(a, s), b.x);
  return f2x4(s, wasm_f32x4_add(t, b.y));
}
static inline tp_f2x4 df4_mul_f(tp_f2x4 a, v128_t b) {
  v128_t s = wasm_f32x4_mul(a.x, b);
  return f2x4(s, fma4(a.y, b, fmapn4(a.x, b, s)));
}
static inline tp_f2x4 df4_mul(tp_f2x4 a, tp_f2x4 b) {
  v128_t s = wasm_f32x4_mul(a.x, b.x);
  return f2x4(s, fma4(a.x, b.y, fma4(a.y, b.x, fmapn4(a.x, b.x, s))));
}
static inline tp_f2x4 df4_squ(tp_f2x4 a) {
  v128_t s = wasm_f32x4_mul(a.x, a.x);
  return f2x4(s, fma4(wasm_f32x4_add(a.x, a.x), a.y, fmapn4(a.x, a.x, s)));
}
static inline tp_f2x4 df4_rec(tp_f2x4 d) {
  v128_t one = wasm_f32x4_splat(1.0f), s = wasm_f32x4_div(one, d.x);
  return f2x4(s, wasm_f32x4_mul(s, fmanp4(d.y, s, fmanp4(d.x, s, one))));
}
static inline tp_f2x4 df4_div(tp_f2x4 n, tp_f2x4 d) {
  v128_t one = wasm_f32x4_splat(1.0f), t = wasm_f32x4_div(one, d.x), s = wasm_f32x4_mul(n.x, t);
  v128_t u = fmapn4(t, n.x, s), v = fmanp4(d.y, t, fmanp4(d.x, t, one));
  return f2x4(s, fma4(s, v, fma4(n.y, t, u)));
}
TP_SLEEF_CALL static inline v128_t sleef_tanhf4_exact(v128_t x) {
  v128_t a = wasm_f32x4_abs(x);
  /* expk2f(a, 0) */
  v128_t qf = wasm_f32x4_nearest(wasm_f32x4_mul(a, wasm_f32x4_splat(EXP_R_LN2)));
  v128_t q = wasm_i32x4_trunc_sat_f32x4(qf);
  tp_f2x4 s = df4_add2_f(f2x4(a, wasm_f32x4_splat(0)), wasm_f32x4_mul(qf, wasm_f32x4_splat(EXP_L2U)));
  s = df4_add2_f(s, wasm_f32x4_mul(qf, wasm_f32x4_splat(EXP_L2L)));
  v128_t u = wasm_f32x4_splat(0.1980960224e-3f);
  u = fma4(u, s.x, wasm_f32x4_splat(0.1394256484e-2f));
  u = fma4(u, s.x, wasm_f32x4_splat(0.8333456703e-2f));
  u = fma4(u, s.x, wasm_f32x4_splat(0.4166637361e-1f));
  tp_f2x4 t = df4_add2_f(df4_mul_f(s, u), wasm_f32x4_splat(0.166666659414234244790680580464e+0f));
  t = df4_add2_f(df4_mul(s, t), wasm_f32x4_splat(0.5f));
  t = df4_add2(s, df4_mul(df4_squ(s), t));
  t = df4_add_f_f2(wasm_f32x4_splat(1.0f), t);
  v128_t q1 = wasm_i32x4_shr(q, 1), bias = wasm_i32x4_splat(127);
  v128_t p1 = wasm_i32x4_shl(wasm_i32x4_add(q1, bias), 23), p2 = wasm_i32x4_shl(wasm_i32x4_add(wasm_i32x4_sub(q, q1), bias), 23);
  tp_f2x4 d = f2x4(wasm_f32x4_mul(wasm_f32x4_mul(t.x, p1), p2), wasm_f32x4_mul(wasm_f32x4_mul(t.y, p1), p2));
  /* (d - 1/d) / (d + 1/d) */
  tp_f2x4 e = df4_rec(d);
  d = df4_div(df4_add(d, f2x4(wasm_f32x4_neg(e.x), wasm_f32x4_neg(e.y))), df4_add(d, e));
  v128_t y = wasm_f32x4_add(d.x, d.y);
  v128_t one = wasm_f32x4_splat(1.0f);
  y = wasm_v128_bitselect(one, y, wasm_v128_or(wasm_f32x4_gt(a, wasm_f32x4_splat(8.664339742f)), wasm_f32x4_ne(y, y)));
  v128_t sign = wasm_v128_and(x, wasm_i32x4_splat((int32_t)0x80000000u));
  y = wasm_v128_or(wasm_v128_andnot(y, wasm_i32x4_splat((int32_t)0x80000000u)), sign);
  return wasm_v128_bitselect(x, y, wasm_f32x4_ne(x, x));   /* NaN in, NaN out */
}

/* Note [float32 tanh, fast and still Sleef's]: sleef_tanhf4_exact costs about twenty
 * double-rounded fused multiply-adds per vector, most of a small training step. Here the
 * same algorithm runs in double instead: the same q and s.x (float operations), the same
 * float polynomial u (fused, so rounded to float after each step), then Sleef's
 * double-float steps in plain double, and (e^2 - 1) / (e^2 + 1) for (e - 1/e) / (e + 1/e).
 * Both forms carry the same polynomial error and differ only by rounding, far below 2^-34
 * of the result; so wherever moving the double result by 2^-34 of itself either way rounds
 * to one float, that float is Sleef's. A vector with a lane where it does not (about 1 in
 * 200), or with a lane in (0, 2^-9) (where e^2 - 1 in double cancels too much), is computed
 * by sleef_tanhf4_exact. Checked against PyTorch's tanh on all 2,143,289,344 bit patterns
 * from +0 to the first NaN (tests/fixtures/check_tanh.py --exhaustive, 11 minutes; it also
 * writes bits/tanh.json for CI): no difference in any of the three forms. The forms take |x|
 * and copy the sign, so negative inputs follow; the default run also sweeps both signs. */
#define TANH_TINY 0.001953125f          /* 2^-9 */
#define TANH_WIN 5.820766091346741e-11  /* 2^-34 */
static inline v128_t tanh_half(v128_t a, v128_t q, v128_t sx, v128_t m2, v128_t qi) {
  v128_t s = wasm_f64x2_add(wasm_f64x2_add(a, wasm_f64x2_mul(q, wasm_f64x2_splat((double)EXP_L2U))), m2);
  v128_t u = wasm_f64x2_splat((double)0.1980960224e-3f);
  static const float c[3] = {0.1394256484e-2f, 0.8333456703e-2f, 0.4166637361e-1f};
  for (int i = 0; i < 3; i++)   /* u = fma(u, s.x, c) in float */
    u = wasm_f64x2_promote_low_f32x4(wasm_f32x4_demote_f64x2_zero(
        wasm_f64x2_add(wasm_f64x2_mul(u, sx), wasm_f64x2_splat((double)c[i]))));
  v128_t t = wasm_f64x2_add(wasm_f64x2_mul(s, u), wasm_f64x2_splat((double)0.166666659414234244790680580464e+0f));
  t = wasm_f64x2_add(wasm_f64x2_mul(s, t), wasm_f64x2_splat(0.5));
  t = wasm_f64x2_add(s, wasm_f64x2_mul(wasm_f64x2_mul(s, s), t));
  t = wasm_f64x2_add(wasm_f64x2_splat(1.0), t);
  v128_t p = wasm_i64x2_shl(wasm_i64x2_add(wasm_i64x2_extend_low_i32x4(qi), wasm_i64x2_splat(1023)), 52);  /* 2^q */
  v128_t e = wasm_f64x2_mul(t, p), e2 = wasm_f64x2_mul(e, e), one = wasm_f64x2_splat(1.0);
  return wasm_f64x2_div(wasm_f64x2_sub(e2, one), wasm_f64x2_add(e2, one));
}
/* The fast form: 1 when every lane is settled, with the four results in *out. */
static inline int sleef_tanhf4_settled(v128_t x, v128_t *out) {
  v128_t a = wasm_f32x4_abs(x);
  v128_t qf = wasm_f32x4_nearest(wasm_f32x4_mul(a, wasm_f32x4_splat(EXP_R_LN2)));
  v128_t qi = wasm_i32x4_trunc_sat_f32x4(qf);
  v128_t m1 = wasm_f32x4_mul(qf, wasm_f32x4_splat(EXP_L2U)), m2 = wasm_f32x4_mul(qf, wasm_f32x4_splat(EXP_L2L));
  v128_t sx = wasm_f32x4_add(wasm_f32x4_add(a, m1), m2);   /* Sleef's s.x */
  v128_t r[2];
  for (int h = 0; h < 2; h++) {
    v128_t ah = h ? wasm_i32x4_shuffle(a, a, 2, 3, 2, 3) : a, qh = h ? wasm_i32x4_shuffle(qf, qf, 2, 3, 2, 3) : qf;
    v128_t sh = h ? wasm_i32x4_shuffle(sx, sx, 2, 3, 2, 3) : sx, mh = h ? wasm_i32x4_shuffle(m2, m2, 2, 3, 2, 3) : m2;
    v128_t ih = h ? wasm_i32x4_shuffle(qi, qi, 2, 3, 2, 3) : qi;
    r[h] = tanh_half(wasm_f64x2_promote_low_f32x4(ah), wasm_f64x2_promote_low_f32x4(qh), wasm_f64x2_promote_low_f32x4(sh),
                     wasm_f64x2_promote_low_f32x4(mh), ih);
  }
  v128_t dn = wasm_f64x2_splat(1.0 - TANH_WIN), up = wasm_f64x2_splat(1.0 + TANH_WIN);
  v128_t lo = wasm_i32x4_shuffle(wasm_f32x4_demote_f64x2_zero(wasm_f64x2_mul(r[0], dn)),
                                 wasm_f32x4_demote_f64x2_zero(wasm_f64x2_mul(r[1], dn)), 0, 1, 4, 5);
  v128_t hi = wasm_i32x4_shuffle(wasm_f32x4_demote_f64x2_zero(wasm_f64x2_mul(r[0], up)),
                                 wasm_f32x4_demote_f64x2_zero(wasm_f64x2_mul(r[1], up)), 0, 1, 4, 5);
  /* A lane is settled when its rounding is, or when it is 0, NaN or past 8.66 (fixed results). */
  v128_t zero = wasm_f32x4_eq(a, wasm_f32x4_splat(0)), big = wasm_f32x4_gt(a, wasm_f32x4_splat(8.664339742f));
  v128_t settled = wasm_v128_or(wasm_v128_or(wasm_f32x4_eq(lo, hi), zero), wasm_v128_or(wasm_f32x4_ne(a, a), big));
  v128_t tiny = wasm_v128_andnot(wasm_f32x4_lt(a, wasm_f32x4_splat(TANH_TINY)), zero);
  v128_t y = wasm_v128_bitselect(wasm_f32x4_splat(1.0f), lo, big);
  y = wasm_v128_andnot(y, zero);
  v128_t sign = wasm_v128_and(x, wasm_i32x4_splat((int32_t)0x80000000u));
  y = wasm_v128_or(wasm_v128_andnot(y, wasm_i32x4_splat((int32_t)0x80000000u)), sign);
  *out = wasm_v128_bitselect(x, y, wasm_f32x4_ne(x, x));   /* NaN in, NaN out */
  return wasm_i32x4_all_true(wasm_v128_andnot(settled, tiny));
}
TP_SLEEF_CALL static inline v128_t sleef_tanhf4(v128_t x) {
  v128_t y;
  return sleef_tanhf4_settled(x, &y) ? y : sleef_tanhf4_exact(x);
}
#endif

#endif
