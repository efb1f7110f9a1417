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
#endif
