/* normalization_kernels.h — what the kernels of src/nn/normalization.c give its entry points
 * (src/api/nn/normalization.c), which validate, run them and record the node; not exported. */
#ifndef TP_NORMALIZATION_KERNELS_H
#define TP_NORMALIZATION_KERNELS_H
#include "internal.h"
#include "tensorpad.h"

tp_tensor *tp_normalization_rel(tp_tensor *r, tp_tensor *a, tp_tensor *b, tp_tensor *c);
tp_tensor *tp_norm_channel_view(tp_tensor *p, int ndim);
/* Note [batch_norm as ATen computes it]: whether x and the [C] tensors take the exact float32
 * path, and its forward (out, with mean and rstd as [C] tensors in *mean_out, *rstd_out). */
int tp_bn_exact(const tp_tensor *x, const tp_tensor *w, const tp_tensor *b, const tp_tensor *rm, const tp_tensor *rv);
tp_tensor *tp_bn_forward_f32(tp_tensor *x, tp_tensor *w, tp_tensor *b, tp_tensor *rm, tp_tensor *rv, double eps,
                             tp_tensor **mean_out, tp_tensor **rstd_out);

/* Note [layer_norm as ATen computes it]: whether x, w, b take the exact path for the dims in mask,
 * and its forward (mean, rstd shaped as x with those dims 1). */
int tp_ln_exact(const tp_tensor *x, const tp_tensor *w, const tp_tensor *b, int64_t mask);
tp_tensor *tp_ln_forward(tp_tensor *x, tp_tensor *w, tp_tensor *b, double eps, int64_t mask, tp_tensor **mean_out,
                         tp_tensor **rstd_out);

#endif
