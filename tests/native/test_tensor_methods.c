/* Native tests of src/ops/tensor_methods.c under ASan+UBSan: cov, corrcoef and fill_diagonal_ against plain
 * loops, their error paths leave nothing behind, and no tensor leaks with or without a graph. */
#include <stdint.h>
#include <stdlib.h>
#include "check.h"
#include "internal.h"

static tp_tensor *mat(int64_t r, int64_t c, const double *v) {
  double s[2] = {(double)r, (double)c};
  tp_tensor *t = tp_empty(2, s, TP_FLOAT64);
  memcpy(tp_ptr(t), v, sizeof(double) * (size_t)(r * c));
  return t;
}

static void test_cov(void) {
  const double v[6] = {1, -2, 0.5, 3, 4, -0.25};
  tp_tensor *x = mat(2, 3, v);
  for (int grad = 0; grad < 2; grad++) {
    tp_tensor_set_requires_grad(x, grad);
    tp_tensor *c = tp_cov(x, 1), *r = tp_corrcoef(x);
    CHECK(c && r && c->ndim == 2 && c->shape[0] == 2 && c->shape[1] == 2);
    /* plain loops: mean, then sum of products / (n - 1) */
    double m[2] = {0, 0}, want[4] = {0, 0, 0, 0};
    for (int i = 0; i < 2; i++) m[i] = (v[3 * i] + v[3 * i + 1] + v[3 * i + 2]) / 3;
    for (int i = 0; i < 2; i++)
      for (int j = 0; j < 2; j++)
        for (int k = 0; k < 3; k++) want[2 * i + j] += (v[3 * i + k] - m[i]) * (v[3 * j + k] - m[j]) / 2;
    const double *got = (const double *)tp_ptr(c), *rg = (const double *)tp_ptr(r);
    for (int i = 0; i < 4; i++) CHECK_NEAR(got[i], want[i], 1e-12);
    CHECK_NEAR(rg[1], want[1] / sqrt(want[0] * want[3]), 1e-12);
    CHECK_NEAR(rg[0], 1, 1e-12);
    CHECK(grad ? c->grad_fn != NULL && r->grad_fn != NULL : c->grad_fn == NULL);
    tp_tensor_release(c); tp_tensor_release(r);
  }
  double s3[3] = {2, 2, 2};
  tp_tensor *cube = tp_full(3, s3, TP_FLOAT32, 0), *b = tp_full(2, s3, TP_BOOL, 1);
  CHECK(tp_cov(cube, 1) == NULL && tp_corrcoef(cube) == NULL && tp_cov(b, 1) == NULL);
  tp_tensor_release(cube); tp_tensor_release(b);
  tp_tensor_release(x);
}

static void test_fill_diagonal(void) {
  double s[2] = {7, 3};
  tp_tensor *z = tp_full(2, s, TP_FLOAT32, 0);
  CHECK(tp_fill_diagonal_(z, 1, 1) == 0);
  const float *p = (const float *)tp_ptr(z);
  int ones = 0;
  for (int i = 0; i < 21; i++) ones += p[i] == 1;
  CHECK(ones == 6 && p[0] == 1 && p[4] == 1 && p[8] == 1 && p[12] == 1 && p[16] == 1 && p[20] == 1);
  tp_tensor_release(z);
  tp_tensor *v = tp_full(1, s, TP_FLOAT32, 0);
  CHECK(tp_fill_diagonal_(v, 1, 0) == -1);
  tp_tensor_release(v);
  tp_tensor *leaf = tp_full(2, s, TP_FLOAT32, 0);
  tp_tensor_set_requires_grad(leaf, 1);
  CHECK(tp_fill_diagonal_(leaf, 1, 0) == -1 && ((float *)tp_ptr(leaf))[0] == 0);
  tp_tensor_release(leaf);
}

int main(void) {
  test_cov();
  test_fill_diagonal();
  CHECK(tp_live_tensors() == 0);
  TEST_MAIN_END();
}
