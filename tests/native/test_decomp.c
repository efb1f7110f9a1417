/* Native tests of src/ops/linalg/decomp.c under ASan+UBSan: every entry point on a batch of matrices in
 * both float dtypes, checked by multiplying back (A X = B, L L^T = A, P L U = A), then a
 * backward through each (second order too, create_graph) and the error paths; no leaks. */
#include <stdint.h>
#include <stdlib.h>
#include "check.h"
#include "internal.h"

static const double M[2][3][3] = {{{4, -1, 0.5}, {2, 5, -1.5}, {-0.5, 1, 3}}, {{1, 2, 0}, {3, 1, 1}, {0, 2, 4}}};
static const double SPD[3][3] = {{4, 1, 0.5}, {1, 3, -0.2}, {0.5, -0.2, 2}};

static tp_tensor *mat(int nb, const double *v, int dtype) {
  double s[3] = {nb, 3, 3};
  tp_tensor *t = tp_empty(nb ? 3 : 2, nb ? s : s + 1, dtype);
  for (int i = 0; i < (nb ? nb : 1) * 9; i++) tp_store_f64((char *)tp_ptr(t) + i * tp_dtype_table[dtype].itemsize, dtype, v[i]);
  return t;
}
static double at(tp_tensor *t, int64_t i) {  /* element i in row-major order, any strides */
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

static void test_solvers(int dtype) {
  double tol = dtype == TP_FLOAT32 ? 1e-4 : 1e-12;
  tp_tensor *A = mat(2, &M[0][0][0], dtype), *S = mat(0, &SPD[0][0], dtype);
  tp_tensor_set_requires_grad(A, 1);
  tp_tensor_set_requires_grad(S, 1);
  tp_tensor *B = tp_transpose(S, 0, 1);  /* a non-contiguous right side, broadcast over A's batch */

  tp_tensor *X = tp_linalg_solve(A, B), *AX = X ? tp_linalg(TP_LINALG_MATMUL, A, X) : NULL;
  tp_tensor *Bx = tp_expand(B, 3, (double[]){2, 3, 3});
  CHECK(AX && maxdiff(AX, Bx) < tol);
  if (X) backward_sum(X, 1);
  CHECK(tp_tensor_grad(A) && tp_tensor_grad(S));

  tp_tensor *L = tp_cholesky(S, 0, 1), *Lt = L ? tp_transpose(L, 0, 1) : NULL, *LLt = Lt ? tp_linalg(TP_LINALG_MATMUL, L, Lt) : NULL;
  CHECK(LLt && maxdiff(LLt, S) < tol);
  if (L) backward_sum(L, 1);
  tp_tensor *Ci = L ? tp_cholesky_inverse(L, 0) : NULL, *Cs = L ? tp_cholesky_solve(B, L, 0) : NULL;
  tp_tensor *Si = tp_linalg_inv(S);
  CHECK(Ci && Cs && Si && maxdiff(Ci, Si) < tol * 10);
  if (Cs) backward_sum(Cs, 0);
  tp_tensor *T = L ? tp_linalg_solve_triangular(L, B, 0, 0, 1) : NULL, *ts[2] = {NULL, NULL};
  CHECK(T && tp_triangular_solve(B, L, 0, 1, 0, ts) == 0);
  if (T) backward_sum(T, 0);
  if (ts[0]) backward_sum(ts[1], 0);

  tp_tensor *f[3] = {NULL, NULL, NULL};
  CHECK(tp_lu_factor(A, 1, f) == 0 && f[1]->dtype == TP_INT32 && ((int32_t *)tp_ptr(f[1]))[3] == 2);
  tp_tensor *Y = f[0] ? tp_lu_solve(f[0], f[1], B, 0) : NULL;
  CHECK(Y && X && maxdiff(Y, X) < tol);
  if (Y) backward_sum(Y, 1);

  tp_tensor *qr[2] = {NULL, NULL}, *qrc[2] = {NULL, NULL}, *QR = NULL;
  CHECK(tp_linalg_qr(A, 0, qr) == 0 && (QR = tp_linalg(TP_LINALG_MATMUL, qr[0], qr[1])) && maxdiff(QR, A) < tol);
  CHECK(tp_linalg_qr(A, 2, qrc) == 0 && tp_tensor_numel(qrc[0]) == 0 && maxdiff(qrc[1], qr[1]) == 0);
  if (qr[0]) backward_sum(qr[0], 1);

  tp_tensor *eh[2] = {NULL, NULL};
  CHECK(tp_linalg_eigh(S, 0, eh) == 0 && at(eh[0], 0) <= at(eh[0], 1) && at(eh[0], 1) <= at(eh[0], 2));
  if (eh[1]) backward_sum(eh[0], 1);

  /* errors: a message, no result, nothing left behind */
  tp_tensor *Z = tp_full(2, (double[]){3, 3}, dtype, 0);
  CHECK(!tp_linalg_solve(Z, B) && strstr(tp_last_error(), "singular"));
  CHECK(!tp_cholesky(Z, 0, 0) && strstr(tp_last_error(), "positive-definite"));
  CHECK(!tp_cholesky_inverse(Z, 0) && strstr(tp_last_error(), "is zero"));
  tp_tensor *g[3];
  CHECK(tp_lu_factor(Z, 1, g) == -1 && !g[0] && strstr(tp_last_error(), "U[1,1] is zero"));
  tp_tensor_release(Z);

  tp_tensor_set_grad(A, NULL);  /* create_graph: the grads hold graphs that hold A and S */
  tp_tensor_set_grad(S, NULL);
  tp_tensor *all[] = {A, S, B, Bx, X, AX, L, Lt, LLt, Si, Ci, Cs, T, ts[0], ts[1], f[0], f[1], f[2], Y, qr[0], qr[1], qrc[0], qrc[1], QR, eh[0], eh[1]};
  for (size_t i = 0; i < sizeof all / sizeof *all; i++) if (all[i]) tp_tensor_release(all[i]);
}

int main(void) {
  test_solvers(TP_FLOAT32);
  test_solvers(TP_FLOAT64);
  CHECK(tp_live_tensors() == 0);
  TEST_MAIN_END();
}
