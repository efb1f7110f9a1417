/* Storages and tensor headers: allocation, refcounts, accessors and memory statistics.
 * Storages are kept in a list so that a pointer into the heap (a TypedArray handed out by
 * numpy()) can be traced back to the storage that owns it. */
#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include "internal.h"

static tp_storage *live_storages;
static int64_t live_tensors, live_bytes, peak_bytes;

TP_API double tp_live_tensors(void) { return (double)live_tensors; }
TP_API double tp_live_bytes(void) { return (double)live_bytes; }
TP_API double tp_peak_bytes(void) { return (double)peak_bytes; }

static void *alloc_retry(size_t size);

static void *aligned_alloc16(int64_t nbytes) {
  if (nbytes < 0 || (uint64_t)nbytes > (uint64_t)SIZE_MAX - 16) return NULL;
  size_t n = ((size_t)nbytes + 15) & ~(size_t)15;
  return alloc_retry(n ? n : 16);
}

/* Note [Small blocks]: a small op allocates a tensor header, a storage with its data and
 * often an autograd node, and frees them soon after; the general allocator's search took a
 * third of the time of a chain of scalar ops. Freed blocks of up to SMALL_MAX bytes go to a
 * LIFO list per 16-byte size class instead and are handed out again first. The lists hold
 * at most SMALL_CACHE bytes in all, so freed memory still goes back to the allocator.
 * Under AddressSanitizer (the native tests) the lists are off, so that a use after free is
 * still caught. Blocks are 16-byte aligned; tp_block_free must be given the size asked for. */
#if defined(__SANITIZE_ADDRESS__)
#define SMALL_LISTS 0
#elif defined(__has_feature)
#if __has_feature(address_sanitizer)
#define SMALL_LISTS 0
#endif
#endif
#ifndef SMALL_LISTS
#define SMALL_LISTS 1
#endif
#define SMALL_MAX 2048
#define SMALL_CACHE (4 << 20)

typedef struct small_block { struct small_block *next; } small_block;
static small_block *small_list[SMALL_MAX / 16 + 1];
static size_t small_cached;

static size_t block_bytes(size_t n) { return n ? (n + 15) & ~(size_t)15 : 16; }

/* Note [Fragmentation]: cached small blocks stay allocated as far as the general allocator
 * (emmalloc) knows, and they lie between the large data blocks of the tensors that were
 * made with them; while cached they would split the free memory around them into pieces
 * no larger than one data block (a heap filled with 1 MB tensors and emptied again could
 * then not give 2 MB). So when the allocator cannot satisfy a request, the lists are
 * flushed back to it (free memory coalesces again) and the request is retried once. */
static void small_flush(void) {
  for (size_t i = 0; i < sizeof small_list / sizeof small_list[0]; i++) {
    while (small_list[i]) {
      small_block *b = small_list[i];
      small_list[i] = b->next;
      free(b);
    }
  }
  small_cached = 0;
}

static void *alloc_retry(size_t size) {
  void *p = aligned_alloc(16, size);
  if (!p && small_cached) {
    small_flush();
    p = aligned_alloc(16, size);
  }
  return p;
}

void *tp_block_alloc(size_t n) {
  size_t size = block_bytes(n);
  if (SMALL_LISTS && size <= SMALL_MAX && small_list[size / 16]) {
    small_block *b = small_list[size / 16];
    small_list[size / 16] = b->next;
    small_cached -= size;
    return b;
  }
  return size >= n ? alloc_retry(size) : NULL;
}

void tp_block_free(void *p, size_t n) {
  size_t size = block_bytes(n);
  if (p && SMALL_LISTS && size <= SMALL_MAX && small_cached + size <= SMALL_CACHE) {
    small_block *b = p;
    b->next = small_list[size / 16];
    small_list[size / 16] = b;
    small_cached += size;
    return;
  }
  free(p);
}

TP_API void *tp_malloc(double nbytes) {
  void *p = nbytes >= 0 && nbytes < 9e15 ? aligned_alloc16(tp_clamp_i64(nbytes)) : NULL;
  if (!p) tp_fail_oom(nbytes);
  return p;
}

/* The largest block the allocator can hand out now, found by bisection with probe
 * allocations after the small-block lists are flushed (Note [Fragmentation]); for tests
 * and the playground's memory view. A probe may grow the wasm memory, never past its
 * maximum. Accurate to 64 KB. */
TP_API double tp_largest_allocatable(double limit) {
  small_flush();
  size_t lo = 0, hi = limit > 0 && limit < 9e15 ? (size_t)limit : SIZE_MAX / 2;
  while (hi - lo > 65536) {
    size_t mid = lo + (hi - lo) / 2;
    void *p = malloc(mid);
    if (p) { free(p); lo = mid; } else hi = mid;
  }
  return (double)lo;
}

TP_API void tp_free(void *p) { free(p); }

/* The header and the data are separate blocks: the header outlives the data while a
 * version counter embedded in it is still shared (Note [Version counters]). */
tp_storage *tp_storage_new(int64_t nbytes) {
  tp_storage *s = tp_block_alloc(sizeof *s);
  void *data = s && nbytes >= 0 && (uint64_t)nbytes <= (uint64_t)SIZE_MAX - 16 ? tp_block_alloc((size_t)nbytes) : NULL;
  if (!data) {
    tp_block_free(s, sizeof *s);
    return tp_fail_oom((double)nbytes);
  }
  s->data = data;
  s->nbytes = nbytes;
  s->refcount = 1;
  s->version = (tp_version){.value = 0, .refcount = 0, .owner = s};
  s->prev = NULL;
  s->retired = NULL;
  s->fixed = 0;
  s->next = live_storages;
  if (live_storages) live_storages->prev = s;
  live_storages = s;
  live_bytes += nbytes;
  if (live_bytes > peak_bytes) peak_bytes = live_bytes;
  return s;
}

struct tp_retired {
  struct tp_retired *next;
  void *data;
  int64_t nbytes;
};

void tp_storage_retain(tp_storage *s) { s->refcount++; }

void tp_storage_release(tp_storage *s) {
  if (!s || --s->refcount > 0) return;
  if (s->prev) s->prev->next = s->next; else live_storages = s->next;
  if (s->next) s->next->prev = s->prev;
  live_bytes -= s->nbytes;
  tp_block_free(s->data, (size_t)s->nbytes);
  s->data = NULL;
  while (s->retired) {
    struct tp_retired *r = s->retired;
    s->retired = r->next;
    live_bytes -= r->nbytes;
    tp_block_free(r->data, (size_t)r->nbytes);
    free(r);
  }
  if (s->version.refcount == 0) tp_block_free(s, sizeof *s);  /* else the struct lives on for its counter */
}

/* Note [Growing a storage]: resize_ and set_ grow a storage in place as PyTorch does (the
 * same storage, new data with the old bytes copied, the rest uninitialised), so every
 * tensor on it sees the new data. A TypedArray that numpy() handed out still points at the
 * old block; it holds a reference to the storage, so while anything else holds one the old
 * block is kept (detached from the tensors, never freed under the array) until the storage
 * itself is freed. A storage with a single holder frees its old block at once. */
TP_COLD int tp_storage_grow(tp_storage *s, int64_t nbytes) {
  if (nbytes <= s->nbytes) return 0;
  if (s->fixed) return tp_fail_status("Trying to resize storage that is not resizable");
  struct tp_retired *r = s->refcount > 1 ? malloc(sizeof *r) : NULL;
  void *data = (s->refcount == 1 || r) && (uint64_t)nbytes <= (uint64_t)SIZE_MAX - 16 ? tp_block_alloc((size_t)nbytes) : NULL;
  if (!data) {
    free(r);
    return tp_fail_oom_status((double)nbytes);
  }
  memcpy(data, s->data, (size_t)s->nbytes);
  if (r) {
    *r = (struct tp_retired){.next = s->retired, .data = s->data, .nbytes = s->nbytes};
    s->retired = r;
    live_bytes += nbytes;
  } else {
    tp_block_free(s->data, (size_t)s->nbytes);
    live_bytes += nbytes - s->nbytes;
  }
  if (live_bytes > peak_bytes) peak_bytes = live_bytes;
  s->data = data;
  s->nbytes = nbytes;
  return 0;
}

tp_version *tp_version_new(void) {
  tp_version *v = malloc(sizeof *v);
  if (!v) return tp_fail_oom((double)sizeof *v);
  *v = (tp_version){.value = 0, .refcount = 1, .owner = NULL};
  return v;
}

void tp_version_release(tp_version *v) {
  if (!v || --v->refcount > 0) return;
  if (!v->owner) free(v);
  else if (v->owner->refcount == 0) tp_block_free(v->owner, sizeof *v->owner);  /* the data went first */
}

TP_API void *tp_storage_find(const void *addr, double nbytes) {
  uintptr_t a = (uintptr_t)addr, b = a + (uintptr_t)nbytes;
  for (tp_storage *s = live_storages; s; s = s->next) {
    uintptr_t lo = (uintptr_t)s->data, hi = lo + (uintptr_t)s->nbytes;
    if (a >= lo && b <= hi && (a < hi || nbytes == 0)) return s;
  }
  return NULL;
}

TP_API void *tp_storage_data(void *s) { return ((tp_storage *)s)->data; }
TP_API void tp_storage_retain_ptr(void *s) { tp_storage_retain(s); }
TP_API void tp_storage_release_ptr(void *s) { tp_storage_release(s); }

tp_tensor *tp_tensor_alloc(void) {
  tp_tensor *t = tp_block_alloc(sizeof *t);
  if (!t) return tp_fail_oom((double)sizeof *t);
  memset(t, 0, sizeof *t);
  t->refcount = 1;
  live_tensors++;
  static double next_serial = 1;
  t->serial = next_serial++;
  return t;
}

TP_API void tp_tensor_retain(tp_tensor *t) { t->refcount++; }

TP_API void tp_tensor_release(tp_tensor *t) {
  if (!t || --t->refcount > 0) return;
  if (t->grad_fn || t->grad || t->base || t->hooks) tp_tensor_release_autograd(t);  /* Note [One owner] */
  else tp_tensor_free_shell(t);
}

void tp_tensor_free_shell(tp_tensor *t) {
  tp_version_release(t->version);
  tp_storage_release(t->storage);
  live_tensors--;
  tp_block_free(t, sizeof *t);
}

/* The product wraps modulo 2^64 (unsigned), as c10's empty_tensor_restride leaves it: only an
 * empty tensor's sizes can multiply past int64 (`resize_(0, 2**32, 2**32)`: strides
 * (0, 2**32, 1) in 1.13), and its strides address nothing. */
void tp_contiguous_strides(int ndim, const int64_t *shape, int64_t *stride) {
  uint64_t s = 1;
  for (int d = ndim - 1; d >= 0; d--) {
    stride[d] = (int64_t)s;
    s *= shape[d] > 1 ? (uint64_t)shape[d] : 1;
  }
}

/* c10's TensorImpl::set_sizes_and_strides, which set_ and empty_strided end in: a negative stride
 * (reachable only when a size is 0: the storage-size check refuses it otherwise) becomes 1 for the
 * last dim and, for the others, the next dim's stride times max(its size, 1) ("keep stride
 * monotonically increasing"), from the last dim backwards. `x.set_(s, 0, (3, 0), (-2, 7))` has
 * strides (7, 7) in 1.13. */
void tp_fix_negative_strides(int ndim, const int64_t *shape, int64_t *stride) {
  for (int d = ndim - 1; d >= 0; d--)
    if (stride[d] < 0) stride[d] = d == ndim - 1 ? 1 : tp_wmul(shape[d + 1] > 1 ? shape[d + 1] : 1, stride[d + 1]);
}

/* (wraps modulo 2^64 on the way: an empty tensor's other sizes may multiply past int64) */
int64_t tp_shape_numel(int ndim, const int64_t *shape) {
  uint64_t n = 1;
  for (int d = 0; d < ndim; d++) n *= (uint64_t)shape[d];
  return (int64_t)n;
}

/* Validates sizes from JS as ATen does: integers (tp_int_arg), at most TP_MAX_DIMS, none
 * negative (check_size_nonnegative), an element count that fits int64. */
/* computeStorageNbytesContiguous: the sizes' product left to right in uint64, times the item
 * size, at most int64's maximum; 1 when any step overflows. A zero ends nothing: (2**62, 4, 0)
 * overflows, (0, 2**62, 4) and (2**61, 4, 0) do not. */
static int storage_nbytes(int ndim, const int64_t *shape, int64_t item, int64_t *nbytes) {
  uint64_t n = 1;
  for (int d = 0; d < ndim; d++)
    if (__builtin_mul_overflow(n, (uint64_t)shape[d], &n)) return 1;
  if (__builtin_mul_overflow(n, (uint64_t)item, &n) || n > (uint64_t)INT64_MAX) return 1;
  *nbytes = (int64_t)n;
  return 0;
}

static int fail_size_overflow(int ndim, const int64_t *shape) {
  char buf[512];
  tp_format_shape(buf, sizeof buf, ndim, shape);
  return tp_fail_status("Storage size calculation overflowed with sizes=%s", buf);
}

int tp_check_sizes(int ndim, const double *sizes, int64_t *shape) {
  if (ndim < 0 || ndim > TP_MAX_DIMS)
    return tp_fail_status("tensorpad supports at most %d dimensions, got %d", TP_MAX_DIMS, ndim);
  for (int d = 0; d < ndim; d++)
    if (tp_int_arg(sizes[d], "size", &shape[d])) return -1;
  for (int d = 0; d < ndim; d++) {
    if (shape[d] < 0) {
      char buf[512];
      tp_format_shape(buf, sizeof buf, ndim, shape);
      return tp_fail_status("Trying to create tensor with negative dimension %lld: %s", (long long)shape[d], buf);
    }
  }
  int64_t nbytes;
  return storage_nbytes(ndim, shape, 1, &nbytes) ? fail_size_overflow(ndim, shape) : 0;
}

tp_tensor *tp_tensor_make(int dtype, int ndim, const int64_t *shape) {
  int64_t nbytes;
  for (int d = 0; d < ndim; d++)
    if (shape[d] < 0) {
      fail_size_overflow(ndim, shape);
      return NULL;
    }
  if (storage_nbytes(ndim, shape, tp_dtype_table[dtype].itemsize, &nbytes)) {
    fail_size_overflow(ndim, shape);
    return NULL;
  }
  tp_tensor *t = tp_tensor_alloc();
  if (!t) return NULL;
  t->storage = tp_storage_new(nbytes);
  if (!t->storage) {
    live_tensors--;
    tp_block_free(t, sizeof *t);
    return NULL;
  }
  t->version = &t->storage->version;
  t->version->refcount++;
  t->dtype = (int8_t)dtype;
  t->ndim = (int8_t)ndim;
  memcpy(t->shape, shape, sizeof(int64_t) * ndim);
  tp_contiguous_strides(ndim, shape, t->stride);
  return t;
}

tp_tensor *tp_tensor_alias(tp_tensor *src) {
  tp_tensor *t = tp_tensor_alloc();
  if (!t) return NULL;
  t->storage = src->storage;
  tp_storage_retain(t->storage);
  t->version = src->version;
  t->version->refcount++;
  t->dtype = src->dtype;
  t->ndim = src->ndim;
  t->offset = src->offset;
  memcpy(t->shape, src->shape, sizeof t->shape);
  memcpy(t->stride, src->stride, sizeof t->stride);
  return t;
}

int tp_wrap_dim(int64_t dim, int ndim, int64_t *out) {
  int64_t n = ndim > 0 ? ndim : 1;
  if (dim < -n || dim >= n)
    return tp_fail_status("Dimension out of range (expected to be in range of [%lld, %lld], but got %lld)",
                          (long long)-n, (long long)(n - 1), (long long)dim);
  *out = dim < 0 ? dim + n : dim;
  return 0;
}

TP_API int tp_tensor_dtype(const tp_tensor *t) { return t->dtype; }
TP_API double tp_tensor_serial(const tp_tensor *t) { return t->serial; }
TP_API int tp_tensor_ndim(const tp_tensor *t) { return t->ndim; }
TP_API double tp_tensor_size(const tp_tensor *t, int d) { return (double)t->shape[d]; }
TP_API int tp_tensor_same_shape(const tp_tensor *a, const tp_tensor *b) {
  return a->ndim == b->ndim && !memcmp(a->shape, b->shape, sizeof(int64_t) * (size_t)a->ndim);
}
TP_API double tp_tensor_stride(const tp_tensor *t, int d) { return (double)t->stride[d]; }
TP_API double tp_tensor_offset(const tp_tensor *t) { return (double)t->offset; }
TP_API double tp_tensor_numel(const tp_tensor *t) { return (double)tp_shape_numel(t->ndim, t->shape); }
TP_API void *tp_tensor_data(const tp_tensor *t) { return tp_ptr(t); }
TP_API void *tp_tensor_storage(const tp_tensor *t) { return t->storage; }
TP_API void *tp_tensor_storage_data(const tp_tensor *t) { return t->storage->data; }
TP_API double tp_tensor_storage_nbytes(const tp_tensor *t) { return (double)t->storage->nbytes; }
TP_API int tp_tensor_version(const tp_tensor *t) { return t->version->value; }
/* A factory function's fresh tensor, filled in place by the library (rand = empty + uniform_):
 * its version counter starts at 0, as PyTorch's factories leave it. */
TP_API void tp_tensor_created(tp_tensor *t) { t->version->value = 0; }
TP_API int tp_tensor_set_requires_grad(tp_tensor *t, int b) {
  if (b && !tp_dtype_table[t->dtype].is_floating)
    return tp_fail_status("only Tensors of floating point dtype can require gradients");
  t->requires_grad = (uint8_t)(b != 0);
  return 0;
}

/* PyTorch's is_contiguous: sizes of 1 may have any stride; empty tensors are contiguous. */
TP_API int tp_tensor_is_contiguous(const tp_tensor *t) {
  for (int d = 0; d < t->ndim; d++)
    if (t->shape[d] == 0) return 1;  /* (before the products: an empty tensor's may pass int64) */
  int64_t expected = 1;
  for (int d = t->ndim - 1; d >= 0; d--) {
    if (t->shape[d] != 1) {
      if (t->stride[d] != expected) return 0;
      expected = (int64_t)((uint64_t)expected * (uint64_t)t->shape[d]);  /* (an expanded view's may too) */
    }
  }
  return 1;
}

TP_API double tp_item(tp_tensor *t) {
  int64_t n = tp_shape_numel(t->ndim, t->shape);
  if (n != 1) {
    tp_fail("only one element tensors can be converted to Python scalars");
    return NAN;
  }
  tp_clear_error();  /* the JS layer tells a NaN value from an error by an empty message */
  return tp_load_f64(tp_ptr(t), t->dtype);
}

/* Byte range [lo, hi) that a tensor can touch, for shares_memory. */
static void byte_range(const tp_tensor *t, uintptr_t *lo, uintptr_t *hi) {
  int64_t item = tp_dtype_table[t->dtype].itemsize, first = 0, last = 0;
  /* an empty tensor touches nothing, whatever its other dims span (they may pass int64) */
  if (tp_no_elements(t->ndim, t->shape)) { *lo = *hi = (uintptr_t)t->storage->data; return; }
  for (int d = 0; d < t->ndim; d++) {
    int64_t span = (t->shape[d] - 1) * t->stride[d];
    if (span < 0) first += span; else last += span;
  }
  *lo = (uintptr_t)tp_ptr(t) + (uintptr_t)(first * item);
  *hi = (uintptr_t)tp_ptr(t) + (uintptr_t)((last + 1) * item);
}

TP_API int tp_shares_memory(const tp_tensor *a, const tp_tensor *b) {
  if (a->storage != b->storage) return 0;
  uintptr_t alo, ahi, blo, bhi;
  byte_range(a, &alo, &ahi);
  byte_range(b, &blo, &bhi);
  return alo < ahi && blo < bhi && alo < bhi && blo < ahi;  /* an empty tensor shares nothing */
}
