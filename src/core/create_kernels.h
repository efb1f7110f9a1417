/* create_kernels.h — what the kernels of src/core/create.c give its entry points
 * (src/api/core/create.c), which validate, run them and record the node; not exported. */
#ifndef TP_CREATE_KERNELS_H
#define TP_CREATE_KERNELS_H
#include "internal.h"

int tp_fill_impl(tp_tensor *t, double value);
tp_tensor *tp_empty_like_preserve(const tp_tensor *src, int dtype);
int tp_broadcastable_to(const tp_tensor *src, const tp_tensor *dst);
int tp_overlaps_itself(const tp_tensor *t);

#endif
