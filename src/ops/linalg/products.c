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
#include "autograd.h"
#include "derivatives.h"
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

static const char *const product_names[] = {
  [TP_SHL_ADDMV] = "AddmvBackward0", [TP_SHL_ADDR] = "AddrBackward0",
  [TP_SHL_BADDBMM] = "BaddbmmBackward0", [TP_SHL_ADDBMM] = "AddbmmBackward0",
};

static tp_tensor *add_family(int which, tp_tensor *self, tp_tensor *a, tp_tensor *b, double beta, double alpha) {
  int mode = tp_set_grad_enabled(0);
  tp_tensor *out = which == TP_SHL_ADDMV ? tp_addmv_impl(self, a, b, beta, alpha)
                 : which == TP_SHL_ADDR ? tp_addr_impl(self, a, b, beta, alpha)
                 : tp_bmm_family_impl(self, a, b, beta, alpha, which == TP_SHL_ADDBMM);
  tp_set_grad_enabled(mode);
  return out;
}

static tp_tensor *add_family_record(int which, tp_tensor *self, tp_tensor *a, tp_tensor *b, double beta, double alpha) {
  tp_tensor *out = add_family(which, self, a, b, beta, alpha);
  if (!out) return NULL;
  tp_tensor *ins[3] = {self, a, b}, *save[2] = {a, b};
  int64_t iv[1] = {which};
  out = tp_record_kind(TP_GRAD_SHAPE_LINALG, product_names[which], 3, ins, out, 1, iv, 2, save);
  if (out && out->grad_fn && out->grad_fn->kind == TP_GRAD_SHAPE_LINALG) {
    out->grad_fn->s[0] = beta;
    out->grad_fn->s[1] = alpha;
  }
  return out;
}

/* In place: the result r must have self's shape and a dtype self can hold; self takes it,
 * recorded as one node of the given kind (the out-of-place op's formula). Takes r. */
static int commit_result(tp_tensor *self, tp_tensor *r, int kind, const char *name, tp_tensor *m1, tp_tensor *m2,
                         int niv, const int64_t *iv, double beta, double alpha) {
  if (r->ndim != self->ndim || memcmp(r->shape, self->shape, sizeof(int64_t) * (size_t)r->ndim)) {
    char s1[256], s2[256];
    tp_format_shape(s1, sizeof s1, self->ndim, self->shape);
    tp_format_shape(s2, sizeof s2, r->ndim, r->shape);
    tp_tensor_release(r);
    return tp_fail_status("Bad in-place call: input tensor size %s and output tensor size %s should match", s1, s2);
  }
  if (r->dtype != self->dtype && tp_promote_types(r->dtype, self->dtype) != self->dtype) {
    tp_fail_status("result type %s can't be cast to the desired output type %s", tp_dtype_title(r->dtype), tp_dtype_title(self->dtype));
    tp_tensor_release(r);
    return -1;
  }
  tp_node *n;
  tp_tensor *extra[2] = {m1, m2};
  if (tp_inplace_kind_begin(kind, name, self, 2, extra, niv, iv, 2, extra, &n)) {
    tp_tensor_release(r);
    return -1;
  }
  if (n) { n->s[0] = beta; n->s[1] = alpha; }
  tp_copy_convert(self, r);
  tp_tensor_release(r);
  self->version->value++;
  tp_inplace_commit(self, n);
  return 0;
}

static int add_family_(int which, tp_tensor *self, tp_tensor *a, tp_tensor *b, double beta, double alpha) {
  if (which == TP_SHL_ADDR && self->ndim != 2) return tp_fail_status("2D tensor expected, got %dD tensor for input", self->ndim);
  tp_tensor *r = add_family(which, self, a, b, beta, alpha);
  if (!r) return -1;
  int64_t iv[1] = {which};
  return commit_result(self, r, TP_GRAD_SHAPE_LINALG, product_names[which], a, b, 1, iv, beta, alpha);
}

TP_API tp_tensor *tp_addmv(tp_tensor *self, tp_tensor *mat, tp_tensor *vec, double beta, double alpha) {
  return add_family_record(TP_SHL_ADDMV, self, mat, vec, beta, alpha);
}
TP_API tp_tensor *tp_addr(tp_tensor *self, tp_tensor *vec1, tp_tensor *vec2, double beta, double alpha) {
  return add_family_record(TP_SHL_ADDR, self, vec1, vec2, beta, alpha);
}
TP_API tp_tensor *tp_baddbmm(tp_tensor *self, tp_tensor *b1, tp_tensor *b2, double beta, double alpha) {
  return add_family_record(TP_SHL_BADDBMM, self, b1, b2, beta, alpha);
}
TP_API tp_tensor *tp_addbmm(tp_tensor *self, tp_tensor *b1, tp_tensor *b2, double beta, double alpha) {
  return add_family_record(TP_SHL_ADDBMM, self, b1, b2, beta, alpha);
}
TP_API int tp_addmv_(tp_tensor *self, tp_tensor *mat, tp_tensor *vec, double beta, double alpha) {
  return add_family_(TP_SHL_ADDMV, self, mat, vec, beta, alpha);
}
TP_API int tp_addr_(tp_tensor *self, tp_tensor *vec1, tp_tensor *vec2, double beta, double alpha) {
  return add_family_(TP_SHL_ADDR, self, vec1, vec2, beta, alpha);
}
TP_API int tp_baddbmm_(tp_tensor *self, tp_tensor *b1, tp_tensor *b2, double beta, double alpha) {
  return add_family_(TP_SHL_BADDBMM, self, b1, b2, beta, alpha);
}
TP_API int tp_addbmm_(tp_tensor *self, tp_tensor *b1, tp_tensor *b2, double beta, double alpha) {
  return add_family_(TP_SHL_ADDBMM, self, b1, b2, beta, alpha);
}

/* addmm_: self = beta self + alpha mat1 @ mat2, recorded as AddmmBackward0 (functional.c's formula). */
TP_API int tp_addmm_(tp_tensor *self, tp_tensor *m1, tp_tensor *m2, double beta, double alpha) {
  int mode = tp_set_grad_enabled(0);
  tp_tensor *r = tp_addmm_forward(self, m1, m2, beta, alpha);
  tp_set_grad_enabled(mode);
  if (!r) return -1;
  return commit_result(self, r, TP_GRAD_ADDMM, "AddmmBackward0", m1, m2, 0, NULL, beta, alpha);
}

/* ---- vdot: dot for real tensors, its own node ------------------------------------------------ */
TP_API tp_tensor *tp_vdot(tp_tensor *a, tp_tensor *b) {
  int mode = tp_set_grad_enabled(0);
  tp_tensor *out = tp_linalg(TP_LINALG_DOT, a, b);
  tp_set_grad_enabled(mode);
  tp_tensor *ins[2] = {a, b};
  int64_t iv[1] = {TP_SHL_VDOT};
  return tp_record_kind(TP_GRAD_SHAPE_LINALG, "VdotBackward0", 2, ins, out, 1, iv, 2, ins);
}

/* ---- cross (linalg.cross): dim < -1000 picks the first dim of size 3 (torch.cross's default) */
tp_tensor *tp_cross_impl(tp_tensor *a, tp_tensor *b, double dim, int64_t *wd) {
  if (a->ndim != b->ndim) return tp_fail("linalg.cross: inputs must have the same number of dimensions.");
  int64_t w = -1;
  if (dim < -1000) {
    for (int d = 0; d < a->ndim && w < 0; d++)
      if (a->shape[d] == 3 && b->shape[d] == 3) w = d;  /* of the broadcast shape, as PyTorch's default */
    if (w < 0) return tp_fail("no dimension of size 3 in input");
  } else if (tp_wrap_dim_arg(dim, a->ndim, &w)) {
    return NULL;
  }
  if (a->shape[w] != 3 || b->shape[w] != 3)
    return tp_fail("linalg.cross: inputs dimension %lld must have length 3. Got %lld and %lld", (long long)w, (long long)a->shape[w], (long long)b->shape[w]);
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

TP_API tp_tensor *tp_cross(tp_tensor *a, tp_tensor *b, double dim) {
  int64_t w = 0;
  int mode = tp_set_grad_enabled(0);
  tp_tensor *out = tp_cross_impl(a, b, dim, &w);
  tp_set_grad_enabled(mode);
  tp_tensor *ins[2] = {a, b};
  int64_t iv[2] = {TP_SHL_CROSS, w};
  return tp_record_kind(TP_GRAD_SHAPE_LINALG, "LinalgCrossBackward0", 2, ins, out, 2, iv, 2, ins);
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

/* ---- kron: _unsafe_view(a, [s0, 1, s1, 1, ...]) * _unsafe_view(b, [1, t0, 1, t1, ...]), viewed back */
static tp_tensor *unsafe_view(tp_tensor *t, int n, const double *sizes) {
  int mode = tp_set_grad_enabled(0);
  tp_tensor *v = tp_reshape(t, n, sizes);
  tp_set_grad_enabled(mode);
  return tp_record_unary_kind(TP_GRAD_VIEW, "UnsafeViewBackward0", t, v, 0, NULL);
}

TP_API tp_tensor *tp_kron(tp_tensor *a, tp_tensor *b) {
  int nd = a->ndim > b->ndim ? a->ndim : b->ndim, pa = nd - a->ndim, pb = nd - b->ndim;
  if (2 * nd > TP_MAX_DIMS) return tp_fail("tensorpad supports at most %d dimensions", TP_MAX_DIMS);
  double ar[TP_MAX_DIMS], br[TP_MAX_DIMS], rr[TP_MAX_DIMS];
  for (int i = 0; i < nd; i++) {
    ar[2 * i] = i >= pa ? (double)a->shape[i - pa] : 1;
    ar[2 * i + 1] = 1;
    br[2 * i] = 1;
    br[2 * i + 1] = i >= pb ? (double)b->shape[i - pb] : 1;
    rr[i] = ar[2 * i] * br[2 * i + 1];
  }
  tp_tensor *av = unsafe_view(a, 2 * nd, ar), *bv = av ? unsafe_view(b, 2 * nd, br) : NULL;
  tp_tensor *m = bv ? tp_binary(TP_OP_MUL, av, bv, 1) : NULL;
  tp_tensor *out = m ? unsafe_view(m, nd, rr) : NULL;
  if (av) tp_tensor_release(av);
  if (bv) tp_tensor_release(bv);
  if (m) tp_tensor_release(m);
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
