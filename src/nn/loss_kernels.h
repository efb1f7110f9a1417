/* loss_kernels.h — what the kernels of src/nn/loss.c give its entry points
 * (src/api/nn/loss.c), which validate, run them and record the node; not exported. */
#ifndef TP_LOSS_KERNELS_H
#define TP_LOSS_KERNELS_H
#include "internal.h"

tp_tensor *tp_loss_drop(tp_tensor *t, tp_tensor *keep);
tp_tensor *tp_loss_pointwise(int which, tp_tensor *x, tp_tensor *y, double p);
tp_tensor *tp_margin_run(int which, tp_tensor *x, tp_tensor *target, tp_tensor *weight, int p, double margin,
                             int reduction, int want_coef);

#endif
