/* Internal structures of the tensorpad core, shared by the files in src/.
 *
 * A tensor is a window onto a storage: dtype, shape, strides and offset (in elements), and
 * a version counter that autograd checks (Note [Version counters]).
 * Nothing here is visible to JS; the exported surface is tensorpad.h.
 */
#ifndef TP_INTERNAL_H
#define TP_INTERNAL_H

#include <stdarg.h>
#include <stddef.h>
#include <math.h>
#include <stdint.h>
#include <string.h>
#include "tensorpad.h"

#define TP_MAX_DIMS 16

/* Code off the hot path inside a file compiled for speed (the Makefile's WASM_FAST):
 * other dtypes' kernels, rare ops, error reporting. Clang compiles what lies between
 * TP_COLD_BEGIN and TP_COLD_END, and a function marked TP_COLD, for size (minsize), which keeps the wasm small; with
 * other compilers (the native test builds) the markers do nothing. */
#if defined(__clang__)
#define TP_COLD __attribute__((minsize))
#define TP_COLD_BEGIN _Pragma("clang attribute push(__attribute__((minsize)), apply_to = function)")
#define TP_COLD_END _Pragma("clang attribute pop")
#else
#define TP_COLD
#define TP_COLD_BEGIN
#define TP_COLD_END
#endif

/* Note [Version counters]: as in PyTorch, a version counter belongs to tensors, not to the
 * memory: a tensor and its views and detach() share one, bumped by every in-place write
 * through any of them; t.data and from_numpy start a counter of their own (so writes
 * through t.data do not trip the "modified by an inplace operation" check), and
 * `x.data = y` keeps x's. The counter tensors made on a storage share is embedded in the
 * storage (no allocation on the hot path); its refcount keeps the storage's struct, not
 * its data, alive. The others are allocated alone (owner NULL). */
typedef struct tp_version {
  int32_t value;
  int32_t refcount;          /* tensors sharing it */
  struct tp_storage *owner;  /* the storage it is embedded in, or NULL */
} tp_version;

typedef struct tp_storage {
  void *data;              /* 16-byte aligned; never NULL, even for 0 bytes (NULL once freed) */
  int64_t nbytes;
  int32_t refcount;        /* holders of the data */
  tp_version version;      /* the counter of the tensors made on this storage */
  struct tp_storage *prev, *next;  /* the list of live storages, for tp_storage_find */
  struct tp_retired *retired;      /* data blocks replaced by a growth, kept while shared (Note [Growing a storage]) */
  uint8_t fixed;                   /* not resizable: memory from from_numpy, as PyTorch's external memory */
} tp_storage;

struct tp_node;

struct tp_tensor {
  tp_storage *storage;
  tp_version *version;             /* owning (Note [Version counters]) */
  int32_t refcount;
  int8_t dtype;
  int8_t ndim;
  uint8_t requires_grad;
  uint8_t retains_grad;            /* a non-leaf whose .grad is kept (retain_grad) */
  uint8_t view_no_grad;            /* a view made under no_grad of a tensor that requires grad */
  int32_t output_nr;               /* which output of grad_fn this tensor is */
  int32_t attr_version;            /* a view: *version when its grad_fn was set (Note [Stale views], engine.c) */
  double serial;                   /* unique per header: tells a reused address from the same tensor */
  struct tp_node *grad_fn;         /* owning; NULL for leaves */
  struct tp_node *grad_acc;        /* a leaf's AccumulateGrad, not owning (the node owns the leaf) */
  struct tp_tensor *grad;          /* owning */
  struct tp_tensor *base;          /* owning: the tensor a differentiable view looks into (autograd) */
  int32_t nhooks;                  /* hooks on a leaf (ids of JS callbacks) */
  int32_t *hooks;
  int64_t offset;                  /* in elements of dtype */
  int64_t shape[TP_MAX_DIMS];
  int64_t stride[TP_MAX_DIMS];     /* in elements */
};

typedef struct {
  const char *name;        /* "float32" */
  int itemsize;
  int is_floating;
} tp_dtype_info;

extern const tp_dtype_info tp_dtype_table[TP_NDTYPES];

/* errors.c — every failure goes through tp_fail; it returns NULL for convenience. */
void *tp_fail(const char *fmt, ...) __attribute__((format(printf, 1, 2)));
int tp_fail_status(const char *fmt, ...) __attribute__((format(printf, 1, 2)));
/* snprintf / vsnprintf for the conversions the core uses (src/core/format.c: %s, %.Ns, %d,
 * %lld, %%, %e / %f / %g with an optional precision, no flags or widths): musl's output, without
 * the rest of its printf. */
int tp_snprintf(char *buf, size_t cap, const char *fmt, ...) __attribute__((format(printf, 3, 4)));
int tp_vsnprintf(char *buf, size_t cap, const char *fmt, va_list ap);
/* "[2, 3]": a shape as PyTorch's messages print it. */
void tp_format_shape(char *buf, size_t cap, int n, const int64_t *shape);
void tp_clear_error(void);

/* bounds.c — integers from the boundary, checked sizes and storage extents (Note [Extent]). */
int tp_int_arg(double v, const char *name, int64_t *out);   /* integral and in int64, else PyTorch's error */
int64_t tp_clamp_i64(double v);                              /* no-UB cast: NaN 0, saturating */
int tp_mul_ok(int64_t a, int64_t b, int64_t *out);           /* 1 when a * b does not overflow */
int tp_numel_checked(int ndim, const int64_t *shape, int64_t *out);  /* "numel: integer multiplication overflow" */
void *tp_fail_oom(double nbytes);                            /* DefaultCPUAllocator's message; NULL */
int tp_fail_oom_status(double nbytes);                       /* the same; -1 */
int tp_storage_nbytes_for(int ndim, const int64_t *shape, const int64_t *stride, int64_t offset, int itemsize, int64_t *out);
int tp_check_extent(int64_t storage_nbytes, int itemsize, int ndim, const int64_t *shape, const int64_t *stride, int64_t offset);
int tp_extent_ok(const tp_tensor *t);                        /* every element inside its storage */
int tp_wrap_dim_arg(double dim, int ndim, int64_t *out);     /* tp_int_arg, then tp_wrap_dim */
tp_tensor *tp_view_checked(tp_tensor *v);                    /* v, or NULL + error (v released) if outside */
/* Note [Aliased operands]: ATen's get_overlap_status, and the guard of every kernel that
 * writes t while reading *op: PyTorch's error (TP_UNALIAS_ERROR: any overlap, as
 * assert_no_overlap; TP_UNALIAS_PARTIAL: partial only) or, where the overlap is too hard
 * to tell or mode is TP_UNALIAS_COPY, *op replaced by a clone the caller releases (*copy). */
enum { TP_OVERLAP_NO, TP_OVERLAP_FULL, TP_OVERLAP_PARTIAL, TP_OVERLAP_TOO_HARD };
enum { TP_UNALIAS_ERROR, TP_UNALIAS_PARTIAL, TP_UNALIAS_COPY };
int tp_overlap(const tp_tensor *a, const tp_tensor *b);
int tp_unalias(tp_tensor *t, tp_tensor **op, int mode, tp_tensor **copy);

/* storage.c */
void *tp_block_alloc(size_t nbytes);                   /* 16-byte aligned; NULL when out of memory */
void tp_block_free(void *p, size_t nbytes);            /* nbytes as given to tp_block_alloc */
tp_storage *tp_storage_new(int64_t nbytes);          /* NULL + error on out-of-memory */
void tp_storage_retain(tp_storage *s);
void tp_storage_release(tp_storage *s);
/* Grows s's data to nbytes (never shrinks), keeping its contents; 0 or -1 + error. */
int tp_storage_grow(tp_storage *s, int64_t nbytes);
tp_tensor *tp_tensor_alloc(void);                      /* header only, refcount 1 */
/* Note [One owner] (engine.c): tp_tensor_release frees a tensor without autograd fields
 * itself (tp_tensor_free_shell: its version counter, storage and header) and hands one with
 * a grad_fn, .grad, base or hooks to the autograd layer, which frees the graph below it from
 * one work list (tp_tensor_release_autograd, engine.c). */
void tp_tensor_free_shell(tp_tensor *t);
void tp_tensor_release_autograd(tp_tensor *t);
tp_tensor *tp_tensor_make(int dtype, int ndim, const int64_t *shape);  /* contiguous, uninitialised */
tp_tensor *tp_tensor_alias(tp_tensor *t);              /* same storage, same geometry, same version counter */
tp_version *tp_version_new(void);                      /* a counter of its own at 0 (NULL + error on OOM) */
void tp_version_release(tp_version *v);
void tp_contiguous_strides(int ndim, const int64_t *shape, int64_t *stride);
void tp_fix_negative_strides(int ndim, const int64_t *shape, int64_t *stride);
int64_t tp_shape_numel(int ndim, const int64_t *shape);
/* no elements: a zero dim (tp_shape_numel wraps: an expanded 2^32 x 2^32 tensor counts 0) */
static inline int tp_no_elements(int ndim, const int64_t *shape) {
  for (int d = 0; d < ndim; d++)
    if (shape[d] == 0) return 1;
  return 0;
}
int tp_check_no_internal_overlap(const tp_tensor *t);
/* int64 arithmetic that wraps as ATen's does where an empty tensor's strides and offsets may
 * pass int64 (a view of torch.empty(0, 2**32, 2**32)); defined, unlike a signed overflow */
static inline int64_t tp_wmul(int64_t a, int64_t b) { return (int64_t)((uint64_t)a * (uint64_t)b); }
static inline int64_t tp_wadd(int64_t a, int64_t b) { return (int64_t)((uint64_t)a + (uint64_t)b); }  /* 0, or -1: an expanded self (core/create.c) */
/* fmaf (one rounding of a * b + c) without libm's cost (wasm has no fma instruction): the product
 * of two floats is exact in double, so the double sum rounds once; rounding that to float is the
 * single rounding unless the double landed exactly on a float tie (then, and for results below
 * FLT_MIN, where float keeps fewer bits, libm's fmaf decides). */
static inline float tp_fmaf(float a, float b, float c) {
  double r = (double)a * (double)b + (double)c;
  uint64_t u;
  memcpy(&u, &r, sizeof u);
  if ((u & 0x1fffffffu) == 0x10000000u || (fabs(r) < 0x1p-126 && r != 0)) return fmaf(a, b, c);
  return (float)r;
}
int tp_check_sizes(int ndim, const double *sizes, int64_t *shape);  /* 0 ok, -1 error */
static inline char *tp_ptr(const tp_tensor *t) {
  return (char *)t->storage->data + t->offset * tp_dtype_table[t->dtype].itemsize;
}
int tp_wrap_dim(int64_t dim, int ndim, int64_t *out);  /* PyTorch's dim wrapping, with its error */

/* dtype.c — element access by dtype, with PyTorch's (x86) conversions. */
extern int tp_default_float;          /* torch.get_default_dtype() (dtype.c) */
const char *tp_dtype_title(int dtype);     /* "Float", "Long", ... as PyTorch's messages say */
const char *tp_type_string(int dtype);    /* "torch.FloatTensor", ..., "CPUBoolType": a tensor's type in a C++ message */
double tp_load_f64(const void *p, int dtype);
int64_t tp_load_i64(const void *p, int dtype);
void tp_store_f64(void *p, int dtype, double v);
void tp_store_i64(void *p, int dtype, int64_t v);
int tp_check_scalar(double v, int dtype);   /* PyTorch's checked_convert: -1 and its message if v does not fit */
int64_t tp_f64_to_i64(double v);
int32_t tp_f64_to_i32(double v);

/* iter.c — the strided N-d iterator. Dimensions that are contiguous for every operand
 * are collapsed, then the innermost dimension is handed to a loop function. */
#define TP_ITER_MAX_OPS 4
typedef struct {
  int ndim, nops;
  int64_t shape[TP_MAX_DIMS];
  int64_t stride[TP_ITER_MAX_OPS][TP_MAX_DIMS];   /* bytes */
  char *base[TP_ITER_MAX_OPS];
} tp_iter;
typedef void (*tp_inner_fn)(char **ptrs, const int64_t *strides, int64_t n, void *ctx);
/* ops[0] defines the shape; the others are broadcast to it (their strides are used as given
 * for dimensions they have, aligned to the right; missing or size-1 dims get stride 0). */
void tp_iter_init(tp_iter *it, int nops, tp_tensor *const *ops);
void tp_iter_run(tp_iter *it, tp_inner_fn fn, void *ctx);
/* dst[...] = (dst dtype) src[...], src broadcast to dst's shape. */
void tp_copy_convert(tp_tensor *dst, tp_tensor *src);
/* Output strides as PyTorch lays them out. empty_like(preserve_format): dense layouts keep
 * their strides, others get infer_dense_strides (the input's stride order). */
void tp_layout_like(const tp_tensor *t, int64_t *stride);
/* TensorIterator's output layout (reorder_dimensions): ops[k] holds nops stride vectors
 * aligned to shape (0 = broadcast); writes the output's strides in elements. */
void tp_layout_iter(int nops, const int64_t (*ops)[TP_MAX_DIMS], int ndim, const int64_t *shape, int64_t *stride);

/* create.c: tp_full without the scalar check (a saved wrapped number, derivatives.c). */
tp_tensor *tp_full_unchecked(int ndim, const double *sizes, int dtype, double value);

/* matmul.c: addmm's forward kernel (tp_addmm in functional.c records its node around it). */
tp_tensor *tp_addmm_forward(tp_tensor *input, tp_tensor *mat1, tp_tensor *mat2, double beta, double alpha);

/* random.c and generator.c: PyTorch's CPUGeneratorImpl — an mt19937 engine (its 624 words,
 * `left` and `next` as at::mt19937 keeps them), the seed it was made from, and the cached
 * second Box-Muller normal of the scalar path (next_double_normal_sample). The float twin
 * is only carried through get_state/set_state: 1.13's CPU kernels never fill it. */
#define TP_MT_N 624
#define TP_DEFAULT_SEED 67280421310721ULL  /* c10::default_rng_seed_val */
struct tp_generator {
  uint32_t state[TP_MT_N];
  int left, next;
  uint64_t seed;
  int has_next_double, has_next_float;
  double next_double;
  float next_float;
};
tp_generator *tp_generator_resolve(tp_generator *g);  /* NULL: the default generator */
void tp_generator_seed_state(tp_generator *g, uint64_t seed);  /* at::mt19937(seed), no cached normal */
uint32_t tp_rng_u32(tp_generator *g);
uint64_t tp_rng_u64(tp_generator *g);

#endif
