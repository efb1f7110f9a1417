/* Native tests of src/nn/loss.c: smooth_l1_loss, soft_margin_loss, multi_margin_loss and
 * multilabel_margin_loss forward against hand-computed values, their backward through the
 * engine, PyTorch's errors (which change nothing), and that nothing is left behind (ASan: the
 * kernels stay inside their rows; the is_target scratch is freed). */
#include "../../src/tensorpad.h"
#include "internal.h"
#include "check.h"
#include "tensors.h"


static void test_pointwise(void) {
  double live = tp_live_tensors();
  const int64_t s2[1] = {2};
  tp_tensor *x = vec(1, s2, TP_FLOAT32, (double[]){0.5, 3}), *y = vec(1, s2, TP_FLOAT32, (double[]){0, 0});
  tp_tensor_requires_grad_(x, 1);
  tp_tensor *l = tp_pointwise_loss(TP_NNLOSS_SMOOTH_L1, x, y, 1, TP_REDUCTION_MEAN);  /* (0.125 + 2.5) / 2 */
  CHECK(l && l->ndim == 0);
  CHECK_NEAR(el(l, 0), 1.3125, 1e-6);
  CHECK_STR(tp_node_name(tp_tensor_grad_fn(l)), "SmoothL1LossBackward0");
  CHECK(tp_backward(1, &l, (tp_tensor *[]){NULL}, 0, 0) == 0);
  CHECK_NEAR(el(tp_tensor_grad(x), 0), 0.25, 1e-7);  /* clamp(d / beta, -1, 1) / numel */
  CHECK_NEAR(el(tp_tensor_grad(x), 1), 0.5, 1e-7);
  tp_tensor *h = tp_pointwise_loss(TP_NNLOSS_HUBER, x, y, 2, TP_REDUCTION_NONE);  /* [0.125, 2 (3 - 1)] */
  CHECK(h && h->ndim == 1 && el(h, 0) == 0.125 && el(h, 1) == 4);
  /* errors change nothing */
  CHECK(tp_pointwise_loss(TP_NNLOSS_SMOOTH_L1, x, y, -1, TP_REDUCTION_MEAN) == NULL);
  CHECK_STR(tp_last_error(), "smooth_l1_loss does not support negative values for beta.");
  CHECK(tp_pointwise_loss(TP_NNLOSS_HUBER, x, y, 1, 7) == NULL);
  tp_tensor_requires_grad_(y, 1);
  CHECK(tp_pointwise_loss(TP_NNLOSS_SOFT_MARGIN, x, y, 0, TP_REDUCTION_SUM) == NULL);
  CHECK_STR(tp_last_error(), "The function 'soft_margin_loss' is not differentiable with respect to argument 'target'. This input cannot have requires_grad True.");
  tp_tensor *xi = vec(1, s2, TP_INT64, (double[]){1, 2});
  CHECK(tp_pointwise_loss(TP_NNLOSS_SOFT_MARGIN, xi, xi, 0, TP_REDUCTION_SUM) == NULL);
  CHECK_STR(tp_last_error(), "result type Float can't be cast to the desired output type Long");
  CHECK(tp_pointwise_loss(TP_NNLOSS_SMOOTH_L1, xi, xi, 1, TP_REDUCTION_SUM) == NULL);
  CHECK_STR(tp_last_error(), "\"smooth_l1_cpu\" not implemented for 'Long'");
  for (tp_tensor **p = (tp_tensor *[]){l, h, x, y, xi, NULL}; *p; p++) tp_tensor_release(*p);
  CHECK(tp_live_tensors() == live);
}

static void test_margin(void) {
  double live = tp_live_tensors();
  const int64_t sx[2] = {1, 4}, st[1] = {1};
  tp_tensor *x = vec(2, sx, TP_FLOAT64, (double[]){0.1, 0.2, 0.4, 0.8});
  tp_tensor_requires_grad_(x, 1);
  tp_tensor *t = vec(1, st, TP_INT64, (double[]){3});
  /* multi_margin, p 1, margin 1: (0.3 + 0.4 + 0.6) / 4 */
  tp_tensor *l = tp_margin_loss(TP_NNLOSS_MULTI_MARGIN, x, t, NULL, 1, 1, TP_REDUCTION_MEAN);
  CHECK(l && l->ndim == 0);
  CHECK_NEAR(el(l, 0), 0.325, 1e-12);
  CHECK_STR(tp_node_name(tp_tensor_grad_fn(l)), "MultiMarginLossBackward0");
  CHECK(tp_backward(1, &l, (tp_tensor *[]){NULL}, 0, 0) == 0);
  CHECK_NEAR(el(tp_tensor_grad(x), 0), 0.25, 1e-12);
  CHECK_NEAR(el(tp_tensor_grad(x), 3), -0.75, 1e-12);
  tp_tensor_set_grad(x, NULL);
  /* multilabel_margin: targets {3, 0} until the -1, others {1, 2}: (0.4 + 0.6 + 1.1 + 1.3) / 4 */
  tp_tensor *tl = vec(2, sx, TP_INT64, (double[]){3, 0, -1, 1});
  tp_tensor *m = tp_margin_loss(TP_NNLOSS_MULTILABEL_MARGIN, x, tl, NULL, 0, 0, TP_REDUCTION_NONE);
  CHECK(m && m->ndim == 1 && m->shape[0] == 1);
  CHECK_NEAR(el(m, 0), 0.85, 1e-12);
  CHECK_STR(tp_node_name(tp_tensor_grad_fn(m)), "MultilabelMarginLossBackward0");
  tp_tensor *ms = tp_reduce(TP_OP_SUM, m, -1, NULL, 0, 0, -1);
  CHECK(tp_backward(1, &ms, (tp_tensor *[]){NULL}, 0, 0) == 0);
  CHECK_NEAR(el(tp_tensor_grad(x), 0), -0.5, 1e-12);
  CHECK_NEAR(el(tp_tensor_grad(x), 1), 0.5, 1e-12);
  CHECK_NEAR(el(tp_tensor_grad(x), 2), 0.5, 1e-12);
  CHECK_NEAR(el(tp_tensor_grad(x), 3), -0.5, 1e-12);
  /* errors change nothing */
  tp_tensor *bad = vec(1, st, TP_INT64, (double[]){4});
  CHECK(tp_margin_loss(TP_NNLOSS_MULTI_MARGIN, x, bad, NULL, 1, 1, TP_REDUCTION_SUM) == NULL);
  CHECK_STR(tp_last_error(), "target out of range");
  tp_tensor *badl = vec(2, sx, TP_INT64, (double[]){3, 0, 1, 4});
  CHECK(tp_margin_loss(TP_NNLOSS_MULTILABEL_MARGIN, x, badl, NULL, 0, 0, TP_REDUCTION_SUM) == NULL);
  CHECK_STR(tp_last_error(), "argument #2 'target' is out of range");
  CHECK(tp_margin_loss(TP_NNLOSS_MULTILABEL_MARGIN, x, t, NULL, 0, 0, TP_REDUCTION_SUM) == NULL);
  CHECK_STR(tp_last_error(), "inconsistent size [1] for argument #2 'target'");
  CHECK(tp_margin_loss(TP_NNLOSS_MULTI_MARGIN, x, tl, NULL, 1, 1, TP_REDUCTION_SUM) == NULL);
  CHECK_STR(tp_last_error(), "inconsistent target size, got: [1, 4]");
  CHECK_NEAR(el(x, 3), 0.8, 0);
  for (tp_tensor **p = (tp_tensor *[]){l, m, ms, tl, bad, badl, t, x, NULL}; *p; p++) tp_tensor_release(*p);
  CHECK(tp_live_tensors() == live);
}

int main(void) {
  test_pointwise();
  test_margin();
  TEST_MAIN_END();
}
