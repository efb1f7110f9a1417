/* reduce_kernels.h — what the kernels of src/ops/reduce/reduce.c give its entry points
 * (src/api/reduce/reduce.c), which validate, run them and record the node; not exported. */
#ifndef TP_REDUCE_KERNELS_H
#define TP_REDUCE_KERNELS_H
#include "ops.h"

typedef struct { int64_t n, stride[3]; int dtype, is_max; } line_ctx;

int tp_reduce_mask(const tp_tensor *x, int ndims, const double *dims, int *mask);
tp_tensor *tp_reduce_impl(int op, tp_tensor *x, int ndims, const double *dims, int keepdim, double param, int dtype);
int tp_var_mean_impl(tp_tensor *x, int ndims, const double *dims, int keepdim, double correction, int is_std, tp_tensor **out);
int tp_reduce_indexed_impl(int op, tp_tensor *x, int64_t dim, int keepdim, tp_tensor **values, tp_tensor **indices);
tp_tensor *tp_scan_impl(int op, tp_tensor *x, int64_t dim, int dtype);
tp_tensor *tp_softmax_impl(tp_tensor *x, int64_t dim, int dtype, int log);

#endif
