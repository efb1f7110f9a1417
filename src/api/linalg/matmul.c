/* matmul.c — the entry points of src/ops/linalg/matmul.c:
 * each validates, runs the kernel (matmul_kernels.h) and records the autograd node. */
#include <string.h>
#include "gemm.h"
#include "internal.h"
#include "autograd.h"
#include "derivatives.h"
#include "matmul_kernels.h"

/* The kernel runs below autograd (Note [Below autograd] in elementwise.c); the op then
 * records its own node. */
TP_API tp_tensor *tp_linalg(int op, tp_tensor *a, tp_tensor *b) {
  int mode = tp_set_grad_enabled(0);
  tp_tensor *out = tp_linalg_impl(op, a, b);
  tp_set_grad_enabled(mode);
  tp_tensor *ab[2] = {a, b}, *r;
  if (out && (op == TP_LINALG_MATMUL || op == TP_LINALG_OUTER) && tp_any_requires_grad(2, ab)) {
    /* recorded as PyTorch's composite (Note [matmul's graph], derivatives.c) */
    if (op == TP_LINALG_OUTER) { tp_tensor_release(out); return tp_record_outer(a, b); }
    if (tp_record_matmul(a, b, &r)) { tp_tensor_release(out); return r; }
  }
  return op >= 0 && op < TP_LINALG_NOPS ? tp_record_linalg(op, a, b, out) : out;
}
