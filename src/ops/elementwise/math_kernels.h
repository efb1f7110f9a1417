/* math_kernels.h — what the kernels of src/ops/elementwise/math.c give its entry points
 * (src/api/elementwise/math.c), which validate, run them and record the node; not exported. */
#ifndef TP_MATH_KERNELS_H
#define TP_MATH_KERNELS_H
#include "ops.h"

tp_tensor *tp_unary_param(int op, tp_tensor *x, const double *p);
const char *tp_param_grad(int op);
tp_tensor *tp_ternary_run(int op, tp_tensor *a, tp_tensor *b, tp_tensor *c, double v, tp_tensor *dst);
const char *tp_ternary_grad(int op);

#endif
