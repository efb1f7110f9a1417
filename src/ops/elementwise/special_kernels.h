/* special_kernels.h — what the kernels of src/ops/elementwise/special.c give its entry points
 * (src/api/elementwise/special.c), which validate, run them and record the node; not exported. */
#ifndef TP_SPECIAL_KERNELS_H
#define TP_SPECIAL_KERNELS_H
#include "internal.h"
#include "tensorpad.h"
#include "ops.h"

enum { K_I0, K_I1, K_IGAMMA, K_IGAMMAC };

tp_tensor *tp_special_unary_impl(int k, tp_tensor *x);
tp_tensor *tp_special_binary_impl(int k, tp_tensor *a, tp_tensor *x);

#endif
