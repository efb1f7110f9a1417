/* Matrix-multiply kernels on raw strided operands, shared by matmul.c and the C tests.
 *
 * Every operand is described by a base pointer and a row and a column stride in elements,
 * so transposed, sliced and broadcast (stride 0) operands need no copy: the GEMMs pack
 * them into panels whatever their layout. C is written with row stride ldc and unit
 * column stride: C = A·B + beta·C, and with beta == 0 C is never read (it may be garbage).
 * Every function returns 0, or -1 with an out-of-memory message (C unchanged).
 */
#ifndef TP_GEMM_H
#define TP_GEMM_H

#include <stdint.h>

/* Packed, cache-blocked, register-tiled GEMMs for float32 and float64 (wasm SIMD kernels);
 * a plain loop for the integers, which wrap around on overflow, as PyTorch's do. */
int tp_gemm_f32(int64_t M, int64_t N, int64_t K, const float *A, int64_t rsa, int64_t csa,
                const float *B, int64_t rsb, int64_t csb, float *C, int64_t ldc, float beta);
int tp_gemm_f64(int64_t M, int64_t N, int64_t K, const double *A, int64_t rsa, int64_t csa,
                const double *B, int64_t rsb, int64_t csb, double *C, int64_t ldc, double beta);
int tp_gemm_i64(int64_t M, int64_t N, int64_t K, const int64_t *A, int64_t rsa, int64_t csa,
                const int64_t *B, int64_t rsb, int64_t csb, int64_t *C, int64_t ldc, int64_t beta);
int tp_gemm_i32(int64_t M, int64_t N, int64_t K, const int32_t *A, int64_t rsa, int64_t csa,
                const int32_t *B, int64_t rsb, int64_t csb, int32_t *C, int64_t ldc, int32_t beta);

/* sum_k a[k·inca]·b[k·incb] in float32 (SIMD when both are dense). */
float tp_dot_f32(int64_t n, const float *a, int64_t inca, const float *b, int64_t incb);
/* y[i] = sum_k A[i,k] x[k] (row stride rsa, column stride csa), y with stride incy. */
void tp_gemv_f32(int64_t M, int64_t K, const float *A, int64_t rsa, int64_t csa,
                 const float *x, int64_t incx, float *y, int64_t incy);

#endif
