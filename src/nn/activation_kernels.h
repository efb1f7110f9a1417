/* activation_kernels.h — what the kernels of src/nn/activation.c give its entry points
 * (src/api/nn/activation.c), which validate, run them and record the node; not exported. */
#ifndef TP_ACTIVATION_KERNELS_H
#define TP_ACTIVATION_KERNELS_H
#include "internal.h"
#include "scratch.h"

extern const char *const tp_act_names[TP_ACT_COUNT][2];
tp_tensor *tp_act_forward(int which, tp_tensor *x, const double *p);
int tp_check_params(int which, const double *p);
tp_tensor *tp_constant_pad_impl(tp_tensor *x, int n, const int64_t *pad, double value);
tp_tensor *tp_nn_pad_index(int mode, int64_t n, int64_t l, int64_t r);

#endif
