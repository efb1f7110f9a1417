/* det_inverse.c — the entry points of src/ops/linalg/det_inverse.c:
 * each validates, runs the kernel (det_inverse_kernels.h) and records the autograd node. */
#include <math.h>
#include <stdlib.h>
#include <string.h>
#include "internal.h"
#include "autograd.h"
#include "derivatives.h"
#include "det_inverse_kernels.h"

TP_API tp_tensor *tp_linalg_det(tp_tensor *A) {
  if (tp_check_square("linalg.det", A)) return NULL;
  tp_tensor *out = tp_new_like_batch(A, 0);
  if (!out) return NULL;
  if (tp_det_inverse_run("linalg.det", A, WANT_DET, out, NULL)) { tp_tensor_release(out); return NULL; }
  out = tp_record_kind(TP_GRAD_LINALG_DET, "LinalgDetBackward0", 1, &A, out, 0, NULL, 1, &A);
  if (out && out->grad_fn && out->grad_fn->kind == TP_GRAD_LINALG_DET && tp_node_save(out->grad_fn, out, 0)) {
    tp_tensor_release(out);
    return NULL;
  }
  return out;
}

/* slogdet's two outputs share one LinalgSlogdetBackward0 node (saved: A). fn names the
 * caller in messages ("linalg.slogdet", or "logdet"). */
static int slogdet(const char *fn, tp_tensor *A, tp_tensor **sign, tp_tensor **logabs) {
  *sign = *logabs = NULL;
  if (tp_check_square(fn, A)) return -1;
  tp_tensor *s = tp_new_like_batch(A, 0), *l = s ? tp_new_like_batch(A, 0) : NULL;
  if (!l || tp_det_inverse_run(fn, A, WANT_SLOGDET, s, l)) {
    if (s) tp_tensor_release(s);
    if (l) tp_tensor_release(l);
    return -1;
  }
  if (tp_any_requires_grad(1, &A)) {
    tp_node *n = tp_node_new(TP_GRAD_LINALG_SLOGDET, 0, "LinalgSlogdetBackward0", 1, &A, 2);
    if (!n || tp_node_save(n, A, -1)) {
      if (n) tp_node_release(n);
      tp_tensor_release(s);
      tp_tensor_release(l);
      return -1;
    }
    tp_node_set_output(n, s, 0);
    tp_node_set_output(n, l, 1);
    tp_node_release(n);
  }
  *sign = s;
  *logabs = l;
  return 0;
}

TP_API int tp_linalg_slogdet(tp_tensor *A, tp_tensor **out) {
  return slogdet("linalg.slogdet", A, &out[0], &out[1]);
}

/* logdet as 1.13 composes it: where(sign == -1, nan, logabsdet) (WhereBackward0 over
 * LinalgSlogdetBackward0's second output). */
TP_API tp_tensor *tp_logdet(tp_tensor *A) {
  tp_tensor *s, *l;
  if (slogdet("logdet", A, &s, &l)) return NULL;
  tp_tensor *cond = tp_binary_scalar(TP_OP_EQ, s, -1, TP_SCALAR_FLOAT, TP_FORM_PY, 1);
  tp_tensor *nan = cond ? tp_full(0, NULL, A->dtype, NAN) : NULL;
  tp_tensor *out = nan ? tp_where(cond, nan, l, 0, TP_SCALAR_NONE, 0, TP_SCALAR_NONE) : NULL;
  if (cond) tp_tensor_release(cond);
  if (nan) tp_tensor_release(nan);
  tp_tensor_release(s);
  tp_tensor_release(l);
  return out;
}

static tp_tensor *inverse(tp_tensor *A, int want) {
  if (tp_check_square("linalg.inv", A)) return NULL;
  tp_tensor *out = tp_new_like_batch(A, 1);
  if (!out) return NULL;
  if (tp_det_inverse_run("linalg.inv", A, want, out, NULL)) { tp_tensor_release(out); return NULL; }
  if (!tp_any_requires_grad(1, &A)) return out;
  out = tp_record_kind(TP_GRAD_LINALG_INV, "LinalgInvExBackward0", 1, &A, out, 0, NULL, 0, NULL);
  if (out && out->grad_fn && out->grad_fn->kind == TP_GRAD_LINALG_INV && tp_node_save(out->grad_fn, out, 0)) {
    tp_tensor_release(out);
    return NULL;
  }
  return out;
}

TP_API tp_tensor *tp_linalg_inv(tp_tensor *A) { return inverse(A, WANT_INV); }

/* For the det/slogdet formulas: A^-1, a zero pivot replaced by eps as PyTorch's det backward
 * does, so that a singular A gets a (zero) gradient instead of an error. Recorded like
 * inverse when grad mode is on (create_graph). */
tp_tensor *tp_linalg_inv_for_grad(tp_tensor *A) { return inverse(A, WANT_INV_PERTURBED); }
