/* More linear algebra: addmv, addr, baddbmm, addbmm (and their in-place forms), vdot, cross,
 * and the composites inner, kron, matrix_power.
 *
 * The add* family and vdot/cross are single nodes in PyTorch (AddmvBackward0, ...): their
 * forwards are composed of the entry points below autograd, then one TP_GRAD_SHAPE_LINALG node is
 * recorded (formulas at the end of derivatives.c). inner, kron and matrix_power are
 * composites in PyTorch too, and here: their graphs are the nodes of the ops they call.
 * Messages are PyTorch 1.13's. Compiled -Os.
 */
#include <math.h>
#include <stdio.h>
#include <string.h>
#include "internal.h"
#include "shape.h"
#include "products_kernels.h"

static int scalar_kind(double v) { return v == floor(v) ? TP_SCALAR_INT : TP_SCALAR_FLOAT; }

/* beta * self + alpha * prod, self expanded to prod's shape first (PyTorch's expand error);
 * beta == 0 ignores self's values (nan and inf in it are not propagated). Below autograd. */
static tp_tensor *combine(tp_tensor *self, tp_tensor *prod, double beta, double alpha) {
  double sizes[TP_MAX_DIMS];
  for (int d = 0; d < prod->ndim; d++) sizes[d] = (double)prod->shape[d];
  tp_tensor *se = tp_expand(self, prod->ndim, sizes);
  if (!se) return NULL;
  tp_tensor *out;
  if (beta == 0) {
    out = alpha == 1 ? tp_clone(prod) : tp_binary_scalar(TP_OP_MUL, prod, alpha, scalar_kind(alpha), TP_FORM_PY, 1);
    if (out && out->dtype != tp_promote_types(self->dtype, out->dtype)) {
      tp_tensor *c = tp_to_dtype(out, tp_promote_types(self->dtype, out->dtype), 0);
      tp_tensor_release(out);
      out = c;
    }
  } else {
    tp_tensor *bs = beta == 1 ? se : tp_binary_scalar(TP_OP_MUL, se, beta, scalar_kind(beta), TP_FORM_PY, 1);
    out = bs ? tp_binary(TP_OP_ADD, bs, prod, alpha) : NULL;
    if (bs && bs != se) tp_tensor_release(bs);
  }
  tp_tensor_release(se);
  return out;
}

tp_tensor *tp_addmv_impl(tp_tensor *self, tp_tensor *mat, tp_tensor *vec, double beta, double alpha) {
  if (mat->ndim != 2 || vec->ndim != 1 || self->ndim > 1)
    return tp_fail("vector + matrix @ vector expected, got %d, %d, %d", self->ndim, mat->ndim, vec->ndim);
  int64_t sn = tp_shape_numel(self->ndim, self->shape);
  if (mat->shape[1] != vec->shape[0] || (mat->shape[0] != sn && sn != 1))
    return tp_fail("size mismatch, got %lld, %lldx%lld,%lld", (long long)(self->ndim ? self->shape[0] : 1), (long long)mat->shape[0],
                   (long long)mat->shape[1], (long long)vec->shape[0]);
  tp_tensor *p = tp_linalg(TP_LINALG_MV, mat, vec);
  tp_tensor *out = p ? combine(self, p, beta, alpha) : NULL;
  if (p) tp_tensor_release(p);
  return out;
}

tp_tensor *tp_addr_impl(tp_tensor *self, tp_tensor *v1, tp_tensor *v2, double beta, double alpha) {
  if (v1->ndim != 1) return tp_fail("addr: Expected 1-D argument vec1, but got %d-D", v1->ndim);
  if (v2->ndim != 1) return tp_fail("addr: Expected 1-D argument vec2, but got %d-D", v2->ndim);
  tp_tensor *p = tp_linalg(TP_LINALG_OUTER, v1, v2);
  tp_tensor *out = p ? combine(self, p, beta, alpha) : NULL;
  if (p) tp_tensor_release(p);
  return out;
}

/* Checks of baddbmm/addbmm after self was expanded to the result's shape. */
static int bmm_check(tp_tensor *b1, tp_tensor *b2, int add) {
  if (b1->ndim != 3) return tp_fail_status("batch1 must be a 3D tensor");
  if (b2->ndim != 3) return tp_fail_status("batch2 must be a 3D tensor");
  if (add && b1->shape[0] != b2->shape[0])
    return tp_fail_status("batch1 and batch2 must have same number of batches, got %lld and %lld", (long long)b1->shape[0], (long long)b2->shape[0]);
  if (add && b1->shape[2] != b2->shape[1])
    return tp_fail_status("Incompatible matrix sizes for bmm (%lldx%lld and %lldx%lld)", (long long)b1->shape[1], (long long)b1->shape[2],
                          (long long)b2->shape[1], (long long)b2->shape[2]);
  if (!add && (b2->shape[0] != b1->shape[0] || b2->shape[1] != b1->shape[2]))
    return tp_fail_status("Expected size for first two dimensions of batch2 tensor to be: [%lld, %lld] but got: [%lld, %lld].",
                          (long long)b1->shape[0], (long long)b1->shape[2], (long long)b2->shape[0], (long long)b2->shape[1]);
  return 0;
}

/* add = 0: baddbmm (out [B, n, p]); add = 1: addbmm (the batch summed, out [n, p]). */
static int64_t size_at(const tp_tensor *t, int d) { return d < t->ndim ? t->shape[d] : 1; }

tp_tensor *tp_bmm_family_impl(tp_tensor *self, tp_tensor *b1, tp_tensor *b2, double beta, double alpha, int add) {
  /* self is expanded to the result's shape before the operands are checked, as in PyTorch */
  double sizes[3] = {(double)size_at(b1, 0), (double)size_at(b1, 1), (double)size_at(b2, 2)};
  int nd = add ? 2 : 3;
  if (add) { sizes[0] = sizes[1]; sizes[1] = sizes[2]; }
  tp_tensor *se = tp_expand(self, nd, sizes);
  if (!se) return NULL;
  tp_tensor_release(se);
  if (bmm_check(b1, b2, add)) return NULL;
  tp_tensor *p = tp_linalg(TP_LINALG_BMM, b1, b2);
  if (p && add) {
    double zero = 0;
    tp_tensor *s = tp_reduce(TP_OP_SUM, p, 1, &zero, 0, 0, -1);
    tp_tensor_release(p);
    p = s;
  }
  tp_tensor *out = p ? combine(self, p, beta, alpha) : NULL;
  if (p) tp_tensor_release(p);
  return out;
}

/* ---- cross (linalg.cross): dim < -1000 picks the first dim of size 3 (torch.cross's default) */
tp_tensor *tp_cross_impl(tp_tensor *a, tp_tensor *b, double dim, int64_t *wd) {
  int64_t w = -1, given;
  if (dim < -1000) {  /* 1.13's _default_cross_dim: input's first dim of size 3, before any other check */
    for (int d = 0; d < a->ndim && w < 0; d++)
      if (a->shape[d] == 3) w = d;
    if (w < 0) return tp_fail("no dimension of size 3 in input");
    dim = (double)w;
  }
  if (a->ndim != b->ndim) return tp_fail("linalg.cross: inputs must have the same number of dimensions.");
  if (tp_int_arg(dim, "dim", &given)) return NULL;
  if (a->ndim == 0) return tp_fail("Dimension specified as %lld but tensor has no dimensions", (long long)given);
  if (tp_wrap_dim(given, a->ndim, &w)) return NULL;
  if (a->shape[w] != 3 || b->shape[w] != 3)  /* the dim as given, as linalg_cross's check prints it */
    return tp_fail("linalg.cross: inputs dimension %lld must have length 3. Got %lld and %lld", (long long)given, (long long)a->shape[w], (long long)b->shape[w]);
  if (a->dtype != b->dtype)  /* 1.13's cross kernel takes one dtype */
    return tp_fail("expected scalar type %s but found %s", tp_dtype_title(a->dtype), tp_dtype_title(b->dtype));
  if (a->dtype == TP_BOOL) return tp_fail("\"cross\" not implemented for 'Bool'");
  *wd = w;
  /* out = a[i+1] b[i+2] - a[i+2] b[i+1] (indices mod 3) */
  int64_t three = 3;
  tp_tensor *i1 = tp_tensor_make(TP_INT64, 1, &three), *i2 = tp_tensor_make(TP_INT64, 1, &three);
  tp_tensor *out = NULL;
  if (i1 && i2) {
    int64_t *p1 = (int64_t *)tp_ptr(i1), *p2 = (int64_t *)tp_ptr(i2);
    for (int k = 0; k < 3; k++) { p1[k] = (k + 1) % 3; p2[k] = (k + 2) % 3; }
    tp_tensor *a1 = tp_index_select(a, (double)w, i1), *a2 = tp_index_select(a, (double)w, i2);
    tp_tensor *b1 = tp_index_select(b, (double)w, i1), *b2 = tp_index_select(b, (double)w, i2);
    tp_tensor *l = a1 && b2 ? tp_binary(TP_OP_MUL, a1, b2, 1) : NULL, *r = a2 && b1 ? tp_binary(TP_OP_MUL, a2, b1, 1) : NULL;
    out = l && r ? tp_binary(TP_OP_SUB, l, r, 1) : NULL;
    tp_tensor *all[6] = {a1, a2, b1, b2, l, r};
    for (int k = 0; k < 6; k++) if (all[k]) tp_tensor_release(all[k]);
  }
  if (i1) tp_tensor_release(i1);
  if (i2) tp_tensor_release(i2);
  return out;
}

/* ---- inner: tensordot over the last dims (permute, reshape, mm, reshape), as PyTorch ------- */
TP_API tp_tensor *tp_inner(tp_tensor *a, tp_tensor *b) {
  if (a->ndim == 0 || b->ndim == 0) return tp_binary(TP_OP_MUL, a, b, 1);
  int64_t la = a->shape[a->ndim - 1], lb = b->shape[b->ndim - 1];
  if (la != lb) {
    char s1[256], s2[256];
    tp_format_shape(s1, sizeof s1, a->ndim, a->shape);
    tp_format_shape(s2, sizeof s2, b->ndim, b->shape);
    return tp_fail("inner() the last dimension must match on both input tensors but got shapes %s and %s", s1, s2);
  }
  if (a->ndim + b->ndim - 2 > TP_MAX_DIMS) return tp_fail("tensorpad supports at most %d dimensions", TP_MAX_DIMS);
  /* a: its dims as they are (the summed one is already last); b: the last dim moved first */
  double pa[TP_MAX_DIMS], pb[TP_MAX_DIMS], ra[2], rb[2], rout[TP_MAX_DIMS];
  double size1 = 1, size2 = 1;
  int nout = 0;
  for (int d = 0; d < a->ndim; d++) pa[d] = d;
  for (int d = 0; d < a->ndim - 1; d++) { size1 *= (double)a->shape[d]; rout[nout++] = (double)a->shape[d]; }
  pb[0] = b->ndim - 1;
  for (int d = 0; d < b->ndim - 1; d++) { pb[d + 1] = d; size2 *= (double)b->shape[d]; rout[nout++] = (double)b->shape[d]; }
  ra[0] = size1; ra[1] = (double)la;
  rb[0] = (double)lb; rb[1] = size2;
  tp_tensor *p1 = tp_permute(a, a->ndim, pa), *t1 = p1 ? tp_reshape(p1, 2, ra) : NULL;
  tp_tensor *p2 = tp_permute(b, b->ndim, pb), *t2 = p2 ? tp_reshape(p2, 2, rb) : NULL;
  tp_tensor *m = t1 && t2 ? tp_linalg(TP_LINALG_MM, t1, t2) : NULL;
  tp_tensor *out = m ? tp_reshape(m, nout, rout) : NULL;
  tp_tensor *all[5] = {p1, t1, p2, t2, m};
  for (int k = 0; k < 5; k++) if (all[k]) tp_tensor_release(all[k]);
  return out;
}

/* ---- matrix_power: repeated squaring with matmul, as linalg.matrix_power ---------------------- */
TP_API tp_tensor *tp_matrix_power(tp_tensor *a, double n_) {
  if (a->ndim < 2) return tp_fail("linalg.matrix_power: The input tensor A must have at least 2 dimensions.");
  int64_t r = a->shape[a->ndim - 2], c = a->shape[a->ndim - 1], n = tp_arg_i64(n_);
  if (r != c) return tp_fail("linalg.matrix_power: A must be batches of square matrices, but they are %lld by %lld matrices", (long long)r, (long long)c);
  if (n < 0) return tp_fail("matrix_power: a negative exponent needs linalg.inv, which tensorpad does not have");
  if (n == 0) {  /* a.clone().copy_(eye.expand_as(a)) */
    tp_tensor *out = tp_clone(a), *e = out ? tp_eye((double)r, (double)r, a->dtype) : NULL;
    double sizes[TP_MAX_DIMS];
    for (int d = 0; d < a->ndim; d++) sizes[d] = (double)a->shape[d];
    tp_tensor *ee = e ? tp_expand(e, a->ndim, sizes) : NULL;
    int rc = ee ? tp_copy_(out, ee) : -1;
    if (e) tp_tensor_release(e);
    if (ee) tp_tensor_release(ee);
    if (rc && out) { tp_tensor_release(out); out = NULL; }
    return out;
  }
  if (n == 1) return tp_clone(a);
  tp_tensor *z = NULL, *result = NULL;
  int failed = 0;
  if (n == 2) return tp_linalg(TP_LINALG_MATMUL, a, a);
  if (n == 3) {
    z = tp_linalg(TP_LINALG_MATMUL, a, a);
    result = z ? tp_linalg(TP_LINALG_MATMUL, z, a) : NULL;
    if (z) tp_tensor_release(z);
    return result;
  }
  while (n > 0) {
    int bit = (int)(n % 2);
    n /= 2;
    tp_tensor *nz = z ? tp_linalg(TP_LINALG_MATMUL, z, z) : a;
    if (!nz) { failed = 1; break; }
    if (nz == a) tp_tensor_retain(a);
    if (z) tp_tensor_release(z);
    z = nz;
    if (bit) {
      tp_tensor *nr = result ? tp_linalg(TP_LINALG_MATMUL, result, z) : z;
      if (!nr) { failed = 1; break; }
      if (nr == z) tp_tensor_retain(z);
      if (result) tp_tensor_release(result);
      result = nr;
    }
  }
  if (z) tp_tensor_release(z);
  if (failed && result) { tp_tensor_release(result); result = NULL; }
  return result;
}
