/* Native tests of resize_/set_ storage and i0/igamma/igammac under ASan+UBSan: a storage that grows keeps a shared old block until
 * the storage dies (Note [Growing a storage]) and frees it at once otherwise; set_ shares and
 * failed calls change nothing; i0/igamma/igammac against closed forms; no leaks. */
#include <math.h>
#include <stdint.h>
#include <stdlib.h>
#include "check.h"
#include "internal.h"

static void test_grow(void) {
  double s4[1] = {4}, s100[1] = {100};
  tp_tensor *a = tp_full(1, s4, TP_FLOAT32, 2);
  double before = tp_live_bytes();
  CHECK(tp_resize_(a, 1, s100) == 0 && a->shape[0] == 100 && a->storage->nbytes == 400);
  CHECK(tp_live_bytes() == before + 384 && a->storage->retired == NULL);  /* one holder: old block freed */
  tp_storage *held = a->storage;
  tp_storage_retain(held);  /* as a numpy() array does */
  float *old = (float *)held->data;
  double s200[1] = {200};
  CHECK(tp_resize_(a, 1, s200) == 0 && held->retired != NULL && old[0] == 2 && ((float *)tp_ptr(a))[0] == 2);
  tp_tensor_release(a);
  CHECK(old[99] == old[99]);  /* still readable: the holder keeps it */
  tp_storage_release(held);
  /* requires grad, negative sizes: refused, nothing changed */
  tp_tensor *b = tp_full(1, s4, TP_FLOAT32, 0);
  tp_tensor_set_requires_grad(b, 1);
  double neg[1] = {-1};
  CHECK(tp_resize_(b, 1, s100) == -1 && b->shape[0] == 4);
  tp_tensor_set_requires_grad(b, 0);
  CHECK(tp_resize_(b, 1, neg) == -1 && b->shape[0] == 4);
  tp_tensor_release(b);
}

static void test_set(void) {
  double s6[1] = {6}, geo[2] = {2, 1};  /* size 2, stride 1 */
  tp_tensor *src = tp_full(1, s6, TP_FLOAT64, 1), *q = tp_full(1, s6, TP_FLOAT64, 0);
  CHECK(tp_set_(q, src, 1, 0, 0, 0, NULL) == 0 && q->storage == src->storage && tp_shares_memory(q, src));
  CHECK(tp_set_(q, src, 4, 5, 1, 1, geo) == 0 && q->offset == 5 && src->storage->nbytes == 7 * 8);  /* grew */
  double bad[2] = {2, -1};
  CHECK(tp_set_(q, src, 4, 0, 1, 1, bad) == -1 && q->offset == 5);
  CHECK(tp_set_(q, NULL, 0, 0, 0, 0, NULL) == 0 && q->shape[0] == 0 && q->storage != src->storage);
  tp_tensor_release(q);
  tp_tensor_release(src);
}

static void test_special(void) {
  double xs[4] = {0.25, 1, 3, 12}, s4[1] = {4};
  tp_tensor *x = tp_empty(1, s4, TP_FLOAT64), *one = tp_full(1, s4, TP_FLOAT64, 1), *half = tp_full(1, s4, TP_FLOAT64, 0.5);
  memcpy(tp_ptr(x), xs, sizeof xs);
  tp_tensor *p = tp_igamma(one, x), *q = tp_igammac(half, x), *i0 = tp_i0(x);
  for (int i = 0; i < 4; i++) {
    CHECK_NEAR(((double *)tp_ptr(p))[i], 1 - exp(-xs[i]), 1e-15);          /* P(1, x) = 1 - e^-x */
    CHECK_NEAR(((double *)tp_ptr(q))[i], erfc(sqrt(xs[i])), 1e-15);       /* Q(1/2, x) = erfc(sqrt x) */
  }
  CHECK_NEAR(((double *)tp_ptr(i0))[1], 1.2660658777520082, 1e-15);
  CHECK_NEAR(((double *)tp_ptr(i0))[3] / 18948.925349296308, 1, 1e-14);
  tp_tensor *ones = tp_full(1, s4, TP_INT64, 1);
  CHECK(tp_igamma(ones, ones) == NULL && tp_special_(0, ones, NULL) == -1);
  tp_tensor_release(ones);
  tp_tensor_release(p); tp_tensor_release(q); tp_tensor_release(i0);
  tp_tensor_release(x); tp_tensor_release(one); tp_tensor_release(half);
}

int main(void) {
  test_grow();
  test_set();
  test_special();
  CHECK(tp_live_tensors() == 0 && tp_live_bytes() == 0);
  TEST_MAIN_END();
}
