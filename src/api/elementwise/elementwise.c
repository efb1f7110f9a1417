/* elementwise.c — the entry points of src/ops/elementwise/elementwise.c:
 * each validates, runs the kernel (elementwise_kernels.h) and records the autograd node. */
#include <math.h>
#include <stdio.h>
#include <string.h>
#include "ops.h"
#include "autograd.h"
#include "derivatives.h"
#include "elementwise_kernels.h"

/* Note [Below autograd]: an entry point runs its kernel with grad mode off, so that the
 * ops a composite uses inside record nothing, then records its own node. */
TP_API tp_tensor *tp_unary(int op, tp_tensor *x) {
  int mode = tp_set_grad_enabled(0);
  tp_tensor *out = tp_unary_impl(op, x);
  tp_set_grad_enabled(mode);
  return tp_record_unary(op, x, out);
}

TP_API int tp_unary_(int op, tp_tensor *x) {
  struct tp_node *n;
  if (tp_inplace_unary_begin(op, x, &n)) return -1;
  int mode = tp_set_grad_enabled(0);
  int rc = tp_unary_inplace(op, x);
  tp_set_grad_enabled(mode);
  if (rc) { tp_inplace_abort(n); return -1; }
  tp_inplace_commit(x, n);
  return 0;
}

TP_API tp_tensor *tp_binary(int op, tp_tensor *a, tp_tensor *b, double alpha) {
  int mode = tp_set_grad_enabled(0);
  tp_tensor *out = tp_binary_impl(op, a, b, alpha);
  tp_set_grad_enabled(mode);
  return tp_record_binary(op, a, b, alpha, out);
}

TP_API tp_tensor *tp_binary_scalar(int op, tp_tensor *a, double s, int kind, int form, double alpha) {
  if (op == TP_OP_RSUB) op = TP_OP_SUB, form = TP_FORM_RSUB;   /* rsub(a, s) = s - alpha a */
  int mode = tp_set_grad_enabled(0);
  tp_tensor *out = tp_binary_scalar_impl(op, a, s, kind, form, alpha);
  tp_set_grad_enabled(mode);
  return tp_record_binary_scalar(op, a, s, form, alpha, out);
}

TP_API tp_tensor *tp_round_decimals(tp_tensor *x, double decimals) {
  int mode = tp_set_grad_enabled(0);
  tp_tensor *out = tp_round_decimals_impl(x, tp_clamp_i64(decimals));
  tp_set_grad_enabled(mode);
  return tp_record_unary_named(TP_OP_ROUND, "RoundBackward1", x, out);
}

TP_API int tp_round_decimals_(tp_tensor *x, double decimals) {
  struct tp_node *n;
  if (tp_inplace_unary_named_begin(TP_OP_ROUND, "RoundBackward1", x, &n)) return -1;
  int mode = tp_set_grad_enabled(0);
  tp_tensor *r = tp_round_decimals_impl(x, tp_clamp_i64(decimals));
  int rc = r ? tp_assign_result(x, r) : -1;
  tp_set_grad_enabled(mode);
  if (r) tp_tensor_release(r);
  if (rc) { tp_inplace_abort(n); return -1; }
  tp_inplace_commit(x, n);
  return 0;
}

static int binary__unaliased(int op, tp_tensor *self, tp_tensor *other, double alpha) {
  struct tp_node *n;
  if (tp_inplace_binary_begin(op, self, other, alpha, &n)) return -1;
  int mode = tp_set_grad_enabled(0);
  int rc = tp_binary_inplace(op, self, other, 0, alpha);
  tp_set_grad_enabled(mode);
  if (rc) { tp_inplace_abort(n); return -1; }
  tp_inplace_commit(self, n);
  return 0;
}

/* tp_binary_ with its operands unaliased from self first (Note [Aliased operands], bounds.c). */
TP_API int tp_binary_(int op, tp_tensor *self, tp_tensor *other, double alpha) {
  tp_tensor *copy[1] = {NULL};
  int rc = tp_unalias(self, &other, TP_UNALIAS_PARTIAL, &copy[0]) ? -1 : binary__unaliased(op, self, other, alpha);
  if (copy[0]) tp_tensor_release(copy[0]);
  return rc;
}

TP_API int tp_binary_scalar_(int op, tp_tensor *self, double s, int kind, double alpha) {
  tp_scalar_tensor st;
  struct tp_node *n;
  if (tp_inplace_binary_scalar_begin(op, self, s, alpha, &n)) return -1;
  int mode = tp_set_grad_enabled(0);
  int rc = tp_binary_inplace(op, self, tp_scalar_init(&st, s, tp_scalar_dtype(kind)), 1, alpha);
  tp_set_grad_enabled(mode);
  if (rc) { tp_inplace_abort(n); return -1; }
  tp_inplace_commit(self, n);
  return 0;
}

TP_COLD_BEGIN

TP_API tp_tensor *tp_where(tp_tensor *cond, tp_tensor *a, tp_tensor *b, double sa, int ka, double sb, int kb) {
  int mode = tp_set_grad_enabled(0);
  tp_tensor *out = tp_where_impl(cond, a, b, sa, ka, sb, kb);
  tp_set_grad_enabled(mode);
  return tp_record_where(cond, a, b, out);
}

TP_API tp_tensor *tp_clamp(int op, tp_tensor *x, tp_tensor *lo, tp_tensor *hi, double slo, int klo, double shi, int khi) {
  if (!tp_is_clamp_op(op)) return tp_fail("tensorpad: op %d is not a clamp", op);
  int mode = tp_set_grad_enabled(0);
  tp_tensor *out = tp_clamp_impl(op, x, lo, hi, slo, klo, shi, khi);
  tp_set_grad_enabled(mode);
  return tp_record_clamp(op, x, lo, hi, slo, klo, shi, khi, out);
}

TP_API int tp_clamp_(int op, tp_tensor *x, tp_tensor *lo, tp_tensor *hi, double slo, int klo, double shi, int khi) {
  if (!tp_is_clamp_op(op)) return tp_fail_status("tensorpad: op %d is not a clamp", op);
  struct tp_node *n;
  if (tp_inplace_clamp_begin(op, x, lo, hi, slo, klo, shi, khi, &n)) return -1;
  int mode = tp_set_grad_enabled(0);
  tp_tensor *r = tp_clamp_impl(op, x, lo, hi, slo, klo, shi, khi);
  int rc = r ? 0 : -1;
  int scalars = op == TP_OP_CLAMP_MIN ? !lo : op == TP_OP_CLAMP_MAX ? !hi : !lo && !hi;
  if (r && scalars && !tp_can_cast(r->dtype, x->dtype)) {  /* PyTorch's Scalar overloads name the C type */
    static const char *const ctype[TP_NDTYPES] = {[TP_INT32] = "int", [TP_INT64] = "long int", [TP_BOOL] = "bool"};
    rc = tp_fail_status("result type %s can't be cast to the desired output type %s", tp_dtype_title(r->dtype),
                        ctype[x->dtype] ? ctype[x->dtype] : tp_dtype_title(x->dtype));
  }
  if (!rc) rc = tp_assign_result(x, r);
  tp_set_grad_enabled(mode);
  if (r) tp_tensor_release(r);
  if (rc) { tp_inplace_abort(n); return -1; }
  tp_inplace_commit(x, n);
  return 0;
}

TP_COLD_END
