/* decomp.c — the entry points of src/ops/linalg/decomp.c:
 * each validates, runs the kernel (decomp_kernels.h) and records the autograd node. */
#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include "internal.h"
#include "autograd.h"
#include "derivatives.h"
#include "decomp_kernels.h"

/* The last step of an entry point with n outputs: rc 0 hands them out (out[i] = ts[i]) and
 * gives 0; otherwise each one made so far (not NULL) is released and it gives -1. */
static int hand_out(int rc, int n, tp_tensor *const *ts, tp_tensor **out) {
  for (int i = 0; i < n; i++) {
    if (!rc) out[i] = ts[i];
    else if (ts[i]) tp_tensor_release(ts[i]);
  }
  return rc ? -1 : 0;
}

/* The end of a decomposition with two outputs a, b (QR, eigh): when the kernel succeeded
 * (rc 0) and A requires grad, one node of op saving both outputs, params iv; then out =
 * {a, b}, 0 — or both released and -1. */
static int record_pair(int rc, tp_tensor *A, int op, const char *name, int niv, const int64_t *iv, tp_tensor *a,
                       tp_tensor *b, tp_tensor **out) {
  if (!rc && tp_any_requires_grad(1, &A)) {
    tp_node *nd = tp_node_new(TP_GRAD_DECOMP, op, name, 1, &A, 2);
    if (nd && niv) tp_node_set_iv(nd, niv, iv);
    if (nd) {
      tp_node_set_output(nd, a, 0);
      tp_node_set_output(nd, b, 1);
    }
    rc = !nd || tp_node_save(nd, a, 0) || tp_node_save(nd, b, 1) ? -1 : 0;
    if (nd) tp_node_release(nd);
  }
  tp_tensor *ts[2] = {a, b};
  return hand_out(rc, 2, ts, out);
}

/* X with A X = B: LU with partial pivoting (getrf's pivot choice) of each A, then the two
 * triangular solves per column of B. A vector B (B.ndim == 1, or B's shape is A's without the
 * last dim) gives a vector X. */
TP_API tp_tensor *tp_linalg_solve(tp_tensor *A, tp_tensor *B) {
  const char *fn = "linalg.solve";
  if (!tp_dtype_table[A->dtype].is_floating)
    return tp_fail("%s: Expected a floating point or complex tensor as input. Got %s", fn, tp_dtype_title(A->dtype));
  if (A->dtype != B->dtype)
    return tp_fail("%s: Expected A and B to have the same dtype, but found A of type %s and B of type %s instead", fn,
                   tp_dtype_title(A->dtype), tp_dtype_title(B->dtype));
  if (A->ndim < 2) { tp_fail_ndim(fn); return NULL; }
  int64_t n = A->shape[A->ndim - 1];
  if (A->shape[A->ndim - 2] != n) { tp_fail_square(fn, A); return NULL; }
  int vec = B->ndim == 1 || (B->ndim == A->ndim - 1 && !memcmp(B->shape, A->shape, sizeof(int64_t) * B->ndim));
  int64_t br = vec ? B->shape[B->ndim - 1] : B->ndim >= 2 ? B->shape[B->ndim - 2] : 1;
  if (br != n || (!vec && B->ndim < 2))
    return tp_fail("%s: Incompatible shapes of A and B for the equation AX = B (%lldx%lld and %lldx%lld)", fn, (long long)n,
                   (long long)n, (long long)br, (long long)(vec || B->ndim < 2 ? 1 : B->shape[B->ndim - 1]));
  int64_t k = vec ? 1 : B->shape[B->ndim - 1];
  int nbB = vec ? B->ndim - 1 : B->ndim - 2, nb;
  int64_t batch[TP_MAX_DIMS];
  if (tp_broadcast_batch(B, nbB, A, A->ndim - 2, batch, &nb)) return NULL;
  int64_t nmat = tp_shape_numel(nb, batch);

  /* Views of A and B with the common batch dims (stride 0 where broadcast). */
  double sa[TP_MAX_DIMS], sb[TP_MAX_DIMS];
  for (int d = 0; d < nb; d++) sa[d] = sb[d] = (double)batch[d];
  sa[nb] = sa[nb + 1] = sb[nb] = (double)n;
  sb[nb + 1] = (double)k;
  tp_tensor *B2 = vec ? tp_unsqueeze(B, -1) : (tp_tensor_retain(B), B);
  tp_tensor *Ae = tp_expand(A, nb + 2, sa), *Be = B2 ? tp_expand(B2, nb + 2, sb) : NULL;
  tp_tensor *X = tp_new_colmajor(nb, batch, n, vec ? -1 : k, A->dtype);
  double *a = malloc((size_t)(n * n + n + 1) * sizeof *a);
  int64_t *piv = malloc((size_t)(n + 1) * sizeof *piv);
  int rc = !B2 || !Ae || !Be || !X ? -1 : !a || !piv ? tp_fail_status("tensorpad: out of memory") : 0;
  for (int64_t b = 0; b < nmat && !rc; b++) {
    for (int64_t i = 0; i < n; i++)
      for (int64_t j = 0; j < n; j++) a[i * n + j] = tp_load_f64(tp_decomp_elem(Ae, b, i, j), A->dtype);
    int64_t info = 0;
    for (int64_t c = 0; c < n; c++) {  /* getrf: the first entry of largest magnitude pivots */
      int64_t p = c;
      for (int64_t i = c + 1; i < n; i++)
        if (fabs(a[i * n + c]) > fabs(a[p * n + c])) p = i;
      piv[c] = p;
      if (p != c)
        for (int64_t j = 0; j < n; j++) { double t = a[c * n + j]; a[c * n + j] = a[p * n + j]; a[p * n + j] = t; }
      if (a[c * n + c] == 0) { if (!info) info = c + 1; continue; }
      for (int64_t i = c + 1; i < n; i++) {
        double f = a[i * n + c] /= a[c * n + c];
        if (f != 0)
          for (int64_t j = c + 1; j < n; j++) a[i * n + j] -= f * a[c * n + j];
      }
    }
    if (info) {
      if (nb) rc = tp_fail_status("torch.%s: (Batch element %lld): The solver failed because the input matrix is singular.", fn, (long long)b);
      else rc = tp_fail_status("torch.%s: The solver failed because the input matrix is singular.", fn);
      break;
    }
    double *col = a + n * n;
    for (int64_t j = 0; j < k; j++) {
      for (int64_t i = 0; i < n; i++) col[i] = tp_load_f64(tp_decomp_elem(Be, b, i, j), B->dtype);
      for (int64_t c = 0; c < n; c++)
        if (piv[c] != c) { double t = col[c]; col[c] = col[piv[c]]; col[piv[c]] = t; }
      for (int64_t i = 0; i < n; i++)
        for (int64_t c = 0; c < i; c++) col[i] -= a[i * n + c] * col[c];
      for (int64_t i = n - 1; i >= 0; i--) {
        for (int64_t c = i + 1; c < n; c++) col[i] -= a[i * n + c] * col[c];
        col[i] /= a[i * n + i];
      }
      char *o = (char *)tp_ptr(X) + b * n * k * tp_dtype_table[X->dtype].itemsize;
      for (int64_t i = 0; i < n; i++) tp_store_f64(o + (i + j * n) * tp_dtype_table[X->dtype].itemsize, X->dtype, col[i]);
    }
  }
  free(a);
  free(piv);
  if (B2) tp_tensor_release(B2);
  if (Ae) tp_tensor_release(Ae);
  if (Be) tp_tensor_release(Be);
  if (rc) {
    if (X) tp_tensor_release(X);
    return NULL;
  }
  tp_tensor *ins[2] = {A, B};
  int64_t iv[1] = {vec};
  X = tp_record_kind(TP_GRAD_DECOMP, "LinalgSolveExBackward0", 2, ins, X, 1, iv, 1, &A);
  if (X && X->grad_fn && X->grad_fn->kind == TP_GRAD_DECOMP) {
    X->grad_fn->op = TP_DECOMP_SOLVE;
    if (tp_node_save(X->grad_fn, X, 0)) {
      tp_tensor_release(X);
      return NULL;
    }
  }
  return X;
}

/* ==== cholesky ===============================================================================
 * L with A = L L^T from A's lower triangle (upper: U with A = U^T U from A's upper triangle,
 * which is L of A^T). torch.cholesky (linalg 0) and torch.linalg.cholesky (linalg 1) differ
 * only in their messages and grad_fn names. */
TP_API tp_tensor *tp_cholesky(tp_tensor *A, int upper, int linalg) {
  const char *fn = linalg ? "linalg.cholesky" : "cholesky";
  if (A->ndim < 2) { tp_fail_ndim(fn); return NULL; }
  int64_t n = A->shape[A->ndim - 1];
  if (A->shape[A->ndim - 2] != n) { tp_fail_square(fn, A); return NULL; }
  if (!tp_dtype_table[A->dtype].is_floating) {
    if (linalg) return tp_fail("%s: Expected a floating point or complex tensor as input. Got %s", fn, tp_dtype_title(A->dtype));
    return tp_fail("\"cholesky_cpu\" not implemented for '%s'", tp_dtype_title(A->dtype));
  }
  int nb = A->ndim - 2;
  int64_t nmat = tp_shape_numel(nb, A->shape);
  tp_tensor *L = tp_new_colmajor(nb, A->shape, n, n, A->dtype);
  double *l = malloc((size_t)(n * n + 1) * sizeof *l);
  int rc = !L ? -1 : !l ? tp_fail_status("tensorpad: out of memory") : 0;
  int64_t item = tp_dtype_table[A->dtype].itemsize;
  for (int64_t b = 0; b < nmat && !rc; b++) {
    for (int64_t j = 0; j < n; j++) {  /* column by column (potrf's lower, unblocked) */
      double d = tp_load_f64(tp_decomp_elem(A, b, j, j), A->dtype);
      for (int64_t c = 0; c < j; c++) d -= l[j * n + c] * l[j * n + c];
      if (!(d > 0)) {
        const char *what = "The factorization could not be completed because the input is not positive-definite";
        if (nb) rc = tp_fail_status("%s: (Batch element %lld): %s (the leading minor of order %lld is not positive-definite).", fn, (long long)b, what, (long long)j + 1);
        else rc = tp_fail_status("%s: %s (the leading minor of order %lld is not positive-definite).", fn, what, (long long)j + 1);
        break;
      }
      d = sqrt(d);
      l[j * n + j] = d;
      for (int64_t i = j + 1; i < n; i++) {
        double s = tp_load_f64(upper ? tp_decomp_elem(A, b, j, i) : tp_decomp_elem(A, b, i, j), A->dtype);
        for (int64_t c = 0; c < j; c++) s -= l[i * n + c] * l[j * n + c];
        l[i * n + j] = s / d;
      }
    }
    if (rc) break;
    char *o = (char *)tp_ptr(L) + b * n * n * item;  /* column-major: (i, j) at i + j n */
    for (int64_t i = 0; i < n; i++)
      for (int64_t j = 0; j < n; j++) {
        double v = upper ? (i <= j ? l[j * n + i] : 0) : (j <= i ? l[i * n + j] : 0);
        tp_store_f64(o + (i + j * n) * item, L->dtype, v);
      }
  }
  free(l);
  if (rc) {
    if (L) tp_tensor_release(L);
    return NULL;
  }
  int64_t iv[1] = {upper};
  L = tp_record_kind(TP_GRAD_DECOMP, linalg ? "LinalgCholeskyExBackward0" : "CholeskyBackward0", 1, &A, L, 1, iv, 0, NULL);
  if (L && L->grad_fn && L->grad_fn->kind == TP_GRAD_DECOMP) {
    L->grad_fn->op = TP_DECOMP_CHOLESKY;
    if (tp_node_save(L->grad_fn, L, 0)) {
      tp_tensor_release(L);
      return NULL;
    }
  }
  return L;
}

/* Records X's node: inputs ins (A first), saves (A, then the result), iv = flags. */
static tp_tensor *record_tri(tp_tensor *X, int op, const char *name, int nin, tp_tensor **ins, int flags) {
  int64_t iv[1] = {flags};
  X = tp_record_kind(TP_GRAD_DECOMP, name, nin, ins, X, 1, iv, 1, &ins[0]);
  if (X && X->grad_fn && X->grad_fn->kind == TP_GRAD_DECOMP) {
    X->grad_fn->op = (int16_t)op;
    if (tp_node_save(X->grad_fn, X, 0)) {
      tp_tensor_release(X);
      return NULL;
    }
  }
  return X;
}

TP_API tp_tensor *tp_linalg_solve_triangular(tp_tensor *A, tp_tensor *B, int upper, int left, int unitriangular) {
  const char *fn = "linalg.solve_triangular";
  if (A->ndim < 2) { tp_fail_ndim(fn); return NULL; }
  if (B->ndim < 2) return tp_fail("%s: The input tensor B must have at least 2 dimensions.", fn);
  int64_t n = A->shape[A->ndim - 1];
  if (A->shape[A->ndim - 2] != n) { tp_fail_square(fn, A); return NULL; }
  int64_t bn = B->shape[B->ndim - (left ? 2 : 1)];
  if (bn != n) {
    if (left)
      return tp_fail("%s: Incompatible shapes of A and B for the equation AX = B (%lldx%lld and %lldx%lld)", fn, (long long)n, (long long)n,
                     (long long)B->shape[B->ndim - 2], (long long)B->shape[B->ndim - 1]);
    return tp_fail("%s: Incompatible shapes of A and B for the equation XA = B (%lldx%lld and %lldx%lld)", fn, (long long)n, (long long)n,
                   (long long)B->shape[B->ndim - 2], (long long)B->shape[B->ndim - 1]);
  }
  if (!tp_dtype_table[A->dtype].is_floating) return tp_fail("\"triangular_solve_cpu\" not implemented for '%s'", tp_dtype_title(A->dtype));
  int flags = (upper ? TRI_UPPER : 0) | (left ? 0 : TRI_RIGHT) | (unitriangular ? TRI_UNIT : 0);
  tp_tensor *X = tp_tri_run(A, B, flags);
  tp_tensor *ins[2] = {A, B};
  return X ? record_tri(X, TP_DECOMP_SOLVE_TRIANGULAR, "LinalgSolveTriangularBackward0", 2, ins, flags) : NULL;
}

/* torch.triangular_solve(b, A): (solution, cloned_coefficient), both outputs of one
 * TriangularSolveBackward0 node; the coefficient is A (broadcast to the batch) copied. */
TP_API int tp_triangular_solve(tp_tensor *b, tp_tensor *A, int upper, int transpose, int unitriangular, tp_tensor **out) {
  out[0] = out[1] = NULL;
  if (tp_check_b_A("triangular_solve", "triangular_solve_cpu", b, A)) return -1;
  int flags = (upper ? TRI_UPPER : 0) | (transpose ? TRI_TRANS : 0) | (unitriangular ? TRI_UNIT : 0);
  tp_tensor *X = tp_tri_run(A, b, flags);
  if (!X) return -1;
  int nb = X->ndim - 2;
  int64_t n = A->shape[A->ndim - 1], nmat = tp_shape_numel(nb, X->shape), item = tp_dtype_table[A->dtype].itemsize;
  double sa[TP_MAX_DIMS];
  for (int d = 0; d < nb; d++) sa[d] = (double)X->shape[d];
  sa[nb] = sa[nb + 1] = (double)n;
  tp_tensor *Ae = tp_expand(A, nb + 2, sa), *M = Ae ? tp_new_colmajor(nb, X->shape, n, n, A->dtype) : NULL;
  if (!M) {
    if (Ae) tp_tensor_release(Ae);
    tp_tensor_release(X);
    return -1;
  }
  for (int64_t bb = 0; bb < nmat; bb++)
    for (int64_t i = 0; i < n; i++)
      for (int64_t j = 0; j < n; j++)
        memcpy((char *)tp_ptr(M) + (bb * n * n + i + j * n) * item, tp_decomp_elem(Ae, bb, i, j), (size_t)item);
  tp_tensor_release(Ae);
  tp_tensor *ins[2] = {A, b};
  if (tp_any_requires_grad(2, ins)) {
    tp_node *nd = tp_node_new(TP_GRAD_DECOMP, TP_DECOMP_TRIANGULAR_SOLVE, "TriangularSolveBackward0", 2, ins, 2);
    if (nd) {
      int64_t iv[1] = {flags};
      tp_node_set_iv(nd, 1, iv);
    }
    if (!nd || tp_node_save(nd, A, -1)) {
      if (nd) tp_node_release(nd);
      tp_tensor_release(X);
      tp_tensor_release(M);
      return -1;
    }
    tp_node_set_output(nd, X, 0);
    tp_node_set_output(nd, M, 1);
    if (tp_node_save(nd, X, 0)) {
      tp_node_release(nd);
      tp_tensor_release(X);
      tp_tensor_release(M);
      return -1;
    }
    tp_node_release(nd);
  }
  out[0] = X;
  out[1] = M;
  return 0;
}

/* torch.cholesky_solve(B, L, upper): X with (L L^T) X = B (U^T U with upper). */
TP_API tp_tensor *tp_cholesky_solve(tp_tensor *B, tp_tensor *L, int upper) {
  if (tp_check_b_A("cholesky_solve", "cholesky_solve_cpu", B, L)) return NULL;
  int flags = TRI_CHOL | (upper ? TRI_UPPER : 0);
  tp_tensor *X = tp_tri_run(L, B, flags);
  tp_tensor *ins[2] = {L, B};
  return X ? record_tri(X, TP_DECOMP_CHOLESKY_SOLVE, "CholeskySolveBackward0", 2, ins, flags) : NULL;
}

/* torch.cholesky_inverse(L, upper): (L L^T)^-1; a zero on L's diagonal is an error. */
TP_API tp_tensor *tp_cholesky_inverse(tp_tensor *L, int upper) {
  const char *fn = "cholesky_inverse";
  if (L->ndim < 2) { tp_fail_ndim(fn); return NULL; }
  int64_t n = L->shape[L->ndim - 1];
  if (L->shape[L->ndim - 2] != n) { tp_fail_square(fn, L); return NULL; }
  if (!tp_dtype_table[L->dtype].is_floating) return tp_fail("\"cholesky_inverse_out_cpu\" not implemented for '%s'", tp_dtype_title(L->dtype));
  int nb = L->ndim - 2;
  int64_t nmat = tp_shape_numel(nb, L->shape);
  for (int64_t b = 0; b < nmat; b++)
    for (int64_t i = 0; i < n; i++)
      if (tp_load_f64(tp_decomp_elem(L, b, i, i), L->dtype) == 0) {
        if (nb)
          return tp_fail("%s: (Batch element %lld): The diagonal element %lld is zero, the inversion could not be completed because the "
                         "input matrix is singular.", fn, (long long)b, (long long)i + 1);
        return tp_fail("%s: The diagonal element %lld is zero, the inversion could not be completed because the input matrix is singular.",
                       fn, (long long)i + 1);
      }
  tp_tensor *I = tp_eye((double)n, (double)n, L->dtype);
  tp_tensor *X = I ? tp_tri_run(L, I, TRI_CHOL | (upper ? TRI_UPPER : 0)) : NULL;
  if (I) tp_tensor_release(I);
  return X ? record_tri(X, TP_DECOMP_CHOLESKY_INVERSE, "CholeskyInverseBackward0", 1, &L, upper) : NULL;
}

/* out: LU, pivots, info (int32, A's batch shape). linalg: linalg.lu_factor's messages and its
 * error for a zero pivot; else torch.lu's. */
TP_API int tp_lu_factor(tp_tensor *A, int linalg, tp_tensor **out) {
  out[0] = out[1] = out[2] = NULL;
  const char *fn = linalg ? "torch.linalg.lu_factor" : "torch.lu_factor";
  if (A->ndim < 2) {
    char dims[256];
    int len = 0;
    for (int d = 0; d < A->ndim && len < 200; d++) len += tp_snprintf(dims + len, sizeof dims - (size_t)len, "%s%lld", d ? ", " : "", (long long)A->shape[d]);
    dims[len] = 0;
    return tp_fail_status("torch.lu_factor: Expected tensor with 2 or more dimensions. Got size: [%s] instead", dims);
  }
  if (!tp_dtype_table[A->dtype].is_floating) return tp_fail_status("\"lu_cpu\" not implemented for '%s'", tp_dtype_title(A->dtype));
  int nb = A->ndim - 2;
  int64_t m = A->shape[nb], n = A->shape[nb + 1], k = m < n ? m : n, nmat = tp_shape_numel(nb, A->shape);
  double psz[TP_MAX_DIMS];
  for (int d = 0; d < nb; d++) psz[d] = (double)A->shape[d];
  psz[nb] = (double)k;
  tp_tensor *LU = tp_new_colmajor(nb, A->shape, m, n, A->dtype);
  tp_tensor *P = LU ? tp_empty(nb + 1, psz, TP_INT32) : NULL;
  tp_tensor *I = P ? tp_empty(nb, psz, TP_INT32) : NULL;
  double *a = I ? malloc((size_t)(m * n + 1) * sizeof *a) : NULL;
  int rc = !I ? -1 : !a ? tp_fail_status("tensorpad: out of memory") : 0;
  int64_t item = tp_dtype_table[A->dtype].itemsize;
  for (int64_t b = 0; b < nmat && !rc; b++) {
    for (int64_t i = 0; i < m; i++)
      for (int64_t j = 0; j < n; j++) a[i * n + j] = tp_load_f64(tp_decomp_elem(A, b, i, j), A->dtype);
    int32_t *piv = (int32_t *)tp_ptr(P) + b * k;
    int64_t info = tp_decomp_getrf(a, m, n, piv);
    ((int32_t *)tp_ptr(I))[b] = (int32_t)info;
    if (info && linalg) {
      const char *tail = "is zero and using it on lu_solve would result in a division by zero. If you still want to perform the "
                         "factorization, consider calling linalg.lu(A, pivot) or linalg.lu_factor_ex(A, pivot)";
      if (nb) rc = tp_fail_status("%s: (Batch element %lld): U[%lld,%lld] %s", fn, (long long)b, (long long)info, (long long)info, tail);
      else rc = tp_fail_status("%s: U[%lld,%lld] %s", fn, (long long)info, (long long)info, tail);
    }
    char *o = (char *)tp_ptr(LU) + b * m * n * item;
    for (int64_t i = 0; i < m; i++)
      for (int64_t j = 0; j < n; j++) tp_store_f64(o + (i + j * m) * item, A->dtype, a[i * n + j]);
  }
  free(a);
  if (!rc && tp_any_requires_grad(1, &A)) {
    tp_node *nd = tp_node_new(TP_GRAD_DECOMP, TP_DECOMP_LU_FACTOR, "LinalgLuFactorExBackward0", 1, &A, 1);
    rc = !nd || tp_node_save(nd, P, -1) ? -1 : 0;
    if (!rc) {
      tp_node_set_output(nd, LU, 0);
      rc = tp_node_save(nd, LU, 0);
    }
    if (nd) tp_node_release(nd);
  }
  tp_tensor *ts[3] = {LU, P, I};
  return hand_out(rc, 3, ts, out);
}

/* X with A X = B (adjoint: A^T X = B) for A = P L U given as (LU, pivots). */
TP_API tp_tensor *tp_lu_solve(tp_tensor *LU, tp_tensor *piv, tp_tensor *B, int adjoint) {
  const char *fn = "linalg.lu_solve";
  if (LU->ndim < 2) { tp_fail_ndim(fn); return NULL; }
  if (B->ndim < 2) return tp_fail("%s: The input tensor B must have at least 2 dimensions.", fn);
  int64_t n = LU->shape[LU->ndim - 1];
  if (LU->shape[LU->ndim - 2] != n) { tp_fail_square("torch.linalg.lu_solve", LU); return NULL; }
  if (B->shape[B->ndim - 2] != n)
    return tp_fail("%s: Incompatible shapes of A and B for the equation AX = B (%lldx%lld and %lldx%lld)", fn, (long long)n, (long long)n,
                   (long long)B->shape[B->ndim - 2], (long long)B->shape[B->ndim - 1]);
  if (LU->dtype != B->dtype)
    return tp_fail("%s: Expected LU and B to have the same dtype, but found LU of type %s and B of type %s instead", fn,
                   tp_dtype_title(LU->dtype), tp_dtype_title(B->dtype));
  if (piv->dtype != TP_INT32) return tp_fail("%s: pivots should be a Tensor of scalar type torch.int32", fn);
  if (!tp_dtype_table[LU->dtype].is_floating)
    return tp_fail("torch.%s: Expected a floating point or complex tensor as input. Got %s", fn, tp_dtype_title(LU->dtype));
  if (piv->ndim != LU->ndim - 1 || piv->shape[piv->ndim - 1] != n || memcmp(piv->shape, LU->shape, sizeof(int64_t) * (size_t)(LU->ndim - 2)))
    return tp_fail("%s: Expected LU.shape[:-1] and pivots.shape to be the same, but got pivots with shape [...] instead", fn);
  int nb;
  int64_t batch[TP_MAX_DIMS];
  if (tp_broadcast_batch(B, B->ndim - 2, LU, LU->ndim - 2, batch, &nb)) return NULL;
  int64_t k = B->shape[B->ndim - 1], nmat = tp_shape_numel(nb, batch);
  double sa[TP_MAX_DIMS], sb[TP_MAX_DIMS], sp[TP_MAX_DIMS];
  for (int d = 0; d < nb; d++) sa[d] = sb[d] = sp[d] = (double)batch[d];
  sa[nb] = sa[nb + 1] = sb[nb] = sp[nb] = (double)n;
  sb[nb + 1] = (double)k;
  tp_tensor *Le = tp_expand(LU, nb + 2, sa), *Be = Le ? tp_expand(B, nb + 2, sb) : NULL, *Pe = Be ? tp_expand(piv, nb + 1, sp) : NULL;
  tp_tensor *X = Pe ? tp_new_colmajor(nb, batch, n, k, LU->dtype) : NULL;
  double *a = X ? malloc((size_t)(n * n + n + 1) * sizeof *a) : NULL;
  int rc = !X ? -1 : !a ? tp_fail_status("tensorpad: out of memory") : 0;
  int64_t item = X ? tp_dtype_table[X->dtype].itemsize : 0;
  for (int64_t b = 0; b < nmat && !rc; b++) {
    for (int64_t i = 0; i < n; i++)
      for (int64_t j = 0; j < n; j++) a[i * n + j] = tp_load_f64(tp_decomp_elem(Le, b, i, j), LU->dtype);
    /* pivot c of matrix b (Pe's batch dims may be broadcast) */
    int64_t poff = 0, bb = b;
    for (int d = nb - 1; d >= 0; d--) { poff += (bb % Pe->shape[d]) * Pe->stride[d]; bb /= Pe->shape[d]; }
    const int32_t *pv = (const int32_t *)tp_ptr(Pe) + poff;
    int64_t ps = Pe->stride[nb];
    double *col = a + n * n;
    char *o = (char *)tp_ptr(X) + b * n * k * item;
    for (int64_t c = 0; c < k; c++) {
      for (int64_t i = 0; i < n; i++) col[i] = tp_load_f64(tp_decomp_elem(Be, b, i, c), B->dtype);
      if (!adjoint) {  /* P^T b, then L, then U */
        for (int64_t i = 0; i < n; i++) {
          int64_t p = pv[i * ps] - 1;
          if (p != i && p >= 0 && p < n) { double t = col[i]; col[i] = col[p]; col[p] = t; }
        }
        tp_decomp_trsv(a, n, 0, 0, 1, col);
        tp_decomp_trsv(a, n, 1, 0, 0, col);
      } else {  /* U^T, then L^T, then P */
        tp_decomp_trsv(a, n, 1, 1, 0, col);
        tp_decomp_trsv(a, n, 0, 1, 1, col);
        for (int64_t i = n - 1; i >= 0; i--) {
          int64_t p = pv[i * ps] - 1;
          if (p != i && p >= 0 && p < n) { double t = col[i]; col[i] = col[p]; col[p] = t; }
        }
      }
      for (int64_t i = 0; i < n; i++) tp_store_f64(o + (i + c * n) * item, X->dtype, col[i]);
    }
  }
  free(a);
  if (Le) tp_tensor_release(Le);
  if (Be) tp_tensor_release(Be);
  if (Pe) tp_tensor_release(Pe);
  if (rc) {
    if (X) tp_tensor_release(X);
    return NULL;
  }
  tp_tensor *ins[2] = {LU, B};
  if (!tp_any_requires_grad(2, ins)) return X;
  tp_node *nd = tp_node_new(TP_GRAD_DECOMP, TP_DECOMP_LU_SOLVE, "LinalgLuSolveBackward0", 2, ins, 1);
  int64_t iv[1] = {adjoint};
  if (nd) tp_node_set_iv(nd, 1, iv);
  rc = !nd || tp_node_save(nd, LU, -1) || tp_node_save(nd, piv, -1) ? -1 : 0;
  if (!rc) {
    tp_node_set_output(nd, X, 0);
    rc = tp_node_save(nd, X, 0);
  }
  if (nd) tp_node_release(nd);
  if (rc) {
    tp_tensor_release(X);
    return NULL;
  }
  return X;
}

/* ==== QR: torch.linalg.qr / torch.qr / Tensor.qr =============================================
 * Householder as LAPACK's geqrf + orgqr do it, so the signs are PyTorch's: for column j,
 * beta = -sign(a_jj) * ||a_j:,j||, R_jj = beta (a column already zero below the diagonal is
 * left alone: tau = 0); Q = H_0 H_1 ... H_{k-1} applied to the identity's first columns.
 * mode: 0 'reduced', 1 'complete', 2 'r' (Q is an empty tensor). */
TP_API int tp_linalg_qr(tp_tensor *A, int mode, tp_tensor **out) {
  out[0] = out[1] = NULL;
  const char *fn = "linalg.qr";
  if (A->ndim < 2) return tp_fail_ndim(fn);
  if (!tp_dtype_table[A->dtype].is_floating)
    return tp_fail_status("%s: Expected a floating point or complex tensor as input. Got %s", fn, tp_dtype_title(A->dtype));
  int nb = A->ndim - 2;
  int64_t m = A->shape[nb], n = A->shape[nb + 1], k = m < n ? m : n, nmat = tp_shape_numel(nb, A->shape);
  int64_t qc = mode == 1 ? m : k, rr = mode == 1 ? m : k;
  tp_tensor *Q = mode == 2 ? tp_empty(1, (double[]){0}, A->dtype) : tp_new_colmajor(nb, A->shape, m, qc, A->dtype);
  tp_tensor *R = Q ? tp_new_colmajor(nb, A->shape, rr, n, A->dtype) : NULL;
  double *a = R ? malloc((size_t)(m * n + m * m + k + 1) * sizeof *a) : NULL;
  int rc = !R ? -1 : !a ? tp_fail_status("tensorpad: out of memory") : 0;
  int64_t item = tp_dtype_table[A->dtype].itemsize;
  for (int64_t b = 0; b < nmat && !rc; b++) {
    double *q = a + m * n, *tau = q + m * m;
    for (int64_t i = 0; i < m; i++)
      for (int64_t j = 0; j < n; j++) a[i * n + j] = tp_load_f64(tp_decomp_elem(A, b, i, j), A->dtype);
    tp_decomp_geqrf(a, m, n, tau);
    char *ro = (char *)tp_ptr(R) + b * rr * n * item;
    for (int64_t i = 0; i < rr; i++)
      for (int64_t j = 0; j < n; j++) tp_store_f64(ro + (i + j * rr) * item, A->dtype, j >= i && i < k ? a[i * n + j] : 0);
    if (mode == 2) continue;
    for (int64_t i = 0; i < m; i++)  /* orgqr: q (m x qc, row stride m) = H_0 ... H_{k-1} I */
      for (int64_t c = 0; c < qc; c++) q[i * m + c] = i == c;
    for (int64_t j = k - 1; j >= 0; j--) {
      if (tau[j] == 0) continue;
      for (int64_t c = 0; c < qc; c++) {
        double w = q[j * m + c];
        for (int64_t i = j + 1; i < m; i++) w += a[i * n + j] * q[i * m + c];
        w *= tau[j];
        q[j * m + c] -= w;
        for (int64_t i = j + 1; i < m; i++) q[i * m + c] -= w * a[i * n + j];
      }
    }
    char *qo = (char *)tp_ptr(Q) + b * m * qc * item;
    for (int64_t i = 0; i < m; i++)
      for (int64_t c = 0; c < qc; c++) tp_store_f64(qo + (i + c * m) * item, A->dtype, q[i * m + c]);
  }
  free(a);
  int64_t iv[1] = {mode};
  return record_pair(rc, A, TP_DECOMP_QR, "LinalgQrBackward0", 1, iv, Q, R, out);
}

/* ==== eigh: torch.linalg.eigh / eigvalsh =====================================================
 * Cyclic Jacobi rotations in double on the symmetric matrix built from A's lower (upper)
 * triangle, until the off-diagonal part is negligible; eigenvalues ascending. Eigenvectors
 * are unique only up to sign (and within repeated eigenvalues): they may differ from
 * LAPACK's by a sign, as the docs say. */
TP_API int tp_linalg_eigh(tp_tensor *A, int upper, tp_tensor **out) {
  out[0] = out[1] = NULL;
  const char *fn = "linalg.eigh";
  if (A->ndim < 2) return tp_fail_ndim(fn);
  int nb = A->ndim - 2;
  int64_t n = A->shape[nb + 1], nmat = tp_shape_numel(nb, A->shape);
  if (A->shape[nb] != n) return tp_fail_square(fn, A);
  if (!tp_dtype_table[A->dtype].is_floating) return tp_fail_status("\"linalg_eigh_cpu\" not implemented for '%s'", tp_dtype_title(A->dtype));
  double sz[TP_MAX_DIMS];
  for (int d = 0; d <= nb; d++) sz[d] = (double)A->shape[d];
  tp_tensor *Lm = tp_empty(nb + 1, sz, A->dtype), *V = Lm ? tp_new_colmajor(nb, A->shape, n, n, A->dtype) : NULL;
  double *a = V ? malloc((size_t)(2 * n * n + n + 1) * sizeof *a) : NULL;
  int64_t *ord = a ? malloc((size_t)(n + 1) * sizeof *ord) : NULL;
  int rc = !V ? -1 : !ord ? tp_fail_status("tensorpad: out of memory") : 0;
  int64_t item = tp_dtype_table[A->dtype].itemsize;
  for (int64_t b = 0; b < nmat && !rc; b++) {
    double *v = a + n * n;
    for (int64_t i = 0; i < n; i++)
      for (int64_t j = 0; j <= i; j++) {
        double x = tp_load_f64(upper ? tp_decomp_elem(A, b, j, i) : tp_decomp_elem(A, b, i, j), A->dtype);
        a[i * n + j] = a[j * n + i] = x;
      }
    for (int64_t i = 0; i < n * n; i++) v[i] = i % (n + 1) == 0;
    for (int sweep = 0; sweep < 100; sweep++) {
      double off = 0, tot = 0;
      for (int64_t i = 0; i < n; i++)
        for (int64_t j = 0; j < n; j++) { tot += a[i * n + j] * a[i * n + j]; if (i != j) off += a[i * n + j] * a[i * n + j]; }
      if (off <= 1e-32 * tot || off == 0) break;
      for (int64_t p = 0; p < n; p++)
        for (int64_t q = p + 1; q < n; q++) {
          double apq = a[p * n + q];
          if (apq == 0) continue;
          double th = (a[q * n + q] - a[p * n + p]) / (2 * apq);
          double t = (th >= 0 ? 1 : -1) / (fabs(th) + sqrt(th * th + 1));
          double c = 1 / sqrt(t * t + 1), s = t * c;
          for (int64_t k = 0; k < n; k++) {  /* A <- A J (columns p, q) */
            double x = a[k * n + p], y = a[k * n + q];
            a[k * n + p] = c * x - s * y;
            a[k * n + q] = s * x + c * y;
          }
          for (int64_t k = 0; k < n; k++) {  /* A <- J^T A (rows p, q) */
            double x = a[p * n + k], y = a[q * n + k];
            a[p * n + k] = c * x - s * y;
            a[q * n + k] = s * x + c * y;
          }
          for (int64_t k = 0; k < n; k++) {  /* V <- V J */
            double x = v[k * n + p], y = v[k * n + q];
            v[k * n + p] = c * x - s * y;
            v[k * n + q] = s * x + c * y;
          }
        }
    }
    for (int64_t i = 0; i < n; i++) ord[i] = i;
    for (int64_t i = 1; i < n; i++)  /* insertion sort by eigenvalue, stable */
      for (int64_t j = i; j > 0 && a[ord[j] * (n + 1)] < a[ord[j - 1] * (n + 1)]; j--) { int64_t t = ord[j]; ord[j] = ord[j - 1]; ord[j - 1] = t; }
    char *lo = (char *)tp_ptr(Lm) + b * n * item, *vo = (char *)tp_ptr(V) + b * n * n * item;
    for (int64_t c = 0; c < n; c++) {
      tp_store_f64(lo + c * item, A->dtype, a[ord[c] * (n + 1)]);
      for (int64_t i = 0; i < n; i++) tp_store_f64(vo + (i + c * n) * item, A->dtype, v[i * n + ord[c]]);
    }
  }
  free(a);
  free(ord);
  return record_pair(rc, A, TP_DECOMP_EIGH, "LinalgEighBackward0", 0, NULL, Lm, V, out);
}

/* out: U, S, Vh. compute_uv: 0 (U, Vh empty), 1, or 2 (as 1 when A requires grad: svdvals). */
TP_API int tp_linalg_svd(tp_tensor *A, int full_matrices, int compute_uv, tp_tensor **out) {
  out[0] = out[1] = out[2] = NULL;
  const char *fn = "linalg.svd";
  if (A->ndim < 2) return tp_fail_ndim(fn);
  if (!tp_dtype_table[A->dtype].is_floating)
    return tp_fail_status("%s: Expected a floating point or complex tensor as input. Got %s", fn, tp_dtype_title(A->dtype));
  int grad = tp_any_requires_grad(1, &A);
  if (compute_uv == 2) compute_uv = grad;
  if (!compute_uv) full_matrices = 0;
  int nb = A->ndim - 2;
  int64_t m = A->shape[nb], n = A->shape[nb + 1], k = m < n ? m : n, nmat = tp_shape_numel(nb, A->shape);
  int64_t uc = full_matrices ? m : k, vr = full_matrices ? n : k;
  int trans = m < n;
  int64_t M = trans ? n : m, N = k, UC = trans ? vr : uc;  /* B = A or A^T: M x N, its U has UC columns */
  double ssz[TP_MAX_DIMS];
  for (int d = 0; d < nb; d++) ssz[d] = (double)A->shape[d];
  ssz[nb] = (double)k;
  tp_tensor *S = tp_empty(nb + 1, ssz, A->dtype), *U = NULL, *Vh = NULL;
  if (S && compute_uv) {
    U = tp_new_colmajor(nb, A->shape, m, uc, A->dtype);
    Vh = U ? tp_new_colmajor(nb, A->shape, vr, n, A->dtype) : NULL;
  } else if (S) {
    U = tp_empty(1, (double[]){0}, A->dtype);
    Vh = U ? tp_empty(1, (double[]){0}, A->dtype) : NULL;
  }
  size_t need = (size_t)(M * N + M * UC + N + N * N + 3 * N + M + 1);
  double *a = Vh ? malloc(need * sizeof *a) : NULL;
  int rc = !Vh ? -1 : !a ? tp_fail_status("tensorpad: out of memory") : 0;
  int64_t item = tp_dtype_table[A->dtype].itemsize;
  for (int64_t b = 0; b < nmat && !rc; b++) {
    double *bm = a, *u = bm + M * N, *s = u + M * UC, *v = s + N, *w = v + N * N;
    int nan = 0, inf = 0;
    for (int64_t i = 0; i < m; i++)
      for (int64_t j = 0; j < n; j++) {
        double x = tp_load_f64(tp_decomp_elem(A, b, i, j), A->dtype);
        nan |= x != x;
        inf |= isinf(x);
        bm[trans ? j * N + i : i * N + j] = x;
      }
    if (nan) {
      const char *what = "The algorithm failed to converge because the input matrix contained non-finite values.";
      if (nb) rc = tp_fail_status("%s: (Batch element %lld): %s", fn, (long long)b, what);
      else rc = tp_fail_status("%s: %s", fn, what);
      break;
    }
    if (inf) {  /* LAPACK gives NaN singular values (no error) */
      for (int64_t i = 0; i < M * N; i++) bm[i] = 0;
      tp_svd_jacobi(bm, M, N, UC, u, s, v, w);
      for (int64_t j = 0; j < N; j++) s[j] = NAN;
    } else {
      tp_svd_jacobi(bm, M, N, UC, u, s, v, w);
    }
    char *so = (char *)tp_ptr(S) + b * k * item;
    for (int64_t j = 0; j < k; j++) tp_store_f64(so + j * item, A->dtype, s[j]);
    if (!compute_uv) continue;
    /* A = u S v^T (not trans) or v S u^T (trans) */
    char *uo = (char *)tp_ptr(U) + b * m * uc * item, *vo = (char *)tp_ptr(Vh) + b * vr * n * item;
    for (int64_t i = 0; i < m; i++)
      for (int64_t j = 0; j < uc; j++) tp_store_f64(uo + (i + j * m) * item, A->dtype, trans ? v[i * N + j] : u[i * UC + j]);
    for (int64_t i = 0; i < vr; i++)
      for (int64_t j = 0; j < n; j++) tp_store_f64(vo + (i + j * vr) * item, A->dtype, trans ? u[j * UC + i] : v[j * N + i]);
  }
  free(a);
  if (!rc && grad) {
    tp_node *nd = tp_node_new(TP_GRAD_DECOMP, TP_DECOMP_SVD, "LinalgSvdBackward0", 1, &A, 3);
    int64_t iv[1] = {full_matrices};
    if (nd) {
      tp_node_set_iv(nd, 1, iv);
      tp_node_set_output(nd, U, 0);
      tp_node_set_output(nd, S, 1);
      tp_node_set_output(nd, Vh, 2);
    }
    rc = !nd || tp_node_save(nd, U, 0) || tp_node_save(nd, S, 1) || tp_node_save(nd, Vh, 2) ? -1 : 0;
    if (nd) tp_node_release(nd);
  }
  tp_tensor *ts[3] = {U, S, Vh};
  return hand_out(rc, 3, ts, out);
}

/* ==== pinv: torch.linalg.pinv / torch.pinverse / Tensor.pinverse ============================
 * V diag(1/s where s > tol, else 0) U^T from the SVD above (hermitian: of the symmetric matrix
 * from A's lower triangle, whose singular values are |eigenvalues|, as PyTorch's eigh path
 * gives), tol = max(atol, rtol * s_max); atol/rtol NaN: not given (PyTorch's defaults: atol 0,
 * rtol eps * max(m, n), or 0 when atol > 0). One LinalgPinvBackward0 node (self, result). */
TP_API tp_tensor *tp_linalg_pinv(tp_tensor *A, double atol, double rtol, int hermitian) {
  if (A->ndim < 2 || (A->dtype != TP_FLOAT32 && A->dtype != TP_FLOAT64)) {
    char dims[256];
    int len = 0;
    for (int d = 0; d < A->ndim && len < 200; d++) len += tp_snprintf(dims + len, sizeof dims - (size_t)len, "%s%lld", d ? ", " : "", (long long)A->shape[d]);
    dims[len] = 0;
    return tp_fail("linalg.pinv(%s{[%s]}): expected a tensor with 2 or more dimensions of float, double, cfloat or cdouble types",
                   tp_dtype_title(A->dtype), dims);
  }
  int nb = A->ndim - 2;
  int64_t m = A->shape[nb], n = A->shape[nb + 1], k = m < n ? m : n, nmat = tp_shape_numel(nb, A->shape);
  if (hermitian && m != n) { tp_fail_square("linalg.eigh", A); return NULL; }
  double eps = A->dtype == TP_FLOAT32 ? 1.1920928955078125e-07 : 2.220446049250313e-16;
  if (rtol != rtol) rtol = atol == atol && atol > 0 ? 0 : eps * (double)(m > n ? m : n);
  if (atol != atol) atol = 0;
  double sz[TP_MAX_DIMS];
  for (int d = 0; d < nb; d++) sz[d] = (double)A->shape[d];
  sz[nb] = (double)n;
  sz[nb + 1] = (double)m;
  tp_tensor *P = tp_empty(nb + 2, sz, A->dtype);
  int trans = m < n;
  int64_t M = trans ? n : m, N = k;
  double *a = P ? malloc((size_t)(2 * M * N + N + N * N + 3 * N + M + n * m + 1) * sizeof *a) : NULL;
  int rc = !P ? -1 : !a ? tp_fail_status("tensorpad: out of memory") : 0;
  int64_t item = tp_dtype_table[A->dtype].itemsize;
  for (int64_t b = 0; b < nmat && !rc; b++) {
    double *bm = a, *u = bm + M * N, *s = u + M * N, *v = s + N, *w = v + N * N;
    for (int64_t i = 0; i < m; i++)
      for (int64_t j = 0; j < n; j++) {
        double x = tp_load_f64(hermitian && j > i ? tp_decomp_elem(A, b, j, i) : tp_decomp_elem(A, b, i, j), A->dtype);
        bm[trans ? j * N + i : i * N + j] = x;
      }
    tp_svd_jacobi(bm, M, N, N, u, s, v, w);
    int f32 = A->dtype == TP_FLOAT32;
    double smax = N ? (f32 ? (double)(float)s[0] : s[0]) : 0, *pm = w + 3 * N + M;
    tp_pinv_of_svd(u, v, s, trans, m, n, N, fmax(atol, rtol * smax), f32, pm);
    char *o = (char *)tp_ptr(P) + b * n * m * item;
    for (int64_t i = 0; i < n * m; i++) tp_store_f64(o + i * item, A->dtype, pm[i]);
  }
  free(a);
  if (rc) {
    if (P) tp_tensor_release(P);
    return NULL;
  }
  P = tp_record_kind(TP_GRAD_DECOMP, "LinalgPinvBackward0", 1, &A, P, 0, NULL, 1, &A);
  if (P && P->grad_fn && P->grad_fn->kind == TP_GRAD_DECOMP) {
    P->grad_fn->op = TP_DECOMP_PINV;
    if (tp_node_save(P->grad_fn, P, 0)) {
      tp_tensor_release(P);
      return NULL;
    }
  }
  return P;
}

/* ==== matrix_exp: torch.linalg.matrix_exp / torch.matrix_exp / Tensor.matrix_exp ============
 * Scaling and squaring in double: X = A / 2^s with ||X||_1 <= 1.09 (the degree-18 bound
 * PyTorch uses for double), exp(X) by its Taylor polynomial of degree 18 (Horner), squared s
 * times; within float tolerance of PyTorch's Bader-Blanes-Casas evaluation. The backward is
 * the top-right block of exp([[A^T, g], [0, A^T]]) (derivatives.c). */
TP_API tp_tensor *tp_linalg_matrix_exp(tp_tensor *A) {
  const char *fn = "linalg.matrix_exp";
  if (A->ndim < 2) { tp_fail_ndim(fn); return NULL; }
  int nb = A->ndim - 2;
  int64_t n = A->shape[nb + 1], nmat = tp_shape_numel(nb, A->shape);
  if (A->shape[nb] != n) { tp_fail_square(fn, A); return NULL; }
  if (!tp_dtype_table[A->dtype].is_floating)
    return tp_fail("matrix_exp: Expected a floating point or complex tensor as input. Got %s", tp_dtype_title(A->dtype));
  double sz[TP_MAX_DIMS];
  for (int d = 0; d < nb + 2; d++) sz[d] = (double)A->shape[d];
  tp_tensor *R = tp_empty(nb + 2, sz, A->dtype);
  double *x = R ? malloc((size_t)(3 * n * n + 1) * sizeof *x) : NULL;
  int rc = !R ? -1 : !x ? tp_fail_status("tensorpad: out of memory") : 0;
  int64_t item = tp_dtype_table[A->dtype].itemsize;
  for (int64_t b = 0; b < nmat && !rc; b++) {
    double *p = x + n * n, *t = p + n * n, norm = 0;
    for (int64_t i = 0; i < n; i++)
      for (int64_t j = 0; j < n; j++) x[i * n + j] = tp_load_f64(tp_decomp_elem(A, b, i, j), A->dtype);
    for (int64_t j = 0; j < n; j++) {
      double c = 0;
      for (int64_t i = 0; i < n; i++) c += fabs(x[i * n + j]);
      norm = fmax(norm, c);
    }
    double e = norm > 1.090863719290036 ? ceil(log2(norm / 1.090863719290036)) : 0;
    int sq = e > 1000 ? 1000 : (int)e;  /* inf or huge: the squarings overflow as PyTorch's do */
    double f = ldexp(1.0, -sq);
    for (int64_t i = 0; i < n * n; i++) { x[i] *= f; p[i] = i % (n + 1) == 0; }
    for (int deg = 18; deg >= 1; deg--) {  /* p = I + x p / deg */
      for (int64_t i = 0; i < n; i++)
        for (int64_t j = 0; j < n; j++) {
          double acc = 0;
          for (int64_t c = 0; c < n; c++) acc += x[i * n + c] * p[c * n + j];
          t[i * n + j] = acc / deg + (i == j);
        }
      memcpy(p, t, (size_t)(n * n) * sizeof *p);
    }
    for (int r = 0; r < sq; r++) {
      for (int64_t i = 0; i < n; i++)
        for (int64_t j = 0; j < n; j++) {
          double acc = 0;
          for (int64_t c = 0; c < n; c++) acc += p[i * n + c] * p[c * n + j];
          t[i * n + j] = acc;
        }
      memcpy(p, t, (size_t)(n * n) * sizeof *p);
    }
    char *o = (char *)tp_ptr(R) + b * n * n * item;
    for (int64_t i = 0; i < n * n; i++) tp_store_f64(o + i * item, A->dtype, p[i]);
  }
  free(x);
  if (rc) {
    if (R) tp_tensor_release(R);
    return NULL;
  }
  R = tp_record_kind(TP_GRAD_DECOMP, "LinalgMatrixExpBackward0", 1, &A, R, 0, NULL, 1, &A);
  if (R && R->grad_fn && R->grad_fn->kind == TP_GRAD_DECOMP) R->grad_fn->op = TP_DECOMP_MATRIX_EXP;
  return R;
}

/* ==== torch.symeig (deprecated in 1.13): eigh under another name =============================
 * upper reads A's upper triangle; without eigenvectors the second result is an empty tensor
 * and backward throws PyTorch's message. One SymeigBackward0 node, eigh's formula. */
TP_API int tp_symeig(tp_tensor *A, int eigenvectors, int upper, tp_tensor **out) {
  out[0] = out[1] = NULL;
  const char *fn = "linalg.symeig";
  if (A->ndim < 2) return tp_fail_ndim(fn);
  if (A->shape[A->ndim - 2] != A->shape[A->ndim - 1]) return tp_fail_square(fn, A);
  if (!tp_dtype_table[A->dtype].is_floating) return tp_fail_status("\"symeig_cpu\" not implemented for '%s'", tp_dtype_title(A->dtype));
  tp_tensor *r[2];
  int mode = tp_set_grad_enabled(0);
  int rc = tp_linalg_eigh(A, upper, r);
  tp_set_grad_enabled(mode);
  if (rc) return -1;
  tp_tensor *L = r[0], *V = r[1];
  if (!eigenvectors) {
    tp_tensor_release(V);
    V = tp_empty(1, (double[]){0}, A->dtype);
  }
  int64_t iv[1] = {!eigenvectors};
  return record_pair(V ? 0 : -1, A, TP_DECOMP_EIGH, "SymeigBackward0", 1, iv, L, V, out);
}

/* Records a node whose backward throws (iv[0] picks the message in derivatives.c). */
static int record_no_derivative(const char *name, int which, int nin, tp_tensor **ins, int nout, tp_tensor **outs) {
  if (!tp_any_requires_grad(nin, ins)) return 0;
  tp_node *nd = tp_node_new(TP_GRAD_DECOMP, TP_DECOMP_NO_DERIVATIVE, name, nin, ins, nout);
  if (!nd) return -1;
  int64_t iv[1] = {which};
  tp_node_set_iv(nd, 1, iv);
  for (int i = 0; i < nout; i++) tp_node_set_output(nd, outs[i], i);
  tp_node_release(nd);
  return 0;
}

/* out: a (R above the diagonal, the v_i below), tau (min(m, n)). */
TP_API int tp_geqrf(tp_tensor *A, tp_tensor **out) {
  out[0] = out[1] = NULL;
  if (A->ndim < 2) return tp_fail_status("torch.geqrf: input must have at least 2 dimensions.");
  if (!tp_dtype_table[A->dtype].is_floating) return tp_fail_status("\"geqrf_cpu\" not implemented for '%s'", tp_dtype_title(A->dtype));
  int nb = A->ndim - 2;
  int64_t m = A->shape[nb], n = A->shape[nb + 1], k = m < n ? m : n, nmat = tp_shape_numel(nb, A->shape);
  double tsz[TP_MAX_DIMS];
  for (int d = 0; d < nb; d++) tsz[d] = (double)A->shape[d];
  tsz[nb] = (double)k;
  tp_tensor *R = tp_new_colmajor(nb, A->shape, m, n, A->dtype), *tau = R ? tp_empty(nb + 1, tsz, A->dtype) : NULL;
  double *a = tau ? malloc((size_t)(m * n + k + 1) * sizeof *a) : NULL;
  int rc = !tau ? -1 : !a ? tp_fail_status("tensorpad: out of memory") : 0;
  int64_t item = tp_dtype_table[A->dtype].itemsize;
  for (int64_t b = 0; b < nmat && !rc; b++) {
    for (int64_t i = 0; i < m; i++)
      for (int64_t j = 0; j < n; j++) a[i * n + j] = tp_load_f64(tp_decomp_elem(A, b, i, j), A->dtype);
    tp_decomp_geqrf(a, m, n, a + m * n);
    char *ro = (char *)tp_ptr(R) + b * m * n * item, *to = (char *)tp_ptr(tau) + b * k * item;
    for (int64_t i = 0; i < m; i++)
      for (int64_t j = 0; j < n; j++) tp_store_f64(ro + (i + j * m) * item, A->dtype, a[i * n + j]);
    for (int64_t j = 0; j < k; j++) tp_store_f64(to + j * item, A->dtype, a[m * n + j]);
  }
  free(a);
  tp_tensor *outs[2] = {R, tau};
  if (!rc) rc = record_no_derivative("GeqrfBackward0", 0, 1, &A, 2, outs);
  return hand_out(rc, 2, outs, out);
}

/* Q's first n columns, (m x n) with m >= n, from the k = tau.shape[-1] reflectors of A. */
TP_API tp_tensor *tp_householder_product(tp_tensor *A, tp_tensor *tau) {
  const char *fn = "torch.linalg.householder_product";
  if (A->ndim < 2) return tp_fail("%s: input must have at least 2 dimensions.", fn);
  int nb = A->ndim - 2;
  int64_t m = A->shape[nb], n = A->shape[nb + 1], k = tau->ndim ? tau->shape[tau->ndim - 1] : 1, nmat = tp_shape_numel(nb, A->shape);
  if (m < n) return tp_fail("%s: input.shape[-2] must be greater than or equal to input.shape[-1]", fn);
  if (n < k) return tp_fail("%s: input.shape[-1] must be greater than or equal to tau.shape[-1]", fn);
  if (tp_check_tau(fn, A, tau)) return NULL;
  if (tau->dtype != A->dtype)
    return tp_fail("%s: tau dtype %s does not match input dtype %s", fn, tp_dtype_title(tau->dtype), tp_dtype_title(A->dtype));
  if (!tp_dtype_table[A->dtype].is_floating) return tp_fail("\"orgqr_cpu\" not implemented for '%s'", tp_dtype_title(A->dtype));
  tp_tensor *Q = tp_new_colmajor(nb, A->shape, m, n, A->dtype), *tc = Q ? tp_contiguous(tau) : NULL;
  double *a = tc ? malloc((size_t)(2 * m * n + k + 1) * sizeof *a) : NULL;
  if (!a) {
    if (Q) tp_tensor_release(Q);
    if (tc) tp_tensor_release(tc);
    return tc ? tp_fail("tensorpad: out of memory") : NULL;
  }
  int64_t item = tp_dtype_table[A->dtype].itemsize;
  for (int64_t b = 0; b < nmat; b++) {
    double *q = a + m * n, *t = q + m * n;
    for (int64_t i = 0; i < m; i++)
      for (int64_t j = 0; j < n; j++) { a[i * n + j] = tp_load_f64(tp_decomp_elem(A, b, i, j), A->dtype); q[i * n + j] = i == j; }
    for (int64_t j = 0; j < k; j++) t[j] = tp_load_f64((char *)tp_ptr(tc) + (b * k + j) * item, A->dtype);
    tp_apply_reflectors(a, m, n, t, k, 1, 1, q, m, n);
    char *o = (char *)tp_ptr(Q) + b * m * n * item;
    for (int64_t i = 0; i < m; i++)
      for (int64_t j = 0; j < n; j++) tp_store_f64(o + (i + j * m) * item, A->dtype, q[i * n + j]);
  }
  free(a);
  tp_tensor_release(tc);
  tp_tensor *ins[2] = {A, tau};
  if (!tp_any_requires_grad(2, ins)) return Q;
  tp_node *nd = tp_node_new(TP_GRAD_DECOMP, TP_DECOMP_HOUSEHOLDER_PRODUCT, "LinalgHouseholderProductBackward0", 2, ins, 1);
  int rc = !nd || tp_node_save(nd, A, -1) || tp_node_save(nd, tau, -1) ? -1 : 0;
  if (!rc) {
    tp_node_set_output(nd, Q, 0);
    rc = tp_node_save(nd, Q, 0);
  }
  if (nd) tp_node_release(nd);
  if (rc) {
    tp_tensor_release(Q);
    return NULL;
  }
  return Q;
}

/* op(Q) C (left) or C op(Q), op(Q) = Q or Q^T (transpose), Q from the reflectors of A. */
TP_API tp_tensor *tp_ormqr(tp_tensor *A, tp_tensor *tau, tp_tensor *C, int left, int transpose) {
  const char *fn = "torch.ormqr";
  if (A->ndim < 2) return tp_fail("%s: input must have at least 2 dimensions.", fn);
  if (C->ndim < 2) return tp_fail("%s: other must have at least 2 dimensions.", fn);
  int side = left ? -2 : -1, nb = A->ndim - 2;
  int64_t m = A->shape[nb], n = A->shape[nb + 1], k = tau->ndim ? tau->shape[tau->ndim - 1] : 1, cs = C->shape[C->ndim + side];
  if (cs < k) return tp_fail("%s: other.shape[%d] must be greater than or equal to tau.shape[-1]", fn, side);
  if (cs != m) return tp_fail("%s: other.shape[%d] must be equal to input.shape[-2]", fn, side);
  if (k > n) return tp_fail("%s: tau.shape[-1] must be less than or equal to input.shape[-1]", fn);
  if (tp_check_tau(fn, A, tau)) return NULL;
  if (A->ndim != C->ndim)
    return tp_fail("%s: Expected other to have the same number of dimensions as input, but got other.ndim equal to %d and input.ndim is equal to %d",
                   fn, C->ndim, A->ndim);
  if (nb && memcmp(A->shape, C->shape, sizeof(int64_t) * (size_t)nb)) {
    char buf[256];
    tp_shape_list(C, nb, buf, sizeof buf);
    return tp_fail("%s: Expected batch dimensions of other to be equal to input.shape[:-2], but got %s", fn, buf);
  }
  if (tau->dtype != A->dtype)
    return tp_fail("%s: Expected input and tau to have the same dtype, but input has dtype%s and tau has dtype %s", fn,
                   tp_dtype_title(A->dtype), tp_dtype_title(tau->dtype));
  if (C->dtype != A->dtype)
    return tp_fail("%s: Expected input and other to have the same dtype, but input has dtype%s and other has dtype %s", fn,
                   tp_dtype_title(A->dtype), tp_dtype_title(C->dtype));
  if (!tp_dtype_table[A->dtype].is_floating) return tp_fail("\"ormqr_cpu\" not implemented for '%s'", tp_dtype_title(A->dtype));
  int64_t r = C->shape[nb], cc = C->shape[nb + 1], nmat = tp_shape_numel(nb, A->shape);
  tp_tensor *X = tp_new_colmajor(nb, C->shape, r, cc, A->dtype), *tc = X ? tp_contiguous(tau) : NULL;
  double *a = tc ? malloc((size_t)(m * n + r * cc + k + 1) * sizeof *a) : NULL;
  if (!a) {
    if (X) tp_tensor_release(X);
    if (tc) tp_tensor_release(tc);
    return tc ? tp_fail("tensorpad: out of memory") : NULL;
  }
  int64_t item = tp_dtype_table[A->dtype].itemsize;
  for (int64_t b = 0; b < nmat; b++) {
    double *c = a + m * n, *t = c + r * cc;
    for (int64_t i = 0; i < m; i++)
      for (int64_t j = 0; j < n; j++) a[i * n + j] = tp_load_f64(tp_decomp_elem(A, b, i, j), A->dtype);
    for (int64_t i = 0; i < r; i++)
      for (int64_t j = 0; j < cc; j++) c[i * cc + j] = tp_load_f64(tp_decomp_elem(C, b, i, j), A->dtype);
    for (int64_t j = 0; j < k; j++) t[j] = tp_load_f64((char *)tp_ptr(tc) + (b * k + j) * item, A->dtype);
    /* Q C = H_0 (... (H_{k-1} C)), Q^T C = H_{k-1} ... H_0 C; C Q = C H_0 ... H_{k-1}, C Q^T backwards */
    tp_apply_reflectors(a, m, n, t, k, left ? !transpose : transpose, left, c, r, cc);
    char *o = (char *)tp_ptr(X) + b * r * cc * item;
    for (int64_t i = 0; i < r; i++)
      for (int64_t j = 0; j < cc; j++) tp_store_f64(o + (i + j * r) * item, A->dtype, c[i * cc + j]);
  }
  free(a);
  tp_tensor_release(tc);
  tp_tensor *ins[3] = {A, tau, C};
  if (record_no_derivative("OrmqrBackward0", 1, 3, ins, 1, &X)) {
    tp_tensor_release(X);
    return NULL;
  }
  return X;
}

/* ==== torch.linalg.lstsq ==========================================================================
 * X = V diag(1/s_i, s_i > rcond * s_max) U^T B from the SVD above: LAPACK's gelsd/gelss exactly
 * (minimum-norm, truncated by rcond); for the default gelsy and for gels the same when A has full
 * rank (gelsy truncates a nearly rank-deficient A by its own QR-based estimate, which can differ;
 * gels fails on a rank-deficient A, judged here by s_min <= eps * max(m, n) * s_max). driver:
 * 0 gelsy, 1 gels, 2 gelsd, 3 gelss. out: solution, residuals, rank, singular_values as PyTorch
 * fills them per driver. The solution is stored as LAPACK leaves it (max(m, n) rows per matrix,
 * the first n shown). One LinalgLstsqBackward0 node (PyTorch 1.13's formula through pinv). */
TP_API int tp_linalg_lstsq(tp_tensor *A, tp_tensor *B, double rcond, int driver, tp_tensor **out) {
  out[0] = out[1] = out[2] = out[3] = NULL;
  const char *fn = "torch.linalg.lstsq";
  if (A->ndim < 2) return tp_fail_status("%s: input must have at least 2 dimensions.", fn);
  if (B->ndim < 1) return tp_fail_status("%s: other must have at least 1 dimension.", fn);
  if (A->dtype != B->dtype)
    return tp_fail_status("%s: Expected input and other to have the same dtype, but got input's dtype %s and other's dtype %s", fn,
                          tp_dtype_title(A->dtype), tp_dtype_title(B->dtype));
  int diff = A->ndim - B->ndim, vec = diff == 1;
  if (diff < 0 || diff > 1)
    return tp_fail_status("%s: input.dim() must be greater or equal to other.dim() and (input.dim() - other.dim()) <= 1", fn);
  int64_t m = A->shape[A->ndim - 2], n = A->shape[A->ndim - 1], k = m < n ? m : n;
  if (B->shape[B->ndim - (vec ? 1 : 2)] != m)
    return tp_fail_status("%s: input.size(-2) should match other.size(%d)", fn, vec ? -1 : -2);
  if (A->dtype != TP_FLOAT32 && A->dtype != TP_FLOAT64) return tp_fail_status("This function doesn't handle types other than float and double");
  double eps = A->dtype == TP_FLOAT32 ? 1.1920928955078125e-07 : 2.220446049250313e-16;
  if (rcond != rcond) rcond = eps * (double)(m > n ? m : n);
  tp_tensor *B2 = vec ? tp_unsqueeze(B, -1) : (tp_tensor_retain(B), B);
  if (!B2) return -1;
  int nb;
  int64_t batch[TP_MAX_DIMS], r = B2->shape[B2->ndim - 1], M = m > n ? m : n;
  if (tp_broadcast_batch(A, A->ndim - 2, B2, B2->ndim - 2, batch, &nb)) { tp_tensor_release(B2); return -1; }
  int64_t nmat = tp_shape_numel(nb, batch);
  double sa[TP_MAX_DIMS], sb[TP_MAX_DIMS];
  for (int d = 0; d < nb; d++) sa[d] = sb[d] = (double)batch[d];
  sa[nb] = sb[nb] = (double)m;
  sa[nb + 1] = (double)n;
  sb[nb + 1] = (double)r;
  tp_tensor *Ae = tp_expand(A, nb + 2, sa), *Be = Ae ? tp_expand(B2, nb + 2, sb) : NULL;
  tp_tensor_release(B2);
  int trans = m < n, res = driver != 0 && m > n, sv = driver >= 2;
  int64_t MM = trans ? n : m;  /* the SVD's B: MM x k */
  tp_tensor *Xf = Be ? tp_new_colmajor(nb, batch, M, r, A->dtype) : NULL;
  double ssz[TP_MAX_DIMS];  /* rank and singular values have A's own batch shape */
  int nbA = A->ndim - 2;
  for (int d = 0; d < nbA; d++) ssz[d] = (double)A->shape[d];
  ssz[nbA] = (double)k;
  tp_tensor *S = !Xf ? NULL : sv ? tp_empty(nbA + 1, ssz, A->dtype) : tp_empty(1, (double[]){0}, A->dtype);
  tp_tensor *Rk = !S ? NULL : driver == 1 ? tp_empty(1, (double[]){0}, TP_INT64) : tp_empty(nbA, ssz, TP_INT64);
  size_t need = (size_t)(2 * MM * k + k + k * k + 3 * k + MM + m * n + m * r + n * r + nmat * r + n * m + 1);
  double *w = Rk ? malloc(need * sizeof *w) : NULL;
  int rc = !Rk ? -1 : !w ? tp_fail_status("tensorpad: out of memory") : 0, full = 1;
  int64_t item = tp_dtype_table[A->dtype].itemsize;
  for (int64_t b = 0; b < nmat && !rc; b++) {
    double *bm = w, *u = bm + MM * k, *s = u + MM * k, *v = s + k, *sc = v + k * k, *am = sc + 3 * k + MM, *bb = am + m * n, *x = bb + m * r;
    double *resid = x + n * r;
    for (int64_t i = 0; i < m; i++)
      for (int64_t j = 0; j < n; j++) {
        am[i * n + j] = tp_load_f64(tp_decomp_elem(Ae, b, i, j), A->dtype);
        bm[trans ? j * k + i : i * k + j] = am[i * n + j];
      }
    for (int64_t i = 0; i < m; i++)
      for (int64_t j = 0; j < r; j++) bb[i * r + j] = tp_load_f64(tp_decomp_elem(Be, b, i, j), A->dtype);
    tp_svd_jacobi(bm, MM, k, k, u, s, v, sc);
    double *pm = resid + nmat * r;  /* pinv(A) truncated at rcond * s_max, n x m */
    int64_t rank = tp_pinv_of_svd(u, v, s, trans, m, n, k, k ? rcond * s[0] : 0, 0, pm);
    if (driver == 1 && k && !(s[k - 1] > eps * (double)M * s[0])) {
      rc = tp_fail_status("%s: The least squares solution could not be computed because the input matrix does not have full rank (error code: %lld).",
                          fn, (long long)k);
      break;
    }
    full &= rank == n;
    for (int64_t i = 0; i < n; i++)  /* X = pinv(A) B */
      for (int64_t j = 0; j < r; j++) {
        double acc = 0;
        for (int64_t l = 0; l < m; l++) acc += pm[i * m + l] * bb[l * r + j];
        x[i * r + j] = acc;
      }
    char *xo = (char *)tp_ptr(Xf) + b * M * r * item;
    for (int64_t i = 0; i < M; i++)
      for (int64_t j = 0; j < r; j++) tp_store_f64(xo + (i + j * M) * item, A->dtype, i < n ? x[i * r + j] : 0);
    int64_t ia = 0, bb2 = b, mul = 1;  /* b's matrix within A's batch */
    for (int d = nb - 1, dA = nbA - 1; d >= 0; d--, dA--) {
      int64_t c = bb2 % batch[d];
      bb2 /= batch[d];
      if (dA >= 0) {
        ia += (A->shape[dA] == 1 ? 0 : c) * mul;
        mul *= A->shape[dA];
      }
    }
    if (sv)
      for (int64_t i = 0; i < k; i++) tp_store_f64((char *)tp_ptr(S) + (ia * k + i) * item, A->dtype, s[i]);
    if (driver != 1) ((int64_t *)tp_ptr(Rk))[ia] = rank;
    if (res)
      for (int64_t j = 0; j < r; j++) {
        double acc = 0;
        for (int64_t i = 0; i < m; i++) {
          double e = -bb[i * r + j];
          for (int64_t c = 0; c < n; c++) e += am[i * n + c] * x[c * r + j];
          acc += e * e;
        }
        resid[b * r + j] = acc;
      }
  }
  tp_tensor *X = NULL, *R = NULL;
  if (!rc) {
    X = tp_tensor_alias(Xf);  /* the first n rows, not a view (PyTorch's is not one either) */
    if (X) {
      X->shape[nb] = n;
      if (vec) X->ndim = nb + 1;
    }
    for (int d = 0; d < nb; d++) ssz[d] = (double)batch[d];
    ssz[nb] = (double)r;
    R = !X ? NULL : res && full ? tp_empty(nb + 1, ssz, A->dtype) : tp_empty(1, (double[]){0}, A->dtype);
    if (R && res && full)
      for (int64_t i = 0; i < nmat * r; i++) tp_store_f64((char *)tp_ptr(R) + i * item, A->dtype, w[2 * MM * k + k + k * k + 3 * k + MM + m * n + m * r + n * r + i]);
    rc = R ? 0 : -1;
  }
  free(w);
  if (Ae) tp_tensor_release(Ae);
  if (Be) tp_tensor_release(Be);
  if (Xf) tp_tensor_release(Xf);
  tp_tensor *ins[2] = {A, B};
  if (!rc && tp_any_requires_grad(2, ins)) {
    tp_node *nd = tp_node_new(TP_GRAD_DECOMP, TP_DECOMP_LSTSQ, "LinalgLstsqBackward0", 2, ins, 1);
    rc = !nd || tp_node_save(nd, A, -1) || tp_node_save(nd, B, -1) ? -1 : 0;
    if (!rc) tp_node_set_output(nd, X, 0);
    if (nd) tp_node_release(nd);
  }
  tp_tensor *ts[4] = {X, R, Rk, S};
  return hand_out(rc, 4, ts, out);
}
