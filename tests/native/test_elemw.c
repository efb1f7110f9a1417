/* Native tests of src/ops/elementwise/math.c under ASan+UBSan: the integer kernels at their edges (shift
 * counts out of range, INT64_MIN, wrapping products) where C has undefined behaviour that
 * x86 PyTorch does not show, the special functions against known values, the three-operand
 * ops, and that failed calls neither write nor leak. Values against PyTorch itself are in
 * tests/fixtures/elemw.json. */
#include <math.h>
#include <stdint.h>
#include "../../src/tensorpad.h"
#include "internal.h"
#include "ops.h"
#include "check.h"

#define PI 3.14159265358979323846

static tp_tensor *i64(int n, const int64_t *v) {
  double s = n;
  tp_tensor *t = tp_empty(1, &s, TP_INT64);
  for (int i = 0; i < n; i++) ((int64_t *)tp_tensor_data(t))[i] = v[i];
  return t;
}
static tp_tensor *i32(int n, const int32_t *v) {
  double s = n;
  tp_tensor *t = tp_empty(1, &s, TP_INT32);
  for (int i = 0; i < n; i++) ((int32_t *)tp_tensor_data(t))[i] = v[i];
  return t;
}
static tp_tensor *f64(int n, const double *v) {
  double s = n;
  tp_tensor *t = tp_empty(1, &s, TP_FLOAT64);
  for (int i = 0; i < n; i++) ((double *)tp_tensor_data(t))[i] = v[i];
  return t;
}
static int64_t geti(tp_tensor *t, int i) { return tp_load_i64((char *)tp_tensor_data(t) + i * tp_dtype_table[t->dtype].itemsize, t->dtype); }
static double getf(tp_tensor *t, int i) { return tp_load_f64((char *)tp_tensor_data(t) + i * tp_dtype_table[t->dtype].itemsize, t->dtype); }

static void test_integer_edges(void) {
  const int64_t a[] = {1, -8, 5, INT64_MIN, INT64_MAX};
  const int64_t s[] = {64, -1, 63, 1, 200};
  tp_tensor *x = i64(5, a), *c = i64(5, s);
  tp_tensor *l = tp_binary(TP_OP_BITWISE_LEFT_SHIFT, x, c, 1), *r = tp_binary(TP_OP_BITWISE_RIGHT_SHIFT, x, c, 1);
  CHECK(l && r);
  /* x86 masks the count to 6 bits: << 64 is << 0, << -1 is << 63, 200 & 63 = 8 */
  CHECK(geti(l, 0) == 1 && geti(l, 1) == 0 && geti(l, 2) == INT64_MIN && geti(l, 3) == 0 && geti(l, 4) == -256);
  CHECK(geti(r, 0) == 1 && geti(r, 1) == -1 && geti(r, 2) == 0 && geti(r, 3) == INT64_MIN / 2 && geti(r, 4) == INT64_MAX >> 8);
  tp_tensor_release(l), tp_tensor_release(r);
  const int32_t a32[] = {1, -8, INT32_MIN};
  tp_tensor *y = i32(3, a32);
  l = tp_binary_scalar(TP_OP_BITWISE_LEFT_SHIFT, y, 33, TP_SCALAR_INT, 0, 1);  /* int32: count & 31 */
  CHECK(l && l->dtype == TP_INT32 && geti(l, 0) == 2 && geti(l, 1) == -16 && geti(l, 2) == 0);  /* a number does not promote */
  tp_tensor_release(l);
  tp_tensor *c32 = i32(3, (const int32_t[]){33, 40, 1});
  l = tp_binary(TP_OP_BITWISE_LEFT_SHIFT, y, c32, 1);
  r = tp_binary(TP_OP_BITWISE_RIGHT_SHIFT, y, c32, 1);
  CHECK(l && l->dtype == TP_INT32 && geti(l, 0) == 2 && geti(l, 1) == -2048 && geti(l, 2) == 0);
  CHECK(r && geti(r, 0) == 0 && geti(r, 1) == -1 && geti(r, 2) == INT32_MIN / 2);
  tp_tensor_release(l), tp_tensor_release(r), tp_tensor_release(c32), tp_tensor_release(y);

  const int64_t g1[] = {0, -12, INT64_MIN, 7, INT64_MIN};
  const int64_t g2[] = {0, 18, 2, -21, -1};
  tp_tensor *p = i64(5, g1), *q = i64(5, g2);
  tp_tensor *g = tp_binary(TP_OP_GCD, p, q, 1), *m = tp_binary(TP_OP_LCM, p, q, 1), *f = tp_binary(TP_OP_FMOD, p, q, 1);
  CHECK(!f && strstr(tp_last_error(), "ZeroDivisionError"));
  CHECK(g && geti(g, 0) == 0 && geti(g, 1) == 6 && geti(g, 2) == 2 && geti(g, 3) == 7 && geti(g, 4) == 1);
  CHECK(m && geti(m, 0) == 0 && geti(m, 1) == 36 && geti(m, 3) == 21);
  tp_tensor_release(g), tp_tensor_release(m);
  ((int64_t *)tp_tensor_data(q))[0] = 5;
  f = tp_binary(TP_OP_FMOD, p, q, 1);   /* INT64_MIN fmod -1 is 0, not a trap */
  CHECK(f && geti(f, 0) == 0 && geti(f, 1) == -12 && geti(f, 2) == 0 && geti(f, 3) == 7 && geti(f, 4) == 0);
  tp_tensor_release(f);
  tp_tensor *n = tp_unary(TP_OP_BITWISE_NOT, p);
  CHECK(n && geti(n, 0) == -1 && geti(n, 2) == INT64_MAX);
  tp_tensor_release(n);
  /* integer addcmul wraps */
  tp_tensor *w = tp_addcmul(x, x, c, 3);
  CHECK(w && w->dtype == TP_INT64 && geti(w, 0) == 1 + 3 * 64);
  tp_tensor_release(w);
  tp_tensor_release(p), tp_tensor_release(q), tp_tensor_release(x), tp_tensor_release(c);
}

static void test_special_values(void) {
  CHECK_NEAR(tp_digamma(1), -0.57721566490153286, 1e-15);
  CHECK_NEAR(tp_digamma(0.5), -1.96351002602142347944, 1e-14);
  CHECK(isinf(tp_digamma(0.0)) && tp_digamma(0.0) < 0 && tp_digamma(-0.0) > 0);
  CHECK(isnan(tp_digamma(-2)));
  CHECK_NEAR(tp_trigamma(1), PI * PI / 6, 1e-8);  /* PyTorch's series: about 1e-9 */
  CHECK_NEAR(tp_trigamma(-0.5), PI * PI / 2 + 4, 1e-8);
  const double v[] = {erf(0.5), -erf(1.7), 0, 1, -1, 1.5};
  tp_tensor *x = f64(6, v), *e = tp_unary(TP_OP_ERFINV, x);
  CHECK(e);
  CHECK_NEAR(getf(e, 0), 0.5, 1e-15);
  CHECK_NEAR(getf(e, 1), -1.7, 1e-14);
  CHECK(getf(e, 2) == 0 && isinf(getf(e, 3)) && getf(e, 4) == -INFINITY && isnan(getf(e, 5)));
  tp_tensor_release(e);
  tp_tensor *s = tp_unary(TP_OP_SINC, x);
  CHECK(s && getf(s, 2) == 1 && fabs(getf(s, 3)) < 1e-15);
  tp_tensor_release(s);
  tp_tensor_release(x);
}

static void test_ternary_and_failures(void) {
  const double a[] = {1, 2, 3}, b[] = {5, 6, 7};
  tp_tensor *x = f64(3, a), *y = f64(3, b);
  tp_tensor *r = tp_lerp(x, y, NULL, 0.25);
  CHECK(r && getf(r, 0) == 2 && getf(r, 2) == 4);
  tp_tensor_release(r);
  r = tp_lerp(x, y, x, 0);  /* weights 1, 2, 3: from the far end */
  CHECK(r && getf(r, 0) == 5 && getf(r, 1) == 10 && getf(r, 2) == 15);
  tp_tensor_release(r);
  r = tp_addcdiv(x, y, x, 0.5);
  CHECK(r && getf(r, 0) == 3.5 && getf(r, 1) == 3.5);
  tp_tensor_release(r);
  /* a failed in-place call writes nothing */
  double s4 = 4;
  tp_tensor *z = tp_empty(1, &s4, TP_FLOAT64);
  CHECK(tp_addcmul_(x, z, y, 1) == -1 && getf(x, 0) == 1 && tp_tensor_version(x) == 0);
  const int64_t iv[] = {1, 2, 3};
  tp_tensor *k = i64(3, iv);
  CHECK(tp_lerp_(k, k, NULL, 0.5) == -1 && strstr(tp_last_error(), "lerp_kernel_scalar"));
  CHECK(tp_logit_(k, NAN) == -1 && strstr(tp_last_error(), "can't be cast"));
  CHECK(tp_binary_(TP_OP_ATAN2, k, x, 1) == -1 && geti(k, 0) == 1 && tp_tensor_version(k) == 0);
  CHECK(tp_isclose(x, k, 1e-5, 1e-8, 0) == NULL && strstr(tp_last_error(), "Double did not match Long"));
  CHECK(tp_allclose(x, x, 0, 0, 0) == 1 && tp_equal(x, y) == 0 && tp_equal(x, x) == 1);
  tp_tensor_release(z), tp_tensor_release(k), tp_tensor_release(x), tp_tensor_release(y);
}

int main(void) {
  test_integer_edges();
  test_special_values();
  test_ternary_and_failures();
  CHECK(tp_live_tensors() == 0);
  TEST_MAIN_END();
}
