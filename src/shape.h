/* Helpers shared by the shape and indexing ops (shape.c, index.c); not exported.
 *
 * Most of these ops move elements without looking at them, so they work on stack-built
 * tensor headers ("geometry views") handed to tp_copy_convert: no allocation, any dtype,
 * any strides. Only the few that compute (scatter_add, accumulate) switch on dtype. */
#ifndef TP_SHAPE_H
#define TP_SHAPE_H
#include <stddef.h>
#include "internal.h"

/* "[2, 3]", as PyTorch prints sizes in messages. */
void tp_format_shape(char *buf, size_t cap, int n, const int64_t *shape);
/* PyTorch's infer_size: the broadcast of shapes a and b, with its message on mismatch. */
int tp_broadcast_shapes(int na, const int64_t *a, int nb, const int64_t *b, int *nout, int64_t *out);
/* A header over t's storage that is not refcounted: valid while t is alive. */
static inline tp_tensor tp_geometry(const tp_tensor *t) { return *t; }
/* Output list of the split family (tp_tensor_list), grown on demand. */
tp_tensor **tp_list_reserve(int n);
/* dst[i] += src[i] for same-dtype tensors (src broadcast to dst). */
void tp_accumulate(tp_tensor *dst, tp_tensor *src);
/* PyTorch's name of a dtype in messages: "Float", "Long", ... */

#endif
