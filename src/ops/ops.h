/* ops.h — what the operator files (elementwise.c, reduce.c) share, not exported.
 *
 * The exported entry points (tp_unary, tp_binary, tp_reduce, ...) are where autograd
 * records graph nodes; composites inside the core (var, norm, logsumexp, clamp) call the
 * *_impl functions below so that they record one node of their own, not their pieces.
 */
#ifndef TP_OPS_H
#define TP_OPS_H
#include "internal.h"

/* A Python scalar as a 0-d tensor on the stack: no allocation, stride 0 when broadcast. */
typedef struct {
  tp_tensor t;
  tp_storage s;
  union { double f64; float f32; int64_t i64; int32_t i32; uint8_t b; } v;
} tp_scalar_tensor;
tp_tensor *tp_scalar_init(tp_scalar_tensor *st, double value, int dtype);
int tp_scalar_dtype(int kind);            /* the dtype a wrapped number of that kind has */

/* PyTorch's result_type: dimensioned tensors outrank 0-d tensors, which outrank wrapped
 * numbers (wrapped[i] != 0), unless the higher category is of a lower kind. */
int tp_result_type(int n, tp_tensor *const *ts, const int *wrapped);
int tp_can_cast(int from, int to);
/* Broadcast shape of n tensors, with PyTorch's message on mismatch; returns ndim or -1. */
int tp_broadcast_shape(int n, tp_tensor *const *ts, int64_t *shape);

tp_tensor *tp_unary_impl(int op, tp_tensor *x);
tp_tensor *tp_binary_impl(int op, tp_tensor *a, tp_tensor *b, double alpha);
tp_tensor *tp_binary_scalar_impl(int op, tp_tensor *a, double s, int kind, int reversed, double alpha);
/* Writes a computed result into self (in-place ops): cast check, broadcast check, version. */
int tp_assign_result(tp_tensor *self, tp_tensor *result);

/* math.c: the elementwise math functions and predicates (their ops.def rows, and the ops
 * with parameters or three operands, whose ids follow the table's). One generic loop per
 * arity; ctx says the op, each operand's dtype (dt[0] = the output's) and parameters. */
/* math.c's ops.def rows: one contiguous block, so that the hot path tells them apart with
 * one comparison. */
#define TP_OP_IS_ELEMW(op) ((op) >= TP_OP_ISNAN && (op) <= TP_OP_BITWISE_RIGHT_SHIFT)
enum { TP_EW_LOGIT = TP_OP_COUNT, TP_EW_NAN_TO_NUM, TP_EW_POLYGAMMA, TP_EW_ADDCMUL, TP_EW_ADDCDIV, TP_EW_LERP, TP_EW_LERP_T };
typedef struct { int op; int8_t dt[4]; double p[3]; } tp_elemw_ctx;
/* Compute dtype of an elemw unary/binary op (output dtype in *out), -1 + message, or -2 when
 * the op is not one of math.c's (the caller's own rules apply). */
int tp_elemw_unary_types(int op, int dt, int *out);
int tp_elemw_binary_types(int op, int common, int da, int db, int *out);
int tp_elemw_unary_out(int op, int ct);   /* bool for the predicates, else ct */
tp_inner_fn tp_elemw_unary_kernel(int op, int out_dt, int ct, tp_elemw_ctx *c);
tp_inner_fn tp_elemw_binary_kernel(int op, int out_dt, int ct, tp_elemw_ctx *c);
double tp_digamma(double x);
double tp_trigamma(double x);
#endif
