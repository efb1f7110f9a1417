/* Matrix-multiply kernels: a BLIS/GotoBLAS-style GEMM for float32 and float64 (the integers
 * have a plain loop, at the end). The K×N operand is cut into KC×NC blocks packed as NR-column panels, the M×K operand into MC×KC blocks packed
 * as MR-row panels (zero-padded at the edges), and an MR×NR micro-kernel keeps the whole
 * C tile in registers. Packing reads any strides, so A·Bᵀ and Aᵀ·B cost the same as A·B.
 * The driver and packing are written once (gemm_tmpl.h) and instantiated per dtype here,
 * with wasm SIMD micro-kernels for float32 (f32x4) and float64 (f64x2).
 * wasm SIMD has no FMA in this toolchain, so the kernels do mul then add. A 4×8 float32
 * tile (8 accumulators) measured ~60 GFLOP/s in V8 — the mul+add issue limit of the core —
 * where 6×8, 8×8, 4×12 and 3×16 tiles spill registers and stay at 33-36 GFLOP/s. */
#include <stdlib.h>
#include <string.h>
#include "gemm.h"
#include "internal.h"

#ifdef __wasm_simd128__
#include <wasm_simd128.h>
#endif

/* Block sizes in elements, for V8 on a 48 KB L1 / 1 MB L2 core: a KC×NR B panel (8 KB for
 * float32) stays in L1, an MC×KC A block (128 KB) in L2. KC from 128 to 512 and MC from 64
 * to 128 all measured within noise. Packing buffers up to SMALL_BYTES live on the stack. */
#define KC 256
#define MC 128
#define NC 2048
#define SMALL_BYTES 16384

static int oom(int64_t nbytes) {
  return tp_fail_oom_status((double)nbytes);
}

static void *aligned_alloc_bytes(int64_t nbytes, void **raw) {
  *raw = malloc((size_t)nbytes + 16);
  if (!*raw) return NULL;
  return (void *)(((uintptr_t)*raw + 15) & ~(uintptr_t)15);
}

#ifdef __wasm_simd128__
/* The wasm SIMD micro-kernel, one definition for float32 (L = 4 lanes, f32x4) and float64
 * (L = 2, f64x2), with the MR and NR of the dtype it is expanded under. Its loops run over
 * constant bounds: clang unrolls them and keeps every v128 in a local. C is read only when
 * beta is not 0. */
#define WASM_KERNEL(S, T, L, V, BITS)                                                          \
  static void kernel_##S(int64_t kc, const T *restrict a, const T *restrict b, T *restrict C,  \
                         int64_t ldc, T beta) {                                                \
    v128_t acc[MR][NR / L];                                                                    \
    for (int i = 0; i < MR; i++)                                                               \
      for (int j = 0; j < NR / L; j++) acc[i][j] = wasm_##V##_splat(0);                        \
    for (int64_t k = 0; k < kc; k++, a += MR, b += NR) {                                       \
      v128_t bv[NR / L];                                                                       \
      for (int j = 0; j < NR / L; j++) bv[j] = wasm_v128_load(b + L * j);                      \
      for (int i = 0; i < MR; i++) {                                                           \
        v128_t av = wasm_v128_load##BITS##_splat(a + i);                                       \
        for (int j = 0; j < NR / L; j++) acc[i][j] = wasm_##V##_add(acc[i][j], wasm_##V##_mul(av, bv[j])); \
      }                                                                                        \
    }                                                                                          \
    if (beta == 0) {                                                                           \
      for (int i = 0; i < MR; i++)                                                             \
        for (int j = 0; j < NR / L; j++) wasm_v128_store(C + i * ldc + L * j, acc[i][j]);      \
    } else {                                                                                   \
      v128_t bt = wasm_##V##_splat(beta);                                                      \
      for (int i = 0; i < MR; i++)                                                             \
        for (int j = 0; j < NR / L; j++) {                                                     \
          T *c = C + i * ldc + L * j;                                                          \
          wasm_v128_store(c, wasm_##V##_add(acc[i][j], wasm_##V##_mul(bt, wasm_v128_load(c)))); \
        }                                                                                      \
    }                                                                                          \
  }
#elif defined(__GNUC__)
/* Native builds (tests, the bench's native column): the same micro-kernel in GCC/clang vector
 * extensions, 16-byte vectors (4 float or 2 double lanes), so that native figures show the
 * cost of wasm and not of a scalar fallback. One definition serves float32 and float64, with
 * the MR and NR of the dtype it is expanded under; C is read only when beta is not 0. */
#define NATIVE_KERNEL(S, T)                                                                    \
  typedef T vec_##S __attribute__((vector_size(16)));                                          \
  static void kernel_##S(int64_t kc, const T *restrict a, const T *restrict b, T *restrict C,  \
                         int64_t ldc, T beta) {                                                \
    enum { L = 16 / sizeof(T) };                                                               \
    vec_##S acc[MR][NR / L];                                                                   \
    memset(acc, 0, sizeof acc);                                                                \
    for (int64_t k = 0; k < kc; k++, a += MR, b += NR) {                                       \
      vec_##S bv[NR / L];                                                                      \
      memcpy(bv, b, sizeof bv);                                                                \
      for (int i = 0; i < MR; i++)                                                             \
        for (int j = 0; j < NR / L; j++) acc[i][j] += a[i] * bv[j];                            \
    }                                                                                          \
    for (int i = 0; i < MR; i++)                                                               \
      for (int j = 0; j < NR / L; j++) {                                                       \
        vec_##S c = acc[i][j], old;                                                            \
        if (beta != 0) {                                                                       \
          memcpy(&old, C + i * ldc + L * j, sizeof old);                                       \
          c += beta * old;                                                                     \
        }                                                                                      \
        memcpy(C + i * ldc + L * j, &c, sizeof c);                                             \
      }                                                                                        \
  }
#endif

/* ---- float32 --------------------------------------------------------------------------- */
#define S f32
#define T float
#define ACC float
#define MR 4
#define NR 8
#ifdef __wasm_simd128__
#define HAVE_KERNEL
#define HAVE_PACK_BT
WASM_KERNEL(f32, float, 4, f32x4, 32)

/* One NR-column panel of B stored transposed (column j at b + j·csb, dense along k):
 * 4×4 blocks are loaded as rows and transposed with shuffles. */
static void pack_bt_f32(int64_t kc, const float *b, int64_t csb, float *dst) {
  int64_t k = 0;
  for (; k + 4 <= kc; k += 4) {
    for (int h = 0; h < NR; h += 4) {
      const float *c0 = b + h * csb + k;
      v128_t x0 = wasm_v128_load(c0), x1 = wasm_v128_load(c0 + csb);
      v128_t x2 = wasm_v128_load(c0 + 2 * csb), x3 = wasm_v128_load(c0 + 3 * csb);
      v128_t t0 = wasm_i32x4_shuffle(x0, x1, 0, 4, 1, 5), t1 = wasm_i32x4_shuffle(x0, x1, 2, 6, 3, 7);
      v128_t t2 = wasm_i32x4_shuffle(x2, x3, 0, 4, 1, 5), t3 = wasm_i32x4_shuffle(x2, x3, 2, 6, 3, 7);
      float *d = dst + k * NR + h;
      wasm_v128_store(d, wasm_i64x2_shuffle(t0, t2, 0, 2));
      wasm_v128_store(d + NR, wasm_i64x2_shuffle(t0, t2, 1, 3));
      wasm_v128_store(d + 2 * NR, wasm_i64x2_shuffle(t1, t3, 0, 2));
      wasm_v128_store(d + 3 * NR, wasm_i64x2_shuffle(t1, t3, 1, 3));
    }
  }
  for (; k < kc; k++)
    for (int j = 0; j < NR; j++) dst[k * NR + j] = b[j * csb + k];
}
#elif defined(__GNUC__)
#define HAVE_KERNEL
NATIVE_KERNEL(f32, float)
#endif
#include "gemm_tmpl.h"

/* ---- float64 and the integers: compiled for size (TP_COLD), float32 is the hot path ---- */
/* float64: the same 8-accumulator shape, two lanes per vector. */
TP_COLD_BEGIN
#define S f64
#define T double
#define ACC double
#define MR 4
#define NR 4
#ifdef __wasm_simd128__
#define HAVE_KERNEL
WASM_KERNEL(f64, double, 2, f64x2, 64)
#elif defined(__GNUC__)
#define HAVE_KERNEL
NATIVE_KERNEL(f64, double)
#endif
#include "gemm_tmpl.h"

/* ---- integers: a plain loop, in unsigned arithmetic so that overflow wraps -------------
 * Integer sums are exact modulo 2^bits whatever their order, so no blocking is needed for
 * the result to be the packed GEMM's: C = beta·C (0 when beta is 0: C is not read), then
 * C[i, :] += A[i, k]·B[k, :] for each k. */
#define INT_GEMM(S, T, ACC)                                                                    \
  int tp_gemm_##S(int64_t M, int64_t N, int64_t K, const T *A, int64_t rsa, int64_t csa,       \
                  const T *B, int64_t rsb, int64_t csb, T *C, int64_t ldc, T beta) {           \
    for (int64_t i = 0; i < M; i++) {                                                          \
      T *c = C + i * ldc;                                                                      \
      for (int64_t j = 0; j < N; j++) c[j] = beta == 0 ? 0 : (T)((ACC)beta * (ACC)c[j]);       \
      for (int64_t k = 0; k < K; k++) {                                                        \
        ACC a = (ACC)A[i * rsa + k * csa];                                                     \
        const T *b = B + k * rsb;                                                              \
        for (int64_t j = 0; j < N; j++) c[j] = (T)((ACC)c[j] + a * (ACC)b[j * csb]);           \
      }                                                                                        \
    }                                                                                          \
    return 0;                                                                                  \
  }
INT_GEMM(i64, int64_t, uint64_t)
INT_GEMM(i32, int32_t, uint32_t)

TP_COLD_END

/* ---- float32 matrix·vector --------------------------------------------------------------
 * Rows dense: one dot product per row, four SIMD accumulators. Columns dense (Aᵀ stored):
 * y += A[:,k]·x[k], SIMD along y. Otherwise a scalar strided dot per row. */
static float dot_f32(int64_t n, const float *a, int64_t inca, const float *b, int64_t incb) {
  int64_t k = 0;
  float s = 0.0f;
#ifdef __wasm_simd128__
  if (inca == 1 && incb == 1 && n >= 16) {
    v128_t s0 = wasm_f32x4_splat(0.0f), s1 = s0, s2 = s0, s3 = s0;
    for (; k + 16 <= n; k += 16) {
      s0 = wasm_f32x4_add(s0, wasm_f32x4_mul(wasm_v128_load(a + k), wasm_v128_load(b + k)));
      s1 = wasm_f32x4_add(s1, wasm_f32x4_mul(wasm_v128_load(a + k + 4), wasm_v128_load(b + k + 4)));
      s2 = wasm_f32x4_add(s2, wasm_f32x4_mul(wasm_v128_load(a + k + 8), wasm_v128_load(b + k + 8)));
      s3 = wasm_f32x4_add(s3, wasm_f32x4_mul(wasm_v128_load(a + k + 12), wasm_v128_load(b + k + 12)));
    }
    v128_t t = wasm_f32x4_add(wasm_f32x4_add(s0, s1), wasm_f32x4_add(s2, s3));
    s = (wasm_f32x4_extract_lane(t, 0) + wasm_f32x4_extract_lane(t, 1)) +
        (wasm_f32x4_extract_lane(t, 2) + wasm_f32x4_extract_lane(t, 3));
  }
#endif
  for (; k < n; k++) s += a[k * inca] * b[k * incb];
  return s;
}

float tp_dot_f32(int64_t n, const float *a, int64_t inca, const float *b, int64_t incb) {
  return dot_f32(n, a, inca, b, incb);
}

void tp_gemv_f32(int64_t M, int64_t K, const float *A, int64_t rsa, int64_t csa,
                 const float *x, int64_t incx, float *y, int64_t incy) {
  if (rsa == 1 && csa != 1 && incy == 1) {
    for (int64_t i = 0; i < M; i++) y[i] = 0.0f;
    for (int64_t k = 0; k < K; k++) {
      const float *a = A + k * csa;
      float xk = x[k * incx];
      int64_t i = 0;
#ifdef __wasm_simd128__
      v128_t xv = wasm_f32x4_splat(xk);
      for (; i + 4 <= M; i += 4)
        wasm_v128_store(y + i, wasm_f32x4_add(wasm_v128_load(y + i), wasm_f32x4_mul(wasm_v128_load(a + i), xv)));
#endif
      for (; i < M; i++) y[i] += a[i] * xk;
    }
    return;
  }
  for (int64_t i = 0; i < M; i++) y[i * incy] = dot_f32(K, A + i * rsa, csa, x, incx);
}
