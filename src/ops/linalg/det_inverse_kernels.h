/* det_inverse_kernels.h — what the kernels of src/ops/linalg/det_inverse.c give its entry points
 * (src/api/linalg/det_inverse.c), which validate, run them and record the node; not exported. */
#ifndef TP_DET_INVERSE_KERNELS_H
#define TP_DET_INVERSE_KERNELS_H
#include "internal.h"

enum { WANT_DET, WANT_SLOGDET, WANT_INV, WANT_INV_PERTURBED };

int tp_check_square(const char *fn, const tp_tensor *A);
int tp_det_inverse_run(const char *fn, tp_tensor *A, int want, tp_tensor *out0, tp_tensor *out1);
tp_tensor *tp_new_like_batch(const tp_tensor *A, int keep_matrix);

#endif
