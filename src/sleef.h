/* sleef.h — float32 exp as PyTorch's CPU kernels compute it (scalar and wasm SIMD), shared
 * by the elementwise kernels and softmax. See the Note below for why not libm's expf.
 */
#ifndef TP_SLEEF_H
#define TP_SLEEF_H
#include <math.h>
#include <stdint.h>
#ifdef __wasm_simd128__
#include <wasm_simd128.h>
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
static inline float sleef_expf(float d) {
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
static inline v128_t sleef_expf4(v128_t d) {
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
#endif
