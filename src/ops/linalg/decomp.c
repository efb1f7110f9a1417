/* decomp.c — matrix decompositions and solvers on float32/float64, batched over leading dims
 * as PyTorch batches: torch.linalg.solve and cholesky (Tensor.cholesky, torch.linalg.cholesky).
 * Same approach as det_inverse.c: the maths in double whatever the dtype, rounded once, one
 * generic loop, compiled for size (off the hot path). Messages, batch broadcasting, result
 * strides (each matrix column by column, as LAPACK hands them to PyTorch) and grad_fn names
 * are PyTorch 1.13's; the backward formulas are in derivatives.c (section "decompositions").
 */
#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include "internal.h"
#include "decomp_kernels.h"

/* Element (i, j) of matrix b of t (batch dims of any strides, stride 0 included). */
char *tp_decomp_elem(const tp_tensor *t, int64_t b, int64_t i, int64_t j) {
  int64_t off = 0;
  for (int d = t->ndim - 3; d >= 0; d--) {
    off += (b % t->shape[d]) * t->stride[d];
    b /= t->shape[d];
  }
  off += i * t->stride[t->ndim - 2] + j * t->stride[t->ndim - 1];
  return (char *)tp_ptr((tp_tensor *)t) + off * tp_dtype_table[t->dtype].itemsize;
}

int tp_fail_square(const char *fn, const tp_tensor *A) {
  return tp_fail_status("%s: A must be batches of square matrices, but they are %lld by %lld matrices", fn,
                        (long long)A->shape[A->ndim - 2], (long long)A->shape[A->ndim - 1]);
}
int tp_fail_ndim(const char *fn) { return tp_fail_status("%s: The input tensor A must have at least 2 dimensions.", fn); }

/* A new tensor of the given batch dims and an (r x c) matrix each, stored column by column;
 * c < 0: a batch of vectors of length r. */
tp_tensor *tp_new_colmajor(int nb, const int64_t *batch, int64_t r, int64_t c, int dtype) {
  double sizes[TP_MAX_DIMS];
  for (int d = 0; d < nb; d++) sizes[d] = (double)batch[d];
  sizes[nb] = (double)r;
  if (c >= 0) sizes[nb + 1] = (double)c;
  tp_tensor *t = tp_empty(nb + 1 + (c >= 0), sizes, dtype);
  if (t && c >= 0) {
    t->stride[nb] = 1;
    t->stride[nb + 1] = r;
  }
  return t;
}

/* ==== torch.linalg.solve =================================================================== */

/* PyTorch's batch broadcast of B's batch dims (a) against A's (b), with its message. */
int tp_broadcast_batch(const tp_tensor *B, int nbB, const tp_tensor *A, int nbA, int64_t *out, int *nout) {
  int nb = nbA > nbB ? nbA : nbB;
  for (int d = 0; d < nb; d++) {
    int dB = d - (nb - nbB), dA = d - (nb - nbA);
    int64_t sB = dB >= 0 ? B->shape[dB] : 1, sA = dA >= 0 ? A->shape[dA] : 1;
    if (sB != sA && sB != 1 && sA != 1)
      return tp_fail_status("The size of tensor a (%lld) must match the size of tensor b (%lld) at non-singleton dimension %d",
                            (long long)sB, (long long)sA, d);
    out[d] = sB == 1 ? sA : sB;
  }
  *nout = nb;
  return 0;
}

/* ==== triangular solves: solve_triangular, triangular_solve, cholesky_solve, cholesky_inverse ====
 * One driver: X = op(A)^-1 B (or B op(A)^-1 with TRI_RIGHT) for every matrix of the common
 * batch, A read only in its triangle (trsm's contract), op(A) = A or A^T; TRI_CHOL solves with
 * L L^T (or U^T U) by two triangular solves. A zero diagonal gives inf/nan as LAPACK's trsm
 * does (no error). The result has A's dtype (B is read in its own, as PyTorch casts it). */

/* col = T^-1 col, T = a or a^T (trans), the upper or lower triangle of a, unit diagonal. */
void tp_decomp_trsv(const double *a, int64_t n, int upper, int trans, int unit, double *col) {
  int up = upper ^ trans;
#define T_(i, j) (trans ? a[(j) * n + (i)] : a[(i) * n + (j)])
  for (int64_t s = 0; s < n; s++) {
    int64_t i = up ? n - 1 - s : s;
    double v = col[i];
    if (up) for (int64_t j = i + 1; j < n; j++) v -= T_(i, j) * col[j];
    else for (int64_t j = 0; j < i; j++) v -= T_(i, j) * col[j];
    col[i] = unit ? v : v / T_(i, i);
  }
#undef T_
}

tp_tensor *tp_tri_run(tp_tensor *A, tp_tensor *B, int flags) {
  int64_t n = A->shape[A->ndim - 1];
  int nb;
  int64_t batch[TP_MAX_DIMS];
  if (tp_broadcast_batch(B, B->ndim - 2, A, A->ndim - 2, batch, &nb)) return NULL;
  int64_t m = B->shape[B->ndim - 2], k = B->shape[B->ndim - 1], nmat = tp_shape_numel(nb, batch);
  double sa[TP_MAX_DIMS], sb[TP_MAX_DIMS];
  for (int d = 0; d < nb; d++) sa[d] = sb[d] = (double)batch[d];
  sa[nb] = sa[nb + 1] = (double)n;
  sb[nb] = (double)m;
  sb[nb + 1] = (double)k;
  tp_tensor *Ae = tp_expand(A, nb + 2, sa), *Be = Ae ? tp_expand(B, nb + 2, sb) : NULL;
  tp_tensor *X = Be ? tp_new_colmajor(nb, batch, m, k, A->dtype) : NULL;
  double *a = X ? malloc((size_t)(n * n + n + 1) * sizeof *a) : NULL;
  int rc = !X ? -1 : !a ? tp_fail_status("tensorpad: out of memory") : 0;
  int right = !!(flags & TRI_RIGHT), upper = flags & TRI_UPPER, unit = !!(flags & TRI_UNIT);
  int64_t item = X ? tp_dtype_table[X->dtype].itemsize : 0;
  for (int64_t b = 0; b < nmat && !rc; b++) {
    for (int64_t i = 0; i < n; i++)
      for (int64_t j = 0; j < n; j++) a[i * n + j] = tp_load_f64(tp_decomp_elem(Ae, b, i, j), Ae->dtype);
    double *col = a + n * n;
    char *o = (char *)tp_ptr(X) + b * m * k * item;
    for (int64_t c = 0; c < (right ? m : k); c++) {  /* a column of B, or (right) a row */
      for (int64_t i = 0; i < n; i++) col[i] = tp_load_f64(right ? tp_decomp_elem(Be, b, c, i) : tp_decomp_elem(Be, b, i, c), Be->dtype);
      if (flags & TRI_CHOL) {
        tp_decomp_trsv(a, n, upper, upper, 0, col);
        tp_decomp_trsv(a, n, upper, !upper, 0, col);
      } else {
        tp_decomp_trsv(a, n, upper, !!(flags & TRI_TRANS) ^ right, unit, col);
      }
      for (int64_t i = 0; i < n; i++) tp_store_f64(o + (right ? c + i * m : i + c * m) * item, X->dtype, col[i]);
    }
  }
  free(a);
  if (Ae) tp_tensor_release(Ae);
  if (Be) tp_tensor_release(Be);
  if (rc && X) { tp_tensor_release(X); X = NULL; }
  return X;
}

/* The checks torch.triangular_solve and torch.cholesky_solve share (b, then A). */
int tp_check_b_A(const char *fn, const char *kernel, tp_tensor *b, tp_tensor *A) {
  if (b->ndim < 2) {
    if (!strcmp(fn, "cholesky_solve")) return tp_fail_status("b should have at least 2 dimensions, but has %d dimensions instead", b->ndim);
    return tp_fail_status("torch.%s: Expected b to have at least 2 dimensions, but it has %d dimensions instead", fn, b->ndim);
  }
  if (A->ndim < 2) {
    if (!strcmp(fn, "cholesky_solve")) return tp_fail_status("u should have at least 2 dimensions, but has %d dimensions instead", A->ndim);
    return tp_fail_status("torch.%s: Expected A to have at least 2 dimensions, but it has %d dimensions instead", fn, A->ndim);
  }
  if (b->dtype != A->dtype)
    return tp_fail_status("Expected b and A to have the same dtype, but found b of type %s and A of type %s instead.",
                          tp_dtype_title(b->dtype), tp_dtype_title(A->dtype));
  int64_t n = A->shape[A->ndim - 1];
  if (A->shape[A->ndim - 2] != n)
    return tp_fail_status("A must be batches of square matrices, but they are %lld by %lld matrices", (long long)A->shape[A->ndim - 2], (long long)n);
  if (b->shape[b->ndim - 2] != n)
    return tp_fail_status("Incompatible matrix sizes for %s: each A matrix is %lld by %lld but each b matrix is %lld by %lld", fn,
                          (long long)n, (long long)n, (long long)b->shape[b->ndim - 2], (long long)b->shape[b->ndim - 1]);
  if (!tp_dtype_table[A->dtype].is_floating) return tp_fail_status("\"%s\" not implemented for '%s'", kernel, tp_dtype_title(A->dtype));
  return 0;
}

/* ==== LU: linalg.lu_factor, torch.lu / Tensor.lu, lu_solve ===================================
 * getrf on (m x n) matrices: at each of min(m, n) columns the first entry of largest magnitude
 * pivots, rows swap whole, a zero pivot column is skipped (info = its 1-based index) as
 * LAPACK does. Pivots are int32 and 1-based, as PyTorch hands them over. */
int64_t tp_decomp_getrf(double *a, int64_t m, int64_t n, int32_t *piv) {
  int64_t info = 0, k = m < n ? m : n;
  for (int64_t c = 0; c < k; c++) {
    int64_t p = c;
    for (int64_t i = c + 1; i < m; i++)
      if (fabs(a[i * n + c]) > fabs(a[p * n + c])) p = i;
    piv[c] = (int32_t)(p + 1);
    if (a[p * n + c] == 0) { if (!info) info = c + 1; continue; }
    if (p != c)
      for (int64_t j = 0; j < n; j++) { double t = a[c * n + j]; a[c * n + j] = a[p * n + j]; a[p * n + j] = t; }
    for (int64_t i = c + 1; i < m; i++) {
      double f = a[i * n + c] /= a[c * n + c];
      if (f != 0)
        for (int64_t j = c + 1; j < n; j++) a[i * n + j] -= f * a[c * n + j];
    }
  }
  return info;
}

/* P with A = P L U from getrf's 1-based pivots (batch + (n, n), dtype): for the backward. */
tp_tensor *tp_lu_perm(tp_tensor *piv, int64_t n, int dtype) {
  int nb = piv->ndim - 1;
  double sz[TP_MAX_DIMS];
  for (int d = 0; d < nb; d++) sz[d] = (double)piv->shape[d];
  sz[nb] = sz[nb + 1] = (double)n;
  tp_tensor *P = tp_full(nb + 2, sz, dtype, 0);
  int64_t *perm = P ? malloc((size_t)(n + 1) * sizeof *perm) : NULL;
  if (P && !perm) { tp_tensor_release(P); return tp_fail("tensorpad: out of memory"); }
  if (!P) return NULL;
  tp_tensor *pc = tp_contiguous(piv);
  int64_t k = piv->shape[nb], nmat = tp_shape_numel(nb, piv->shape), item = tp_dtype_table[dtype].itemsize;
  for (int64_t b = 0; pc && b < nmat; b++) {
    for (int64_t i = 0; i < n; i++) perm[i] = i;
    const int32_t *pv = (const int32_t *)tp_ptr(pc) + b * k;
    for (int64_t i = 0; i < k; i++) { int64_t p = pv[i] - 1, t = perm[i]; perm[i] = perm[p]; perm[p] = t; }
    for (int64_t i = 0; i < n; i++) tp_store_f64((char *)tp_ptr(P) + (b * n * n + perm[i] * n + i) * item, dtype, 1);
  }
  free(perm);
  if (!pc) { tp_tensor_release(P); return NULL; }
  tp_tensor_release(pc);
  return P;
}

/* LAPACK's geqrf (unblocked) on a (m x n, row stride n): R on and above the diagonal, the
 * Householder vectors v_j (1 on the diagonal, implicit) below it, tau[min(m, n)]. */
void tp_decomp_geqrf(double *a, int64_t m, int64_t n, double *tau) {
  int64_t k = m < n ? m : n;
  for (int64_t j = 0; j < k; j++) {
    double alpha = a[j * n + j], xn = 0;
    for (int64_t i = j + 1; i < m; i++) xn = hypot(xn, a[i * n + j]);
    tau[j] = 0;
    if (xn == 0) continue;
    double beta = -copysign(hypot(alpha, xn), alpha);
    tau[j] = (beta - alpha) / beta;
    for (int64_t i = j + 1; i < m; i++) a[i * n + j] /= alpha - beta;
    a[j * n + j] = beta;
    for (int64_t c = j + 1; c < n; c++) {
      double w = a[j * n + c];
      for (int64_t i = j + 1; i < m; i++) w += a[i * n + j] * a[i * n + c];
      w *= tau[j];
      a[j * n + c] -= w;
      for (int64_t i = j + 1; i < m; i++) a[i * n + c] -= w * a[i * n + j];
    }
  }
}

/* ==== SVD: torch.linalg.svd / svdvals, torch.svd / Tensor.svd ===============================
 * One-sided Jacobi (Hestenes) in double on B = A (m >= n) or A^T (m < n), M x N with M >= N:
 * columns p, q of B are rotated (and V with them) until every pair is orthogonal to working
 * precision; then s_j = |b_j|, u_j = b_j / s_j, sorted by s descending. Columns of U that no
 * singular value defines (s_j = 0, the last M - N of a full U) are completed from the identity
 * by Gram-Schmidt. Singular values match LAPACK's to float tolerance; singular vectors are
 * unique only up to sign (docs/API.md): gesdd's signs are not reproduced. */

/* b (M x N, row stride N) -> u (M x uc, row stride uc), s (N), v (N x N, row stride N) with
 * b = u[:, :N] diag(s) v^T. w: N scratch doubles. */
void tp_svd_jacobi(double *b, int64_t M, int64_t N, int64_t uc, double *u, double *s, double *v, double *w) {
  for (int64_t i = 0; i < N * N; i++) v[i] = i % (N + 1) == 0;
  for (int sweep = 0; sweep < 80; sweep++) {
    int rotated = 0;
    for (int64_t p = 0; p < N; p++)
      for (int64_t q = p + 1; q < N; q++) {
        double al = 0, be = 0, ga = 0;
        for (int64_t i = 0; i < M; i++) {
          double x = b[i * N + p], y = b[i * N + q];
          al += x * x;
          be += y * y;
          ga += x * y;
        }
        if (ga == 0 || fabs(ga) <= 1e-16 * sqrt(al * be)) continue;
        rotated = 1;
        double ze = (be - al) / (2 * ga);
        double t = (ze >= 0 ? 1 : -1) / (fabs(ze) + sqrt(1 + ze * ze));
        double c = 1 / sqrt(1 + t * t), sn = c * t;
        for (int64_t i = 0; i < M; i++) {
          double x = b[i * N + p], y = b[i * N + q];
          b[i * N + p] = c * x - sn * y;
          b[i * N + q] = sn * x + c * y;
        }
        for (int64_t i = 0; i < N; i++) {
          double x = v[i * N + p], y = v[i * N + q];
          v[i * N + p] = c * x - sn * y;
          v[i * N + q] = sn * x + c * y;
        }
      }
    if (!rotated) break;
  }
  for (int64_t j = 0; j < N; j++) {
    double nrm = 0;
    for (int64_t i = 0; i < M; i++) nrm = hypot(nrm, b[i * N + j]);
    w[j] = nrm;
  }
  /* order by s descending (stable selection), permuting v's columns into u's scratch first */
  int64_t *ord = (int64_t *)(w + N);
  for (int64_t j = 0; j < N; j++) ord[j] = j;
  for (int64_t i = 1; i < N; i++)
    for (int64_t j = i; j > 0 && w[ord[j]] > w[ord[j - 1]]; j--) { int64_t t = ord[j]; ord[j] = ord[j - 1]; ord[j - 1] = t; }
  for (int64_t j = 0; j < N; j++) s[j] = w[ord[j]];
  for (int64_t i = 0; i < M * uc; i++) u[i] = 0;
  for (int64_t j = 0; j < N; j++)
    if (s[j] > 0)
      for (int64_t i = 0; i < M; i++) u[i * uc + j] = b[i * N + ord[j]] / s[j];
  for (int64_t i = 0; i < N; i++) {  /* v's columns in the new order, through b's first row as scratch */
    for (int64_t j = 0; j < N; j++) w[N + N + j] = v[i * N + ord[j]];
    for (int64_t j = 0; j < N; j++) v[i * N + j] = w[N + N + j];
  }
  /* complete u: every column without a positive singular value, from e_0, e_1, ... */
  int64_t cand = 0;
  for (int64_t j = 0; j < uc; j++) {
    if (j < N && s[j] > 0) continue;
    for (; cand < M; cand++) {
      double *x = w + N + N;  /* M doubles of scratch: the caller gives N + N + M + N */
      for (int64_t i = 0; i < M; i++) x[i] = i == cand;
      for (int pass = 0; pass < 2; pass++)
        for (int64_t c = 0; c < uc; c++) {
          if (c == j || (c > j && !(c < N && s[c] > 0))) continue;
          double d = 0;
          for (int64_t i = 0; i < M; i++) d += u[i * uc + c] * x[i];
          for (int64_t i = 0; i < M; i++) x[i] -= d * u[i * uc + c];
        }
      double nrm = 0;
      for (int64_t i = 0; i < M; i++) nrm = hypot(nrm, x[i]);
      if (nrm > 0.5) {
        for (int64_t i = 0; i < M; i++) u[i * uc + j] = x[i] / nrm;
        cand++;
        break;
      }
    }
  }
}

/* p (n x m, row stride m) = Va diag(1/s_c where s_c > tol, else 0) Ua^T from svd_jacobi's
 * u (rows of k), v (k x k) and s on an m x n A (trans: on A^T, so Ua = v and Va = u); f32: s
 * is compared as float32 holds it. Returns how many s_c pass (the rank). */
int64_t tp_pinv_of_svd(const double *u, const double *v, const double *s, int trans, int64_t m, int64_t n, int64_t k, double tol,
                           int f32, double *p) {
  int64_t rank = 0;
  while (rank < k && (f32 ? (double)(float)s[rank] : s[rank]) > tol) rank++;
  for (int64_t i = 0; i < n; i++)
    for (int64_t j = 0; j < m; j++) {
      double acc = 0;
      for (int64_t c = 0; c < rank; c++) acc += (trans ? u[i * k + c] : v[i * k + c]) * (trans ? v[j * k + c] : u[j * k + c]) / s[c];
      p[i * m + j] = acc;
    }
  return rank;
}

/* ==== LAPACK's Householder representation: geqrf, orgqr (linalg.householder_product), ormqr ====
 * Q = H_0 H_1 ... H_{k-1}, H_i = I - tau_i v_i v_i^T, v_i = (0, ..., 0, 1, A[i+1:, i]) from the
 * columns of A below its diagonal, as geqrf leaves them. geqrf and ormqr have no derivative in
 * 1.13 (their nodes throw PyTorch's message); householder_product's is in derivatives.c. */

void tp_shape_list(const tp_tensor *t, int nd, char *buf, size_t size) {
  int len = tp_snprintf(buf, size, "[");
  for (int d = 0; d < nd && len < (int)size - 40; d++) len += tp_snprintf(buf + len, size - (size_t)len, "%s%lld", d ? ", " : "", (long long)t->shape[d]);
  tp_snprintf(buf + len, size - (size_t)len, "]");
}

/* c (r x cc, row stride cc) <- H_i c (left) or c H_i (right) for i in order (rev: k-1 .. 0);
 * the reflectors are in v (mv x n, row stride n), i < min(k, mv). */
void tp_apply_reflectors(const double *v, int64_t mv, int64_t n, const double *tau, int64_t k, int rev, int left,
                             double *c, int64_t r, int64_t cc) {
  if (k > mv) k = mv;
  for (int64_t s = 0; s < k; s++) {
    int64_t i = rev ? k - 1 - s : s;
    if (tau[i] == 0) continue;
    int64_t lines = left ? cc : r;
    for (int64_t l = 0; l < lines; l++) {  /* a column of c (left) or a row (right) */
      double *x = left ? c + l : c + l * cc;
      int64_t st = left ? cc : 1;
      double w = x[i * st];
      for (int64_t j = i + 1; j < mv; j++) w += v[j * n + i] * x[j * st];
      w *= tau[i];
      x[i * st] -= w;
      for (int64_t j = i + 1; j < mv; j++) x[j * st] -= w * v[j * n + i];
    }
  }
}

/* Checks shared by householder_product and ormqr: tau's rank and batch dims, dtypes. */
int tp_check_tau(const char *fn, const tp_tensor *A, const tp_tensor *tau) {
  if (A->ndim - tau->ndim != 1)
    return tp_fail_status("%s: Expected tau to have one dimension less than input, but got tau.ndim equal to %d and input.ndim is equal to %d",
                          fn, tau->ndim, A->ndim);
  if (A->ndim > 2 && memcmp(A->shape, tau->shape, sizeof(int64_t) * (size_t)(A->ndim - 2))) {
    char buf[256];
    tp_shape_list(tau, tau->ndim - 1, buf, sizeof buf);
    return tp_fail_status("%s: Expected batch dimensions of tau to be equal to input.shape[:-2], but got %s", fn, buf);
  }
  return 0;
}

