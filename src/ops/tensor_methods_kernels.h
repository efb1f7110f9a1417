/* tensor_methods_kernels.h — what the kernels of src/ops/tensor_methods.c give its entry points
 * (src/api/tensor_methods.c), which validate, run them and record the node; not exported. */
#ifndef TP_TENSOR_METHODS_KERNELS_H
#define TP_TENSOR_METHODS_KERNELS_H
#include "internal.h"
#include "tensorpad.h"
#include "shape.h"
#include "ops.h"

#define FAIL_NUMEL "numel: integer multiplication overflow"

/* set_ forms: (), (Tensor), (Storage), (Storage, offset, size[, stride]), (Tensor, offset, size[, stride]).
 * src is the tensor whose storage is meant (a Storage comes from JS as its tensor). */
enum { SET_EMPTY, SET_TENSOR, SET_STORAGE, SET_STORAGE_GEOMETRY, SET_TENSOR_GEOMETRY };

tp_tensor *tp_tensor_methods_drop(tp_tensor *r, tp_tensor *a, tp_tensor *b, tp_tensor *c, tp_tensor *d);
int tp_tensor_methods_floating(int dtype);
tp_tensor *tp_hardshrink_impl(tp_tensor *x, double lambd);
tp_tensor *tp_angle_impl(tp_tensor *x);
tp_tensor *tp_mvlgamma_args(tp_tensor *x, int64_t p);
tp_tensor *tp_mvlgamma_impl(tp_tensor *x, int64_t p);
void tp_py_num(char *buf, size_t cap, double v);
int tp_renorm_check(tp_tensor *x, double p, int64_t dim, double maxnorm, int64_t *wd);
tp_tensor *tp_renorm_impl(tp_tensor *x, double p, int64_t dim, double maxnorm);
const char *tp_lower_title(int dtype, char *buf);

#endif
