/* products_kernels.h — what the kernels of src/ops/linalg/products.c give its entry points
 * (src/api/linalg/products.c), which validate, run them and record the node; not exported. */
#ifndef TP_PRODUCTS_KERNELS_H
#define TP_PRODUCTS_KERNELS_H
#include "internal.h"
#include "shape.h"

tp_tensor *tp_addmv_impl(tp_tensor *self, tp_tensor *mat, tp_tensor *vec, double beta, double alpha);
tp_tensor *tp_addr_impl(tp_tensor *self, tp_tensor *v1, tp_tensor *v2, double beta, double alpha);
tp_tensor *tp_bmm_family_impl(tp_tensor *self, tp_tensor *b1, tp_tensor *b2, double beta, double alpha, int add);
tp_tensor *tp_cross_impl(tp_tensor *a, tp_tensor *b, double dim, int64_t *wd);

#endif
