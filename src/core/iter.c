/* The strided N-d iterator and the converting copy built on it.
 *
 * Every elementwise kernel runs through tp_iter: operands are aligned to the output's
 * shape (broadcast dims get stride 0), dimensions that are contiguous for every operand
 * are merged, and the innermost dimension is handed to a loop function with byte strides.
 * Contiguous tensors therefore reach the loop as one long run, whatever their shape. */
#include <string.h>
#include "internal.h"

void tp_iter_init(tp_iter *it, int nops, tp_tensor *const *ops) {
  const tp_tensor *out = ops[0];
  it->nops = nops;
  int nd = 0;
  /* Drop size-1 dims: they never move a pointer. */
  for (int d = 0; d < out->ndim; d++) {
    if (out->shape[d] == 1) continue;
    it->shape[nd] = out->shape[d];
    for (int k = 0; k < nops; k++) {
      const tp_tensor *op = ops[k];
      int od = d - (out->ndim - op->ndim);
      int64_t item = tp_dtype_table[op->dtype].itemsize;
      /* (byte strides wrap: only an empty operand's can pass int64, and nothing is then stepped) */
      it->stride[k][nd] = (od < 0 || op->shape[od] == 1) ? 0 : (int64_t)((uint64_t)op->stride[od] * (uint64_t)item);
    }
    nd++;
  }
  /* an empty operand's offset may pass int64 (views of torch.empty(0, 2**62, ...)): it is never
   * read, so its base is its storage's */
  for (int k = 0; k < nops; k++)
    it->base[k] = tp_no_elements(ops[k]->ndim, ops[k]->shape) ? (char *)ops[k]->storage->data : tp_ptr(ops[k]);
  /* Merge dim i into i+1 when, for every operand, stepping i is stepping i+1 shape times. */
  int m = 0;
  for (int d = 1; d < nd; d++) {
    /* (an empty tensor's dims may span past int64: a product that overflows is no merge) */
    int64_t span, merged;
    int mergeable = !__builtin_mul_overflow(it->shape[m], it->shape[d], &merged);
    for (int k = 0; k < nops; k++)
      if (__builtin_mul_overflow(it->stride[k][d], it->shape[d], &span) || it->stride[k][m] != span) mergeable = 0;
    if (mergeable) {
      it->shape[m] = merged;
      for (int k = 0; k < nops; k++) it->stride[k][m] = it->stride[k][d];
    } else {
      m++;
      it->shape[m] = it->shape[d];
      for (int k = 0; k < nops; k++) it->stride[k][m] = it->stride[k][d];
    }
  }
  it->ndim = nd ? m + 1 : 0;
}

void tp_iter_run(tp_iter *it, tp_inner_fn fn, void *ctx) {
  char *ptrs[TP_ITER_MAX_OPS];
  int64_t inner[TP_ITER_MAX_OPS];
  for (int k = 0; k < it->nops; k++) ptrs[k] = it->base[k];
  if (it->ndim == 0) {
    for (int k = 0; k < it->nops; k++) inner[k] = 0;
    fn(ptrs, inner, 1, ctx);
    return;
  }
  for (int d = 0; d < it->ndim; d++)
    if (it->shape[d] == 0) return;
  int last = it->ndim - 1;
  for (int k = 0; k < it->nops; k++) inner[k] = it->stride[k][last];
  int64_t idx[TP_MAX_DIMS] = {0};
  for (;;) {
    fn(ptrs, inner, it->shape[last], ctx);
    int d = last - 1;
    for (; d >= 0; d--) {
      for (int k = 0; k < it->nops; k++) ptrs[k] += it->stride[k][d];
      if (++idx[d] < it->shape[d]) break;
      for (int k = 0; k < it->nops; k++) ptrs[k] -= it->stride[k][d] * it->shape[d];
      idx[d] = 0;
    }
    if (d < 0) return;
  }
}

/* ---- converting copy: one inner loop per (destination, source) dtype pair ---------- */
#define TO_F32(v) ((float)(v))
#define TO_F64(v) ((double)(v))
#define TO_I32(v) _Generic((v), float: tp_f64_to_i32(v), double: tp_f64_to_i32(v), \
                           default: (int32_t)(uint32_t)(uint64_t)(int64_t)(v))
#define TO_I64(v) _Generic((v), float: tp_f64_to_i64(v), double: tp_f64_to_i64(v), default: (int64_t)(v))
#define TO_B(v) ((uint8_t)((v) != 0))

/* Conversions to or from float32 are compiled for speed, the others for size (TP_COLD). */
#define CONV(Q, DN, DT, SN, ST, CVT)                                                     \
  Q static void conv_##DN##_##SN(char **p, const int64_t *s, int64_t n, void *ctx) {     \
    (void)ctx;                                                                            \
    char *d = p[0];                                                                       \
    const char *x = p[1];                                                                 \
    for (int64_t i = 0; i < n; i++, d += s[0], x += s[1]) *(DT *)d = CVT(*(const ST *)x); \
  }
#define CONV_FROM(SN, ST, Q)                 \
  CONV(, f32, float, SN, ST, TO_F32)         \
  CONV(Q, f64, double, SN, ST, TO_F64)       \
  CONV(Q, i32, int32_t, SN, ST, TO_I32)      \
  CONV(Q, i64, int64_t, SN, ST, TO_I64)      \
  CONV(Q, b, uint8_t, SN, ST, TO_B)
CONV_FROM(f32, float, )
CONV_FROM(f64, double, TP_COLD)
CONV_FROM(i32, int32_t, TP_COLD)
CONV_FROM(i64, int64_t, TP_COLD)
CONV_FROM(b, uint8_t, TP_COLD)

#define ROW(SN) {conv_f32_##SN, conv_f64_##SN, conv_i32_##SN, conv_i64_##SN, conv_b_##SN}
/* conv_table[src][dst] */
static const tp_inner_fn conv_table[TP_NDTYPES][TP_NDTYPES] = {ROW(f32), ROW(f64), ROW(i32), ROW(i64), ROW(b)};

static void copy_bytes(char **p, const int64_t *s, int64_t n, void *ctx) {
  int64_t item = *(const int64_t *)ctx;
  if (s[0] == item && s[1] == item) {
    memcpy(p[0], p[1], (size_t)(n * item));
    return;
  }
  char *d = p[0];
  const char *x = p[1];
  for (int64_t i = 0; i < n; i++, d += s[0], x += s[1]) memcpy(d, x, (size_t)item);
}

void tp_copy_convert(tp_tensor *dst, tp_tensor *src) {
  tp_iter it;
  tp_tensor *ops[2] = {dst, src};
  tp_iter_init(&it, 2, ops);
  if (dst->dtype == src->dtype) {
    int64_t item = tp_dtype_table[dst->dtype].itemsize;
    tp_iter_run(&it, copy_bytes, &item);
  } else {
    tp_iter_run(&it, conv_table[src->dtype][dst->dtype], NULL);
  }
}

TP_COLD_BEGIN
/* ---- output layouts ------------------------------------------------------------------- */
static int non_overlapping_and_dense(const tp_tensor *t) {
  int n = t->ndim, perm[TP_MAX_DIMS];
  if (n == 1) return t->shape[0] < 2 || t->stride[0] == 1;
  for (int i = 0; i < n; i++) perm[i] = i;
  /* sort by stride, size-0/1 dims last (insertion sort: n is small) */
  for (int i = 1; i < n; i++) {
    for (int j = i; j > 0; j--) {
      int a = perm[j - 1], b = perm[j];
      int b_first = t->shape[b] >= 2 && (t->shape[a] < 2 || t->stride[b] < t->stride[a]);
      if (!b_first) break;
      perm[j - 1] = b;
      perm[j] = a;
    }
  }
  int64_t require = 1;
  for (int i = 0; i < n; i++) {
    int64_t size = t->shape[perm[i]];
    if (size < 2) return 1;
    if (t->stride[perm[i]] != require) return 0;
    require = (int64_t)((uint64_t)require * (uint64_t)size);  /* (wraps for an expanded view past int64, as c10's) */
  }
  return 1;
}

/* The insertion sort TensorIterator and infer_dense_strides share: perm[0] is the
 * fastest-moving dim. cmp(d0, d1) > 0 means d0 goes after d1; 0 is "ambiguous". */
static void sort_dims(int n, int *perm, int (*cmp)(int, int, const void *), const void *ctx) {
  for (int i = 0; i < n; i++) perm[i] = n - 1 - i;
  for (int i = 1; i < n; i++) {
    int dim1 = i;
    for (int dim0 = i - 1; dim0 >= 0; dim0--) {
      int c = cmp(perm[dim0], perm[dim1], ctx);
      if (c > 0) {
        int tmp = perm[dim0];
        perm[dim0] = perm[dim1];
        perm[dim1] = tmp;
        dim1 = dim0;
      } else if (c < 0) {
        break;
      }
    }
  }
}

typedef struct {
  int nops;
  const int64_t (*ops)[TP_MAX_DIMS];
  const int64_t *shape;
} layout_ctx;

static int iter_cmp(int d0, int d1, const void *p) {
  const layout_ctx *c = p;
  for (int k = 0; k < c->nops; k++) {
    int64_t s0 = c->ops[k][d0], s1 = c->ops[k][d1];
    if (s0 == 0 || s1 == 0) continue;
    if (s0 < s1) return -1;
    if (s0 > s1) return 1;
    if (c->shape[d0] > c->shape[d1]) return 1;
  }
  return 0;
}

void tp_layout_iter(int nops, const int64_t (*ops)[TP_MAX_DIMS], int ndim, const int64_t *shape, int64_t *stride) {
  int perm[TP_MAX_DIMS];
  layout_ctx c = {nops, ops, shape};
  if (ndim == 0) return;
  sort_dims(ndim, perm, iter_cmp, &c);
  int64_t next = 1;
  for (int i = 0; i < ndim; i++) {
    stride[perm[i]] = next;
    next = (int64_t)((uint64_t)next * (uint64_t)shape[perm[i]]);
  }
}

void tp_layout_like(const tp_tensor *t, int64_t *stride) {
  int n = t->ndim, perm[TP_MAX_DIMS];
  if (non_overlapping_and_dense(t)) {
    memcpy(stride, t->stride, sizeof(int64_t) * (size_t)n);
    return;
  }
  if (n == 0) return;
  if (n == 1) { stride[0] = 1; return; }
  const int64_t (*ops)[TP_MAX_DIMS] = (const int64_t (*)[TP_MAX_DIMS])t->stride;
  layout_ctx c = {1, ops, t->shape};
  sort_dims(n, perm, iter_cmp, &c);
  int64_t next = 1;
  for (int i = 0; i < n; i++) {
    stride[perm[i]] = next;
    if (t->shape[perm[i]] > 1) next = (int64_t)((uint64_t)next * (uint64_t)t->shape[perm[i]]);  /* (an empty tensor's may pass int64) */
  }
}

TP_COLD_END
