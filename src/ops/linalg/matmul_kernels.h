/* matmul_kernels.h — what the kernels of src/ops/linalg/matmul.c give its entry points
 * (src/api/linalg/matmul.c), which validate, run them and record the node; not exported. */
#ifndef TP_MATMUL_KERNELS_H
#define TP_MATMUL_KERNELS_H
#include "gemm.h"
#include "internal.h"

tp_tensor *tp_linalg_impl(int op, tp_tensor *a, tp_tensor *b);

#endif
