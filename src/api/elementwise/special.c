/* special.c — the entry points of src/ops/elementwise/special.c:
 * each validates, runs the kernel (special_kernels.h) and records the autograd node. */
#include <tgmath.h>
#include <string.h>
#include "internal.h"
#include "tensorpad.h"
#include "ops.h"
#include "autograd.h"
#include "derivatives.h"
#include "special_kernels.h"

static int grad_wanted(int n, tp_tensor *const *ins) { return tp_is_grad_enabled() && tp_any_requires_grad(n, ins); }

/* special_i1 (SpecialI1Backward0, saves x and the result): i0's derivative. */
tp_tensor *tp_special_i1(tp_tensor *x) {
  int mode = tp_set_grad_enabled(0);
  tp_tensor *out = tp_special_unary_impl(K_I1, x);
  tp_set_grad_enabled(mode);
  if (!out || !grad_wanted(1, &x)) return out;
  int64_t iv[1] = {TP_TM_I1};
  tp_tensor *save[2] = {x, out};
  return tp_record_kind(TP_GRAD_TENSOR_METHOD, "SpecialI1Backward0", 1, &x, out, 1, iv, 2, save);
}

TP_API tp_tensor *tp_i0(tp_tensor *x) {
  int mode = tp_set_grad_enabled(0);
  tp_tensor *out = tp_special_unary_impl(K_I0, x);
  tp_set_grad_enabled(mode);
  if (!out || !grad_wanted(1, &x)) return out;
  int64_t iv[1] = {TP_TM_I0};
  return tp_record_kind(TP_GRAD_TENSOR_METHOD, "I0Backward0", 1, &x, out, 1, iv, 1, &x);
}

static tp_tensor *igamma_op(int k, tp_tensor *a, tp_tensor *x) {
  int mode = tp_set_grad_enabled(0);
  tp_tensor *out = tp_special_binary_impl(k, a, x);
  tp_set_grad_enabled(mode);
  tp_tensor *ins[2] = {a, x};
  if (!out || !grad_wanted(2, ins)) return out;
  int64_t iv[1] = {k == K_IGAMMA ? TP_TM_IGAMMA : TP_TM_IGAMMAC};
  return tp_record_kind(TP_GRAD_TENSOR_METHOD, k == K_IGAMMA ? "IgammaBackward0" : "IgammacBackward0", 2, ins, out, 1, iv, 2, ins);
}

TP_API tp_tensor *tp_igamma(tp_tensor *a, tp_tensor *x) { return igamma_op(K_IGAMMA, a, x); }

TP_API tp_tensor *tp_igammac(tp_tensor *a, tp_tensor *x) { return igamma_op(K_IGAMMAC, a, x); }

/* In place (i0_, igamma_, igammac_): the result written into self (PyTorch's cast and shape
 * checks), recorded as the same node over self's old value. other NULL for i0_. */
TP_API int tp_special_(int which, tp_tensor *self, tp_tensor *other) {
  int k = which == 0 ? K_I0 : which == 1 ? K_IGAMMA : K_IGAMMAC;
  int mode = tp_set_grad_enabled(0);
  tp_tensor *r = k == K_I0 ? tp_special_unary_impl(k, self) : tp_special_binary_impl(k, self, other);
  tp_set_grad_enabled(mode);
  if (!r) return -1;
  if (!tp_can_cast(r->dtype, self->dtype)) {
    int rdt = r->dtype;
    tp_tensor_release(r);
    return tp_fail_status("result type %s can't be cast to the desired output type %s", tp_dtype_title(rdt),
                          tp_dtype_title(self->dtype));
  }
  tp_tensor *ins[2] = {self, other}, *old = NULL;
  if (grad_wanted(k == K_I0 ? 1 : 2, ins) || (tp_is_grad_enabled() && self->base && self->base->requires_grad)) {
    mode = tp_set_grad_enabled(0);
    old = tp_clone(self);  /* the formula needs self before the write */
    tp_set_grad_enabled(mode);
    if (!old) { tp_tensor_release(r); return -1; }
  }
  int64_t iv[1] = {k == K_I0 ? TP_TM_I0 : k == K_IGAMMA ? TP_TM_IGAMMA : TP_TM_IGAMMAC};
  const char *name = k == K_I0 ? "I0Backward0" : k == K_IGAMMA ? "IgammaBackward0" : "IgammacBackward0";
  tp_tensor *save[2] = {old, other};
  tp_node *node = NULL;
  int rc = tp_inplace_kind_begin(TP_GRAD_TENSOR_METHOD, name, self, k == K_I0 ? 0 : 1, &other, 1, iv, old ? (k == K_I0 ? 1 : 2) : 0, save, &node);
  if (old) tp_tensor_release(old);
  if (!rc) rc = tp_assign_result(self, r);
  tp_tensor_release(r);
  if (rc) { tp_inplace_abort(node); return -1; }
  tp_inplace_commit(self, node);
  return 0;
}
