/* Native tests of src/ops/reduce/stats.c under ASan+UBSan: every entry point on small inputs with NaNs,
 * checked against a plain loop where the answer is simple (nansum, count_nonzero, bincount,
 * unique's counts, histc's total), errors leave nothing behind, no tensor leaks. */
#include <stdint.h>
#include <stdlib.h>
#include "check.h"
#include "internal.h"

static tp_tensor *vec(int64_t n, const float *v) {
  double s = (double)n;
  tp_tensor *t = tp_empty(1, &s, TP_FLOAT32);
  memcpy(tp_ptr(t), v, sizeof(float) * (size_t)n);
  return t;
}

static void test_nan_reductions(void) {
  const float v[6] = {1.5f, NAN, 2, -3, NAN, 0};
  tp_tensor *x = vec(6, v);
  tp_tensor *s = tp_nansum(x, -1, NULL, 0, -1), *m = tp_nanmean(x, -1, NULL, 0, -1), *c = tp_count_nonzero(x, -1, NULL);
  CHECK(s && tp_item(s) == 0.5);
  CHECK(m && tp_item(m) == 0.125);
  CHECK(c && tp_item(c) == 5);  /* NaN is not zero */
  tp_tensor *mm[2];
  CHECK(tp_aminmax(x, 1, 0, 0, mm) == 0 && isnan(tp_item(mm[0])) && isnan(tp_item(mm[1])));
  tp_tensor_release(mm[0]); tp_tensor_release(mm[1]);
  tp_tensor *l = tp_logcumsumexp(x, 0);
  CHECK(l && tp_tensor_numel(l) == 6);
  tp_tensor_release(s); tp_tensor_release(m); tp_tensor_release(c); tp_tensor_release(l);
  tp_tensor_release(x);
}

static void test_counts(void) {
  const float v[8] = {0.5f, 2, 2, 3, -1, 0.5f, 2, 9};
  tp_tensor *x = vec(8, v), *u[3];
  CHECK(tp_unique(x, 1, 0, u) == 0);
  CHECK(tp_tensor_numel(u[0]) == 5 && tp_tensor_numel(u[1]) == 8);
  int64_t total = 0;
  for (int i = 0; i < 5; i++) total += ((int64_t *)tp_ptr(u[2]))[i];
  CHECK(total == 8);
  for (int k = 0; k < 3; k++) tp_tensor_release(u[k]);
  CHECK(tp_unique(x, 1, 1, u) == 0 && tp_tensor_numel(u[0]) == 7);  /* runs: 0.5 | 2 2 | 3 | -1 | 0.5 | 2 | 9 */
  for (int k = 0; k < 3; k++) tp_tensor_release(u[k]);
  tp_tensor *h = tp_histc(x, 4, 0, 3);
  double in_range = 0;
  for (int i = 0; i < 4; i++) in_range += ((float *)tp_ptr(h))[i];
  CHECK(in_range == 6);  /* -1 and 9 fall outside [0, 3] */
  tp_tensor_release(h);
  CHECK(tp_histc(x, 0, 0, 0) == NULL);
  double s = 5;
  tp_tensor *ix = tp_arange(0, 5, 1, TP_INT64), *b = tp_bincount(ix, NULL, 7);
  CHECK(b && tp_tensor_numel(b) == 7 && ((int64_t *)tp_ptr(b))[4] == 1);
  tp_tensor_release(b);
  tp_tensor *neg = tp_full(1, &s, TP_INT64, -1);
  CHECK(tp_bincount(neg, NULL, 0) == NULL);
  tp_tensor_release(neg);
  tp_tensor_release(ix);
  tp_tensor_release(x);
}

static void test_composites(void) {
  const float v[6] = {3, 1, 2, 7, NAN, 4};
  tp_tensor *x = vec(6, v);
  for (int interp = 0; interp < 5; interp++)
    for (int nan = 0; nan < 2; nan++) {
      tp_tensor *q = tp_quantile(x, NULL, 0.4, 0, 0, 0, interp, nan);
      CHECK(q != NULL && (nan ? !isnan(tp_item(q)) : isnan(tp_item(q))));
      tp_tensor_release(q);
    }
  CHECK(tp_quantile(x, NULL, 1.5, 0, 0, 0, 0, 0) == NULL);
  tp_tensor *d = tp_diff(x, 2, 0, NULL, x);
  CHECK(d && tp_tensor_numel(d) == 10);
  tp_tensor_release(d);
  tp_tensor *dd = tp_dist(x, x, 2);
  CHECK(dd && isnan(tp_item(dd)));
  tp_tensor_release(dd);
  CHECK(tp_cumop_(TP_OP_CUMSUM, x, 0, -1) == 0 && ((float *)tp_ptr(x))[3] == 13);
  CHECK(tp_cumop_(TP_OP_CUMSUM, x, 0, TP_FLOAT64) == -1);
  tp_tensor_release(x);
}

static void test_unique_dim(void) {
  double sz[2] = {4, 3};
  tp_tensor *x = tp_empty(2, sz, TP_INT64), *u[3];
  const int64_t v[12] = {1, 2, 3, 0, 0, 0, 1, 2, 3, 0, 0, 1};
  memcpy(tp_ptr(x), v, sizeof v);
  CHECK(tp_unique_dim(x, 0, 0, u) == 0);
  CHECK(tp_tensor_size(u[0], 0) == 3 && tp_tensor_size(u[0], 1) == 3);
  const int64_t *iv = (const int64_t *)tp_ptr(u[1]), *c = (const int64_t *)tp_ptr(u[2]);
  CHECK(iv[0] == 2 && iv[1] == 0 && iv[2] == 2 && iv[3] == 1);  /* rows sorted: [0 0 0] [0 0 1] [1 2 3] */
  CHECK(c[0] == 1 && c[1] == 1 && c[2] == 2);
  for (int k = 0; k < 3; k++) tp_tensor_release(u[k]);
  CHECK(tp_unique_dim(x, 1, 1, u) == 0 && tp_tensor_size(u[0], 1) == 3);
  for (int k = 0; k < 3; k++) tp_tensor_release(u[k]);
  CHECK(tp_unique_dim(x, 2, 0, u) == -1);
  tp_tensor_release(x);
}

int main(void) {
  test_unique_dim();
  test_nan_reductions();
  test_counts();
  test_composites();
  CHECK(tp_live_tensors() == 0);
  TEST_MAIN_END();
}
