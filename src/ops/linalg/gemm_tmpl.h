/* gemm_tmpl.h — the blocked GEMM for one element type: packing, a generic micro-kernel and
 * the driver. Only gemm.c includes it, once per dtype, after defining:
 *   S (name suffix), T (element type), ACC (arithmetic type: unsigned for integers, so that
 *   overflow wraps as PyTorch's does), MR×NR (register tile);
 *   HAVE_KERNEL if it already defined kernel_S (a SIMD micro-kernel), HAVE_PACK_BT if it
 *   defined pack_bt_S (a fast packer for a B panel stored transposed).
 * Block sizes KC, MC, NC and the helpers oom()/aligned_alloc_bytes() come from gemm.c. */

#define CAT2_(a, b) a##_##b
#define CAT2(a, b) CAT2_(a, b)
#define FN(name) CAT2(name, S)

/* pack_a: rows [0, mc) × cols [0, kc) of A into ceil(mc/MR) panels, each laid out k-major:
 *   dst[p*MR*kc + k*MR + i] = A[p*MR + i, k], zero for rows past mc. */
static void FN(pack_a)(int64_t mc, int64_t kc, const T *A, int64_t rsa, int64_t csa, T *dst) {
  for (int64_t i0 = 0; i0 < mc; i0 += MR, dst += MR * kc) {
    int64_t mr = mc - i0 < MR ? mc - i0 : MR;
    const T *a = A + i0 * rsa;
    if (mr == MR && rsa == 1) {
      /* Aᵀ stored densely (Aᵀ·B): each k is MR consecutive elements. */
      for (int64_t k = 0; k < kc; k++) memcpy(dst + k * MR, a + k * csa, MR * sizeof(T));
    } else if (mr == MR && csa == 1) {
      /* Row-major A: MR streams, each read in order. */
      T *d = dst;
      for (int64_t k = 0; k < kc; k++, d += MR)
        for (int i = 0; i < MR; i++) d[i] = a[i * rsa + k];
    } else {
      for (int64_t k = 0; k < kc; k++) {
        for (int64_t i = 0; i < mr; i++) dst[k * MR + i] = a[i * rsa + k * csa];
        for (int64_t i = mr; i < MR; i++) dst[k * MR + i] = 0;
      }
    }
  }
}

/* pack_b: rows [0, kc) × cols [0, nc) of B into ceil(nc/NR) panels, k-major:
 *   dst[q*NR*kc + k*NR + j] = B[k, q*NR + j], zero for columns past nc. */
static void FN(pack_b)(int64_t kc, int64_t nc, const T *B, int64_t rsb, int64_t csb, T *dst) {
  for (int64_t j0 = 0; j0 < nc; j0 += NR, dst += NR * kc) {
    int64_t nr = nc - j0 < NR ? nc - j0 : NR;
    const T *b = B + j0 * csb;
    if (nr == NR && csb == 1) {
      /* Row-major B: each k is NR consecutive elements. */
      for (int64_t k = 0; k < kc; k++) memcpy(dst + k * NR, b + k * rsb, NR * sizeof(T));
    } else if (nr == NR && rsb == 1) {
      /* Bᵀ stored densely (A·Bᵀ): NR streams along k. */
#ifdef HAVE_PACK_BT
      FN(pack_bt)(kc, b, csb, dst);
#else
      for (int64_t k = 0; k < kc; k++)
        for (int j = 0; j < NR; j++) dst[k * NR + j] = b[j * csb + k];
#endif
    } else {
      for (int64_t k = 0; k < kc; k++) {
        for (int64_t j = 0; j < nr; j++) dst[k * NR + j] = b[k * rsb + j * csb];
        for (int64_t j = nr; j < NR; j++) dst[k * NR + j] = 0;
      }
    }
  }
}

#ifndef HAVE_KERNEL
/* The portable micro-kernel: C[i, j] = acc[i, j] + beta·C[i, j] (C not read when beta is 0). */
static void FN(kernel)(int64_t kc, const T *restrict a, const T *restrict b, T *restrict C, int64_t ldc, T beta) {
  ACC acc[MR][NR] = {{0}};
  for (int64_t k = 0; k < kc; k++, a += MR, b += NR)
    for (int i = 0; i < MR; i++)
      for (int j = 0; j < NR; j++) acc[i][j] += (ACC)a[i] * (ACC)b[j];
  for (int i = 0; i < MR; i++)
    for (int j = 0; j < NR; j++)
      C[i * ldc + j] = beta == 0 ? (T)acc[i][j] : (T)(acc[i][j] + (ACC)beta * (ACC)C[i * ldc + j]);
}
#endif

/* A partial tile at the bottom or right edge: the full tile into scratch, then the mr×nr
 * part that exists. */
static void FN(edge)(int64_t kc, const T *a, const T *b, T *C, int64_t ldc, T beta, int64_t mr, int64_t nr) {
  T tile[MR * NR] __attribute__((aligned(16)));
  FN(kernel)(kc, a, b, tile, NR, 0);
  for (int64_t i = 0; i < mr; i++)
    for (int64_t j = 0; j < nr; j++)
      C[i * ldc + j] = beta == 0 ? tile[i * NR + j] : (T)((ACC)tile[i * NR + j] + (ACC)beta * (ACC)C[i * ldc + j]);
}

static int FN(gemm)(int64_t M, int64_t N, int64_t K, const T *A, int64_t rsa, int64_t csa,
                    const T *B, int64_t rsb, int64_t csb, T *C, int64_t ldc, T beta) {
  if (M == 0 || N == 0) return 0;
  if (K == 0) {  /* an empty sum: C = beta·C */
    for (int64_t i = 0; i < M; i++)
      for (int64_t j = 0; j < N; j++) C[i * ldc + j] = beta == 0 ? 0 : (T)((ACC)beta * (ACC)C[i * ldc + j]);
    return 0;
  }
  /* K is cut into equal blocks (784 = 4 x 196, not 3 x 256 + 16): a thin last block would
   * pay the C tile's load and store for little work. Multiples of 4 suit pack_bt. */
  int64_t nk = (K + KC - 1) / KC, kcmax = nk == 1 ? K : (((K + nk - 1) / nk) + 3) & ~(int64_t)3;
  int64_t ncmax = N < NC ? N : NC, mcmax = M < MC ? M : MC;
  int64_t nbp = ((ncmax + NR - 1) / NR) * NR * kcmax, nap = ((mcmax + MR - 1) / MR) * MR * kcmax;
  /* Small products (the tiny layers of a playground model) pack on the stack: no malloc. */
  T small[SMALL_BYTES / sizeof(T)] __attribute__((aligned(16)));
  void *raw = NULL;
  T *bp = small;
  if ((nbp + nap) * (int64_t)sizeof(T) > SMALL_BYTES) {
    bp = aligned_alloc_bytes((nbp + nap) * (int64_t)sizeof(T), &raw);
    if (!bp) return oom((nbp + nap) * (int64_t)sizeof(T));
  }
  T *ap = bp + nbp;  /* nbp is a multiple of NR·kcmax, so ap stays 16-byte aligned */
  for (int64_t jc = 0; jc < N; jc += NC) {
    int64_t nc = N - jc < NC ? N - jc : NC;
    for (int64_t pc = 0; pc < K; pc += kcmax) {
      int64_t kc = K - pc < kcmax ? K - pc : kcmax;
      T bt = pc == 0 ? beta : 1;  /* later K blocks accumulate onto the first */
      FN(pack_b)(kc, nc, B + pc * rsb + jc * csb, rsb, csb, bp);
      for (int64_t ic = 0; ic < M; ic += MC) {
        int64_t mc = M - ic < MC ? M - ic : MC;
        FN(pack_a)(mc, kc, A + ic * rsa + pc * csa, rsa, csa, ap);
        for (int64_t jr = 0; jr < nc; jr += NR) {
          int64_t nr = nc - jr < NR ? nc - jr : NR;
          const T *bpanel = bp + (jr / NR) * NR * kc;
          for (int64_t ir = 0; ir < mc; ir += MR) {
            int64_t mr = mc - ir < MR ? mc - ir : MR;
            const T *apanel = ap + (ir / MR) * MR * kc;
            T *c = C + (ic + ir) * ldc + jc + jr;
            if (mr == MR && nr == NR) FN(kernel)(kc, apanel, bpanel, c, ldc, bt);
            else FN(edge)(kc, apanel, bpanel, c, ldc, bt, mr, nr);
          }
        }
      }
    }
  }
  free(raw);
  return 0;
}

/* Called through a volatile pointer so that no optimiser (clang's or wasm-opt's, which
 * inlines functions that have one caller) merges the GEMM into a larger function: V8
 * allocates registers per function, and inlined into matmul.c's dispatcher the float32
 * micro-kernel loop measured ~45 instead of ~60 GFLOP/s. */
static int (*volatile FN(gemm_ptr))(int64_t, int64_t, int64_t, const T *, int64_t, int64_t, const T *, int64_t,
                                    int64_t, T *, int64_t, T) = FN(gemm);
int FN(tp_gemm)(int64_t M, int64_t N, int64_t K, const T *A, int64_t rsa, int64_t csa,
                const T *B, int64_t rsb, int64_t csb, T *C, int64_t ldc, T beta) {
  return FN(gemm_ptr)(M, N, K, A, rsa, csa, B, rsb, csb, C, ldc, beta);
}

#undef FN
#undef CAT2
#undef CAT2_
#undef S
#undef T
#undef ACC
#undef MR
#undef NR
#undef HAVE_KERNEL
#undef HAVE_PACK_BT
