/* Views: new tensor headers over the same storage with other shape/strides/offset.
 * Nothing here copies data except reshape/flatten when no view is possible. Error texts
 * are PyTorch 1.13's. */
#include <math.h>
#include <stdio.h>
#include <string.h>
#include "internal.h"
#include "view_kernels.h"

/* Reads sizes that may hold one -1 and resolves it against numel (PyTorch's infer_size). */
static int infer_size(int ndim, const double *sizes, int64_t numel, int64_t *out) {
  if (ndim > TP_MAX_DIMS) return tp_fail_status("tensorpad supports at most %d dimensions, got %d", TP_MAX_DIMS, ndim);
  int64_t newsize = 1;
  int infer = -1;
  for (int d = 0; d < ndim; d++) {
    if (tp_int_arg(sizes[d], "size", &out[d])) return -1;
    if (out[d] == -1) {
      if (infer >= 0) return tp_fail_status("only one dimension can be inferred");
      infer = d;
    } else if (out[d] >= 0) {
      if (!tp_mul_ok(newsize, out[d], &newsize)) newsize = -1;  /* overflowed: matches no numel */
    } else {
      return tp_fail_status("invalid shape dimension %lld", (long long)out[d]);
    }
  }
  if (numel == newsize || (infer >= 0 && newsize > 0 && numel % newsize == 0)) {
    if (infer >= 0) {
      if (newsize == 0) {
        char buf[512];
        tp_format_shape(buf, sizeof buf, ndim, out);
        return tp_fail_status("cannot reshape tensor of 0 elements into shape %s because the unspecified dimension size -1 can be any value and is ambiguous", buf);
      }
      out[infer] = numel / newsize;
    }
    return 0;
  }
  char buf[512];
  tp_format_shape(buf, sizeof buf, ndim, out);
  return tp_fail_status("shape '%s' is invalid for input of size %lld", buf, (long long)numel);
}

/* PyTorch's computeStride: strides for viewing (oldshape, oldstride) as newshape, or -1. */
static int compute_stride(const tp_tensor *t, int nnew, const int64_t *newshape, int64_t *newstride) {
  int nold = t->ndim;
  const int64_t *oldshape = t->shape, *oldstride = t->stride;
  if (nold == 0) {
    for (int d = 0; d < nnew; d++) newstride[d] = 1;
    return 0;
  }
  int64_t numel = tp_shape_numel(nold, oldshape);
  if (numel == 0) {
    if (nold == nnew && !memcmp(oldshape, newshape, sizeof(int64_t) * nold)) {
      memcpy(newstride, oldstride, sizeof(int64_t) * nold);
      return 0;
    }
    /* in unsigned arithmetic: sizes of an empty tensor may multiply past int64 (they wrap, as
     * PyTorch's int64 products do in practice; signed overflow would be undefined) */
    for (int d = nnew - 1; d >= 0; d--)
      newstride[d] = d == nnew - 1 ? 1 : (int64_t)((uint64_t)(newshape[d + 1] > 1 ? newshape[d + 1] : 1) * (uint64_t)newstride[d + 1]);
    return 0;
  }
  int view_d = nnew - 1;
  int64_t chunk_base_stride = oldstride[nold - 1], tensor_numel = 1, view_numel = 1;
  for (int tensor_d = nold - 1; tensor_d >= 0; tensor_d--) {
    tensor_numel *= oldshape[tensor_d];
    if (tensor_d == 0 || (oldshape[tensor_d - 1] != 1 && oldstride[tensor_d - 1] != tensor_numel * chunk_base_stride)) {
      while (view_d >= 0 && (view_numel < tensor_numel || newshape[view_d] == 1)) {
        newstride[view_d] = view_numel * chunk_base_stride;
        view_numel *= newshape[view_d];
        view_d--;
      }
      if (view_numel != tensor_numel) return -1;
      if (tensor_d > 0) {
        chunk_base_stride = oldstride[tensor_d - 1];
        tensor_numel = 1;
        view_numel = 1;
      }
    }
  }
  return view_d == -1 ? 0 : -1;
}

static tp_tensor *restrided(tp_tensor *t, int ndim, const int64_t *shape, const int64_t *stride, int64_t offset) {
  tp_tensor *v = tp_tensor_alias(t);
  if (!v) return NULL;
  v->ndim = (int8_t)ndim;
  memcpy(v->shape, shape, sizeof(int64_t) * ndim);
  memcpy(v->stride, stride, sizeof(int64_t) * ndim);
  v->offset = offset;
  return tp_view_checked(v);
}

TP_API tp_tensor *tp_alias(tp_tensor *t) { return tp_tensor_alias(t); }

/* t.data: an alias with a version counter of its own, at 0 (Note [Version counters]). */
TP_API tp_tensor *tp_variable_data(tp_tensor *t) {
  tp_version *v = tp_version_new();
  tp_tensor *d = v ? tp_tensor_alias(t) : NULL;
  if (!d) { tp_version_release(v); return NULL; }
  tp_version_release(d->version);
  d->version = v;
  return d;
}

/* x.data = src: a new header for x on src's data that keeps x's version counter. */
TP_API tp_tensor *tp_alias_keep_version(tp_tensor *src, tp_tensor *x) {
  tp_tensor *d = tp_tensor_alias(src);
  if (!d) return NULL;
  tp_version_release(d->version);
  d->version = x->version;
  d->version->refcount++;
  return d;
}

tp_tensor *tp_view_impl(tp_tensor *t, int ndim, const double *sizes) {
  int64_t shape[TP_MAX_DIMS], stride[TP_MAX_DIMS];
  if (infer_size(ndim, sizes, tp_shape_numel(t->ndim, t->shape), shape)) return NULL;
  if (compute_stride(t, ndim, shape, stride))
    return tp_fail("view size is not compatible with input tensor's size and stride (at least one dimension spans across two contiguous subspaces). Use .reshape(...) instead.");
  return restrided(t, ndim, shape, stride, t->offset);
}

tp_tensor *tp_reshape_impl(tp_tensor *t, int ndim, const double *sizes) {
  int64_t shape[TP_MAX_DIMS], stride[TP_MAX_DIMS];
  if (infer_size(ndim, sizes, tp_shape_numel(t->ndim, t->shape), shape)) return NULL;
  if (!compute_stride(t, ndim, shape, stride)) return restrided(t, ndim, shape, stride, t->offset);
  tp_tensor *c = tp_tensor_make(t->dtype, t->ndim, t->shape);
  if (!c) return NULL;
  tp_copy_convert(c, t);
  c->ndim = (int8_t)ndim;
  memcpy(c->shape, shape, sizeof(int64_t) * ndim);
  tp_contiguous_strides(ndim, shape, c->stride);
  return c;
}

/* as_strided: ATen's checks in its order (negative strides, then the offset and the whole
 * extent against the storage, Note [Extent] in bounds.c). */
tp_tensor *tp_as_strided_impl(tp_tensor *t, int ndim, const double *a, double offset) {
  int64_t shape[TP_MAX_DIMS], stride[TP_MAX_DIMS], off;
  if (tp_check_sizes(ndim, a, shape)) return NULL;
  for (int d = 0; d < ndim; d++)
    if (tp_int_arg(a[ndim + d], "stride", &stride[d])) return NULL;
  for (int d = 0; d < ndim; d++) {
    if (stride[d] < 0) {
      char buf[512];
      tp_format_shape(buf, sizeof buf, ndim, stride);
      return tp_fail("as_strided: Negative strides are not supported at the moment, got strides: %s", buf);
    }
  }
  if (tp_int_arg(offset, "storage_offset", &off)) return NULL;
  if (tp_check_extent(t->storage->nbytes, tp_dtype_table[t->dtype].itemsize, ndim, shape, stride, off)) return NULL;
  return restrided(t, ndim, shape, stride, off);
}

tp_tensor *tp_transpose_impl(tp_tensor *t, double d0, double d1) {
  int64_t a, b;
  if (tp_wrap_dim_arg(d0, t->ndim, &a) || tp_wrap_dim_arg(d1, t->ndim, &b)) return NULL;
  tp_tensor *v = tp_tensor_alias(t);
  if (!v || t->ndim == 0) return v;
  v->shape[a] = t->shape[b]; v->shape[b] = t->shape[a];
  v->stride[a] = t->stride[b]; v->stride[b] = t->stride[a];
  return v;
}

tp_tensor *tp_t_impl(tp_tensor *t) {
  if (t->ndim > 2) return tp_fail("t() expects a tensor with <= 2 dimensions, but self is %dD", t->ndim);
  return tp_transpose(t, 0, t->ndim < 2 ? 0 : 1);
}

tp_tensor *tp_permute_impl(tp_tensor *t, int ndim, const double *dims) {
  if (ndim != t->ndim)
    return tp_fail("permute(sparse_coo): number of dimensions in the tensor input does not match the length of the desired ordering of dimensions i.e. input.dim() = %d is not equal to len(dims) = %d", t->ndim, ndim);
  int seen[TP_MAX_DIMS] = {0};
  int64_t shape[TP_MAX_DIMS], stride[TP_MAX_DIMS];
  for (int d = 0; d < ndim; d++) {
    int64_t w;
    if (tp_wrap_dim_arg(dims[d], t->ndim, &w)) return NULL;
    if (seen[w]++) return tp_fail("permute(): duplicate dims are not allowed.");
    shape[d] = t->shape[w];
    stride[d] = t->stride[w];
  }
  return restrided(t, ndim, shape, stride, t->offset);
}

tp_tensor *tp_squeeze_impl(tp_tensor *t) {
  int64_t shape[TP_MAX_DIMS], stride[TP_MAX_DIMS];
  int n = 0;
  for (int d = 0; d < t->ndim; d++)
    if (t->shape[d] != 1) { shape[n] = t->shape[d]; stride[n] = t->stride[d]; n++; }
  return restrided(t, n, shape, stride, t->offset);
}

tp_tensor *tp_squeeze_dim_impl(tp_tensor *t, double dim) {
  int64_t w;
  if (tp_wrap_dim_arg(dim, t->ndim, &w)) return NULL;
  if (t->ndim == 0 || t->shape[w] != 1) return tp_tensor_alias(t);
  int64_t shape[TP_MAX_DIMS], stride[TP_MAX_DIMS];
  int n = 0;
  for (int d = 0; d < t->ndim; d++)
    if (d != w) { shape[n] = t->shape[d]; stride[n] = t->stride[d]; n++; }
  return restrided(t, n, shape, stride, t->offset);
}

tp_tensor *tp_unsqueeze_impl(tp_tensor *t, double dim) {
  int64_t w;
  if (tp_wrap_dim_arg(dim, t->ndim + 1, &w)) return NULL;
  if (t->ndim + 1 > TP_MAX_DIMS) return tp_fail("tensorpad supports at most %d dimensions", TP_MAX_DIMS);
  int64_t shape[TP_MAX_DIMS], stride[TP_MAX_DIMS];
  int n = 0;
  for (int d = 0; d <= t->ndim; d++) {
    if (d == w) {
      shape[n] = 1;
      stride[n] = d < t->ndim ? tp_wmul(t->shape[d], t->stride[d]) : 1;
      n++;
    }
    if (d < t->ndim) { shape[n] = t->shape[d]; stride[n] = t->stride[d]; n++; }
  }
  return restrided(t, n, shape, stride, t->offset);
}

tp_tensor *tp_expand_impl(tp_tensor *t, int ndim, const double *sizes) {
  char tgt[256], cur[256];  /* the shapes as text, formatted only for an error */
  int64_t shape[TP_MAX_DIMS], stride[TP_MAX_DIMS], req[TP_MAX_DIMS];
  if (ndim > TP_MAX_DIMS) return tp_fail("tensorpad supports at most %d dimensions", TP_MAX_DIMS);
  for (int d = 0; d < ndim; d++) req[d] = tp_clamp_i64(sizes[d]);
#define FORMAT_SHAPES() (tp_format_shape(tgt, sizeof tgt, ndim, req), tp_format_shape(cur, sizeof cur, t->ndim, t->shape), 1)
  if (ndim < t->ndim && FORMAT_SHAPES())
    return tp_fail("expand(%s{%s}, size=%s): the number of sizes provided (%d) must be greater or equal to the number of dimensions in the tensor (%d)",
                   tp_type_string(t->dtype), cur, tgt, ndim, t->ndim);
  if (t->ndim == 0) {  /* inferExpandGeometry takes the sizes as they are (zero strides): a negative one fails on numel */
    for (int i = 0; i < ndim; i++) {
      if (req[i] < 0) return tp_fail("numel: integer multiplication overflow");
      shape[i] = req[i];
      stride[i] = 0;
    }
    return restrided(t, ndim, shape, stride, t->offset);
  }
  for (int i = ndim - 1; i >= 0; i--) {
    int offset = ndim - 1 - i;
    int dim = t->ndim - 1 - offset;
    int64_t size = dim >= 0 ? t->shape[dim] : 1;
    int64_t st = dim >= 0 ? t->stride[dim] : (i + 1 < ndim ? shape[i + 1] * stride[i + 1] : 1);
    int64_t target = req[i];
    if (target == -1) {
      if (dim < 0) return tp_fail("The expanded size of the tensor (-1) isn't allowed in a leading, non-existing dimension %d", i);
      target = size;
    }
    if (size != target) {
      if (size != 1 && FORMAT_SHAPES())
        return tp_fail("The expanded size of the tensor (%lld) must match the existing size (%lld) at non-singleton dimension %d.  Target sizes: %s.  Tensor sizes: %s",
                       (long long)target, (long long)size, i, tgt, cur);
      if (target < 0 && FORMAT_SHAPES()) return tp_fail("Trying to create tensor with negative dimension %lld: %s", (long long)target, tgt);
      size = target;
      st = 0;
    }
    shape[i] = size;
    stride[i] = st;
  }
#undef FORMAT_SHAPES
  return restrided(t, ndim, shape, stride, t->offset);
}

tp_tensor *tp_narrow_impl(tp_tensor *t, double dim, double start, double length) {
  if (t->ndim == 0) return tp_fail("narrow() cannot be applied to a 0-dim tensor.");
  int64_t w, s, len;
  if (tp_wrap_dim_arg(dim, t->ndim, &w) || tp_int_arg(start, "start", &s) || tp_int_arg(length, "length", &len)) return NULL;
  int64_t size = t->shape[w];
  if (s != size) {  /* start == size is valid; anything else is maybe_wrap_dim(start, size): a 0 size counts as 1 */
    int64_t m = size > 0 ? size : 1;
    if (s < -m || s >= m)
      return tp_fail("Dimension out of range (expected to be in range of [%lld, %lld], but got %lld)", (long long)-m, (long long)(m - 1), (long long)s);
    if (s < 0) s += m;
  }
  if (len < 0 || s > size - len) return tp_fail("start (%lld) + length (%lld) exceeds dimension size (%lld).", (long long)s, (long long)len, (long long)size);
  tp_tensor *v = tp_tensor_alias(t);
  if (!v) return NULL;
  v->shape[w] = len;
  v->offset = tp_wadd(v->offset, tp_wmul(s, t->stride[w]));
  return tp_view_checked(v);
}

tp_tensor *tp_select_impl(tp_tensor *t, double dim, double index) {
  if (t->ndim == 0) return tp_fail("select() cannot be applied to a 0-dim tensor.");
  int64_t w, i;
  if (tp_wrap_dim_arg(dim, t->ndim, &w) || tp_int_arg(index, "index", &i)) return NULL;
  int64_t size = t->shape[w];
  if (i < -size || i >= size) {
    char buf[512];
    tp_format_shape(buf, sizeof buf, t->ndim, t->shape);
    return tp_fail("select(): index %lld out of range for tensor of size %s at dimension %lld", (long long)i, buf, (long long)w);
  }
  if (i < 0) i += size;
  int64_t shape[TP_MAX_DIMS], stride[TP_MAX_DIMS];
  int n = 0;
  for (int d = 0; d < t->ndim; d++)
    if (d != w) { shape[n] = t->shape[d]; stride[n] = t->stride[d]; n++; }
  return restrided(t, n, shape, stride, tp_wadd(t->offset, tp_wmul(i, t->stride[w])));
}

/* Python slice semantics; NaN stands for None. Bounds are clamped to the dim before any
 * arithmetic, so huge integers cannot overflow; a step that is not an integer (1e-300)
 * is refused before it could divide. */
tp_tensor *tp_slice_impl(tp_tensor *t, double dim, double start, double end, double step) {
  if (t->ndim == 0) return tp_fail("slice() cannot be applied to a 0-dim tensor.");
  int64_t w, stp = 1, st = 0, en;
  if (tp_wrap_dim_arg(dim, t->ndim, &w)) return NULL;
  int64_t size = t->shape[w];
  en = size;
  if (!isnan(step) && tp_int_arg(step, "step", &stp)) return NULL;
  /* Bounds past int64 (Python's x[7:] passes sys.maxsize, 2^63 once a double) clamp to the
   * dim, as PyTorch's slicing does; a non-integral bound is still an error. */
  if (!isnan(start)) { if (start == floor(start)) st = tp_clamp_i64(start); else if (tp_int_arg(start, "start", &st)) return NULL; }
  if (!isnan(end)) { if (end == floor(end)) en = tp_clamp_i64(end); else if (tp_int_arg(end, "end", &en)) return NULL; }
  if (stp <= 0) return tp_fail("step must be greater than zero");
  if (st < 0) st = st < -size ? 0 : st + size;
  if (en < 0) en = en < -size ? 0 : en + size;
  if (st > size) st = size;
  if (en > size) en = size;
  if (en < st) en = st;
  tp_tensor *v = tp_tensor_alias(t);
  if (!v) return NULL;
  v->offset = tp_wadd(v->offset, tp_wmul(st, t->stride[w]));
  v->shape[w] = en > st ? (en - st - 1) / stp + 1 : 0;
  if (!tp_mul_ok(t->stride[w], stp, &v->stride[w])) v->stride[w] = t->stride[w];  /* then at most one element */
  return tp_view_checked(v);
}

tp_tensor *tp_flatten_impl(tp_tensor *t, double start_dim, double end_dim) {
  int64_t s, e;
  if (tp_wrap_dim_arg(start_dim, t->ndim, &s) || tp_wrap_dim_arg(end_dim, t->ndim, &e)) return NULL;
  if (s > e) return tp_fail("flatten() has invalid args: start_dim cannot come after end_dim");
  if (t->ndim == 0) {
    double one[1] = {1};
    return tp_reshape(t, 1, one);
  }
  if (s == e) return tp_tensor_alias(t);
  double sizes[TP_MAX_DIMS];
  int n = 0;
  for (int d = 0; d < s; d++) sizes[n++] = (double)t->shape[d];
  double merged = 1;
  for (int64_t d = s; d <= e; d++) merged *= (double)t->shape[d];
  sizes[n++] = merged;
  for (int d = (int)e + 1; d < t->ndim; d++) sizes[n++] = (double)t->shape[d];
  return tp_reshape(t, n, sizes);
}

void tp_swap_perm(int ndim, int64_t a, int64_t b, int64_t *perm) {
  for (int d = 0; d < ndim; d++) perm[d] = d;
  if (ndim) { perm[a] = b; perm[b] = a; }
}

