/* The matrix-multiply kernels against a naive triple loop (in double), on random shapes
 * that hit every edge of the blocking (1, 3, 17, 255, 257 and the MR/NR/KC/MC borders),
 * with plain, transposed, strided and broadcast (stride 0) operands, beta 0/1/other;
 * then tp_linalg's ops on non-contiguous tensors. Runs under ASan+UBSan, which also
 * checks that packing never reads outside an operand. */
#include <stdlib.h>
#include "gemm.h"
#include "internal.h"
#include "check.h"

static uint64_t rng = 88172645463325252ull;
static uint64_t next(void) { rng ^= rng << 13; rng ^= rng >> 7; rng ^= rng << 17; return rng; }
static int64_t pick(const int64_t *v, int n) { return v[next() % (uint64_t)n]; }
static float frand(void) { return (float)((int)(next() % 2001) - 1000) / 250.0f; }

/* An operand of logical shape rows×cols in a buffer laid out as `layout`:
 * 0 row-major, 1 column-major (a transposed view), 2 row-major with padded rows and a
 * column step of 2 (a sliced view), 3 rows broadcast (row stride 0). Returns strides. */
typedef struct { float *buf; double *dbuf; int64_t *ibuf; int32_t *i32buf; int64_t rs, cs, n; } operand;

static operand make(int64_t rows, int64_t cols, int layout) {
  operand o;
  if (layout == 0) o.rs = cols, o.cs = 1, o.n = rows * cols;
  else if (layout == 1) o.rs = 1, o.cs = rows, o.n = rows * cols;
  else if (layout == 2) o.rs = 2 * cols + 3, o.cs = 2, o.n = rows ? (rows - 1) * o.rs + 2 * cols : 0;
  else o.rs = 0, o.cs = 1, o.n = cols;
  if (o.n < 1) o.n = 1;
  o.buf = malloc(sizeof(float) * o.n);
  o.dbuf = malloc(sizeof(double) * o.n);
  o.ibuf = malloc(sizeof(int64_t) * o.n);
  o.i32buf = malloc(sizeof(int32_t) * o.n);
  for (int64_t i = 0; i < o.n; i++) {
    o.buf[i] = frand();
    o.dbuf[i] = o.buf[i];
    o.ibuf[i] = (int64_t)(next() % 21) - 10;
    o.i32buf[i] = (int32_t)o.ibuf[i];
  }
  return o;
}

static void drop(operand *o) { free(o->buf); free(o->dbuf); free(o->ibuf); free(o->i32buf); }

static int failures_logged;

static void check_case(int64_t M, int64_t N, int64_t K, int la, int lb, int beta_kind) {
  operand a = make(M, K, la), b = make(K, N, lb);
  int64_t ldc = N + (beta_kind == 2 ? 5 : 0), nc = M * ldc > 0 ? M * ldc : 1;
  float *c = malloc(sizeof(float) * nc), *c0 = malloc(sizeof(float) * nc);
  double *cd = malloc(sizeof(double) * nc);
  int64_t *ci = malloc(sizeof(int64_t) * nc);
  int32_t *ci32 = malloc(sizeof(int32_t) * nc);
  float beta = beta_kind == 0 ? 0.0f : beta_kind == 1 ? 1.0f : -0.5f;
  for (int64_t i = 0; i < nc; i++) {
    c0[i] = frand();
    /* beta 0 must never read C: poison it with NaN. */
    c[i] = beta == 0.0f ? NAN : c0[i];
    cd[i] = beta == 0.0f ? NAN : c0[i];
    ci[i] = ci32[i] = (int32_t)(i % 7);
  }
  int64_t ibeta = beta_kind == 0 ? 0 : beta_kind == 1 ? 1 : 2;
  CHECK(tp_gemm_f32(M, N, K, a.buf, a.rs, a.cs, b.buf, b.rs, b.cs, c, ldc, beta) == 0);
  CHECK(tp_gemm_f64(M, N, K, a.dbuf, a.rs, a.cs, b.dbuf, b.rs, b.cs, cd, ldc, beta) == 0);
  int64_t *ci_before = malloc(sizeof(int64_t) * nc);
  memcpy(ci_before, ci, sizeof(int64_t) * nc);
  CHECK(tp_gemm_i64(M, N, K, a.ibuf, a.rs, a.cs, b.ibuf, b.rs, b.cs, ci, ldc, ibeta) == 0);
  CHECK(tp_gemm_i32(M, N, K, a.i32buf, a.rs, a.cs, b.i32buf, b.rs, b.cs, ci32, ldc, (int32_t)ibeta) == 0);
  double maxerr = 0, maxerr_d = 0;
  int int_bad = 0;
  for (int64_t i = 0; i < M; i++)
    for (int64_t j = 0; j < N; j++) {
      double s = 0, mag = 0;
      int64_t si = 0;
      for (int64_t k = 0; k < K; k++) {
        double p = (double)a.buf[i * a.rs + k * a.cs] * b.buf[k * b.rs + j * b.cs];
        s += p, mag += fabs(p);
        si += a.ibuf[i * a.rs + k * a.cs] * b.ibuf[k * b.rs + j * b.cs];
      }
      if (beta != 0.0f) s += (double)beta * c0[i * ldc + j], mag += fabs(beta * c0[i * ldc + j]);
      si += ibeta * ci_before[i * ldc + j];
      double e = fabs(c[i * ldc + j] - s) / (mag + 1.0);
      double ed = fabs(cd[i * ldc + j] - s) / (mag + 1.0);
      if (!(e <= maxerr)) maxerr = e;  /* NaN-safe: NaN always counts as an error */
      if (!(ed <= maxerr_d)) maxerr_d = ed;
      if (ci[i * ldc + j] != si || ci32[i * ldc + j] != (int32_t)si) int_bad++;
    }
  /* Columns past N in a padded C must be untouched. */
  int pad_bad = 0;
  for (int64_t i = 0; i < M; i++)
    for (int64_t j = N; j < ldc; j++)
      if (!(c[i * ldc + j] == c0[i * ldc + j]) && beta != 0.0f) pad_bad++;
  int ok = maxerr < 1e-6 && maxerr_d < 1e-12 && !int_bad && !pad_bad;
  CHECK(ok);
  if (!ok && failures_logged++ < 10)
    fprintf(stderr, "  M=%lld N=%lld K=%lld layouts %d,%d beta %g: f32 err %g f64 err %g int bad %d pad bad %d\n",
            (long long)M, (long long)N, (long long)K, la, lb, beta, maxerr, maxerr_d, int_bad, pad_bad);
  drop(&a), drop(&b);
  free(c), free(c0), free(cd), free(ci), free(ci32), free(ci_before);
}

static void test_random_shapes(void) {
  const int64_t sizes[] = {1, 3, 17, 255, 257, 4, 8, 5, 9, 33, 128, 129};
  /* Every size on every dimension once, against a small partner (keeps ASan time short). */
  for (int s = 0; s < 5; s++) {
    int64_t v = sizes[s];
    check_case(v, 7, 5, 0, 0, 0);
    check_case(6, v, 5, 0, 1, 1);
    check_case(5, 9, v, 1, 0, 2);
  }
  /* Random shapes and layouts. */
  for (int t = 0; t < 60; t++) {
    int64_t M = pick(sizes, 12), N = pick(sizes, 12), K = pick(sizes, 12);
    if (M * N * K > 3000000) K = 17;
    check_case(M, N, K, (int)(next() % 4), (int)(next() % 4), (int)(next() % 3));
  }
  /* N across more than one NC block (2048 columns). */
  check_case(5, 2100, 3, 0, 1, 1);
  check_case(9, 2057, 2, 2, 0, 0);
  /* K across more than one KC block, M across MC, with every layout pair. */
  for (int la = 0; la < 4; la++)
    for (int lb = 0; lb < 4; lb++) check_case(131, 19, 600, la, lb, (la + lb) % 3);
}

static void test_empty(void) {
  float c[4] = {1, 2, 3, 4}, a[1] = {1}, b[1] = {1};
  /* K == 0: C = beta·C; beta 0 writes zeros without reading. */
  CHECK(tp_gemm_f32(2, 2, 0, a, 0, 1, b, 1, 0, c, 2, 0.5f) == 0);
  CHECK(c[0] == 0.5f && c[3] == 2.0f);
  c[0] = NAN;
  CHECK(tp_gemm_f32(2, 2, 0, a, 0, 1, b, 1, 0, c, 2, 0.0f) == 0);
  CHECK(c[0] == 0.0f && c[3] == 0.0f);
  CHECK(tp_gemm_f32(0, 2, 3, a, 0, 1, b, 1, 0, c, 2, 0.0f) == 0);
}

static void test_gemv_dot(void) {
  const int64_t sizes[] = {1, 3, 17, 255, 257};
  for (int s = 0; s < 5; s++)
    for (int layout = 0; layout < 3; layout++) {
      int64_t M = sizes[s], K = sizes[(s + 2) % 5];
      operand a = make(M, K, layout), x = make(K, 1, 2);
      float *y = malloc(sizeof(float) * M);
      tp_gemv_f32(M, K, a.buf, a.rs, a.cs, x.buf, x.rs, y, 1);
      double maxerr = 0;
      for (int64_t i = 0; i < M; i++) {
        double sum = 0, mag = 0;
        for (int64_t k = 0; k < K; k++) {
          double p = (double)a.buf[i * a.rs + k * a.cs] * x.buf[k * x.rs];
          sum += p, mag += fabs(p);
        }
        double e = fabs(y[i] - sum) / (mag + 1);
        if (e > maxerr) maxerr = e;
      }
      CHECK(maxerr < 1e-6);
      float d = tp_dot_f32(K, a.buf, a.cs, x.buf, x.rs);
      double sum = 0, mag = 0;
      for (int64_t k = 0; k < K; k++) sum += (double)a.buf[k * a.cs] * x.buf[k * x.rs], mag += fabs(a.buf[k * a.cs] * x.buf[k * x.rs]);
      CHECK(fabs(d - sum) / (mag + 1) < 1e-6);
      drop(&a), drop(&x), free(y);
    }
}

/* ---- tp_linalg on tensors ------------------------------------------------------------- */
static tp_tensor *filled_range(int ndim, const int64_t *shape, int dtype) {
  double *s = tp_args();
  for (int d = 0; d < ndim; d++) s[d] = (double)shape[d];
  tp_tensor *t = tp_empty(ndim, s, dtype);
  int64_t n = tp_shape_numel(ndim, shape);
  for (int64_t i = 0; i < n; i++) tp_store_f64(tp_ptr(t) + i * tp_dtype_table[dtype].itemsize, dtype, (double)(i % 7) - 3);
  return t;
}

static double at(const tp_tensor *t, const int64_t *idx) {
  int64_t off = 0;
  for (int d = 0; d < t->ndim; d++) off += idx[d] * t->stride[d];
  return tp_load_f64(tp_ptr(t) + off * tp_dtype_table[t->dtype].itemsize, t->dtype);
}

static void test_ops(void) {
  /* matmul of a transposed batch [4,5,3]ᵀ(1,2) with a broadcast [5] -> mv per batch. */
  int64_t s3[3] = {4, 5, 3}, s2[2] = {3, 6}, s1[1] = {5};
  tp_tensor *x = filled_range(3, s3, TP_FLOAT32), *xt = tp_transpose(x, 1, 2);  /* [4,3,5] */
  tp_tensor *v = filled_range(1, s1, TP_FLOAT32);
  tp_tensor *r = tp_linalg(TP_LINALG_MATMUL, xt, v);
  CHECK(r && r->ndim == 2 && r->shape[0] == 4 && r->shape[1] == 3);
  int bad = 0;
  for (int64_t b = 0; b < 4; b++)
    for (int64_t i = 0; i < 3; i++) {
      double s = 0;
      for (int64_t k = 0; k < 5; k++) s += at(xt, (int64_t[]){b, i, k}) * at(v, (int64_t[]){k});
      if (at(r, (int64_t[]){b, i}) != s) bad++;
    }
  CHECK(!bad);
  tp_tensor_release(r);
  /* [4,3,5] @ [5,?]: error message of the folded mm. */
  tp_tensor *w = filled_range(2, s2, TP_FLOAT32);
  CHECK(tp_linalg(TP_LINALG_MATMUL, xt, w) == NULL);
  CHECK_STR(tp_last_error(), "Expected size for first two dimensions of batch2 tensor to be: [4, 5] but got: [4, 3].");
  r = tp_linalg(TP_LINALG_MATMUL, x, w);  /* [4,5,3] @ [3,6]: folded into one 20x3 @ 3x6 */
  CHECK(r && r->ndim == 3 && r->shape[0] == 4 && r->shape[1] == 5 && r->shape[2] == 6);
  bad = 0;
  for (int64_t b = 0; b < 4; b++)
    for (int64_t i = 0; i < 5; i++)
      for (int64_t j = 0; j < 6; j++) {
        double s = 0;
        for (int64_t k = 0; k < 3; k++) s += at(x, (int64_t[]){b, i, k}) * at(w, (int64_t[]){k, j});
        if (at(r, (int64_t[]){b, i, j}) != s) bad++;
      }
  CHECK(!bad);
  tp_tensor_release(r);
  tp_tensor *i64 = filled_range(2, s2, TP_INT64);
  CHECK(tp_linalg(TP_LINALG_MM, w, i64) == NULL);
  CHECK_STR(tp_last_error(), "mat1 and mat2 shapes cannot be multiplied (3x6 and 3x6)");
  tp_tensor *wt = tp_t(w);
  CHECK(tp_linalg(TP_LINALG_MM, wt, i64) == NULL);
  CHECK_STR(tp_last_error(), "expected scalar type Float but found Long");
  tp_tensor_release(wt), tp_tensor_release(i64);
  tp_tensor_release(x), tp_tensor_release(xt), tp_tensor_release(v), tp_tensor_release(w);
  CHECK(tp_live_tensors() == 0);  /* failed calls leave nothing behind */
}

/* tp_addmm's paths (GEMM beta, second pass for alpha, no product) under the sanitizers. */
static void test_addmm(void) {
  int64_t sb[1] = {5}, s1[2] = {7, 9}, s2[2] = {9, 5}, sk[2] = {7, 0}, sk2[2] = {0, 5};
  tp_tensor *bias = filled_range(1, sb, TP_FLOAT32), *m1 = filled_range(2, s1, TP_FLOAT32), *m2 = filled_range(2, s2, TP_FLOAT32);
  const double params[4][2] = {{1, 1}, {0.5, 2}, {0, 1}, {3, 0}};
  for (int t = 0; t < 4; t++) {
    double beta = params[t][0], alpha = params[t][1];
    tp_tensor *r = tp_addmm(bias, m1, m2, beta, alpha);
    CHECK(r && r->shape[0] == 7 && r->shape[1] == 5);
    int bad = 0;
    for (int64_t i = 0; i < 7; i++)
      for (int64_t j = 0; j < 5; j++) {
        double s = 0;
        for (int64_t k = 0; k < 9; k++) s += at(m1, (int64_t[]){i, k}) * at(m2, (int64_t[]){k, j});
        if (at(r, (int64_t[]){i, j}) != beta * at(bias, (int64_t[]){j}) + alpha * s) bad++;
      }
    CHECK(!bad);
    tp_tensor_release(r);
  }
  tp_tensor *e1 = filled_range(2, sk, TP_FLOAT32), *e2 = filled_range(2, sk2, TP_FLOAT32);
  tp_tensor *r = tp_addmm(bias, e1, e2, 3, 1);  /* K == 0: 3·bias */
  CHECK(r && at(r, (int64_t[]){6, 4}) == 3 * at(bias, (int64_t[]){4}));
  tp_tensor_release(r);
  CHECK(tp_addmm(m1, m1, m2, 1, 1) == NULL);
  CHECK_STR(tp_last_error(), "The expanded size of the tensor (5) must match the existing size (9) at non-singleton dimension 1.  Target sizes: [7, 5].  Tensor sizes: [7, 9]");
  tp_tensor_release(e1), tp_tensor_release(e2);
  tp_tensor_release(bias), tp_tensor_release(m1), tp_tensor_release(m2);
  CHECK(tp_live_tensors() == 0);
}

int main(void) {
  test_random_shapes();
  test_empty();
  test_gemv_dot();
  test_ops();
  test_addmm();
  TEST_MAIN_END();
}
