/* det_inverse.c — small dense linear algebra on float32/float64 matrices, batched over leading
 * dims as PyTorch batches: det, slogdet, logdet, inverse (torch.linalg.det/slogdet/inv).
 * One LU factorisation with partial pivoting, the pivot chosen as LAPACK's getrf chooses it
 * (the first entry of largest magnitude), computed in double for either dtype and rounded
 * once; values agree with PyTorch's LAPACK to float tolerance. Off the hot path: compiled
 * for size, one generic loop. Messages, grad_fn names and logdet's graph are PyTorch 1.13's.
 */
#include <math.h>
#include <stdlib.h>
#include <string.h>
#include "internal.h"
#include "det_inverse_kernels.h"

/* PyTorch's checks, in its order, prefixed by the function's name ("linalg.det"). */
int tp_check_square(const char *fn, const tp_tensor *A) {
  if (A->ndim < 2) return tp_fail_status("%s: The input tensor A must have at least 2 dimensions.", fn);
  if (!tp_dtype_table[A->dtype].is_floating)
    return tp_fail_status("%s: Expected a floating point or complex tensor as input. Got %s", fn, tp_dtype_title(A->dtype));
  int64_t r = A->shape[A->ndim - 2], c = A->shape[A->ndim - 1];
  if (r != c) return tp_fail_status("%s: A must be batches of square matrices, but they are %lld by %lld matrices", fn, (long long)r, (long long)c);
  return 0;
}

/* Number of matrices and the element offset of matrix b (batch dims may have any strides). */
static int64_t batch_count(const tp_tensor *A) { return tp_shape_numel(A->ndim - 2, A->shape); }
static int64_t batch_offset(const tp_tensor *A, int64_t b) {
  int64_t off = 0;
  for (int d = A->ndim - 3; d >= 0; d--) {
    off += (b % A->shape[d]) * A->stride[d];
    b /= A->shape[d];
  }
  return off;
}

/* Matrix b of A into a (n x n, row-major doubles). */
static void load_matrix(const tp_tensor *A, int64_t b, double *a) {
  int64_t n = A->shape[A->ndim - 1], rs = A->stride[A->ndim - 2], cs = A->stride[A->ndim - 1];
  int64_t item = tp_dtype_table[A->dtype].itemsize;
  const char *base = (const char *)tp_ptr((tp_tensor *)A) + batch_offset(A, b) * item;
  for (int64_t i = 0; i < n; i++)
    for (int64_t j = 0; j < n; j++) a[i * n + j] = tp_load_f64(base + (i * rs + j * cs) * item, A->dtype);
}

/* LU in place (getrf): piv[k] = the row swapped with k; *swaps counts the row exchanges.
 * Returns LAPACK's info: the 1-based index of the first exactly zero pivot, else 0. A zero
 * pivot is replaced by eps when perturb is set (PyTorch's det backward for singular A). */
static int64_t lu(double *a, int64_t n, int64_t *piv, int *swaps, double eps) {
  int64_t info = 0;
  *swaps = 0;
  for (int64_t k = 0; k < n; k++) {
    int64_t p = k;
    for (int64_t i = k + 1; i < n; i++)
      if (fabs(a[i * n + k]) > fabs(a[p * n + k])) p = i;
    piv[k] = p;
    if (p != k) {
      (*swaps)++;
      for (int64_t j = 0; j < n; j++) { double t = a[k * n + j]; a[k * n + j] = a[p * n + j]; a[p * n + j] = t; }
    }
    double d = a[k * n + k];
    if (d == 0) {
      if (!info) info = k + 1;
      if (eps == 0) continue;
      d = a[k * n + k] = eps;
    }
    for (int64_t i = k + 1; i < n; i++) {
      double f = a[i * n + k] /= d;
      if (f != 0)
        for (int64_t j = k + 1; j < n; j++) a[i * n + j] -= f * a[k * n + j];
    }
  }
  return info;
}

/* The inverse of the factored a into x (row-major): solves L U x = P e_j column by column. */
static void lu_inverse(const double *a, int64_t n, const int64_t *piv, double *x) {
  double *col = x + n * n;  /* scratch of n after x */
  for (int64_t j = 0; j < n; j++) {
    for (int64_t i = 0; i < n; i++) col[i] = i == j;
    for (int64_t k = 0; k < n; k++)
      if (piv[k] != k) { double t = col[k]; col[k] = col[piv[k]]; col[piv[k]] = t; }
    for (int64_t i = 0; i < n; i++)
      for (int64_t k = 0; k < i; k++) col[i] -= a[i * n + k] * col[k];
    for (int64_t i = n - 1; i >= 0; i--) {
      for (int64_t k = i + 1; k < n; k++) col[i] -= a[i * n + k] * col[k];
      col[i] /= a[i * n + i];
    }
    for (int64_t i = 0; i < n; i++) x[i * n + j] = col[i];
  }
}

/* Runs the LU over every matrix of A. det/slogdet: out0 (det or sign), out1 (logabsdet);
 * inverse: out0 the inverses. Returns -1 (error set) for a singular matrix in WANT_INV. */
int tp_det_inverse_run(const char *fn, tp_tensor *A, int want, tp_tensor *out0, tp_tensor *out1) {
  int64_t n = A->shape[A->ndim - 1], nb = batch_count(A);
  double *a = malloc((size_t)(n * n * 2 + n + 1) * sizeof *a);
  int64_t *piv = malloc((size_t)(n + 1) * sizeof *piv);
  if (!a || !piv) {
    free(a);
    free(piv);
    return tp_fail_status("tensorpad: out of memory");
  }
  double eps = want == WANT_INV_PERTURBED ? (A->dtype == TP_FLOAT32 ? 1.1920928955078125e-07 : 2.220446049250313e-16) : 0;
  int64_t item = tp_dtype_table[A->dtype].itemsize;
  int rc = 0;
  for (int64_t b = 0; b < nb && !rc; b++) {
    load_matrix(A, b, a);
    int swaps;
    int64_t info = lu(a, n, piv, &swaps, eps);
    if (want == WANT_DET || want == WANT_SLOGDET) {
      double det = swaps % 2 ? -1 : 1, sign = det, logabs = 0;
      for (int64_t i = 0; i < n; i++) {
        double d = a[i * n + i];
        det *= d;
        sign *= d > 0 ? 1 : d < 0 ? -1 : 0;
        logabs += log(fabs(d));
      }
      if (want == WANT_DET) {
        tp_store_f64((char *)tp_ptr(out0) + b * item, out0->dtype, det);
      } else {
        tp_store_f64((char *)tp_ptr(out0) + b * item, out0->dtype, sign);
        tp_store_f64((char *)tp_ptr(out1) + b * item, out1->dtype, sign == 0 ? -INFINITY : logabs);
      }
    } else if (info && want == WANT_INV) {
      if (A->ndim > 2)
        rc = tp_fail_status("%s: (Batch element %lld): The diagonal element %lld is zero, the inversion could not be completed "
                            "because the input matrix is singular.", fn, (long long)b, (long long)info);
      else
        rc = tp_fail_status("%s: The diagonal element %lld is zero, the inversion could not be completed because the input "
                            "matrix is singular.", fn, (long long)info);
    } else {
      double *x = a + n * n;
      lu_inverse(a, n, piv, x);
      char *o = (char *)tp_ptr(out0) + b * n * n * item;
      int64_t rs = out0->stride[out0->ndim - 2], cs = out0->stride[out0->ndim - 1];
      for (int64_t i = 0; i < n; i++)
        for (int64_t j = 0; j < n; j++) tp_store_f64(o + (i * rs + j * cs) * item, out0->dtype, x[i * n + j]);
    }
  }
  free(a);
  free(piv);
  return rc;
}

/* A new tensor of A's batch shape (dims [0, ndim - 2)) or, for the inverse, A's shape with
 * each matrix stored column by column, as LAPACK hands PyTorch's result back (strides
 * (9, 1, 3) for a batch of 3x3). */
tp_tensor *tp_new_like_batch(const tp_tensor *A, int keep_matrix) {
  double sizes[TP_MAX_DIMS] = {0};
  int nd = keep_matrix ? A->ndim : A->ndim - 2;
  for (int d = 0; d < nd; d++) sizes[d] = (double)A->shape[d];
  tp_tensor *t = tp_empty(nd, sizes, A->dtype);
  if (t && keep_matrix) {
    t->stride[nd - 2] = 1;
    t->stride[nd - 1] = t->shape[nd - 2];
  }
  return t;
}

