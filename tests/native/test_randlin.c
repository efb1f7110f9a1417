/* Native tests of the distributions added to src/random.c: streams against PyTorch 1.13's
 * numbers (the first draws after manual_seed(1), from torch), errors that change nothing,
 * and no tensor left behind. */
#include "../../src/tensorpad.h"
#include "../../src/internal.h"
#include "check.h"

static tp_tensor *mat(int ndim, const int64_t *shape, int dtype, const double *v) {
  double s[TP_MAX_DIMS];
  for (int d = 0; d < ndim; d++) s[d] = (double)shape[d];
  tp_tensor *t = tp_empty(ndim, s, dtype);
  int64_t n = tp_shape_numel(ndim, shape);
  for (int64_t i = 0; i < n; i++) tp_store_f64(tp_ptr(t) + i * tp_dtype_table[dtype].itemsize, dtype, v[i]);
  return t;
}
static double el(const tp_tensor *t, int64_t i) { return tp_load_f64(tp_ptr(t) + i * tp_dtype_table[t->dtype].itemsize, t->dtype); }

static void test_streams(void) {
  double live = tp_live_tensors(), five = 5;
  tp_tensor *t = tp_empty(1, &five, TP_FLOAT64);
  tp_manual_seed(1);
  CHECK(tp_exponential_(t, 2) == 0);  /* torch: manual_seed(1); empty(5, dtype=float64).exponential_(2.0) */
  CHECK(el(t, 0) == 0.03149826848702607 && el(t, 1) == 0.12715879227255678 && el(t, 3) == 0.09745982677711616);
  tp_manual_seed(1);
  tp_tensor *p = tp_randperm(5, TP_INT64);  /* torch.randperm(5) after manual_seed(1): [0, 4, 2, 3, 1] */
  CHECK(p && el(p, 0) == 0 && el(p, 1) == 4 && el(p, 2) == 2 && el(p, 3) == 3 && el(p, 4) == 1);
  tp_tensor_release(p);
  /* a failed call writes nothing and draws nothing */
  CHECK(tp_geometric_(t, 1) == -1);
  CHECK_STR(tp_last_error(), "geometric_ expects p to be in (0, 1), but got p=1");
  CHECK(el(t, 0) == 0.03149826848702607);
  const int64_t s2[2] = {2, 4};
  tp_tensor *probs = mat(2, s2, TP_FLOAT32, (double[]){0.1, 0.2, 0.3, 0.4, 1, 0, 2, 3});
  tp_manual_seed(5);
  tp_tensor *m = tp_multinomial(probs, 3, 0);  /* torch: [[3, 2, 1], [0, 3, 2]] */
  CHECK(m && m->dtype == TP_INT64 && el(m, 0) == 3 && el(m, 1) == 2 && el(m, 2) == 1 && el(m, 3) == 0 && el(m, 4) == 3 && el(m, 5) == 2);
  tp_tensor_release(m);
  CHECK(tp_multinomial(probs, 5, 0) == NULL);
  CHECK_STR(tp_last_error(), "cannot sample n_sample > prob_dist.size(-1) samples without replacement");
  tp_tensor *r = tp_multinomial(probs, 1000, 1);
  int zeros = 0;
  for (int i = 0; i < 1000; i++) zeros += el(r, 1000 + i) == 1;
  CHECK(zeros == 0);  /* row 1 gives category 1 probability 0 */
  tp_tensor_release(r);
  tp_tensor_release(probs);
  tp_tensor_release(t);
  CHECK(tp_live_tensors() == live);
}

int main(void) {
  test_streams();
  TEST_MAIN_END();
}
