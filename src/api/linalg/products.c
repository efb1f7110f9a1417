/* products.c — the entry points of src/ops/linalg/products.c:
 * each validates, runs the kernel (products_kernels.h) and records the autograd node. */
#include <math.h>
#include <stdio.h>
#include <string.h>
#include "internal.h"
#include "shape.h"
#include "autograd.h"
#include "derivatives.h"
#include "products_kernels.h"

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
  /* addmm_, addr_ and addbmm_ write through addmm's structured out (its overlap check);
   * baddbmm_ and addmv_ do not check in 1.13 */
  int checked = kind == TP_GRAD_ADDMM || (niv && (iv[0] == TP_SHL_ADDR || iv[0] == TP_SHL_ADDBMM));
  if (checked && tp_check_no_internal_overlap(self)) {
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

TP_API tp_tensor *tp_cross(tp_tensor *a, tp_tensor *b, double dim) {
  int64_t w = 0;
  int mode = tp_set_grad_enabled(0);
  tp_tensor *out = tp_cross_impl(a, b, dim, &w);
  tp_set_grad_enabled(mode);
  tp_tensor *ins[2] = {a, b};
  int64_t iv[2] = {TP_SHL_CROSS, w};
  return tp_record_kind(TP_GRAD_SHAPE_LINALG, "LinalgCrossBackward0", 2, ins, out, 2, iv, 2, ins);
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
