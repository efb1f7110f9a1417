/* elementwise_kernels.h — what the kernels of src/ops/elementwise/elementwise.c give its entry points
 * (src/api/elementwise/elementwise.c), which validate, run them and record the node; not exported. */
#ifndef TP_ELEMENTWISE_KERNELS_H
#define TP_ELEMENTWISE_KERNELS_H
#include "ops.h"

/* An operand in the compute dtype: itself, a stack scalar (0-d), or a converted copy. */
typedef struct {
  tp_tensor *t;
  tp_tensor *owned;
  tp_scalar_tensor st;
} operand;

int tp_unary_inplace(int op, tp_tensor *x);
int tp_binary_inplace(int op, tp_tensor *self, tp_tensor *other, int wother, double alpha);
tp_tensor *tp_where_impl(tp_tensor *cond, tp_tensor *a, tp_tensor *b, double sa, int ka, double sb, int kb);
tp_tensor *tp_clamp_impl(int op, tp_tensor *x, tp_tensor *lo, tp_tensor *hi, double slo, int klo, double shi, int khi);
int tp_is_clamp_op(int op);
tp_tensor *tp_round_decimals_impl(tp_tensor *x, int64_t decimals);

#endif
