/* create.c — the entry points of src/core/create.c:
 * each validates, runs the kernel (create_kernels.h) and records the autograd node. */
#include <math.h>
#include <stdlib.h>
#include <stdio.h>
#include <string.h>
#include "internal.h"
#include "shape.h"
#include "autograd.h"
#include "derivatives.h"
#include "create_kernels.h"

static int fill_named(tp_tensor *t, double value, const char *grad_fn) {
  struct tp_node *n;
  if (tp_inplace_kind_begin(TP_GRAD_FILL, grad_fn, t, 0, NULL, 0, NULL, 0, NULL, &n)) return -1;
  tp_fill_impl(t, value);
  tp_inplace_commit(t, n);
  return 0;
}

TP_API int tp_fill_(tp_tensor *t, double value) {
  if (tp_check_scalar(value, t->dtype)) return -1;
  return fill_named(t, value, "FillBackward2");
}

TP_API int tp_zero_(tp_tensor *t) { return fill_named(t, 0, "ZeroBackward0"); }

/* fill_(Tensor): FillBackward3 over (self, value), value's gradient grad.sum() (iv[0] 1). */
TP_API int tp_fill_tensor_(tp_tensor *t, tp_tensor *value) {
  if (value->ndim != 0)
    return tp_fail_status("fill_ only supports 0-dimension value tensor but got tensor with %d dimensions.", value->ndim);
  double v = tp_load_f64(tp_ptr(value), value->dtype);
  const int64_t iv[1] = {1};
  struct tp_node *n;
  if (tp_inplace_kind_begin(TP_GRAD_FILL, "FillBackward3", t, 1, &value, 1, iv, 0, NULL, &n)) return -1;
  tp_fill_impl(t, v);
  tp_inplace_commit(t, n);
  return 0;
}

TP_API tp_tensor *tp_clone(tp_tensor *src) {
  tp_tensor *t = tp_empty_like_preserve(src, src->dtype);
  if (t) tp_copy_convert(t, src);
  return tp_record_unary_kind(TP_GRAD_CLONE, "CloneBackward0", src, t, 0, NULL);
}

TP_API tp_tensor *tp_contiguous(tp_tensor *src) {
  if (tp_tensor_is_contiguous(src)) {
    tp_tensor_retain(src);
    return src;
  }
  tp_tensor *t = tp_tensor_make(src->dtype, src->ndim, src->shape);
  if (t) tp_copy_convert(t, src);
  return tp_record_unary_kind(TP_GRAD_CLONE, "CloneBackward0", src, t, 0, NULL);
}

TP_API tp_tensor *tp_to_dtype(tp_tensor *src, int dtype, int copy) {
  if (dtype < 0 || dtype >= TP_NDTYPES) return tp_fail("invalid dtype %d", dtype);
  if (dtype == src->dtype && !copy) {
    tp_tensor_retain(src);
    return src;
  }
  tp_tensor *t = tp_empty_like_preserve(src, dtype);
  if (t) tp_copy_convert(t, src);
  return tp_record_unary_kind(TP_GRAD_TO, "ToCopyBackward0", src, t, 0, NULL);
}

static int copy__unaliased(tp_tensor *dst, tp_tensor *src) {
  if (tp_overlaps_itself(dst) && tp_check_no_internal_overlap(dst)) return -1;
  if (!tp_broadcastable_to(src, dst)) {
    char a[200], b[200];
    tp_format_shape(a, sizeof a, src->ndim, src->shape);
    tp_format_shape(b, sizeof b, dst->ndim, dst->shape);
    for (int d = 0; d < src->ndim && d < dst->ndim; d++) {
      int64_t s = src->shape[src->ndim - 1 - d], t = dst->shape[dst->ndim - 1 - d];
      if (s != t && s != 1)
        return tp_fail_status("The size of tensor a (%lld) must match the size of tensor b (%lld) at non-singleton dimension %d",
                              (long long)t, (long long)s, dst->ndim - 1 - d);
    }
    return tp_fail_status("output with shape %s doesn't match the broadcast shape %s", b, a);
  }
  struct tp_node *n;
  if (tp_inplace_kind_begin(TP_GRAD_COPY, "torch::autograd::CopyBackwards", dst, 1, &src, 0, NULL, 0, NULL, &n)) return -1;
  if (dst->storage == src->storage && tp_shares_memory(dst, src)) {
    int mode = tp_set_grad_enabled(0);
    tp_tensor *tmp = tp_clone(src);
    tp_set_grad_enabled(mode);
    if (!tmp) { tp_inplace_abort(n); return -1; }
    tp_copy_convert(dst, tmp);
    tp_tensor_release(tmp);
  } else {
    tp_copy_convert(dst, src);
  }
  dst->version->value++;
  tp_inplace_commit(dst, n);
  return 0;
}

/* tp_copy_ with its operands unaliased from dst first (Note [Aliased operands], bounds.c). */
TP_API int tp_copy_(tp_tensor *dst, tp_tensor *src) {
  tp_tensor *copy[1] = {NULL};
  int rc = tp_unalias(dst, &src, TP_UNALIAS_PARTIAL, &copy[0]) ? -1 : copy__unaliased(dst, src);
  if (copy[0]) tp_tensor_release(copy[0]);
  return rc;
}
