/* view_kernels.h — what the kernels of src/core/view.c give its entry points
 * (src/api/core/view.c), which validate, run them and record the node; not exported. */
#ifndef TP_VIEW_KERNELS_H
#define TP_VIEW_KERNELS_H
#include "internal.h"

tp_tensor *tp_view_impl(tp_tensor *t, int ndim, const double *sizes);
tp_tensor *tp_reshape_impl(tp_tensor *t, int ndim, const double *sizes);
tp_tensor *tp_as_strided_impl(tp_tensor *t, int ndim, const double *a, double offset);
tp_tensor *tp_transpose_impl(tp_tensor *t, double d0, double d1);
tp_tensor *tp_t_impl(tp_tensor *t);
tp_tensor *tp_permute_impl(tp_tensor *t, int ndim, const double *dims);
tp_tensor *tp_squeeze_impl(tp_tensor *t);
tp_tensor *tp_squeeze_dim_impl(tp_tensor *t, double dim);
tp_tensor *tp_unsqueeze_impl(tp_tensor *t, double dim);
tp_tensor *tp_expand_impl(tp_tensor *t, int ndim, const double *sizes);
tp_tensor *tp_narrow_impl(tp_tensor *t, double dim, double start, double length);
tp_tensor *tp_select_impl(tp_tensor *t, double dim, double index);
tp_tensor *tp_slice_impl(tp_tensor *t, double dim, double start, double end, double step);
tp_tensor *tp_flatten_impl(tp_tensor *t, double start_dim, double end_dim);
void tp_swap_perm(int ndim, int64_t a, int64_t b, int64_t *perm);

#endif
