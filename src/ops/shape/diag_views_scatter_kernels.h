/* diag_views_scatter_kernels.h — what the kernels of src/ops/shape/diag_views_scatter.c give its entry points
 * (src/api/shape/diag_views_scatter.c), which validate, run them and record the node; not exported. */
#ifndef TP_DIAG_VIEWS_SCATTER_KERNELS_H
#define TP_DIAG_VIEWS_SCATTER_KERNELS_H
#include "internal.h"
#include "shape.h"

#define NOGRAD_BEGIN int mode_ = tp_set_grad_enabled(0)

#define NOGRAD_END tp_set_grad_enabled(mode_)

enum { RED_SUM, RED_PROD, RED_MEAN, RED_AMAX, RED_AMIN };

tp_tensor *tp_diagonal_impl(tp_tensor *t, int64_t off, double dim1, double dim2);
tp_tensor *tp_embed_diagonal(tp_tensor *t, int ndim, const int64_t *shape, int64_t off, int64_t d1, int64_t d2);
tp_tensor *tp_diag_views_scatter_below(tp_tensor *(*f)(tp_tensor *, double, double), tp_tensor *t, double a, double b);
tp_tensor *tp_transpose2(tp_tensor *t, double a, double b);
tp_tensor *tp_diag_views_scatter_t2(tp_tensor *t, double a, double b);
tp_tensor *tp_squeeze2(tp_tensor *t, double a, double b);
tp_tensor *tp_unsqueeze2(tp_tensor *t, double a, double b);
int tp_swap_iv(int ndim, int64_t a, int64_t b, int64_t *perm);
tp_tensor *tp_unfold_impl(tp_tensor *t, double dim, double size, double step);
char *tp_elem_at(const tp_tensor *t, int64_t k);
int tp_masked_scatter_check(tp_tensor *t, tp_tensor *mask, tp_tensor *source);
int tp_masked_scatter_run(tp_tensor *t0, tp_tensor *m0, tp_tensor *source);
int tp_put_check(tp_tensor *t, tp_tensor *index, tp_tensor *source, int inplace);
void tp_put_run(tp_tensor *t, tp_tensor *index, tp_tensor *source, int accumulate);
int tp_scatter_reduce_check(tp_tensor *t, double dim, tp_tensor *index, tp_tensor *src, int reduce, int64_t *w);
int tp_scatter_reduce_run(tp_tensor *out, int64_t dim, tp_tensor *index, tp_tensor *src, int reduce, int include_self);
tp_tensor *tp_index_reduce_index(tp_tensor *t, double dim, tp_tensor *index, tp_tensor *source, int reduce, int64_t *w);

#endif
