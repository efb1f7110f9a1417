/* Matrix-multiply kernels. float32 is a BLIS/GotoBLAS-style GEMM: the K×N operand is cut
 * into KC×NC blocks packed as NR-column panels, the M×K operand into MC×KC blocks packed
 * as MR-row panels (zero-padded at the edges), and an MR×NR micro-kernel keeps the whole
 * C tile in registers. Packing reads any strides, so A·Bᵀ and Aᵀ·B cost the same as A·B.
 * wasm SIMD has no FMA in this toolchain: the micro-kernel does mul then add. Its 4×8 tile
 * (8 accumulators) measured ~60 GFLOP/s in V8 — the mul+add issue limit — where 6×8, 8×8,
 * 4×12 and 3×16 tiles spill registers and stay at 33-36 GFLOP/s.
 * float64 and integer products use a plain strided i-k-j loop: correctness first. */
#include <stdlib.h>
#include <string.h>
#include "gemm.h"
#include "internal.h"

#ifdef __wasm_simd128__
#include <wasm_simd128.h>
#endif

/* Tile and block sizes for wasm in V8 on a 48 KB L1 / 1 MB L2 core: a KC×NR B panel (8 KB)
 * stays in L1, an MC×KC A block (128 KB) in L2. KC from 128 to 512 and MC from 64 to 128
 * all measured within noise. (-D overrides exist for tuning runs only.) */
#ifndef MR
#define MR 4
#define NR 8
#endif
#ifndef KC
#define KC 256
#define MC 128
#define NC 2048
#endif

static int oom(int64_t nbytes) {
  return tp_fail_status("DefaultCPUAllocator: not enough memory: you tried to allocate %lld bytes.",
                        (long long)nbytes);
}

/* ---- packing ---------------------------------------------------------------------------
 * pack_a: rows [0, mc) × cols [0, kc) of A into ceil(mc/MR) panels, each laid out k-major:
 *   dst[p*MR*kc + k*MR + i] = A[(p*MR+i), k], zero for rows past mc.
 * pack_b: rows [0, kc) × cols [0, nc) of B into ceil(nc/NR) panels, k-major:
 *   dst[q*NR*kc + k*NR + j] = B[k, (q*NR+j)], zero for columns past nc. */
static void pack_a(int64_t mc, int64_t kc, const float *A, int64_t rsa, int64_t csa, float *dst) {
  for (int64_t i0 = 0; i0 < mc; i0 += MR, dst += MR * kc) {
    int64_t mr = mc - i0 < MR ? mc - i0 : MR;
    const float *a = A + i0 * rsa;
    if (mr == MR && rsa == 1) {
      /* Aᵀ stored densely: each k is MR consecutive floats. */
      for (int64_t k = 0; k < kc; k++) memcpy(dst + k * MR, a + k * csa, MR * sizeof(float));
    } else if (mr == MR && csa == 1) {
      /* Row-major A: MR streams, each read in order. */
      float *d = dst;
      for (int64_t k = 0; k < kc; k++, d += MR)
        for (int i = 0; i < MR; i++) d[i] = a[i * rsa + k];
    } else {
      for (int64_t k = 0; k < kc; k++) {
        for (int64_t i = 0; i < mr; i++) dst[k * MR + i] = a[i * rsa + k * csa];
        for (int64_t i = mr; i < MR; i++) dst[k * MR + i] = 0.0f;
      }
    }
  }
}

static void pack_b(int64_t kc, int64_t nc, const float *B, int64_t rsb, int64_t csb, float *dst) {
  for (int64_t j0 = 0; j0 < nc; j0 += NR, dst += NR * kc) {
    int64_t nr = nc - j0 < NR ? nc - j0 : NR;
    const float *b = B + j0 * csb;
    if (nr == NR && csb == 1) {
      /* Row-major B: each k is NR consecutive floats. */
      for (int64_t k = 0; k < kc; k++) {
#ifdef __wasm_simd128__
        wasm_v128_store(dst + k * NR, wasm_v128_load(b + k * rsb));
        wasm_v128_store(dst + k * NR + 4, wasm_v128_load(b + k * rsb + 4));
#else
        memcpy(dst + k * NR, b + k * rsb, NR * sizeof(float));
#endif
      }
    } else if (nr == NR && rsb == 1) {
      /* Bᵀ stored densely (A·Bᵀ): NR streams along k, transposed 4×4 at a time. */
      int64_t k = 0;
#ifdef __wasm_simd128__
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
#endif
      for (; k < kc; k++)
        for (int64_t j = 0; j < NR; j++) dst[k * NR + j] = b[j * csb + k];
    } else {
      for (int64_t k = 0; k < kc; k++) {
        for (int64_t j = 0; j < nr; j++) dst[k * NR + j] = b[k * rsb + j * csb];
        for (int64_t j = nr; j < NR; j++) dst[k * NR + j] = 0.0f;
      }
    }
  }
}

/* ---- the micro-kernel: an MR×NR tile of C from kc steps of packed panels ----------------
 * C[i, j] = acc[i, j] + beta·C[i, j]; with beta == 0, C is only written. */
#ifdef __wasm_simd128__
/* Loops over constant bounds: clang unrolls them and keeps every v128 in a local. */
static void micro_kernel(int64_t kc, const float *restrict a, const float *restrict b,
                         float *restrict C, int64_t ldc, float beta) {
  v128_t acc[MR][NR / 4];
  for (int i = 0; i < MR; i++)
    for (int j = 0; j < NR / 4; j++) acc[i][j] = wasm_f32x4_splat(0.0f);
  for (int64_t k = 0; k < kc; k++, a += MR, b += NR) {
    v128_t bv[NR / 4];
    for (int j = 0; j < NR / 4; j++) bv[j] = wasm_v128_load(b + 4 * j);
    for (int i = 0; i < MR; i++) {
      v128_t av = wasm_v128_load32_splat(a + i);
      for (int j = 0; j < NR / 4; j++) acc[i][j] = wasm_f32x4_add(acc[i][j], wasm_f32x4_mul(av, bv[j]));
    }
  }
  if (beta == 0.0f) {
    for (int i = 0; i < MR; i++)
      for (int j = 0; j < NR / 4; j++) wasm_v128_store(C + i * ldc + 4 * j, acc[i][j]);
  } else {
    v128_t bt = wasm_f32x4_splat(beta);
    for (int i = 0; i < MR; i++)
      for (int j = 0; j < NR / 4; j++) {
        float *c = C + i * ldc + 4 * j;
        wasm_v128_store(c, wasm_f32x4_add(acc[i][j], wasm_f32x4_mul(bt, wasm_v128_load(c))));
      }
  }
}
#else
static void micro_kernel(int64_t kc, const float *restrict a, const float *restrict b,
                         float *restrict C, int64_t ldc, float beta) {
  float acc[MR][NR] = {{0}};
  for (int64_t k = 0; k < kc; k++, a += MR, b += NR)
    for (int i = 0; i < MR; i++)
      for (int j = 0; j < NR; j++) acc[i][j] += a[i] * b[j];
  for (int i = 0; i < MR; i++)
    for (int j = 0; j < NR; j++)
      C[i * ldc + j] = beta == 0.0f ? acc[i][j] : acc[i][j] + beta * C[i * ldc + j];
}
#endif

/* A partial tile (at the bottom or right edge): compute the full tile into a scratch
 * tile, then copy out the mr×nr part that exists. */
static void edge_kernel(int64_t kc, const float *a, const float *b, float *C, int64_t ldc,
                        float beta, int64_t mr, int64_t nr) {
  float tile[MR * NR] __attribute__((aligned(16)));
  micro_kernel(kc, a, b, tile, NR, 0.0f);
  for (int64_t i = 0; i < mr; i++)
    for (int64_t j = 0; j < nr; j++)
      C[i * ldc + j] = beta == 0.0f ? tile[i * NR + j] : tile[i * NR + j] + beta * C[i * ldc + j];
}

static void scale_c(int64_t M, int64_t N, float *C, int64_t ldc, float beta) {
  for (int64_t i = 0; i < M; i++)
    for (int64_t j = 0; j < N; j++) C[i * ldc + j] = beta == 0.0f ? 0.0f : beta * C[i * ldc + j];
}

static float *aligned_floats(int64_t n, void **raw) {
  *raw = malloc((size_t)n * sizeof(float) + 16);
  if (!*raw) return NULL;
  return (float *)(((uintptr_t)*raw + 15) & ~(uintptr_t)15);
}

int tp_gemm_f32(int64_t M, int64_t N, int64_t K, const float *A, int64_t rsa, int64_t csa,
                const float *B, int64_t rsb, int64_t csb, float *C, int64_t ldc, float beta) {
  if (M == 0 || N == 0) return 0;
  if (K == 0) {
    scale_c(M, N, C, ldc, beta);
    return 0;
  }
  int64_t kcmax = K < KC ? K : KC;
  int64_t ncmax = N < NC ? N : NC, mcmax = M < MC ? M : MC;
  int64_t nbp = ((ncmax + NR - 1) / NR) * NR * kcmax, nap = ((mcmax + MR - 1) / MR) * MR * kcmax;
  void *rawb, *rawa;
  float *bp = aligned_floats(nbp, &rawb);
  if (!bp) return oom(nbp * (int64_t)sizeof(float));
  float *ap = aligned_floats(nap, &rawa);
  if (!ap) {
    free(rawb);
    return oom(nap * (int64_t)sizeof(float));
  }
  for (int64_t jc = 0; jc < N; jc += NC) {
    int64_t nc = N - jc < NC ? N - jc : NC;
    for (int64_t pc = 0; pc < K; pc += KC) {
      int64_t kc = K - pc < KC ? K - pc : KC;
      float bt = pc == 0 ? beta : 1.0f;  /* later K blocks accumulate onto the first */
      pack_b(kc, nc, B + pc * rsb + jc * csb, rsb, csb, bp);
      for (int64_t ic = 0; ic < M; ic += MC) {
        int64_t mc = M - ic < MC ? M - ic : MC;
        pack_a(mc, kc, A + ic * rsa + pc * csa, rsa, csa, ap);
        for (int64_t jr = 0; jr < nc; jr += NR) {
          int64_t nr = nc - jr < NR ? nc - jr : NR;
          const float *bpanel = bp + (jr / NR) * NR * kc;
          for (int64_t ir = 0; ir < mc; ir += MR) {
            int64_t mr = mc - ir < MR ? mc - ir : MR;
            const float *apanel = ap + (ir / MR) * MR * kc;
            float *c = C + (ic + ir) * ldc + jc + jr;
            if (mr == MR && nr == NR) micro_kernel(kc, apanel, bpanel, c, ldc, bt);
            else edge_kernel(kc, apanel, bpanel, c, ldc, bt, mr, nr);
          }
        }
      }
    }
  }
  free(rawa);
  free(rawb);
  return 0;
}

/* ---- float64 and integers: C[i,:] = beta·C[i,:] + sum_k A[i,k]·B[k,:] --------------------
 * Integer products wrap around as PyTorch's do: the arithmetic is done unsigned so that
 * overflow is defined. */
#define GEMM_LOOP(NAME, T, ACC)                                                                \
  int NAME(int64_t M, int64_t N, int64_t K, const T *A, int64_t rsa, int64_t csa, const T *B, \
           int64_t rsb, int64_t csb, T *C, int64_t ldc, T beta) {                              \
    for (int64_t i = 0; i < M; i++) {                                                          \
      T *c = C + i * ldc;                                                                      \
      for (int64_t j = 0; j < N; j++) c[j] = beta == 0 ? (T)0 : (T)((ACC)beta * (ACC)c[j]);    \
      for (int64_t k = 0; k < K; k++) {                                                        \
        ACC a = (ACC)A[i * rsa + k * csa];                                                     \
        const T *b = B + k * rsb;                                                              \
        for (int64_t j = 0; j < N; j++) c[j] = (T)((ACC)c[j] + a * (ACC)b[j * csb]);           \
      }                                                                                        \
    }                                                                                          \
    return 0;                                                                                  \
  }
GEMM_LOOP(tp_gemm_f64, double, double)
GEMM_LOOP(tp_gemm_i64, int64_t, uint64_t)
GEMM_LOOP(tp_gemm_i32, int32_t, uint32_t)
#undef GEMM_LOOP

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
