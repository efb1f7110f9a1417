/* math.c — the entry points of src/ops/elementwise/math.c:
 * each validates, runs the kernel (math_kernels.h) and records the autograd node. */
#include <math.h>
#include <float.h>
#include <string.h>
#include "ops.h"
#include "autograd.h"
#include "derivatives.h"
#include "math_kernels.h"

static tp_tensor *record_param(int op, tp_tensor *x, const double *p, tp_tensor *out) {
  return tp_record_elemw(op, tp_param_grad(op), 1, &x, out, p, 1, &x);
}

/* In place: computed aside, validated, then written into self (a failed call writes nothing). */
static int param_inplace(int op, tp_tensor *x, const double *p) {
  struct tp_node *n;
  if (tp_inplace_elemw_begin(op, tp_param_grad(op), x, 0, NULL, p, 1, &n)) return -1;
  int mode = tp_set_grad_enabled(0);
  tp_tensor *r = tp_unary_param(op, x, p);
  int rc = r ? tp_assign_result(x, r) : -1;
  tp_set_grad_enabled(mode);
  tp_tensor_release(r);
  if (rc) { tp_inplace_abort(n); return -1; }
  tp_inplace_commit(x, n);
  return 0;
}

TP_API tp_tensor *tp_nan_to_num(tp_tensor *x, double nan, double posinf, double neginf) {
  double p[3] = {nan, posinf, neginf};
  int mode = tp_set_grad_enabled(0);
  tp_tensor *out = tp_unary_param(TP_EW_NAN_TO_NUM, x, p);
  tp_set_grad_enabled(mode);
  return record_param(TP_EW_NAN_TO_NUM, x, p, out);
}

TP_API int tp_nan_to_num_(tp_tensor *x, double nan, double posinf, double neginf) {
  double p[3] = {nan, posinf, neginf};
  return param_inplace(TP_EW_NAN_TO_NUM, x, p);
}

TP_API tp_tensor *tp_logit(tp_tensor *x, double eps) {
  double p[3] = {isnan(eps) ? -1 : eps, 0, 0};
  int mode = tp_set_grad_enabled(0);
  tp_tensor *out = tp_unary_param(TP_EW_LOGIT, x, p);
  tp_set_grad_enabled(mode);
  return record_param(TP_EW_LOGIT, x, p, out);
}

TP_API int tp_logit_(tp_tensor *x, double eps) {
  double p[3] = {isnan(eps) ? -1 : eps, 0, 0};
  return param_inplace(TP_EW_LOGIT, x, p);
}

TP_API tp_tensor *tp_polygamma(double n, tp_tensor *x) {
  if (n < 0) return tp_fail("polygamma(n, x) does not support negative n.");
  double p[3] = {n, 0, 0};
  int mode = tp_set_grad_enabled(0);
  tp_tensor *out = tp_unary_param(TP_EW_POLYGAMMA, x, p);
  tp_set_grad_enabled(mode);
  return record_param(TP_EW_POLYGAMMA, x, p, out);
}

TP_API int tp_polygamma_(tp_tensor *x, double n) {
  if (n < 0) return tp_fail_status("polygamma(n, x) does not support negative n.");
  double p[3] = {n, 0, 0};
  return param_inplace(TP_EW_POLYGAMMA, x, p);
}

/* op: TP_EW_ADDCMUL, TP_EW_ADDCDIV, TP_EW_LERP (scalar weight v, c NULL) or TP_EW_LERP_T. */
static tp_tensor *ternary(int op, tp_tensor *a, tp_tensor *b, tp_tensor *c, double v) {
  int mode = tp_set_grad_enabled(0);
  tp_tensor *out = tp_ternary_run(op, a, b, c, v, NULL);
  tp_set_grad_enabled(mode);
  tp_tensor *ins[3] = {a, b, c};
  double p[3] = {v, 0, 0};
  /* saved as derivatives.yaml: addcmul/addcdiv tensor1 and tensor2, lerp(Scalar) nothing, lerp(Tensor) all three */
  int addc = op == TP_EW_ADDCMUL || op == TP_EW_ADDCDIV;
  return tp_record_elemw(op, tp_ternary_grad(op), c ? 3 : 2, ins, out, p, op == TP_EW_LERP ? 0 : addc ? 2 : 3, addc ? ins + 1 : ins);
}

static int ternary_(int op, tp_tensor *a, tp_tensor *b, tp_tensor *c, double v) {
  struct tp_node *n;
  tp_tensor *extra[2] = {b, c};
  double p[3] = {v, 0, 0};
  if (tp_inplace_elemw_begin(op, tp_ternary_grad(op), a, c ? 2 : 1, extra, p, op == TP_EW_LERP ? 1 : c ? 3 : 2, &n)) return -1;
  int mode = tp_set_grad_enabled(0);
  tp_tensor *r = tp_ternary_run(op, a, b, c, v, a);
  int rc = r ? tp_assign_result(a, r) : -1;
  tp_set_grad_enabled(mode);
  tp_tensor_release(r);
  if (rc) { tp_inplace_abort(n); return -1; }
  tp_inplace_commit(a, n);
  return 0;
}

TP_API tp_tensor *tp_addcmul(tp_tensor *self, tp_tensor *t1, tp_tensor *t2, double value) { return ternary(TP_EW_ADDCMUL, self, t1, t2, value); }

TP_API int tp_addcmul_(tp_tensor *self, tp_tensor *t1, tp_tensor *t2, double value) { return ternary_(TP_EW_ADDCMUL, self, t1, t2, value); }

TP_API tp_tensor *tp_addcdiv(tp_tensor *self, tp_tensor *t1, tp_tensor *t2, double value) { return ternary(TP_EW_ADDCDIV, self, t1, t2, value); }

TP_API int tp_addcdiv_(tp_tensor *self, tp_tensor *t1, tp_tensor *t2, double value) { return ternary_(TP_EW_ADDCDIV, self, t1, t2, value); }

TP_API tp_tensor *tp_lerp(tp_tensor *self, tp_tensor *end, tp_tensor *weight, double w) {
  return ternary(weight ? TP_EW_LERP_T : TP_EW_LERP, self, end, weight, w);
}

TP_API int tp_lerp_(tp_tensor *self, tp_tensor *end, tp_tensor *weight, double w) {
  return ternary_(weight ? TP_EW_LERP_T : TP_EW_LERP, self, end, weight, w);
}
