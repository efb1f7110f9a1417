/* Native tests of the nn ops (src/nn/functional.c): addmm, mse_loss and nll_loss forward against
 * hand-computed values, their backward through the engine, PyTorch's errors (which change
 * nothing), and that graphs freed after a backward leave no tensor behind (ASan: the saved
 * tensors a backward released are not released again). */
#include "../../src/tensorpad.h"
#include "internal.h"
#include "check.h"
#include "tensors.h"


static void test_addmm(void) {
  double live = tp_live_tensors();
  const int64_t sb[1] = {2}, s1[2] = {2, 3}, s2[2] = {3, 2};
  tp_tensor *b = vec(1, sb, TP_FLOAT32, (double[]){1, -1});
  tp_tensor *m1 = vec(2, s1, TP_FLOAT32, (double[]){1, 2, 3, 4, 5, 6});
  tp_tensor *m2 = vec(2, s2, TP_FLOAT32, (double[]){1, 0, 0, 1, 1, 1});
  tp_tensor_requires_grad_(b, 1);
  tp_tensor_requires_grad_(m2, 1);
  tp_tensor *y = tp_addmm(b, m1, m2, 1, 1);  /* [[4, 5], [10, 11]] + [1, -1] */
  CHECK(y && y->ndim == 2);
  CHECK_NEAR(el(y, 0), 5, 0);
  CHECK_NEAR(el(y, 1), 4, 0);
  CHECK_NEAR(el(y, 2), 11, 0);
  CHECK_NEAR(el(y, 3), 10, 0);
  CHECK_STR(tp_node_name(tp_tensor_grad_fn(y)), "AddmmBackward0");
  tp_tensor *s = tp_reduce(TP_OP_SUM, y, -1, NULL, 0, 0, -1);
  CHECK(tp_backward(1, &s, (tp_tensor *[]){NULL}, 0, 0) == 0);
  tp_tensor *gb = tp_tensor_grad(b), *g2 = tp_tensor_grad(m2);
  CHECK(gb && g2);
  CHECK_NEAR(el(gb, 0), 2, 0);  /* d sum / d bias = rows */
  CHECK_NEAR(el(g2, 0), 5, 0);  /* m1^T ones: column sums of m1 */
  CHECK_NEAR(el(g2, 5), 9, 0);
  CHECK(tp_tensor_grad(m1) == NULL);
  /* errors change nothing */
  CHECK(tp_addmm(b, b, m2, 1, 1) == NULL);
  CHECK_STR(tp_last_error(), "mat1 must be a matrix, got 1-D tensor");
  CHECK(tp_addmm(b, m1, m1, 1, 1) == NULL);
  CHECK_STR(tp_last_error(), "mat1 and mat2 shapes cannot be multiplied (2x3 and 2x3)");
  tp_tensor *big = vec(1, (int64_t[]){3}, TP_FLOAT32, (double[]){0, 0, 0});
  CHECK(tp_addmm(big, m1, m2, 1, 1) == NULL);
  tp_tensor_release(big);
  /* beta and alpha */
  tp_tensor *z = tp_addmm(b, m1, m2, 0.5, 2);
  CHECK(z && el(z, 0) == 8.5 && el(z, 3) == 21.5);
  tp_tensor_release(z);
  tp_tensor_release(s);
  tp_tensor_release(y);
  tp_tensor_release(b);
  tp_tensor_release(m1);
  tp_tensor_release(m2);
  CHECK(tp_live_tensors() == live);
}

static void test_mse_loss(void) {
  double live = tp_live_tensors();
  const int64_t sh[2] = {2, 2};
  tp_tensor *x = vec(2, sh, TP_FLOAT64, (double[]){1, 2, 3, 4});
  tp_tensor *t = vec(2, sh, TP_FLOAT64, (double[]){0, 2, 5, 4});
  tp_tensor_requires_grad_(x, 1);
  tp_tensor *l = tp_mse_loss(x, t, TP_REDUCTION_MEAN);
  CHECK(l && l->ndim == 0);
  CHECK_NEAR(el(l, 0), 1.25, 1e-15);  /* (1 + 0 + 4 + 0) / 4 */
  CHECK_STR(tp_node_name(tp_tensor_grad_fn(l)), "MseLossBackward0");
  CHECK(tp_backward(1, &l, (tp_tensor *[]){NULL}, 0, 0) == 0);
  tp_tensor *g = tp_tensor_grad(x);
  CHECK_NEAR(el(g, 0), 0.5, 1e-15);   /* 2 (x - t) / 4 */
  CHECK_NEAR(el(g, 2), -1, 1e-15);
  tp_tensor *sum = tp_mse_loss(x, t, TP_REDUCTION_SUM), *none = tp_mse_loss(x, t, TP_REDUCTION_NONE);
  CHECK(sum && el(sum, 0) == 5);
  CHECK(none && none->ndim == 2 && el(none, 2) == 4);
  CHECK(tp_mse_loss(x, t, 7) == NULL);
  tp_tensor_release(sum);
  tp_tensor_release(none);
  tp_tensor_release(l);
  tp_tensor_release(x);
  tp_tensor_release(t);
  CHECK(tp_live_tensors() == live);
}

static void test_nll_loss(void) {
  double live = tp_live_tensors();
  const int64_t sx[2] = {3, 2}, st[1] = {3};
  tp_tensor *x = vec(2, sx, TP_FLOAT32, (double[]){-1, -2, -3, -4, -5, -6});
  tp_tensor *t = vec(1, st, TP_INT64, (double[]){1, 0, 1});
  tp_tensor *w = vec(1, (int64_t[]){2}, TP_FLOAT32, (double[]){1, 3});
  tp_tensor_requires_grad_(x, 1);
  tp_tensor *l = tp_nll_loss(x, t, NULL, TP_REDUCTION_MEAN, -100);
  CHECK(l && l->ndim == 0);
  CHECK_NEAR(el(l, 0), 11.0 / 3, 1e-6);  /* (2 + 3 + 6) / 3 */
  CHECK_STR(tp_node_name(tp_tensor_grad_fn(l)), "NllLossBackward0");
  CHECK(tp_backward(1, &l, (tp_tensor *[]){NULL}, 0, 0) == 0);
  tp_tensor *g = tp_tensor_grad(x);
  CHECK_NEAR(el(g, 1), -1.0 / 3, 1e-7);
  CHECK_NEAR(el(g, 0), 0, 0);
  /* weights: (3*2 + 1*3 + 3*6) / (3 + 1 + 3); ignore_index drops rows */
  tp_tensor *lw = tp_nll_loss(x, t, w, TP_REDUCTION_MEAN, -100);
  CHECK(lw && fabs(el(lw, 0) - 27.0 / 7) < 1e-6);
  tp_tensor *li = tp_nll_loss(x, t, NULL, TP_REDUCTION_SUM, 1);
  CHECK(li && el(li, 0) == 3);
  tp_tensor *ln = tp_nll_loss(x, t, NULL, TP_REDUCTION_NONE, 0);
  CHECK(ln && ln->ndim == 1 && el(ln, 0) == 2 && el(ln, 1) == 0);
  /* errors */
  tp_tensor *bad = vec(1, st, TP_INT64, (double[]){1, 2, 0});
  CHECK(tp_nll_loss(x, bad, NULL, TP_REDUCTION_MEAN, -100) == NULL);
  CHECK_STR(tp_last_error(), "Target 2 is out of bounds.");
  tp_tensor *ti = vec(1, st, TP_INT32, (double[]){1, 0, 1});
  CHECK(tp_nll_loss(x, ti, NULL, TP_REDUCTION_MEAN, -100) == NULL);
  CHECK_STR(tp_last_error(), "expected scalar type Long but found Int");
  tp_tensor *t2 = vec(1, (int64_t[]){2}, TP_INT64, (double[]){1, 0});
  CHECK(tp_nll_loss(x, t2, NULL, TP_REDUCTION_MEAN, -100) == NULL);
  CHECK_STR(tp_last_error(), "Expected input batch_size (3) to match target batch_size (2).");
  for (tp_tensor **p = (tp_tensor *[]){l, lw, li, ln, bad, ti, t2, x, t, w, NULL}; *p; p++) tp_tensor_release(*p);
  CHECK(tp_live_tensors() == live);
}

/* nll_loss2d over [N, C, H, W]: rows are positions; 'none' is [N, H, W]; a weight that
 * requires grad is refused; a dense permuted input fails its backward as 1.13's does. */
static void test_nll_loss2d(void) {
  double live = tp_live_tensors();
  const int64_t sx[4] = {1, 2, 1, 2}, st[3] = {1, 1, 2};
  tp_tensor *x = vec(4, sx, TP_FLOAT64, (double[]){-1, -2, -3, -4});  /* x[0, c, 0, w]: c0 = {-1, -2}, c1 = {-3, -4} */
  tp_tensor *t = vec(3, st, TP_INT64, (double[]){1, 0});
  tp_tensor_requires_grad_(x, 1);
  tp_tensor *l = tp_nll_loss2d(x, t, NULL, TP_REDUCTION_NONE, -100);
  CHECK(l && l->ndim == 3 && l->shape[2] == 2);
  CHECK_NEAR(el(l, 0), 3, 0);
  CHECK_NEAR(el(l, 1), 2, 0);
  CHECK_STR(tp_node_name(tp_tensor_grad_fn(l)), "NllLoss2DBackward0");
  tp_tensor *s = tp_reduce(TP_OP_SUM, l, -1, NULL, 0, 0, -1);
  CHECK(tp_backward(1, &s, (tp_tensor *[]){NULL}, 0, 0) == 0);
  tp_tensor *g = tp_tensor_grad(x);
  CHECK(g && el(g, 0) == 0 && el(g, 1) == -1 && el(g, 2) == -1 && el(g, 3) == 0);
  tp_tensor *w = vec(1, (int64_t[]){2}, TP_FLOAT64, (double[]){1, 3});
  tp_tensor_requires_grad_(w, 1);
  CHECK(tp_nll_loss2d(x, t, w, TP_REDUCTION_MEAN, -100) == NULL);
  CHECK_STR(tp_last_error(), "The function 'nll_loss2d_forward' is not differentiable with respect to argument 'weight'. This input cannot have requires_grad True.");
  const int64_t s4[4] = {1, 2, 2, 2}, s3[3] = {1, 2, 2};
  tp_tensor *x4 = vec(4, s4, TP_FLOAT64, (double[]){-1, -2, -3, -4, -5, -6, -7, -8});
  tp_tensor *t4 = vec(3, s3, TP_INT64, (double[]){1, 0, 0, 1});
  tp_tensor_requires_grad_(x4, 1);
  tp_tensor *xt = tp_transpose(x4, 2, 3);  /* dense but not contiguous */
  tp_tensor *lt = tp_nll_loss2d(xt, t4, NULL, TP_REDUCTION_SUM, -100);
  CHECK(lt && el(lt, 0) == 5 + 3 + 2 + 8);  /* xt[0, t, h, w] = x4[0, t, w, h] */
  CHECK(tp_backward(1, &lt, (tp_tensor *[]){NULL}, 0, 0) == -1);
  CHECK_STR(tp_last_error(), "grad_input must be contiguous");
  for (tp_tensor **p = (tp_tensor *[]){l, s, w, xt, lt, x4, t4, x, t, NULL}; *p; p++) tp_tensor_release(*p);
  CHECK(tp_live_tensors() == live);
}

static void test_bce(void) {
  double live = tp_live_tensors();
  const int64_t sh[1] = {3};
  tp_tensor *x = vec(1, sh, TP_FLOAT64, (double[]){0.25, 0.5, 1.0});
  tp_tensor *t = vec(1, sh, TP_FLOAT64, (double[]){0, 1, 1});
  tp_tensor_requires_grad_(x, 1);
  tp_tensor *l = tp_binary_cross_entropy(x, t, NULL, TP_REDUCTION_NONE);
  CHECK(l && l->ndim == 1);
  CHECK_NEAR(el(l, 0), -log(0.75), 1e-12);
  CHECK_NEAR(el(l, 2), 0, 0);  /* log(0) is clamped to -100 and multiplied by 0 */
  tp_tensor *z = vec(1, sh, TP_FLOAT64, (double[]){1e-30, 0.5, 0.5});
  tp_tensor *lz = tp_binary_cross_entropy(z, t, NULL, TP_REDUCTION_SUM);  /* x = 1e-30, t = 0: tiny; the clamp keeps it finite */
  CHECK(lz && isfinite(el(lz, 0)));
  tp_tensor *bad = vec(1, sh, TP_FLOAT64, (double[]){0.5, 1.5, 0});
  CHECK(tp_binary_cross_entropy(bad, t, NULL, TP_REDUCTION_MEAN) == NULL);
  CHECK_STR(tp_last_error(), "all elements of input should be between 0 and 1");
  /* with logits: large inputs stay finite; value = softplus(x) - t x */
  tp_tensor *big = vec(1, sh, TP_FLOAT64, (double[]){100, -100, 0});
  tp_tensor *lb = tp_binary_cross_entropy_with_logits(big, t, NULL, NULL, TP_REDUCTION_NONE);
  CHECK(lb && el(lb, 0) == 100 && el(lb, 1) == 100);
  CHECK_NEAR(el(lb, 2), log(2.0), 1e-12);
  tp_tensor *s = tp_binary_cross_entropy_with_logits(x, t, NULL, NULL, TP_REDUCTION_MEAN);
  CHECK_STR(tp_node_name(tp_tensor_grad_fn(s)), "BinaryCrossEntropyWithLogitsBackward0");
  CHECK(tp_backward(1, &s, (tp_tensor *[]){NULL}, 0, 0) == 0);
  CHECK_NEAR(el(tp_tensor_grad(x), 0), (1 / (1 + exp(-0.25)) - 0) / 3, 1e-12);
  for (tp_tensor **p = (tp_tensor *[]){l, z, lz, bad, big, lb, s, x, t, NULL}; *p; p++) tp_tensor_release(*p);
  CHECK(tp_live_tensors() == live);
}

int main(void) {
  test_bce();
  test_addmm();
  test_mse_loss();
  test_nll_loss();
  test_nll_loss2d();
  TEST_MAIN_END();
}
