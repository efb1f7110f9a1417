/* Native regression tests of issue 11 under ASan+UBSan: storage extents (Note [Extent]),
 * integers beyond int64, aliased index operands (Note [Aliased operands]), printing with
 * hostile options, hardtanh_ of bool. PyTorch's texts are checked in tests/js via
 * tests/fixtures/gen_hardening.py; here the point is that no access leaves a storage. */
#include <math.h>
#include <string.h>
#include "check.h"
#include "internal.h"
#include "tensors.h"

static void test_as_strided(void) {
  int64_t s2[1] = {2};
  double v[2] = {1.5, 2.5};
  tp_tensor *a = vec(1, s2, TP_FLOAT32, v);
  double geo[2] = {4, 1};
  CHECK(tp_as_strided(a, 1, geo, -108) == NULL);
  CHECK_STR(tp_last_error(), "Tensor: invalid storage offset -108");
  CHECK(tp_as_strided_(a, 1, geo, -108) == -1 && a->offset == 0 && a->shape[0] == 2);
  CHECK(tp_as_strided(a, 1, geo, 1) == NULL);
  CHECK_STR(tp_last_error(), "setStorage: sizes [4], strides [1], storage offset 1, and itemsize 4 requiring a storage size of 20 are out of bounds for storage of size 8");
  double huge[2] = {4611686018427387904.0, 4};
  CHECK(tp_as_strided(a, 1, huge, 0) == NULL);
  CHECK_STR(tp_last_error(), "Storage size calculation overflowed with sizes=[4611686018427387904] and strides=[4]");
  double nan_off[2] = {1, 1};
  CHECK(tp_as_strided(a, 1, nan_off, NAN) == NULL);
  CHECK(tp_as_strided(a, 1, nan_off, 1e300) == NULL);
  CHECK_STR(tp_last_error(), "Overflow when unpacking long");
  tp_tensor_release(a);
}

static void test_sizes(void) {
  double s[2] = {NAN, 1};
  CHECK(tp_empty(2, s, TP_FLOAT32) == NULL);
  s[0] = 9223372036854775808.0;
  CHECK(tp_empty(2, s, TP_FLOAT32) == NULL);
  CHECK_STR(tp_last_error(), "Overflow when unpacking long");
  s[0] = 4611686018427387904.0; s[1] = 4;
  CHECK(tp_empty(2, s, TP_FLOAT32) == NULL);
  CHECK_STR(tp_last_error(), "Storage size calculation overflowed with sizes=[4611686018427387904, 4]");
  double z[1] = {0};
  tp_tensor *e = tp_empty(1, z, TP_FLOAT32);
  double sz[2] = {4611686018427387904.0, 8};
  CHECK(tp_unflatten(e, 0, 2, sz) == NULL);
  CHECK_STR(tp_last_error(), "numel: integer multiplication overflow");
  CHECK(tp_slice(e, 0, 0, 1, 1e-300) == NULL);  /* a step that would divide by zero */
  tp_tensor_release(e);
  double one[1] = {2};
  tp_tensor *r = tp_full(1, one, TP_FLOAT32, 0);
  CHECK(tp_random_(r, -9223372036854775808.0, 9223372036854775808.0, NULL) == -1);
  CHECK_STR(tp_last_error(), "Overflow when unpacking long");
  tp_tensor_release(r);
  tp_tensor *l = tp_full(1, one, TP_INT64, 0);
  CHECK(tp_random_(l, -9223372036854775808.0, 4611686018427387904.0, NULL) == 0);  /* the whole-range draw: no modulo by 0 */
  tp_tensor_release(l);
}

static void test_aliased_index(void) {
  int64_t s4[1] = {4};
  double v[4] = {3, 1, 0, 2}, w[4] = {1, 1, 1, 1};
  tp_tensor *a = vec(1, s4, TP_INT64, v), *victim = vec(1, s4, TP_INT64, w);
  CHECK(tp_scatter_(a, 0, a, a, 0, 0) == -1);
  CHECK(strstr(tp_last_error(), "refer to a single memory location") != NULL);
  CHECK(tp_index_add_(a, 0, a, a, 1) == -1 && tp_index_copy_(a, 0, a, a) == -1 && tp_index_fill_(a, 0, a, NULL, 666) == -1);
  CHECK(tp_put_(a, a, a, 0) == -1);
  tp_tensor *idx[1] = {a};
  CHECK(tp_index_put_(a, 1, idx, a, 0) == -1);
  CHECK(tp_scatter_reduce_(a, 0, a, a, 0, 1) == -1);
  /* an index that aliases self but is too hard to tell (expanded): copied first, in bounds */
  double one[1] = {0};
  tp_tensor *first = tp_narrow(a, 0, 2, 1);  /* a[2] == 0 */
  double ex[1] = {2};
  tp_tensor *e = tp_expand(first, 1, ex);
  tp_tensor *src = vec(1, (int64_t[]){2}, TP_INT64, (double[]){666, 5});
  CHECK(tp_scatter_(a, 0, e, src, 0, 0) == 0);
  CHECK(el(a, 0) == 5 && el(victim, 0) == 1 && el(victim, 1) == 1);
  (void)one;
  tp_tensor_release(src); tp_tensor_release(e); tp_tensor_release(first);
  for (int i = 0; i < 4; i++) CHECK(el(victim, i) == 1);
  tp_tensor_release(a); tp_tensor_release(victim);
}

static void test_print(void) {
  int64_t s3[1] = {3};
  double v[3] = {1e38, 1.5, -3};
  tp_tensor *a = vec(1, s3, TP_FLOAT32, v);
  tp_set_printoptions(510, 1000, 3, 80, -1);
  const char *s = tp_repr(a, NULL);
  CHECK(s && strlen(s) > 1500 && s[strlen(s) - 1] == ')');
  tp_set_printoptions(4, 0, 0, 80, -1);
  CHECK_STR(tp_repr(a, NULL), "tensor([ ...,  1.0000e+38,  1.5000e+00, -3.0000e+00])");
  double s23[2] = {2, 3};
  tp_tensor *m = tp_full(2, s23, TP_FLOAT32, 1);
  CHECK(tp_repr(m, NULL) == NULL);
  CHECK_STR(tp_last_error(), "stack expects a non-empty TensorList");
  tp_set_printoptions(-1, 1000, 3, 80, -1);
  CHECK(tp_repr(a, NULL) == NULL);
  tp_set_printoptions(4, 1000, 3, 80, -1);
  double big[2] = {1e300, 1};
  tp_tensor *z = tp_full(1, s23, TP_FLOAT32, 0);
  CHECK(tp_resize(z, 2, big) == NULL);
  CHECK(strstr(tp_last_error(), "requested resize to 1e+300x1 (1e+300 elements in total)") != NULL);
  tp_tensor_release(z); tp_tensor_release(m);
  /* An expanded view of 2^63 - 1 elements with edgeitems 0 shows them all: the count of shown
   * elements overflowed int64 (UBSan, libFuzzer find), and printing would never end. */
  double huge[1] = {9223372036854775807.0};
  double s1[1] = {1};
  tp_tensor *one = tp_full(1, s1, TP_FLOAT32, 1);
  tp_tensor *wide = tp_expand(one, 1, huge);
  CHECK(wide != NULL);
  tp_set_printoptions(4, 0, 0, 80, -1);
  CHECK(wide && tp_repr(wide, NULL) == NULL && strstr(tp_last_error(), "can't allocate memory") != NULL);
  tp_set_printoptions(4, 1000, 3, 80, -1);
  CHECK(wide && tp_repr(wide, NULL) != NULL);  /* summarised: six elements and "..." */
  CHECK(tp_repr(a, NULL) != NULL);
  if (wide) tp_tensor_release(wide);
  tp_tensor_release(one); tp_tensor_release(a);
}

static void test_hardtanh_bool(void) {
  double s2[1] = {2};
  tp_tensor *b = tp_full(1, s2, TP_BOOL, 1);
  CHECK(tp_nn_act_(TP_ACT_HARDTANH, b, -1, 1, 0) == -1);
  CHECK_STR(tp_last_error(), "Bool inputs not supported for hardtanh");
  tp_tensor_release(b);
}

/* split_with_sizes(x, []) of an empty dim: no pieces, not a failure (the tensor list was NULL
 * before its first use). First in main: the list must not have been used yet. */
static void test_empty_split(void) {
  double z[1] = {0};
  tp_tensor *e = tp_empty(1, z, TP_FLOAT32);
  CHECK(tp_split_with_sizes(e, 0, NULL, 0) == 0);
  double one[1] = {1};
  CHECK(tp_split_with_sizes(e, 1, one, 0) == -1);  /* sizes that do not sum to the dim still fail */
  tp_tensor_release(e);
}

int main(void) {
  double live = tp_live_tensors();
  test_empty_split();
  test_as_strided();
  test_sizes();
  test_aliased_index();
  test_print();
  test_hardtanh_bool();
  CHECK(tp_live_tensors() == live);
  TEST_MAIN_END();
}
