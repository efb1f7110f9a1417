/* normalization_kernels.h — what the kernels of src/nn/normalization.c give its entry points
 * (src/api/nn/normalization.c), which validate, run them and record the node; not exported. */
#ifndef TP_NORMALIZATION_KERNELS_H
#define TP_NORMALIZATION_KERNELS_H
#include "internal.h"
#include "tensorpad.h"

tp_tensor *tp_normalization_rel(tp_tensor *r, tp_tensor *a, tp_tensor *b, tp_tensor *c);
tp_tensor *tp_norm_channel_view(tp_tensor *p, int ndim);

#endif
