/* Native tests of src/nn/activation.c: every activation forward and backward (also with
 * create_graph), the in-place forms, glu, rrelu's noise form and the pads, against
 * hand-computed values; errors that change nothing; no tensor left behind (ASan/UBSan). */
#include <math.h>
#include "../../src/tensorpad.h"
#include "internal.h"
#include "check.h"
#include "tensors.h"

static tp_tensor *sum(tp_tensor *t) { return t ? tp_reduce(TP_OP_SUM, t, -1, NULL, 0, 0, -1) : NULL; }

/* x = [-2, -0.5, 0.5, 2] (float64): each activation's value at x[0] and x[3], its node name,
 * and the gradient of sum() at x[0] and x[3]; then a second derivative through the formula. */
static void test_activations(void) {
  double live = tp_live_tensors();
  static const struct { int which; double p0, p1, p2; const char *name; double y0, y3, g0, g3; } cases[] = {
    {TP_ACT_ELU, 1, 1, 1, "EluBackward0", -0.8646647167633873, 2, 0.1353352832366127, 1},
    {TP_ACT_CELU, 2, 1, 0.5, "CeluBackward0", -1.2642411176571153, 2, 0.36787944117144233, 1},
    {TP_ACT_HARDTANH, -1, 1, 0, "HardtanhBackward0", -1, 1, 0, 0},
    {TP_ACT_HARDSIGMOID, 0, 0, 0, "HardsigmoidBackward0", 1.0 / 6, 5.0 / 6, (double)(1.0f / 6), (double)(1.0f / 6)},  /* the gradient: ATen's float 1/6 */
    {TP_ACT_HARDSWISH, 0, 0, 0, "HardswishBackward0", -1.0 / 3, 5.0 / 3, -1.0 / 6, 7.0 / 6},
    {TP_ACT_LOGSIGMOID, 0, 0, 0, "LogSigmoidBackward0", -2.1269280110429727, -0.12692801104297263, 0.8807970779778823, 0.11920292202211755},
    {TP_ACT_SOFTSHRINK, 1, 0, 0, "SoftshrinkBackward0", -1, 1, 1, 1},
    {TP_ACT_THRESHOLD, 0, 7, 0, "ThresholdBackward0", 7, 2, 0, 1},
    {TP_ACT_RRELU, 0.25, 0, 0, "RreluWithNoiseBackward0", -0.5, 2, 0.25, 1},
  };
  for (size_t c = 0; c < sizeof cases / sizeof *cases; c++) {
    tp_tensor *x = vec(1, (int64_t[]){4}, TP_FLOAT64, (double[]){-2, -0.5, 0.5, 2});
    tp_tensor_requires_grad_(x, 1);
    tp_tensor *y = tp_nn_act(cases[c].which, x, cases[c].p0, cases[c].p1, cases[c].p2), *s = sum(y);
    CHECK(y && s);
    CHECK_STR(tp_node_name(tp_tensor_grad_fn(y)), cases[c].name);
    CHECK_NEAR(el(y, 0), cases[c].y0, 1e-12);
    CHECK_NEAR(el(y, 3), cases[c].y3, 1e-12);
    CHECK(tp_backward(1, &s, (tp_tensor *[]){NULL}, 0, 0) == 0);
    CHECK_NEAR(el(tp_tensor_grad(x), 0), cases[c].g0, 1e-12);
    CHECK_NEAR(el(tp_tensor_grad(x), 3), cases[c].g3, 1e-12);
    tp_tensor *all[] = {x, y, s};
    for (size_t k = 0; k < 3; k++)
      if (all[k]) tp_tensor_release(all[k]);
  }
  /* mish: a second derivative through the formula's ops */
  tp_tensor *x = vec(1, (int64_t[]){2}, TP_FLOAT64, (double[]){-1, 0.5});
  tp_tensor_requires_grad_(x, 1);
  tp_tensor *y = tp_nn_act(TP_ACT_MISH, x, 0, 0, 0), *s = sum(y), *gx = NULL;
  CHECK(s && tp_autograd_grad(1, &s, (tp_tensor *[]){NULL}, 1, &x, 1, 1, 0, &gx) == 0 && gx);
  tp_tensor *gs = sum(gx);
  CHECK(gs && tp_backward(1, &gs, (tp_tensor *[]){NULL}, 0, 0) == 0 && tp_tensor_grad(x));
  /* errors change nothing */
  tp_tensor *i = vec(1, (int64_t[]){2}, TP_INT64, (double[]){1, -2});
  CHECK(tp_nn_act(TP_ACT_ELU, i, 1, 1, 1) == NULL);
  CHECK_STR(tp_last_error(), "\"elu_cpu\" not implemented for 'Long'");
  CHECK(tp_nn_act_(TP_ACT_MISH, i, 0, 0, 0) == -1);
  CHECK(el(i, 1) == -2 && i->version->value == 0);
  CHECK(tp_nn_act(TP_ACT_SOFTSHRINK, x, -1, 0, 0) == NULL);
  CHECK_STR(tp_last_error(), "lambda must be greater or equal to 0, but found to be -1.");
  tp_tensor *h = tp_nn_act(TP_ACT_HARDTANH, i, -1, 1, 0);  /* integer hardtanh stays integer */
  CHECK(h && h->dtype == TP_INT64 && el(h, 1) == -1);
  tp_tensor *all[] = {x, y, s, gx, gs, i, h};
  for (size_t k = 0; k < sizeof all / sizeof *all; k++)
    if (all[k]) tp_tensor_release(all[k]);
  CHECK(tp_live_tensors() == live);
}

static void test_inplace(void) {
  double live = tp_live_tensors();
  tp_tensor *x = vec(1, (int64_t[]){3}, TP_FLOAT64, (double[]){-1, 0.5, 3});
  tp_tensor_requires_grad_(x, 1);
  CHECK(tp_nn_act_(TP_ACT_ELU, x, 1, 1, 1) == -1);  /* a leaf that requires grad */
  CHECK_STR(tp_last_error(), "a leaf Variable that requires grad is being used in an in-place operation.");
  CHECK(el(x, 0) == -1);
  tp_tensor *z = tp_binary_scalar(TP_OP_MUL, x, 1, TP_SCALAR_INT, 0, 1);
  CHECK(z && tp_nn_act_(TP_ACT_ELU, z, 1, 1, 1) == 0);
  CHECK_STR(tp_node_name(tp_tensor_grad_fn(z)), "EluBackward1");
  CHECK_NEAR(el(z, 0), expm1(-1), 1e-12);
  CHECK(z->version->value == 1);
  tp_tensor *s = sum(z);
  CHECK(s && tp_backward(1, &s, (tp_tensor *[]){NULL}, 0, 0) == 0);
  CHECK_NEAR(el(tp_tensor_grad(x), 0), exp(-1), 1e-12);  /* from self before the write */
  CHECK_NEAR(el(tp_tensor_grad(x), 2), 1, 1e-12);
  tp_tensor *all[] = {x, z, s};
  for (size_t k = 0; k < sizeof all / sizeof *all; k++)
    if (all[k]) tp_tensor_release(all[k]);
  CHECK(tp_live_tensors() == live);
}

static void test_glu_rrelu(void) {
  double live = tp_live_tensors();
  tp_tensor *x = vec(2, (int64_t[]){1, 4}, TP_FLOAT64, (double[]){1, 2, 0, 0});
  tp_tensor_requires_grad_(x, 1);
  tp_tensor *y = tp_nn_glu(x, -1), *s = sum(y);  /* [1, 2] * sigmoid(0) = [0.5, 1] */
  CHECK(y && s);
  CHECK_STR(tp_node_name(tp_tensor_grad_fn(y)), "GluBackward0");
  CHECK_NEAR(el(y, 1), 1, 1e-12);
  CHECK(tp_backward(1, &s, (tp_tensor *[]){NULL}, 0, 0) == 0);
  CHECK_NEAR(el(tp_tensor_grad(x), 0), 0.5, 1e-12);   /* sigmoid(b) */
  CHECK_NEAR(el(tp_tensor_grad(x), 3), 0.5, 1e-12);   /* a s (1 - s) = 2 / 4 */
  CHECK(tp_nn_glu(x, 0) == NULL);
  CHECK_STR(tp_last_error(), "Halving dimension must be even, but dimension 0 is size 1");
  tp_tensor *noise = vec(2, (int64_t[]){1, 4}, TP_FLOAT64, (double[]){0.2, 1, 1, 1});
  tp_tensor *r = tp_nn_rrelu_noise(x, noise), *rs = sum(r);
  CHECK(r && rs);
  CHECK_STR(tp_node_name(tp_tensor_grad_fn(r)), "RreluWithNoiseBackward0");
  tp_tensor *gn = NULL;  /* d sum(x * noise) = noise */
  CHECK(rs && tp_autograd_grad(1, &rs, (tp_tensor *[]){NULL}, 1, &x, 0, 0, 0, &gn) == 0 && gn);
  CHECK(gn && el(gn, 0) == 0.2 && el(gn, 1) == 1);
  tp_tensor *all[] = {x, y, s, noise, r, rs, gn};
  for (size_t k = 0; k < sizeof all / sizeof *all; k++)
    if (all[k]) tp_tensor_release(all[k]);
  CHECK(tp_live_tensors() == live);
}

static void test_pads(void) {
  double live = tp_live_tensors();
  tp_tensor *x = vec(2, (int64_t[]){2, 3}, TP_FLOAT64, (double[]){0, 1, 2, 3, 4, 5});
  tp_tensor_requires_grad_(x, 1);
  /* constant: [[9, 0, 1, 2, 9, 9], ...] */
  tp_tensor *c = tp_nn_constant_pad(x, 2, (double[]){1, 2}, 9), *cs = sum(c);
  CHECK(c && c->shape[1] == 6 && el(c, 0) == 9 && el(c, 1) == 0 && el(c, 5) == 9);
  CHECK_STR(tp_node_name(tp_tensor_grad_fn(c)), "ConstantPadNdBackward0");
  CHECK(tp_backward(1, &cs, (tp_tensor *[]){NULL}, 0, 0) == 0 && el(tp_tensor_grad(x), 4) == 1);
  /* crop only: a clone */
  tp_tensor *k = tp_nn_constant_pad(x, 2, (double[]){-1, 0}, 0);
  CHECK(k && k->shape[1] == 2 && el(k, 0) == 1);
  CHECK(tp_nn_constant_pad(x, 3, (double[]){1, 1, 1}, 0) == NULL);
  CHECK_STR(tp_last_error(), "Length of pad must be even but instead it equals 3");
  /* reflect on (C, W): [2, 1, 0, 1, 2, 1]; gradient of the sum counts the uses */
  tp_tensor *r = tp_nn_index_pad(x, 1, 2, (double[]){2, 1}), *rs = sum(r), *gx = NULL;
  CHECK(r && r->shape[1] == 6 && el(r, 0) == 2 && el(r, 1) == 1 && el(r, 5) == 1);
  CHECK_STR(tp_node_name(tp_tensor_grad_fn(r)), "ReflectionPad1DBackward0");
  CHECK(rs && tp_autograd_grad(1, &rs, (tp_tensor *[]){NULL}, 1, &x, 1, 1, 0, &gx) == 0 && gx);
  CHECK(gx && el(gx, 0) == 1 && el(gx, 1) == 3 && el(gx, 2) == 2);
  /* replicate 2d on (C, H, W) = (1, 2, 3) */
  tp_tensor *x3 = tp_reshape(x, 3, (double[]){1, 2, 3});
  tp_tensor *p = x3 ? tp_nn_index_pad(x3, 2, 4, (double[]){1, 0, 0, 1}) : NULL, *ps = sum(p);
  CHECK(p && p->shape[1] == 3 && p->shape[2] == 4 && el(p, 0) == 0 && el(p, 11) == 5);
  CHECK_STR(tp_node_name(tp_tensor_grad_fn(p)), "ReplicationPad2DBackward0");
  CHECK(ps && tp_backward(1, &ps, (tp_tensor *[]){NULL}, 0, 0) == 0);
  CHECK(tp_nn_index_pad(x, 1, 2, (double[]){3, 0}) == NULL);
  CHECK_STR(tp_last_error(), "Argument #4: Padding size should be less than the corresponding input dimension, but got: padding (3, 0) at dimension 1 of input [2, 3]");
  tp_tensor *all[] = {x, c, cs, k, r, rs, gx, x3, p, ps};
  for (size_t j = 0; j < sizeof all / sizeof *all; j++)
    if (all[j]) tp_tensor_release(all[j]);
  CHECK(tp_live_tensors() == live);
}

int main(void) {
  test_activations();
  test_inplace();
  test_glu_rrelu();
  test_pads();
  TEST_MAIN_END();
}
