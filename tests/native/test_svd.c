/* Native tests of the SVD sections of src/ops/linalg/decomp.c under ASan+UBSan: svd (tall, wide, full,
 * reduced, rank-deficient, empty, batched) checked by multiplying back and by orthogonality,
 * pinv, matrix_exp, symeig and the Householder functions, a backward through each (second
 * order for svd), the error paths; no leaks. */
#include <stdint.h>
#include <stdlib.h>
#include "check.h"
#include "internal.h"

static tp_tensor *from(int nd, const double *shape, const double *v, int dtype) {
  tp_tensor *t = tp_empty(nd, shape, dtype);
  for (int64_t i = 0; i < tp_tensor_numel(t); i++) tp_store_f64((char *)tp_ptr(t) + i * tp_dtype_table[dtype].itemsize, dtype, v[i % 12]);
  return t;
}
static double at(tp_tensor *t, int64_t i) {
  tp_tensor *c = tp_contiguous(t);
  double v = tp_load_f64((char *)tp_ptr(c) + i * tp_dtype_table[c->dtype].itemsize, c->dtype);
  tp_tensor_release(c);
  return v;
}
static double maxdiff(tp_tensor *a, tp_tensor *b) {
  double d = 0;
  for (int64_t i = 0; i < tp_tensor_numel(a); i++) d = fmax(d, fabs(at(a, i) - at(b, i)));
  return d;
}
static void backward_sum(tp_tensor *y, int create_graph) {
  tp_tensor *s = tp_reduce(TP_OP_SUM, y, 0, NULL, 0, 0, -1);
  int rc = s ? tp_backward(1, &s, NULL, 1, create_graph) : -1;
  if (rc) fprintf(stderr, "backward: %s\n", tp_last_error());
  CHECK(rc == 0);
  tp_tensor_release(s);
}
static const double V[12] = {3, 1, -0.5, 1, -2, 0.3, 0.2, 0.5, 1, 1.5, -0.4, 0.8};

/* U[..., :k] diag(S) Vh[..., :k, :] = A, U^T U = I, Vh Vh^T = I */
static void check_svd(const double *shape, int nd, int full, int dtype, const double *vals) {
  double tol = dtype == TP_FLOAT32 ? 1e-5 : 1e-12;
  tp_tensor *A = from(nd, shape, vals, dtype), *r[3];
  CHECK(tp_linalg_svd(A, full, 1, r) == 0);
  int64_t m = A->shape[nd - 2], n = A->shape[nd - 1], k = m < n ? m : n;
  tp_tensor *Uk = tp_narrow(r[0], -1, 0, (double)k), *Vk = tp_narrow(r[2], -2, 0, (double)k);
  tp_tensor *Su = tp_unsqueeze(r[1], -2), *US = tp_binary(TP_OP_MUL, Uk, Su, 1), *R = tp_linalg(TP_LINALG_MATMUL, US, Vk);
  CHECK(R && maxdiff(R, A) < tol * 10);
  tp_tensor *Ut = tp_transpose(r[0], -2, -1), *UtU = tp_linalg(TP_LINALG_MATMUL, Ut, r[0]);
  tp_tensor *I = tp_eye((double)UtU->shape[UtU->ndim - 1], (double)UtU->shape[UtU->ndim - 1], dtype);
  tp_tensor *Ie = tp_expand(I, UtU->ndim, (double[]){UtU->shape[0], UtU->shape[1], UtU->shape[UtU->ndim > 2 ? 2 : 1]});
  CHECK(maxdiff(UtU, Ie) < tol * 10);
  tp_tensor *all[] = {A, r[0], r[1], r[2], Uk, Vk, Su, US, R, Ut, UtU, I, Ie};
  for (size_t i = 0; i < sizeof all / sizeof *all; i++) tp_tensor_release(all[i]);
}

static void test_svd(int dtype) {
  static const double ones[12] = {1, 1, 1, 1, 1, 1, 1, 1, 1, 1, 1, 1};
  for (int full = 0; full < 2; full++) {
    check_svd((double[]){4, 3}, 2, full, dtype, V);
    check_svd((double[]){3, 4}, 2, full, dtype, V);
    check_svd((double[]){2, 2, 5}, 3, full, dtype, V);
    check_svd((double[]){5, 2}, 2, full, dtype, ones);  /* rank 1: U completed */
  }
  tp_tensor *r[3];
  tp_tensor *E = tp_empty(2, (double[]){0, 3}, dtype);
  CHECK(tp_linalg_svd(E, 1, 1, r) == 0 && r[2]->shape[0] == 3 && at(r[2], 0) == 1 && at(r[2], 4) == 1);
  for (int i = 0; i < 3; i++) tp_tensor_release(r[i]);
  tp_tensor_release(E);

  /* backward through U, S and Vh, first and second order */
  tp_tensor *A = from(2, (double[]){4, 3}, V, dtype);
  tp_tensor_set_requires_grad(A, 1);
  CHECK(tp_linalg_svd(A, 1, 1, r) == 0);
  tp_tensor *U2 = tp_binary(TP_OP_MUL, r[0], r[0], 1), *V2 = tp_binary(TP_OP_MUL, r[2], r[2], 1);
  backward_sum(U2, 1);
  backward_sum(V2, 0);
  backward_sum(r[1], 0);
  CHECK(tp_tensor_grad(A) != NULL);
  tp_tensor_set_grad(A, NULL);
  tp_tensor *s[3];
  CHECK(tp_linalg_svd(A, 0, 2, s) == 0 && s[0]->ndim == 2);  /* svdvals with grad keeps U, Vh */
  backward_sum(s[1], 0);
  tp_tensor *P = tp_linalg_pinv(A, NAN, NAN, 0), *Ph = tp_linalg_pinv(A, 0.1, NAN, 0);
  CHECK(P && Ph && P->shape[0] == 3 && P->shape[1] == 4);
  if (P) backward_sum(P, 1);
  tp_tensor_set_grad(A, NULL);
  tp_tensor *all[] = {A, r[0], r[1], r[2], U2, V2, s[0], s[1], s[2], P, Ph};
  for (size_t i = 0; i < sizeof all / sizeof *all; i++) if (all[i]) tp_tensor_release(all[i]);
}

static void test_rest(int dtype) {
  double tol = dtype == TP_FLOAT32 ? 1e-4 : 1e-10;
  tp_tensor *A = from(3, (double[]){2, 3, 3}, V, dtype);
  tp_tensor_set_requires_grad(A, 1);
  tp_tensor *E = tp_linalg_matrix_exp(A), *N = tp_unary(TP_OP_NEG, A), *En = tp_linalg_matrix_exp(N);
  tp_tensor *EE = tp_linalg(TP_LINALG_MATMUL, E, En), *I = tp_eye(3, 3, dtype), *Ie = tp_expand(I, 3, (double[]){2, 3, 3});
  CHECK(EE && maxdiff(EE, Ie) < tol);
  backward_sum(E, 1);
  CHECK(tp_tensor_grad(A) != NULL);
  tp_tensor_set_grad(A, NULL);
  tp_tensor *ev[2], *ev0[2];
  CHECK(tp_symeig(A, 1, 1, ev) == 0 && tp_symeig(A, 0, 0, ev0) == 0 && tp_tensor_numel(ev0[1]) == 0);
  backward_sum(ev[0], 0);
  tp_tensor_set_grad(A, NULL);
  tp_tensor *s = tp_reduce(TP_OP_SUM, ev0[0], 0, NULL, 0, 0, -1);
  CHECK(tp_backward(1, &s, NULL, 0, 0) == -1 && strstr(tp_last_error(), "eigenvectors=False"));
  tp_tensor_release(s);

  /* geqrf + householder_product = linalg.qr's Q; ormqr(Q^T Q C) = C */
  tp_tensor *T = from(2, (double[]){4, 3}, V, dtype), *g[2], *qr[2];
  CHECK(tp_geqrf(T, g) == 0 && tp_linalg_qr(T, 0, qr) == 0);
  tp_tensor *Q = tp_householder_product(g[0], g[1]);
  CHECK(Q && maxdiff(Q, qr[0]) < tol);
  tp_tensor_set_requires_grad(g[0], 1);
  tp_tensor_set_requires_grad(g[1], 1);
  tp_tensor *Q2 = tp_householder_product(g[0], g[1]);
  CHECK(Q2 != NULL);
  if (Q2) backward_sum(Q2, 1);
  CHECK(tp_tensor_grad(g[0]) && tp_tensor_grad(g[1]));
  tp_tensor_set_grad(g[0], NULL);
  tp_tensor_set_grad(g[1], NULL);
  tp_tensor *C = from(2, (double[]){4, 2}, V, dtype), *QC = tp_ormqr(g[0], g[1], C, 1, 0), *QtQC = QC ? tp_ormqr(g[0], g[1], QC, 1, 1) : NULL;
  CHECK(QtQC && maxdiff(QtQC, C) < tol);
  tp_tensor *Ct = tp_transpose(C, 0, 1), *CQ = tp_ormqr(g[0], g[1], Ct, 0, 0), *CQQt = CQ ? tp_ormqr(g[0], g[1], CQ, 0, 1) : NULL;
  CHECK(CQQt && maxdiff(CQQt, Ct) < tol);
  CHECK(!tp_ormqr(g[0], g[1], Ct, 1, 0) && strstr(tp_last_error(), "other.shape[-2] must be"));

  tp_tensor *v1 = tp_empty(1, (double[]){3}, dtype), *r[3];
  CHECK(tp_linalg_svd(v1, 1, 1, r) == -1 && !r[0] && strstr(tp_last_error(), "at least 2 dimensions"));
  CHECK(!tp_linalg_pinv(v1, NAN, NAN, 0) && strstr(tp_last_error(), "linalg.pinv("));
  CHECK(!tp_linalg_matrix_exp(T) && strstr(tp_last_error(), "square"));
  tp_tensor *all[] = {A, E, N, En, EE, I, Ie, ev[0], ev[1], ev0[0], ev0[1], T, g[0], g[1], qr[0], qr[1], Q, Q2, C, QC, QtQC, Ct, CQ, CQQt, v1};
  for (size_t i = 0; i < sizeof all / sizeof *all; i++) if (all[i]) tp_tensor_release(all[i]);
}

/* lstsq on every driver and shape class: A X = B for a square A, the normal equations for a
 * tall one; backward through both inputs. */
static void test_lstsq(int dtype) {
  double tol = dtype == TP_FLOAT32 ? 1e-4 : 1e-10;
  static const double shapes[][2][3] = {{{4, 3, 0}, {4, 2, 0}}, {{3, 4, 0}, {3, 2, 0}}, {{3, 3, 0}, {3, 1, 0}}};
  for (int drv = 0; drv < 4; drv++)
    for (int c = 0; c < 3; c++) {
      tp_tensor *A = from(2, shapes[c][0], V, dtype), *B = from(2, shapes[c][1], V + 3, dtype), *o[4];
      tp_tensor_set_requires_grad(A, 1);
      tp_tensor_set_requires_grad(B, 1);
      CHECK(tp_linalg_lstsq(A, B, NAN, drv, o) == 0);
      tp_tensor *At = tp_transpose(A, 0, 1), *AX = tp_linalg(TP_LINALG_MATMUL, A, o[0]);
      tp_tensor *L = tp_linalg(TP_LINALG_MATMUL, At, AX), *Rr = tp_linalg(TP_LINALG_MATMUL, At, B);
      if (c != 1) CHECK(maxdiff(L, Rr) < tol);  /* A^T A X = A^T B (full column rank) */
      else CHECK(maxdiff(AX, B) < tol);        /* wide: A X = B exactly */
      backward_sum(o[0], 1);
      CHECK(tp_tensor_grad(A) && tp_tensor_grad(B));
      tp_tensor_set_grad(A, NULL);
      tp_tensor_set_grad(B, NULL);
      tp_tensor *all[] = {A, B, o[0], o[1], o[2], o[3], At, AX, L, Rr};
      for (size_t i = 0; i < sizeof all / sizeof *all; i++) if (all[i]) tp_tensor_release(all[i]);
    }
  tp_tensor *A = from(3, (double[]){2, 4, 3}, V, dtype), *b = from(1, (double[]){4}, V, dtype), *B3 = from(3, (double[]){3, 4, 3}, V, dtype), *o[4];
  CHECK(tp_linalg_lstsq(A, b, NAN, 2, o) == -1 && !o[0] && strstr(tp_last_error(), "input.dim() must be greater"));
  tp_tensor *b2 = from(2, (double[]){2, 4}, V, dtype);
  CHECK(tp_linalg_lstsq(A, b2, NAN, 2, o) == 0 && o[0]->ndim == 2 && o[2]->ndim == 1);
  for (int i = 0; i < 4; i++) tp_tensor_release(o[i]);
  CHECK(tp_linalg_lstsq(A, B3, NAN, 3, o) == -1 && strstr(tp_last_error(), "must match"));
  tp_tensor *all[] = {A, b, b2, B3};
  for (size_t i = 0; i < sizeof all / sizeof *all; i++) tp_tensor_release(all[i]);
}

int main(void) {
  test_lstsq(TP_FLOAT32);
  test_lstsq(TP_FLOAT64);
  test_svd(TP_FLOAT32);
  test_svd(TP_FLOAT64);
  test_rest(TP_FLOAT32);
  test_rest(TP_FLOAT64);
  CHECK(tp_live_tensors() == 0);
  TEST_MAIN_END();
}
