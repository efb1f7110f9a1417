/* reduce.c — the entry points of src/ops/reduce/reduce.c:
 * each validates, runs the kernel (reduce_kernels.h) and records the autograd node. */
#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include "ops.h"
#include "autograd.h"
#include "derivatives.h"
#include "reduce_kernels.h"

TP_COLD_BEGIN

/* Note [Below autograd] (elementwise.c): the kernel runs with grad mode off, then the
 * reduction records its own node. */
TP_API tp_tensor *tp_reduce(int op, tp_tensor *x, int ndims, const double *dims, int keepdim, double param, int dtype) {
  int mode = tp_set_grad_enabled(0);
  tp_tensor *out = tp_reduce_impl(op, x, ndims, dims, keepdim, param, dtype);
  tp_set_grad_enabled(mode);
  if (!out || !tp_any_requires_grad(1, &x)) return out;
  int mask[TP_MAX_DIMS];
  int64_t bits = 0;
  tp_reduce_mask(x, ndims, dims, mask);
  for (int d = 0; d < x->ndim; d++)
    if (mask[d]) bits |= (int64_t)1 << d;
  return tp_record_reduce(op, x, bits, keepdim, ndims < 0, param, out);
}

/* var_mean / std_mean (op TP_OP_VAR or TP_OP_STD): out[0] the var (std), out[1] the mean, from
 * one Welford pass, with one node for both (VarMeanBackward0 / StdMeanBackward0). */
TP_API int tp_var_mean(int op, tp_tensor *x, int ndims, const double *dims, int keepdim, double correction, tp_tensor **out) {
  if (op != TP_OP_VAR && op != TP_OP_STD) return tp_fail_status("tensorpad: op %d is not var or std", op);
  if (!tp_dtype_table[x->dtype].is_floating) return tp_fail_status("std and var only support floating point and complex dtypes");
  if (tp_var_mean_impl(x, ndims, dims, keepdim, correction, op == TP_OP_STD, out)) return -1;
  if (!tp_any_requires_grad(1, &x)) return 0;
  int mask[TP_MAX_DIMS];
  int64_t bits = 0;
  tp_reduce_mask(x, ndims, dims, mask);
  for (int d = 0; d < x->ndim; d++)
    if (mask[d]) bits |= (int64_t)1 << d;
  if (tp_record_var_mean(op, x, bits, keepdim, ndims < 0, correction, out)) {
    tp_tensor_release(out[0]);
    tp_tensor_release(out[1]);
    out[0] = out[1] = NULL;
    return -1;
  }
  return 0;
}

TP_API int tp_reduce_indexed(int op, tp_tensor *x, double dim, int keepdim, tp_tensor **out) {
  if (op != TP_OP_MAX && op != TP_OP_MIN)
    return tp_fail_status("tensorpad: %s has no values-and-indices form", tp_op_name(op) ? tp_op_name(op) : "?");
  int64_t d;
  if (tp_wrap_dim_arg(dim, x->ndim, &d)) return -1;
  int mode = tp_set_grad_enabled(0);
  int rc = tp_reduce_indexed_impl(op, x, d, keepdim, &out[0], &out[1]);
  tp_set_grad_enabled(mode);
  if (rc) return -1;
  if (tp_record_reduce_indexed(op, x, d, keepdim, out)) {
    tp_tensor_release(out[0]);
    tp_tensor_release(out[1]);
    out[0] = out[1] = NULL;  /* a failed call hands back nothing */
    return -1;
  }
  return 0;
}

TP_API tp_tensor *tp_dimop(int op, tp_tensor *x, double dim, int dtype) {
  if (op < 0 || op >= TP_OP_COUNT || tp_op_kind(op) != TP_KIND_DIMOP)
    return tp_fail("tensorpad: op %d is not a dim op", op);
  if (dtype >= TP_NDTYPES) return tp_fail("invalid dtype %d", dtype);
  int64_t d;
  if (tp_wrap_dim_arg(dim, x->ndim, &d)) return NULL;
  /* no Bool scan kernel in 1.13, which an empty tensor never reaches */
  if ((op == TP_OP_CUMSUM || op == TP_OP_CUMPROD) && dtype == TP_BOOL && !tp_no_elements(x->ndim, x->shape))
    return tp_fail("\"%s_out_cpu\" not implemented for 'Bool'", op == TP_OP_CUMSUM ? "cumsum" : "cumprod");
  int mode = tp_set_grad_enabled(0);
  tp_tensor *out = op == TP_OP_CUMSUM || op == TP_OP_CUMPROD ? tp_scan_impl(op, x, d, dtype)
                                                            : tp_softmax_impl(x, d, dtype, op == TP_OP_LOG_SOFTMAX);
  tp_set_grad_enabled(mode);
  return tp_record_dimop(op, x, d, out);
}

TP_COLD_END
