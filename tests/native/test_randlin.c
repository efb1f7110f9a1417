/* Native tests of the distributions added to src/ops/random/random.c and of src/ops/linalg/det_inverse.c: streams
 * against PyTorch 1.13's numbers (the first draws after manual_seed(1), from torch), LU
 * results against hand-computed determinants and inverses, gradients through the engine,
 * errors that change nothing, and no tensor left behind (ASan guards the LU buffers). */
#include "../../src/tensorpad.h"
#include "internal.h"
#include "check.h"
#include "tensors.h"

/* Element (i, j) of a matrix of any strides (a gradient may come back transposed). */
static double at(const tp_tensor *t, int64_t i, int64_t j) {
  return tp_load_f64(tp_ptr(t) + (i * t->stride[0] + j * t->stride[1]) * tp_dtype_table[t->dtype].itemsize, t->dtype);
}

static void test_streams(void) {
  double live = tp_live_tensors(), five = 5;
  tp_tensor *t = tp_empty(1, &five, TP_FLOAT64);
  tp_manual_seed(1);
  CHECK(tp_exponential_(t, 2, NULL) == 0);  /* torch: manual_seed(1); empty(5, dtype=float64).exponential_(2.0) */
  CHECK(el(t, 0) == 0.03149826848702607 && el(t, 1) == 0.12715879227255678 && el(t, 3) == 0.09745982677711616);
  tp_manual_seed(1);
  tp_tensor *p = tp_randperm(5, TP_INT64, NULL);  /* torch.randperm(5) after manual_seed(1): [0, 4, 2, 3, 1] */
  CHECK(p && el(p, 0) == 0 && el(p, 1) == 4 && el(p, 2) == 2 && el(p, 3) == 3 && el(p, 4) == 1);
  tp_tensor_release(p);
  /* a failed call writes nothing and draws nothing */
  CHECK(tp_geometric_(t, 1, NULL) == -1);
  CHECK_STR(tp_last_error(), "geometric_ expects p to be in (0, 1), but got p=1");
  CHECK(el(t, 0) == 0.03149826848702607);
  const int64_t s2[2] = {2, 4};
  tp_tensor *probs = vec(2, s2, TP_FLOAT32, (double[]){0.1, 0.2, 0.3, 0.4, 1, 0, 2, 3});
  tp_manual_seed(5);
  tp_tensor *m = tp_multinomial(probs, 3, 0, NULL);  /* torch: [[3, 2, 1], [0, 3, 2]] */
  CHECK(m && m->dtype == TP_INT64 && el(m, 0) == 3 && el(m, 1) == 2 && el(m, 2) == 1 && el(m, 3) == 0 && el(m, 4) == 3 && el(m, 5) == 2);
  tp_tensor_release(m);
  CHECK(tp_multinomial(probs, 5, 0, NULL) == NULL);
  CHECK_STR(tp_last_error(), "cannot sample n_sample > prob_dist.size(-1) samples without replacement");
  tp_tensor *r = tp_multinomial(probs, 1000, 1, NULL);
  int zeros = 0;
  for (int i = 0; i < 1000; i++) zeros += el(r, 1000 + i) == 1;
  CHECK(zeros == 0);  /* row 1 gives category 1 probability 0 */
  tp_tensor_release(r);
  const int64_t s4[1] = {4};
  tp_tensor *rates = vec(1, s4, TP_FLOAT64, (double[]){0.5, 12, 0, 1000});
  tp_manual_seed(3);
  tp_tensor *po = tp_poisson(rates, NULL);  /* torch: [0, 10, 0, 966] */
  CHECK(po && el(po, 0) == 0 && el(po, 1) == 10 && el(po, 2) == 0 && el(po, 3) == 966);
  tp_store_f64(tp_ptr(rates), TP_FLOAT64, -1);
  CHECK(tp_poisson(rates, NULL) == NULL);
  CHECK_STR(tp_last_error(), "invalid Poisson rate, expected rate to be non-negative");
  tp_tensor_release(po);
  tp_tensor_release(rates);
  tp_tensor_release(probs);
  tp_tensor_release(t);
  CHECK(tp_live_tensors() == live);
}

static void test_linalg(void) {
  double live = tp_live_tensors();
  const int64_t s3[2] = {3, 3}, b2[3] = {2, 2, 2};
  tp_tensor *A = vec(2, s3, TP_FLOAT64, (double[]){0, 2, 1, 1.5, -1, 0.5, 2, 0.25, -3});  /* needs pivoting */
  tp_tensor *d = tp_linalg_det(A);
  CHECK(d && d->ndim == 0);
  CHECK_NEAR(el(d, 0), 0 * (3 - 0.125) - 2 * (-4.5 - 1) + 1 * (0.375 + 2), 1e-12);
  tp_tensor *inv = tp_linalg_inv(A);
  tp_tensor *id = inv ? tp_linalg(TP_LINALG_MATMUL, A, inv) : NULL;
  CHECK(id != NULL);
  for (int i = 0; i < 9 && id; i++) CHECK_NEAR(el(id, i), i % 4 == 0, 1e-12);
  tp_tensor *out[2];
  CHECK(tp_linalg_slogdet(A, out) == 0);
  CHECK(el(out[0], 0) == 1);
  CHECK_NEAR(el(out[1], 0), log(13.375), 1e-12);
  tp_tensor_release(out[0]);
  tp_tensor_release(out[1]);
  /* batched, with a singular second matrix: det 0, the inverse's error names it */
  tp_tensor *B = vec(3, b2, TP_FLOAT32, (double[]){4, 7, 2, 6, 1, 2, 2, 4});
  tp_tensor *db = tp_linalg_det(B);
  CHECK(db && db->ndim == 1 && el(db, 0) == 10 && el(db, 1) == 0);
  CHECK(tp_linalg_inv(B) == NULL);
  CHECK_STR(tp_last_error(), "linalg.inv: (Batch element 1): The diagonal element 2 is zero, the inversion could not be completed because the input matrix is singular.");
  tp_tensor *l = tp_logdet(B);
  CHECK(l && isinf(el(l, 1)) && el(l, 1) < 0);
  /* d det / dA = det A^-T */
  tp_tensor_requires_grad_(A, 1);
  tp_tensor *dg = tp_linalg_det(A);
  CHECK_STR(tp_node_name(tp_tensor_grad_fn(dg)), "LinalgDetBackward0");
  CHECK(tp_backward(1, &dg, (tp_tensor *[]){NULL}, 0, 0) == 0);
  tp_tensor *g = tp_tensor_grad(A);
  for (int i = 0; i < 3; i++)
    for (int j = 0; j < 3; j++) CHECK_NEAR(at(g, i, j), 13.375 * at(inv, j, i), 1e-12);
  const int64_t s23[2] = {2, 3};
  tp_tensor *R = vec(2, s23, TP_FLOAT64, (double[]){1, 2, 3, 4, 5, 6});
  CHECK(tp_linalg_det(R) == NULL);
  CHECK_STR(tp_last_error(), "linalg.det: A must be batches of square matrices, but they are 2 by 3 matrices");
  tp_tensor *objs[] = {A, d, inv, id, B, db, l, dg, R};
  for (size_t i = 0; i < sizeof objs / sizeof *objs; i++) tp_tensor_release(objs[i]);
  CHECK(tp_live_tensors() == live);
}

/* Generators: a separate one gives the default's stream for the same seed without moving
 * the default; its state round-trips through get_state/set_state with the cached normal. */
static void test_generators(void) {
  double live = tp_live_tensors(), five = 5;
  tp_tensor *a = tp_empty(1, &five, TP_FLOAT64), *b = tp_empty(1, &five, TP_FLOAT64);
  tp_generator *g = tp_generator_new();
  CHECK(tp_generator_initial_seed(g, 0) == (double)(TP_DEFAULT_SEED & 0xffffffffu));
  tp_manual_seed(1);
  tp_generator_manual_seed(g, 0, 1);
  CHECK(tp_exponential_(a, 2, g) == 0);
  CHECK(el(a, 0) == 0.03149826848702607 && el(a, 3) == 0.09745982677711616);
  CHECK(tp_exponential_(b, 2, NULL) == 0);  /* the default was not moved by g's draws */
  CHECK(el(b, 0) == 0.03149826848702607);
  double one = 1;
  tp_tensor *n1 = tp_empty(1, &one, TP_FLOAT64);
  CHECK(tp_normal_(n1, 0, 1, g) == 0);  /* caches the pair's second normal in g */
  tp_tensor *st = tp_generator_get_state(g);
  CHECK(st && st->dtype == TP_INT64 && st->shape[0] == 5056 && el(st, 5040) == 1 && el(st, 12) == 1);
  CHECK(tp_normal_(a, 0, 1, g) == 0);
  CHECK(tp_generator_set_state(g, st) == 0);
  CHECK(tp_normal_(b, 0, 1, g) == 0);
  for (int i = 0; i < 5; i++) CHECK(el(a, i) == el(b, i));
  tp_tensor *before = tp_generator_get_state(g);
  for (int i = 8; i < 12; i++) tp_store_f64(tp_ptr(st) + 8 * i, TP_INT64, 0);  /* left = 0: an invalid mt19937 state */
  CHECK(tp_generator_set_state(g, st) == -1);
  CHECK_STR(tp_last_error(), "Invalid mt19937 state");
  tp_tensor *n3 = tp_empty(1, (double[]){3}, TP_INT64);
  CHECK(tp_generator_set_state(g, n3) == -1);
  CHECK_STR(tp_last_error(), "Expected either a CPUGeneratorImplStateLegacy of size 5048 or a CPUGeneratorImplState of size 5056 but found the input RNG state size to be 3");
  tp_tensor *after = tp_generator_get_state(g);  /* the failed calls left g where it was */
  int same = 1;
  for (int i = 0; i < 5056; i++) same &= el(before, i) == el(after, i);
  CHECK(same);
  tp_tensor_release(before);
  tp_tensor_release(after);
  tp_generator_free(g);
  tp_generator_free(tp_default_generator());  /* ignored: the default generator lives on */
  CHECK(tp_initial_seed() == 1);
  tp_tensor_release(n3);
  tp_tensor_release(st);
  tp_tensor_release(n1);
  tp_tensor_release(a);
  tp_tensor_release(b);
  CHECK(tp_live_tensors() == live);
}

int main(void) {
  test_streams();
  test_generators();
  test_linalg();
  TEST_MAIN_END();
}
