/* Native tests of src/nn/normalization.c: layer_norm / batch_norm (tp_native_norm) and embedding
 * forward against hand-computed values, their backward through the engine (also with
 * create_graph), errors that change nothing, and no tensor left behind (ASan/UBSan). */
#include "../../src/tensorpad.h"
#include "internal.h"
#include "check.h"
#include "tensors.h"


static void test_layer_norm(void) {
  double live = tp_live_tensors();
  /* rows [1, 3] and [0, 4]: (x - mean) / sqrt(var) = -1, 1 (eps 0) */
  tp_tensor *x = vec(2, (int64_t[]){2, 2}, TP_FLOAT64, (double[]){1, 3, 0, 4});
  tp_tensor *w = vec(1, (int64_t[]){2}, TP_FLOAT64, (double[]){2, 3});
  tp_tensor *b = vec(1, (int64_t[]){2}, TP_FLOAT64, (double[]){0.5, -0.5});
  tp_tensor_requires_grad_(x, 1);
  tp_tensor_requires_grad_(w, 1);
  tp_tensor_requires_grad_(b, 1);
  tp_tensor *y = tp_native_norm(x, w, b, NULL, NULL, 0, 0, 2 /* dim 1 */);
  CHECK(y != NULL);
  CHECK_STR(tp_node_name(tp_tensor_grad_fn(y)), "NativeLayerNormBackward0");
  CHECK_NEAR(el(y, 0), -1.5, 1e-12);
  CHECK_NEAR(el(y, 1), 2.5, 1e-12);
  CHECK_NEAR(el(y, 3), 2.5, 1e-12);
  tp_tensor *s = tp_reduce(TP_OP_SUM, y, -1, NULL, 0, 0, -1);
  CHECK(tp_backward(1, &s, (tp_tensor *[]){NULL}, 0, 0) == 0);
  /* d sum / d b = 2 rows; d w = column sums of xhat [[-1, 1], [-1, 1]]; d x = 0 here */
  CHECK_NEAR(el(tp_tensor_grad(b), 0), 2, 1e-12);
  CHECK_NEAR(el(tp_tensor_grad(w), 0), -2, 1e-12);
  CHECK_NEAR(el(tp_tensor_grad(w), 1), 2, 1e-12);
  CHECK_NEAR(el(tp_tensor_grad(x), 0), 0, 1e-12);
  /* create_graph: second derivatives run through recomputed statistics */
  tp_tensor *y2 = tp_native_norm(x, w, NULL, NULL, NULL, 0, 1e-5, 2);
  tp_tensor *q = y2 ? tp_binary(TP_OP_MUL, y2, y2, 1) : NULL;
  tp_tensor *sq = q ? tp_reduce(TP_OP_SUM, q, -1, NULL, 0, 0, -1) : NULL;
  tp_tensor *gx = NULL;
  CHECK(sq && tp_autograd_grad(1, &sq, (tp_tensor *[]){NULL}, 1, &x, 1, 1, 0, &gx) == 0 && gx);
  tp_tensor *gs = gx ? tp_reduce(TP_OP_SUM, gx, -1, NULL, 0, 0, -1) : NULL;
  CHECK(gs && tp_backward(1, &gs, (tp_tensor *[]){NULL}, 0, 0) == 0);
  /* errors change nothing */
  tp_tensor *i = vec(1, (int64_t[]){2}, TP_INT64, (double[]){1, 2});
  CHECK(tp_native_norm(i, NULL, NULL, NULL, NULL, 0, 1e-5, 1) == NULL);
  CHECK_STR(tp_last_error(), "\"LayerNormKernelImpl\" not implemented for 'Long'");
  tp_tensor *all[] = {x, w, b, y, s, y2, q, sq, gx, gs, i};
  for (size_t k = 0; k < sizeof all / sizeof *all; k++)
    if (all[k]) tp_tensor_release(all[k]);
  CHECK(tp_live_tensors() == live);
}

static void test_batch_norm(void) {
  double live = tp_live_tensors();
  /* [N=2, C=2]: channel 0 {1, 3}, channel 1 {2, 4} */
  tp_tensor *x = vec(2, (int64_t[]){2, 2}, TP_FLOAT32, (double[]){1, 2, 3, 4});
  tp_tensor *rm = vec(1, (int64_t[]){2}, TP_FLOAT32, (double[]){1, 0});
  tp_tensor *rv = vec(1, (int64_t[]){2}, TP_FLOAT32, (double[]){4, 1});
  tp_tensor_requires_grad_(x, 1);
  tp_tensor *y = tp_native_norm(x, NULL, NULL, NULL, NULL, 1, 0, 1 /* dim 0 */);
  CHECK(y && el(y, 0) == -1 && el(y, 2) == 1 && el(y, 1) == -1 && el(y, 3) == 1);
  CHECK_STR(tp_node_name(tp_tensor_grad_fn(y)), "NativeBatchNormBackward0");
  tp_tensor *e = tp_native_norm(x, NULL, NULL, rm, rv, 1, 0, 1);  /* eval: (x - rm) / sqrt(rv) */
  CHECK(e && el(e, 0) == 0 && el(e, 2) == 1 && el(e, 1) == 2 && el(e, 3) == 4);
  tp_tensor *s = e ? tp_reduce(TP_OP_SUM, e, -1, NULL, 0, 0, -1) : NULL;
  CHECK(s && tp_backward(1, &s, (tp_tensor *[]){NULL}, 0, 0) == 0);
  CHECK_NEAR(el(tp_tensor_grad(x), 0), 0.5, 0);  /* fixed statistics: d x = rstd */
  CHECK_NEAR(el(tp_tensor_grad(x), 1), 1, 0);
  tp_tensor *all[] = {x, rm, rv, y, e, s};
  for (size_t k = 0; k < sizeof all / sizeof *all; k++)
    if (all[k]) tp_tensor_release(all[k]);
  CHECK(tp_live_tensors() == live);
}

static void test_embedding(void) {
  double live = tp_live_tensors();
  tp_tensor *w = vec(2, (int64_t[]){3, 2}, TP_FLOAT32, (double[]){0, 1, 2, 3, 4, 5});
  tp_tensor *idx = vec(1, (int64_t[]){3}, TP_INT64, (double[]){2, 0, 2});
  tp_tensor_requires_grad_(w, 1);
  tp_tensor *y = tp_embedding(w, idx, 0);
  CHECK(y && y->ndim == 2 && y->shape[0] == 3 && el(y, 0) == 4 && el(y, 3) == 1);
  CHECK_STR(tp_node_name(tp_tensor_grad_fn(y)), "EmbeddingBackward0");
  tp_tensor *s = y ? tp_reduce(TP_OP_SUM, y, -1, NULL, 0, 0, -1) : NULL;
  CHECK(s && tp_backward(1, &s, (tp_tensor *[]){NULL}, 0, 0) == 0);
  tp_tensor *g = tp_tensor_grad(w);
  CHECK(g && el(g, 0) == 0 && el(g, 4) == 2 && el(g, 2) == 0);  /* row 0 is padding; row 2 twice */
  tp_tensor *bad = vec(1, (int64_t[]){1}, TP_INT64, (double[]){3});
  CHECK(tp_embedding(w, bad, -1) == NULL);
  CHECK_STR(tp_last_error(), "index out of range in self");
  tp_tensor *fl = vec(1, (int64_t[]){1}, TP_FLOAT32, (double[]){1});
  CHECK(tp_embedding(w, fl, -1) == NULL);
  tp_tensor *all[] = {w, idx, y, s, bad, fl};
  for (size_t k = 0; k < sizeof all / sizeof *all; k++)
    if (all[k]) tp_tensor_release(all[k]);
  CHECK(tp_live_tensors() == live);
}

int main(void) {
  test_layer_norm();
  test_batch_norm();
  test_embedding();
  TEST_MAIN_END();
}
