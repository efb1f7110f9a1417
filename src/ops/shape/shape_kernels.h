/* shape_kernels.h — what the kernels of src/ops/shape/shape.c give its entry points
 * (src/api/shape/shape.c), which validate, run them and record the node; not exported. */
#ifndef TP_SHAPE_KERNELS_H
#define TP_SHAPE_KERNELS_H
#include "shape.h"

extern tp_tensor **tp_split_list;
tp_tensor *tp_cat_impl(int n, tp_tensor *const *ts, double dim_d);
tp_tensor *tp_stack_impl(int n, tp_tensor *const *ts, double dim_d);
int tp_split_impl(tp_tensor *t, double split_size, double dim_d);
int tp_split_with_sizes_impl(tp_tensor *t, int n, const double *sizes_d, double dim_d);
int tp_chunk_impl(tp_tensor *t, double chunks_d, double dim_d);
int tp_unbind_impl(tp_tensor *t, double dim_d);
tp_tensor *tp_flip_impl(tp_tensor *t, int n, const double *dims);
tp_tensor *tp_roll_impl(tp_tensor *t, int nshifts, int ndims, const double *shifts_then_dims);
tp_tensor *tp_repeat_impl(tp_tensor *t, int n, const double *reps);
tp_tensor *tp_tile_impl(tp_tensor *t, int n, const double *reps);
tp_tensor *tp_shape_trilu(tp_tensor *t, double diagonal, int upper);
int tp_trilu_(tp_tensor *t, double diagonal, int upper);

#endif
