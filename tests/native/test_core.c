/* Native tests of the core: storage/tensor lifetime, views and strides, converting copies,
 * the RNG streams (first values checked against PyTorch 1.13), repr text, and errors
 * (including out-of-memory) leaving nothing behind. Run under ASan+UBSan. */
#include <stdlib.h>
#include "check.h"
#include "internal.h"

static tp_tensor *make(int dtype, int ndim, const double *sizes) {
  double *a = tp_args();
  for (int i = 0; i < ndim; i++) a[i] = sizes[i];
  return tp_empty(ndim, a, dtype);
}

static tp_tensor *arange_f32(double n) { return tp_arange(0, n, 1, TP_FLOAT32); }

static void test_views(void) {
  tp_tensor *x = arange_f32(12);
  double s34[2] = {3, 4};
  tp_tensor *v = tp_view(x, 2, s34);
  CHECK(v && tp_tensor_storage(v) == tp_tensor_storage(x));
  CHECK(tp_tensor_stride(v, 0) == 4 && tp_tensor_stride(v, 1) == 1);
  tp_tensor *t = tp_transpose(v, 0, 1);
  CHECK(t && !tp_tensor_is_contiguous(t) && tp_tensor_stride(t, 0) == 1 && tp_tensor_stride(t, 1) == 4);
  /* view of a transposed tensor that spans two subspaces fails; reshape copies */
  double s12[1] = {12};
  CHECK(tp_view(t, 1, s12) == NULL);
  CHECK(strstr(tp_last_error(), "view size is not compatible") != NULL);
  tp_tensor *r = tp_reshape(t, 1, s12);
  CHECK(r && tp_tensor_storage(r) != tp_tensor_storage(x));
  CHECK_STR(tp_repr(r, NULL), "tensor([ 0.,  4.,  8.,  1.,  5.,  9.,  2.,  6., 10.,  3.,  7., 11.])");
  /* clone keeps the dense transposed strides (preserve_format) */
  tp_tensor *c = tp_clone(t);
  CHECK(c && tp_tensor_stride(c, 0) == 1 && tp_tensor_stride(c, 1) == 4);
  /* slicing with a step, select, narrow */
  tp_tensor *sl = tp_slice(v, 1, 1, NAN, 2);
  CHECK(sl && tp_tensor_size(sl, 1) == 2 && tp_tensor_offset(sl) == 1 && tp_tensor_stride(sl, 1) == 2);
  CHECK_STR(tp_repr(sl, NULL), "tensor([[ 1.,  3.],\n        [ 5.,  7.],\n        [ 9., 11.]])");
  tp_tensor *se = tp_select(v, 0, -1);
  CHECK(se && tp_tensor_ndim(se) == 1 && tp_tensor_offset(se) == 8);
  CHECK(tp_select(v, 0, 3) == NULL);
  CHECK_STR(tp_last_error(), "select(): index 3 out of range for tensor of size [3, 4] at dimension 0");
  tp_tensor *n = tp_narrow(v, 1, 1, 2);
  CHECK(n && tp_shares_memory(n, v) && !tp_shares_memory(n, c));
  /* expand gives stride 0; unsqueeze/squeeze round trip */
  double e[3] = {2, 3, 4};
  tp_tensor *ex = tp_expand(v, 3, e);
  CHECK(ex && tp_tensor_stride(ex, 0) == 0);
  tp_tensor *u = tp_unsqueeze(v, -1);
  CHECK(u && tp_tensor_ndim(u) == 3 && tp_tensor_size(u, 2) == 1);
  tp_tensor *sq = tp_squeeze(u);
  CHECK(sq && tp_tensor_ndim(sq) == 2);
  CHECK(tp_transpose(v, 0, 2) == NULL);
  CHECK_STR(tp_last_error(), "Dimension out of range (expected to be in range of [-2, 1], but got 2)");
  tp_tensor *all[] = {x, v, t, r, c, sl, se, n, ex, u, sq};
  for (size_t i = 0; i < sizeof all / sizeof *all; i++) tp_tensor_release(all[i]);
}

static void test_convert(void) {
  double vals[5] = {1.7, -1.7, NAN, 1e30, 0};
  double s5[1] = {5};
  tp_tensor *f = tp_from_buffer(vals, TP_FLOAT64, 1, s5, TP_FLOAT32);
  tp_tensor *i = tp_to_dtype(f, TP_INT64, 0);
  tp_tensor *b = tp_to_dtype(f, TP_BOOL, 0);
  CHECK_STR(tp_repr(i, NULL), "tensor([                   1,                   -1, -9223372036854775808,\n        -9223372036854775808,                    0])");
  CHECK_STR(tp_repr(b, NULL), "tensor([ True,  True,  True,  True, False])");
  tp_tensor *i32 = tp_to_dtype(f, TP_INT32, 0);  /* x86: NaN and out of range give INT32_MIN */
  CHECK_STR(tp_repr(i32, NULL), "tensor([          1,          -1, -2147483648, -2147483648,           0],\n       dtype=torch.int32)");
  tp_tensor_release(f);
  tp_tensor_release(i);
  tp_tensor_release(b);
  tp_tensor_release(i32);
}

/* A Python number is converted to the dtype with PyTorch's check (c10::checked_convert). */
static void test_checked_fill(void) {
  double s2[1] = {2};
  CHECK(tp_full(1, s2, TP_INT32, 2147483648.0) == NULL);
  CHECK_STR(tp_last_error(), "value cannot be converted to type int without overflow");
  CHECK(tp_full(1, s2, TP_INT64, NAN) == NULL);
  CHECK_STR(tp_last_error(), "value cannot be converted to type int64_t without overflow");
  CHECK(tp_full(1, s2, TP_FLOAT32, 1e39) == NULL);
  CHECK_STR(tp_last_error(), "value cannot be converted to type float without overflow");
  tp_tensor *f = tp_full(1, s2, TP_FLOAT32, INFINITY), *b = tp_full(1, s2, TP_BOOL, NAN), *i = tp_full(1, s2, TP_INT32, -2147483648.0);
  CHECK(f && b && i);
  CHECK_STR(tp_repr(f, NULL), "tensor([inf, inf])");
  CHECK(tp_fill_(i, INFINITY) == -1);
  CHECK_STR(tp_repr(i, NULL), "tensor([-2147483648, -2147483648], dtype=torch.int32)");  /* unchanged */
  CHECK(tp_tensor_version(i) == 0);
  tp_tensor_release(f);
  tp_tensor_release(b);
  tp_tensor_release(i);
}

/* empty_like keeps a dense source's strides and zero-fills. */
static void test_empty_like(void) {
  double s23[2] = {2, 3};
  tp_tensor *x = tp_full(2, s23, TP_FLOAT32, 1), *t = tp_t(x), *e = t ? tp_empty_like(t, TP_INT64) : NULL;
  CHECK(e && tp_tensor_stride(e, 0) == 1 && tp_tensor_stride(e, 1) == 3 && tp_tensor_dtype(e) == TP_INT64);
  CHECK_STR(tp_repr(e, NULL), "tensor([[0, 0],\n        [0, 0],\n        [0, 0]])");
  tp_tensor_release(x);
  tp_tensor_release(t);
  tp_tensor_release(e);
}

static void test_rng(void) {
  tp_manual_seed(0);
  double s[2] = {2, 3};
  tp_tensor *r = make(TP_FLOAT32, 2, s);
  tp_uniform_(r, 0, 1, NULL);
  const float *p = tp_tensor_data(r);
  const double want[6] = {0.4963, 0.7682, 0.0885, 0.1320, 0.3074, 0.6341};
  for (int k = 0; k < 6; k++) CHECK_NEAR(p[k], want[k], 5e-5);
  tp_manual_seed(0);
  tp_normal_(r, 0, 1, NULL);
  const double wantn[6] = {1.5410, -0.2934, -2.1788, 0.5684, -1.0845, -1.3986};
  for (int k = 0; k < 6; k++) CHECK_NEAR(p[k], wantn[k], 5e-5);
  CHECK(tp_initial_seed() == 0);
  CHECK(tp_random_(r, 5, 5, NULL) == -1);
  tp_tensor_release(r);
}

static void test_repr(void) {
  double v[3] = {1e-5, 1, 100000};
  double s3[1] = {3};
  tp_tensor *t = tp_from_buffer(v, TP_FLOAT64, 1, s3, TP_FLOAT32);
  CHECK_STR(tp_repr(t, NULL), "tensor([1.0000e-05, 1.0000e+00, 1.0000e+05])");
  CHECK(tp_tensor_set_requires_grad(t, 1) == 0);
  CHECK_STR(tp_repr(t, "MulBackward0"), "tensor([1.0000e-05, 1.0000e+00, 1.0000e+05], grad_fn=<MulBackward0>)");
  tp_tensor_release(t);
  tp_tensor *z = tp_full(0, NULL, TP_FLOAT32, 4);
  CHECK_STR(tp_repr(z, NULL), "tensor(4.)");
  tp_tensor_release(z);
}

static void test_errors_leave_nothing(void) {
  double live = tp_live_tensors(), bytes = tp_live_bytes();
  double huge[2] = {100000, 100000000};
  CHECK(make(TP_FLOAT32, 2, huge) == NULL);
  CHECK(strstr(tp_last_error(), "can't allocate memory") != NULL);
  double neg[2] = {2, -1};
  CHECK(make(TP_FLOAT32, 2, neg) == NULL);
  CHECK_STR(tp_last_error(), "Trying to create tensor with negative dimension -1: [2, -1]");
  CHECK(tp_arange(0, 1, 0, TP_INT64) == NULL);
  CHECK(tp_live_tensors() == live && tp_live_bytes() == bytes);
}

static void test_storage_find(void) {
  tp_tensor *x = arange_f32(8);
  char *base = tp_tensor_storage_data(x);
  CHECK(tp_storage_find(base + 4, 8) == tp_tensor_storage(x));
  CHECK(tp_storage_find(base + 4, 40) == NULL);
  tp_tensor *y = tp_from_storage(tp_tensor_storage(x), 8, 4, TP_FLOAT32);
  CHECK(y && tp_tensor_offset(y) == 2 && tp_shares_memory(x, y));
  tp_tensor_release(x);
  CHECK_STR(tp_repr(y, NULL), "tensor([2., 3., 4., 5.])");  /* y keeps the storage alive */
  tp_tensor_release(y);
}

/* Note [Version counters]: views and detach share one; t.data and from_storage start their
 * own; a counter kept after its storage's data is gone (x.data = y, then the old storage's
 * last tensor released) stays valid, and everything is freed at the end (ASan/LSan). */
static void test_version_counters(void) {
  double bytes = tp_live_bytes();
  tp_tensor *x = arange_f32(4), *v = tp_alias(x), *d = tp_variable_data(x);
  CHECK(tp_unary_(TP_OP_NEG, x) == 0);
  CHECK(tp_tensor_version(x) == 1 && tp_tensor_version(v) == 1 && tp_tensor_version(d) == 0);
  CHECK(tp_unary_(TP_OP_NEG, d) == 0 && tp_unary_(TP_OP_NEG, d) == 0);
  CHECK(tp_tensor_version(x) == 1 && tp_tensor_version(d) == 2);
  tp_tensor *f = tp_from_storage(tp_tensor_storage(x), 0, 4, TP_FLOAT32);
  CHECK(f && tp_tensor_version(f) == 0);
  tp_tensor *y = arange_f32(4);
  tp_tensor *k = tp_alias_keep_version(y, x);  /* x.data = y: k replaces x */
  CHECK(k && tp_tensor_storage(k) == tp_tensor_storage(y) && tp_tensor_version(k) == 1);
  tp_tensor_release(x);
  tp_tensor_release(v);
  tp_tensor_release(d);
  tp_tensor_release(f);  /* x's storage: data freed, its counter lives on in k */
  CHECK(tp_live_bytes() == bytes + 16);
  CHECK(tp_unary_(TP_OP_NEG, k) == 0 && tp_tensor_version(k) == 2 && tp_tensor_version(y) == 0);
  tp_tensor_release(k);
  tp_tensor_release(y);
  CHECK(tp_live_bytes() == bytes);
}

int main(void) {
  test_version_counters();
  test_views();
  test_convert();
  test_checked_fill();
  test_empty_like();
  test_rng();
  test_repr();
  test_errors_leave_nothing();
  test_storage_find();
  CHECK(tp_live_tensors() == 0);
  TEST_MAIN_END();
}
