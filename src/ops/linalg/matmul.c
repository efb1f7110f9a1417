/* Linear algebra ops — matmul, mm, bmm, mv, dot, outer — with PyTorch 1.13's semantics.
 *
 * Every op goes through tp_linalg(op, a, b): the kernels run below autograd, then that one
 * function records the node (derivatives.c). matmul follows PyTorch's own decomposition (dot / mv / mm / "folded" mm or mv /
 * broadcast bmm) when it validates, so that error messages and result dtypes (including
 * the quirks of empty products) are PyTorch's; but no operand is ever copied: batch and
 * broadcast dimensions, transposes and slices all become strides of one batched product
 * (struct matprod), and only the GEMM's packing reads them.
 *
 * Note [matmul's grad_fn]: PyTorch 1.13 names matmul's node after the branch it took —
 * DotBackward0 (1-D·1-D), MvBackward0 (2-D·1-D), SqueezeBackward3 (1-D·2-D, an mm then a
 * squeeze), MmBackward0 (2-D·2-D), UnsafeViewBackward0 (folded or batched: an mm/mv/bmm then
 * a view), CloneBackward0 (2-D·N-D: the folded product is transposed back and copied).
 * mm, bmm, mv, dot give MmBackward0, BmmBackward0, MvBackward0, DotBackward0; outer and ger
 * are a broadcast multiply in PyTorch and give MulBackward0. */
#include <string.h>
#include "gemm.h"
#include "internal.h"
#include "matmul_kernels.h"

static const char *const op_names[TP_LINALG_NOPS] = {
  [TP_LINALG_MATMUL] = "matmul", [TP_LINALG_MM] = "mm", [TP_LINALG_BMM] = "bmm",
  [TP_LINALG_MV] = "mv", [TP_LINALG_DOT] = "dot", [TP_LINALG_OUTER] = "outer",
};

TP_API const char *tp_linalg_name(int op) { return op >= 0 && op < TP_LINALG_NOPS ? op_names[op] : NULL; }

/* PyTorch's ScalarType names, as its messages print them. */
static const char *scalar_name(int dtype) {
  static const char *const names[TP_NDTYPES] = {"Float", "Double", "Int", "Long", "Bool"};
  return names[dtype];
}

/* ---- the batched product --------------------------------------------------------------
 * out[batch..., M, N] (contiguous) = A[batch..., M, K] · B[batch..., K, N], where A and B
 * are given by element strides: sa/sb per batch dim (0 where broadcast), rows/cols. */
typedef struct {
  int nb;
  int64_t bshape[TP_MAX_DIMS], sa[TP_MAX_DIMS], sb[TP_MAX_DIMS];
  int64_t M, N, K, rsa, csa, rsb, csb;
  const char *a, *b;
} matprod;

static int product_2d(int dtype, const matprod *p, const char *a, const char *b, char *c) {
  int64_t M = p->M, N = p->N, K = p->K;
  switch (dtype) {
  case TP_FLOAT32:
    if (N == 1) {
      tp_gemv_f32(M, K, (const float *)a, p->rsa, p->csa, (const float *)b, p->rsb, (float *)c, 1);
      return 0;
    }
    if (M == 1) {  /* a row times B is Bᵀ times a column */
      tp_gemv_f32(N, K, (const float *)b, p->csb, p->rsb, (const float *)a, p->csa, (float *)c, 1);
      return 0;
    }
    return tp_gemm_f32(M, N, K, (const float *)a, p->rsa, p->csa, (const float *)b, p->rsb, p->csb,
                       (float *)c, N, 0.0f);
  case TP_FLOAT64:
    return tp_gemm_f64(M, N, K, (const double *)a, p->rsa, p->csa, (const double *)b, p->rsb, p->csb,
                       (double *)c, N, 0.0);
  case TP_INT64:
    return tp_gemm_i64(M, N, K, (const int64_t *)a, p->rsa, p->csa, (const int64_t *)b, p->rsb, p->csb,
                       (int64_t *)c, N, 0);
  default:
    return tp_gemm_i32(M, N, K, (const int32_t *)a, p->rsa, p->csa, (const int32_t *)b, p->rsb, p->csb,
                       (int32_t *)c, N, 0);
  }
}

/* Runs p into out (contiguous, of the operands' dtype). Batch dims of size 1 are dropped;
 * trailing batch dims over which B does not move and whose A rows follow on from the
 * previous batch's rows are folded into M (the common "[b, n, k] @ [k, p]" case becomes one
 * GEMM, as PyTorch's fold does). Returns 0 or -1 (out of memory). */
static int run_matprod(matprod p, tp_tensor *out) {
  char *c = tp_ptr(out);
  int64_t item = tp_dtype_table[out->dtype].itemsize;
  if (tp_shape_numel(out->ndim, out->shape) == 0) return 0;
  if (p.K == 0) {  /* an empty sum: zeros (all-zero bits for every dtype) */
    memset(c, 0, (size_t)(tp_shape_numel(out->ndim, out->shape) * item));
    return 0;
  }
  int nb = 0;
  for (int d = 0; d < p.nb; d++) {
    if (p.bshape[d] == 1) continue;
    p.bshape[nb] = p.bshape[d], p.sa[nb] = p.sa[d], p.sb[nb] = p.sb[d];
    nb++;
  }
  while (nb > 0 && p.sb[nb - 1] == 0) {
    if (p.M == 1) p.rsa = p.sa[nb - 1];
    if (p.sa[nb - 1] != p.M * p.rsa) break;
    p.M *= p.bshape[--nb];
  }
  p.nb = nb;
  int64_t idx[TP_MAX_DIMS] = {0}, step = p.M * p.N * item;
  const char *a = p.a, *b = p.b;
  for (;;) {
    if (product_2d(out->dtype, &p, a, b, c)) return -1;
    c += step;
    int d = nb - 1;
    for (; d >= 0; d--) {
      a += p.sa[d] * item, b += p.sb[d] * item;
      if (++idx[d] < p.bshape[d]) break;
      a -= p.sa[d] * p.bshape[d] * item, b -= p.sb[d] * p.bshape[d] * item;
      idx[d] = 0;
    }
    if (d < 0) return 0;
  }
}

/* Allocates the result and runs the product; NULL on out-of-memory (nothing changed). */
static tp_tensor *finish(matprod *p, int dtype, int ndim, const int64_t *shape) {
  tp_tensor *out = tp_tensor_make(dtype, ndim, shape);
  if (!out) return NULL;
  if (run_matprod(*p, out)) {
    tp_tensor_release(out);
    return NULL;
  }
  return out;
}

/* ---- PyTorch's checks, in PyTorch's order -----------------------------------------------
 * The mm/mv/bmm kernels return early for an empty result or an empty sum (so even Bool
 * works there), then dispatch on the first operand's dtype and read the second through a
 * typed pointer: hence "not implemented for 'Bool'" and "expected scalar type X but found
 * Y" come last, and only for products that compute something. */
static int check_kernel(const char *kernel, int x, int y, int64_t out_numel, int64_t K) {
  if (out_numel == 0 || K == 0) return 0;
  if (x == TP_BOOL) return tp_fail_status("\"%s\" not implemented for 'Bool'", kernel);
  if (x != y) return tp_fail_status("expected scalar type %s but found %s", scalar_name(x), scalar_name(y));
  return 0;
}

static int check_mm(int64_t m, int64_t k1, int64_t k2, int64_t n, int x, int y) {
  if (k1 != k2)
    return tp_fail_status("mat1 and mat2 shapes cannot be multiplied (%lldx%lld and %lldx%lld)",
                          (long long)m, (long long)k1, (long long)k2, (long long)n);
  return check_kernel("addmm_impl_cpu_", x, y, m * n, k1);
}

static int check_mv(int64_t m, int64_t k, int64_t len, int x, int y) {
  if (k != len)
    return tp_fail_status("size mismatch, got %lld, %lldx%lld,%lld", (long long)m, (long long)m,
                          (long long)k, (long long)len);
  return check_kernel("addmv_impl_cpu", x, y, m, k);
}

/* ---- the ops ------------------------------------------------------------------------- */
static tp_tensor *mm(tp_tensor *a, tp_tensor *b) {
  if (a->ndim != 2) return tp_fail("self must be a matrix");
  if (b->ndim != 2) return tp_fail("mat2 must be a matrix");
  if (check_mm(a->shape[0], a->shape[1], b->shape[0], b->shape[1], a->dtype, b->dtype)) return NULL;
  matprod p = {.M = a->shape[0], .K = a->shape[1], .N = b->shape[1], .rsa = a->stride[0], .csa = a->stride[1],
               .rsb = b->stride[0], .csb = b->stride[1], .a = tp_ptr(a), .b = tp_ptr(b)};
  int64_t shape[2] = {p.M, p.N};
  return finish(&p, a->dtype, 2, shape);
}

/* bmm's result takes batch2's dtype (visible only when the product is empty). */
static tp_tensor *bmm(tp_tensor *a, tp_tensor *b) {
  if (a->ndim != 3) return tp_fail("batch1 must be a 3D tensor");
  if (b->ndim != 3) return tp_fail("batch2 must be a 3D tensor");
  int64_t bs = a->shape[0], k = a->shape[2];
  if (b->shape[0] != bs || b->shape[1] != k)
    return tp_fail("Expected size for first two dimensions of batch2 tensor to be: [%lld, %lld] but got: [%lld, %lld].",
                   (long long)bs, (long long)k, (long long)b->shape[0], (long long)b->shape[1]);
  if (check_kernel("bmm", a->dtype, b->dtype, bs * a->shape[1] * b->shape[2], k)) return NULL;
  matprod p = {.nb = 1, .bshape = {bs}, .sa = {a->stride[0]}, .sb = {b->stride[0]},
               .M = a->shape[1], .K = k, .N = b->shape[2], .rsa = a->stride[1], .csa = a->stride[2],
               .rsb = b->stride[1], .csb = b->stride[2], .a = tp_ptr(a), .b = tp_ptr(b)};
  int64_t shape[3] = {bs, p.M, p.N};
  return finish(&p, b->dtype, 3, shape);
}

/* mv's result takes the vector's dtype (visible only when the product is empty). */
static tp_tensor *mv(tp_tensor *a, tp_tensor *v) {
  if (a->ndim == 0) return tp_fail("Dimension specified as 0 but tensor has no dimensions");
  if (a->ndim != 2 || v->ndim != 1)
    return tp_fail("vector + matrix @ vector expected, got 1, %d, %d", a->ndim, v->ndim);
  if (check_mv(a->shape[0], a->shape[1], v->shape[0], a->dtype, v->dtype)) return NULL;
  matprod p = {.M = a->shape[0], .K = a->shape[1], .N = 1, .rsa = a->stride[0], .csa = a->stride[1],
               .rsb = v->stride[0], .csb = 0, .a = tp_ptr(a), .b = tp_ptr(v)};
  int64_t shape[1] = {p.M};
  return finish(&p, v->dtype, 1, shape);
}

static tp_tensor *dot(tp_tensor *a, tp_tensor *b) {
  if (a->ndim != 1 || b->ndim != 1)
    return tp_fail("1D tensors expected, but got %dD and %dD tensors", a->ndim, b->ndim);
  if (a->dtype != b->dtype)
    return tp_fail("dot : expected both vectors to have same dtype, but found %s and %s",
                   scalar_name(a->dtype), scalar_name(b->dtype));
  int64_t n = a->shape[0];
  if (n != b->shape[0])
    return tp_fail("inconsistent tensor size, expected tensor [%lld] and src [%lld] to have the same number of "
                   "elements, but got %lld and %lld elements respectively",
                   (long long)n, (long long)b->shape[0], (long long)n, (long long)b->shape[0]);
  if (a->dtype == TP_BOOL) return tp_fail("\"dot\" not implemented for 'Bool'");
  matprod p = {.M = 1, .K = n, .N = 1, .rsa = 0, .csa = a->stride[0], .rsb = b->stride[0], .csb = 0,
               .a = tp_ptr(a), .b = tp_ptr(b)};
  int64_t none[1] = {0};
  return finish(&p, a->dtype, 0, none);
}

/* outer(a, b) is a.reshape(-1, 1) * b in PyTorch: a broadcast multiply, so the operands'
 * dtypes promote (bool·bool is logical and). Products are formed in the result dtype. */
static tp_tensor *outer(tp_tensor *a, tp_tensor *b) {
  if (a->ndim != 1) return tp_fail("outer: Expected 1-D argument self, but got %d-D", a->ndim);
  if (b->ndim != 1) return tp_fail("outer: Expected 1-D argument vec2, but got %d-D", b->ndim);
  int dt = tp_promote_types(a->dtype, b->dtype);
  int64_t m = a->shape[0], n = b->shape[0], shape[2] = {m, n};
  tp_tensor *out = tp_tensor_make(dt, 2, shape);
  if (!out) return NULL;
  const char *pa = tp_ptr(a), *pb = tp_ptr(b);
  int64_t ia = a->stride[0] * tp_dtype_table[a->dtype].itemsize, ib = b->stride[0] * tp_dtype_table[b->dtype].itemsize;
  char *c = tp_ptr(out);
  if (dt == TP_FLOAT32 && a->dtype == TP_FLOAT32 && b->dtype == TP_FLOAT32) {
    float *o = (float *)c;
    for (int64_t i = 0; i < m; i++) {
      float x = *(const float *)(pa + i * ia);
      for (int64_t j = 0; j < n; j++) o[i * n + j] = x * *(const float *)(pb + j * ib);
    }
  } else if (tp_dtype_table[dt].is_floating) {
    int64_t item = tp_dtype_table[dt].itemsize;
    for (int64_t i = 0; i < m; i++) {
      double x = tp_load_f64(pa + i * ia, a->dtype);
      if (dt == TP_FLOAT32) x = (float)x;
      for (int64_t j = 0; j < n; j++) {
        double y = tp_load_f64(pb + j * ib, b->dtype);
        if (dt == TP_FLOAT32) y = (float)y;
        tp_store_f64(c + (i * n + j) * item, dt, x * y);
      }
    }
  } else {
    int64_t item = tp_dtype_table[dt].itemsize;
    for (int64_t i = 0; i < m; i++) {
      uint64_t x = (uint64_t)tp_load_i64(pa + i * ia, a->dtype);
      for (int64_t j = 0; j < n; j++)
        tp_store_i64(c + (i * n + j) * item, dt, (int64_t)(x * (uint64_t)tp_load_i64(pb + j * ib, b->dtype)));
    }
  }
  return out;
}

/* ---- matmul ----------------------------------------------------------------------------
 * PyTorch 1.13's should_fold: a ≥3-D operand times a 1-D or 2-D one becomes one mm/mv over
 * the folded batch, except for a 3-D operand whose last two dims are transposed (it goes
 * to bmm). Which path PyTorch takes decides the error message and the result dtype. */
static int should_fold(const tp_tensor *t, int other_ndim) {
  if (!(t->ndim >= 3 && (other_ndim == 1 || other_ndim == 2))) return 0;
  if (t->ndim == 3 && other_ndim == 2 && t->stride[2] != 1 && t->stride[0] == t->shape[1] * t->shape[2])
    return 0;
  return 1;
}

/* The operand's batch dims [0, nb) aligned to the right of an nbatch-dim batch shape. */
static void batch_strides(const tp_tensor *t, int nb, int nbatch, int64_t *s) {
  for (int d = 0; d < nbatch; d++) {
    int td = d - (nbatch - nb);
    s[d] = td < 0 || t->shape[td] == 1 ? 0 : t->stride[td];
  }
}

static tp_tensor *matmul_folded(tp_tensor *a, tp_tensor *b) {
  int da = a->ndim, db = b->ndim;
  int64_t shape[TP_MAX_DIMS];
  matprod p = {.a = tp_ptr(a), .b = tp_ptr(b)};
  if (da >= 3) {
    /* [batch, n, k] @ [k, p] -> mm((batch·n) x k, k x p); @ [k] -> mv */
    int64_t rows = tp_shape_numel(da - 1, a->shape), k = a->shape[da - 1];
    p.nb = da - 2;
    memcpy(p.bshape, a->shape, sizeof(int64_t) * p.nb);
    memcpy(p.sa, a->stride, sizeof(int64_t) * p.nb);
    p.M = a->shape[da - 2], p.K = k, p.rsa = a->stride[da - 2], p.csa = a->stride[da - 1];
    memcpy(shape, a->shape, sizeof(int64_t) * (da - 1));
    if (db == 2) {
      if (check_mm(rows, k, b->shape[0], b->shape[1], a->dtype, b->dtype)) return NULL;
      p.N = b->shape[1], p.rsb = b->stride[0], p.csb = b->stride[1];
      shape[da - 1] = p.N;
      return finish(&p, a->dtype, da, shape);
    }
    if (check_mv(rows, k, b->shape[0], a->dtype, b->dtype)) return NULL;
    p.N = 1, p.rsb = b->stride[0], p.csb = 0;
    return finish(&p, b->dtype, da - 1, shape);
  }
  /* a is 1-D or 2-D, b is ≥3-D: PyTorch multiplies b.mT folded by a (or a.t()) and
   * transposes back; here the same product is computed directly. */
  int64_t kb = b->shape[db - 2], nbcols = b->shape[db - 1];
  int64_t rows = tp_shape_numel(db - 2, b->shape) * nbcols;
  p.nb = db - 2;
  memcpy(p.bshape, b->shape, sizeof(int64_t) * p.nb);
  memcpy(p.sb, b->stride, sizeof(int64_t) * p.nb);
  p.K = kb, p.N = nbcols, p.rsb = b->stride[db - 2], p.csb = b->stride[db - 1];
  memcpy(shape, b->shape, sizeof(int64_t) * (db - 2));
  if (da == 2) {
    if (check_mm(rows, kb, a->shape[1], a->shape[0], b->dtype, a->dtype)) return NULL;
    p.M = a->shape[0], p.rsa = a->stride[0], p.csa = a->stride[1];
    shape[db - 2] = p.M, shape[db - 1] = p.N;
    return finish(&p, b->dtype, db, shape);
  }
  if (check_mv(rows, kb, a->shape[0], b->dtype, a->dtype)) return NULL;
  p.M = 1, p.rsa = 0, p.csa = a->stride[0];
  shape[db - 2] = p.N;
  return finish(&p, a->dtype, db - 1, shape);
}

static tp_tensor *matmul_batched(tp_tensor *a, tp_tensor *b) {
  int da = a->ndim, db = b->ndim;
  int nba = da > 2 ? da - 2 : 0, nbb = db > 2 ? db - 2 : 0, nbatch = nba > nbb ? nba : nbb;
  int64_t n = da > 1 ? a->shape[da - 2] : 1, m1 = a->shape[da - 1];
  int64_t m2 = db > 1 ? b->shape[db - 2] : b->shape[0], pc = db > 1 ? b->shape[db - 1] : 1;
  matprod p = {.nb = nbatch, .a = tp_ptr(a), .b = tp_ptr(b)};
  for (int i = nbatch - 1; i >= 0; i--) {
    int ia = i - (nbatch - nba), ib = i - (nbatch - nbb);
    int64_t sa = ia >= 0 ? a->shape[ia] : 1, sb = ib >= 0 ? b->shape[ib] : 1;
    if (sa != sb && sa != 1 && sb != 1)
      return tp_fail("The size of tensor a (%lld) must match the size of tensor b (%lld) at non-singleton dimension %d",
                     (long long)sa, (long long)sb, i);
    p.bshape[i] = sa == 1 ? sb : sa;
  }
  int64_t bprod = tp_shape_numel(nbatch, p.bshape);
  if (m1 != m2)
    return tp_fail("Expected size for first two dimensions of batch2 tensor to be: [%lld, %lld] but got: [%lld, %lld].",
                   (long long)bprod, (long long)m1, (long long)bprod, (long long)m2);
  if (check_kernel("bmm", a->dtype, b->dtype, bprod * n * pc, m1)) return NULL;
  batch_strides(a, nba, nbatch, p.sa);
  batch_strides(b, nbb, nbatch, p.sb);
  p.M = n, p.K = m1, p.N = pc;
  p.rsa = da > 1 ? a->stride[da - 2] : 0, p.csa = a->stride[da - 1];
  p.rsb = db > 1 ? b->stride[db - 2] : b->stride[0], p.csb = db > 1 ? b->stride[db - 1] : 0;
  int64_t shape[TP_MAX_DIMS];
  int nd = nbatch;
  memcpy(shape, p.bshape, sizeof(int64_t) * nbatch);
  if (da > 1) shape[nd++] = n;
  if (db > 1) shape[nd++] = pc;
  return finish(&p, b->dtype, nd, shape);
}

static tp_tensor *matmul(tp_tensor *a, tp_tensor *b) {
  int da = a->ndim, db = b->ndim;
  if (da == 0 || db == 0)
    return tp_fail("both arguments to matmul need to be at least 1D, but they are %dD and %dD", da, db);
  if (da == 1 && db == 1) return dot(a, b);
  if (da == 2 && db == 1) return mv(a, b);
  if (da == 2 && db == 2) return mm(a, b);
  if (da == 1 && db == 2) {
    /* a.unsqueeze(0).mm(b).squeeze_(0) */
    if (check_mm(1, a->shape[0], b->shape[0], b->shape[1], a->dtype, b->dtype)) return NULL;
    matprod p = {.M = 1, .K = a->shape[0], .N = b->shape[1], .rsa = 0, .csa = a->stride[0],
                 .rsb = b->stride[0], .csb = b->stride[1], .a = tp_ptr(a), .b = tp_ptr(b)};
    int64_t shape[1] = {p.N};
    return finish(&p, a->dtype, 1, shape);
  }
  if (should_fold(a, db) || should_fold(b, da)) return matmul_folded(a, b);
  return matmul_batched(a, b);
}

/* ---- addmm: beta·input + alpha·(mat1 @ mat2), what nn.Linear runs on a 2-D input ---------
 * The GEMM's beta does the accumulation onto the broadcast input; an alpha other than 1
 * takes a second pass (alpha·product + beta·input, the formula BLAS rounds). Integer
 * results take beta and alpha cast to the dtype, as PyTorch's scalars are. */
static int gemm_dtype(int dtype, int64_t M, int64_t N, int64_t K, const char *a, int64_t rsa, int64_t csa,
                      const char *b, int64_t rsb, int64_t csb, char *c, double beta) {
  switch (dtype) {
  case TP_FLOAT32:
    return tp_gemm_f32(M, N, K, (const float *)a, rsa, csa, (const float *)b, rsb, csb, (float *)c, N, (float)beta);
  case TP_FLOAT64:
    return tp_gemm_f64(M, N, K, (const double *)a, rsa, csa, (const double *)b, rsb, csb, (double *)c, N, beta);
  case TP_INT64:
    return tp_gemm_i64(M, N, K, (const int64_t *)a, rsa, csa, (const int64_t *)b, rsb, csb, (int64_t *)c, N,
                       tp_f64_to_i64(beta));
  default:
    return tp_gemm_i32(M, N, K, (const int32_t *)a, rsa, csa, (const int32_t *)b, rsb, csb, (int32_t *)c, N,
                       (int32_t)tp_f64_to_i64(beta));
  }
}

/* out = alpha·prod + beta·out over n elements of dtype (prod NULL: out = beta·out). */
static void axpby(int dtype, int64_t n, const char *prod, char *out, double alpha, double beta) {
  int64_t item = tp_dtype_table[dtype].itemsize;
  if (tp_dtype_table[dtype].is_floating) {
    for (int64_t i = 0; i < n; i++) {
      double o = tp_load_f64(out + i * item, dtype), p = prod ? tp_load_f64(prod + i * item, dtype) : 0;
      /* float32: the scalars are rounded to float first, each product once, as in BLAS */
      double fb = (float)beta, fa = (float)alpha;
      double v = dtype == TP_FLOAT32 ? (double)((float)(fb * o) + (prod ? (float)(fa * p) : 0.0f))
                                     : beta * o + (prod ? alpha * p : 0);
      tp_store_f64(out + i * item, dtype, v);
    }
  } else if (dtype == TP_BOOL) {
    for (int64_t i = 0; i < n; i++) out[i] = out[i] && beta != 0;
  } else {
    uint64_t ia = (uint64_t)tp_f64_to_i64(alpha), ib = (uint64_t)tp_f64_to_i64(beta);
    for (int64_t i = 0; i < n; i++) {
      uint64_t o = (uint64_t)tp_load_i64(out + i * item, dtype), p = prod ? (uint64_t)tp_load_i64(prod + i * item, dtype) : 0;
      tp_store_i64(out + i * item, dtype, (int64_t)(ib * o + ia * p));
    }
  }
}

/* The forward kernel of addmm (one GEMM, beta and alpha folded in); src/nn/functional.c wraps it with
 * autograd as tp_addmm. */
tp_tensor *tp_addmm_forward(tp_tensor *input, tp_tensor *mat1, tp_tensor *mat2, double beta, double alpha) {
  if (input->dtype != mat2->dtype) return tp_fail("self and mat2 must have the same dtype");
  if (mat1->dtype != mat2->dtype) return tp_fail("mat1 and mat2 must have the same dtype");
  if (mat1->ndim != 2) return tp_fail("mat1 must be a matrix, got %d-D tensor", mat1->ndim);
  if (mat2->ndim != 2) return tp_fail("mat2 must be a matrix, got %d-D tensor", mat2->ndim);
  int64_t M = mat1->shape[0], K = mat1->shape[1], N = mat2->shape[1];
  if (mat2->shape[0] != K)
    return tp_fail("mat1 and mat2 shapes cannot be multiplied (%lldx%lld and %lldx%lld)", (long long)M,
                   (long long)K, (long long)mat2->shape[0], (long long)N);
  double size[2] = {(double)M, (double)N};
  tp_tensor *in = tp_expand(input, 2, size);  /* PyTorch's expand messages */
  if (!in) return NULL;
  int dt = mat1->dtype;
  if (M * N != 0 && K != 0 && dt == TP_BOOL) {
    tp_tensor_release(in);
    return tp_fail("\"addmm_impl_cpu_\" not implemented for 'Bool'");
  }
  int64_t shape[2] = {M, N};
  tp_tensor *out = tp_tensor_make(dt, 2, shape), *prod = NULL;
  if (!out) goto fail;
  if (M * N == 0) goto done;
  /* beta == 0 ignores input entirely (NaN in it does not propagate), as BLAS does. */
  if (beta == 0) memset(tp_ptr(out), 0, (size_t)(M * N * tp_dtype_table[dt].itemsize));
  else tp_copy_convert(out, in);
  if (K == 0 || alpha == 0) {  /* no product: beta·input */
    if (beta != 0 && beta != 1) axpby(dt, M * N, NULL, tp_ptr(out), 0.0, beta);
    goto done;
  }
  if (alpha == 1) {
    if (gemm_dtype(dt, M, N, K, tp_ptr(mat1), mat1->stride[0], mat1->stride[1], tp_ptr(mat2), mat2->stride[0],
                   mat2->stride[1], tp_ptr(out), beta))
      goto fail;
    goto done;
  }
  prod = tp_tensor_make(dt, 2, shape);
  if (!prod || gemm_dtype(dt, M, N, K, tp_ptr(mat1), mat1->stride[0], mat1->stride[1], tp_ptr(mat2),
                          mat2->stride[0], mat2->stride[1], tp_ptr(prod), 0.0))
    goto fail;
  axpby(dt, M * N, tp_ptr(prod), tp_ptr(out), alpha, beta);
done:
  if (prod) tp_tensor_release(prod);
  tp_tensor_release(in);
  return out;
fail:
  if (prod) tp_tensor_release(prod);
  if (out) tp_tensor_release(out);
  tp_tensor_release(in);
  return NULL;
}

tp_tensor *tp_linalg_impl(int op, tp_tensor *a, tp_tensor *b) {
  switch (op) {
  case TP_LINALG_MATMUL: return matmul(a, b);
  case TP_LINALG_MM: return mm(a, b);
  case TP_LINALG_BMM: return bmm(a, b);
  case TP_LINALG_MV: return mv(a, b);
  case TP_LINALG_DOT: return dot(a, b);
  case TP_LINALG_OUTER: return outer(a, b);
  default: return tp_fail("tp_linalg: unknown op %d", op);
  }
}

