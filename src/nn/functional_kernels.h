/* functional_kernels.h — what the kernels of src/nn/functional.c give its entry points
 * (src/api/nn/functional.c), which validate, run them and record the node; not exported. */
#ifndef TP_FUNCTIONAL_KERNELS_H
#define TP_FUNCTIONAL_KERNELS_H
#include "internal.h"
#include "scratch.h"
#include "shape.h"

int64_t tp_nll_rows(int ndim, const int64_t *shape);
int64_t tp_nll_at(const tp_tensor *t, int64_t r, int64_t k);
int64_t tp_nll_target(tp_tensor *t, tp_tensor *w, int64_t r, int64_t nc, int64_t ignore, double *wt);
int tp_grad_input_contiguous(const tp_tensor *x);
tp_tensor *tp_functional_rs(scratch *s, int op, double v, tp_tensor *x);
tp_tensor *tp_clamp_min(scratch *s, tp_tensor *x, double lo);
tp_tensor *tp_reduce_loss(scratch *s, tp_tensor *loss, int reduction);
int tp_in_unit_interval(tp_tensor *x);
int tp_bce_check(tp_tensor *x, tp_tensor *t, int reduction);
int tp_float_only(tp_tensor *x, const char *kernel);

#endif
