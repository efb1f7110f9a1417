/* Helpers shared by the shape and indexing ops (shape.c, index.c); not exported.
 *
 * Most of these ops move elements without looking at them, so they work on stack-built
 * tensor headers ("geometry views") handed to tp_copy_convert: no allocation, any dtype,
 * any strides. Only the few that compute (scatter_add, accumulate) switch on dtype. */
#ifndef TP_SHAPE_H
#define TP_SHAPE_H
#include <stddef.h>
#include "internal.h"

/* An integer argument that crossed the API as a double, clamped so that no cast can trap
 * (wasm's float-to-int conversion traps out of range) and no product can overflow. */
static inline int64_t tp_arg_i64(double v) {
  if (!(v == v)) return 0;
  if (v > 4611686018427387904.0) return INT64_C(4611686018427387904);
  if (v < -4611686018427387904.0) return -INT64_C(4611686018427387904);
  return (int64_t)v;
}
/* A result shape whose element count stays below 2^53 (else the allocator's message). */
int tp_check_numel(int n, const int64_t *shape);
/* "[2, 3]", as PyTorch prints sizes in messages. */
/* PyTorch's infer_size: the broadcast of shapes a and b, with its message on mismatch. */
int tp_broadcast_shapes(int na, const int64_t *a, int nb, const int64_t *b, int *nout, int64_t *out);
/* A header over t's storage that is not refcounted: valid while t is alive. */
static inline tp_tensor tp_geometry(const tp_tensor *t) { return *t; }
/* Output list of the split family (tp_tensor_list), grown on demand. */
tp_tensor **tp_list_reserve(int n);
/* dst[i] += alpha * src[i] for same-dtype tensors (src broadcast to dst). */
void tp_accumulate(tp_tensor *dst, tp_tensor *src, double alpha);
/* PyTorch's name of a dtype in messages: "Float", "Long", ... */
/* scatter's checks of index and src against t (index.c), dim already wrapped; 0 or -1. */
int tp_scatter_check(tp_tensor *t, int64_t dim, tp_tensor *index, tp_tensor *src);

#endif
