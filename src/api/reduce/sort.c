/* sort.c — the entry points of src/ops/reduce/sort.c:
 * each validates, runs the kernel (sort_kernels.h) and records the autograd node. */
#include <math.h>
#include <stdlib.h>
#include <string.h>
#include "ops.h"
#include "sort.h"
#include "autograd.h"
#include "derivatives.h"
#include "sort_kernels.h"

/* ---- autograd: the values select input elements (Note [Ties as PyTorch breaks them]) ---- */
/* d self = zeros.scatter(dim, indices, g) (scatter_add for cummax/cummin, where an index
 * repeats), through the max(dim) formula (derivatives.c, reduce_indexed_formula). */
static int record_selected(const char *name, tp_tensor *x, int64_t dim, int keepdim, int add, tp_tensor **out) {
  if (!tp_any_requires_grad(1, &x)) return 0;
  tp_node *n = tp_node_new(TP_GRAD_REDUCE_INDEXED, 0, name, 1, &x, 2);
  if (!n || tp_node_save(n, out[1], -1) || (add && tp_node_save(n, x, -1))) {  /* cummax/cummin save self too */
    if (n) tp_node_release(n);
    return -1;
  }
  int64_t iv[3] = {dim, keepdim || x->ndim == 0, add};
  tp_node_set_iv(n, 3, iv);
  tp_node_set_output(n, out[0], 0);
  n->out_meta[1].ndim = (int8_t)out[1]->ndim;  /* the indices are an output, never differentiable */
  n->out_meta[1].dtype = TP_INT64;
  memcpy(n->out_meta[1].shape, out[1]->shape, sizeof(int64_t) * out[1]->ndim);
  tp_node_release(n);
  return 0;
}

static int finish(int rc, const char *name, tp_tensor *x, int64_t dim, int keepdim, int add, tp_tensor **out) {
  if (rc) return -1;
  if (record_selected(name, x, dim, keepdim, add, out)) {
    tp_tensor_release(out[0]);
    tp_tensor_release(out[1]);
    out[0] = out[1] = NULL;  /* a failed call hands back nothing */
    return -1;
  }
  return 0;
}

static int run(const sel *s, const char *name, tp_tensor *x, int64_t dim, int64_t m, int keepdim, int add, tp_tensor **out) {
  int mode = tp_set_grad_enabled(0);
  int rc = tp_run_lines(s, x, dim, m, keepdim, out);
  tp_set_grad_enabled(mode);
  return finish(rc, name, x, dim, keepdim, add, out);
}

/* ---- entry points --------------------------------------------------------------------------- */
TP_API int tp_sort(tp_tensor *x, double dim, int descending, int stable, tp_tensor **out) {
  int64_t d;
  if (tp_wrap_dim_arg(dim, x->ndim, &d)) return -1;
  sel s = {.what = stable == 1 ? SEL_STABLE : SEL_SORT, .descending = descending};  /* stable: 0 not given, 1 true, 2 false */
  return run(&s, stable ? "SortBackward1" : "SortBackward0", x, d, x->ndim ? x->shape[d] : 1, 1, 0, out);
}

TP_API int tp_topk(tp_tensor *x, double k, double dim, int largest, int sorted, tp_tensor **out) {
  int64_t d;
  if (tp_wrap_dim_arg(dim, x->ndim, &d)) return -1;
  int64_t n = x->ndim ? x->shape[d] : 1;
  if (!(k >= 0 && k <= n)) return tp_fail_status("selected index k out of range");
  if (tp_not_for_bool(x, "topk_cpu")) return -1;
  int64_t kk = x->ndim ? tp_clamp_i64(k) : 1;  /* a 0-d tensor's topk(0) is itself, as 1.13's */
  sel s = {.what = SEL_TOPK, .descending = largest, .sorted = sorted, .k = kk};
  return run(&s, "TopkBackward0", x, d, kk, 1, 0, out);
}

TP_API int tp_kthvalue(tp_tensor *x, double k, double dim, int keepdim, tp_tensor **out) {
  int64_t d;
  if (tp_wrap_dim_arg(dim, x->ndim, &d)) return -1;
  int64_t n = x->ndim ? x->shape[d] : 1;
  if (n == 0) return tp_fail_status("kthvalue(): Expected reduction dim %lld to have non-zero size.", (long long)d);
  if (!(k >= 1 && k <= n)) return tp_fail_status("kthvalue(): selected number k out of range for dimension %lld", (long long)d);
  if (tp_not_for_bool(x, "kthvalue_cpu")) return -1;
  sel s = {.what = SEL_KTH, .k = tp_clamp_i64(k) - 1};
  return run(&s, "KthvalueBackward0", x, d, 1, keepdim, 0, out);
}

/* median/nanmedian(dim) (ignore_nan), mode(dim), cummax/cummin(dim): which = 0 median,
 * 1 nanmedian, 2 mode, 3 cummax, 4 cummin. */
TP_API int tp_select_dim(int which, tp_tensor *x, double dim, int keepdim, tp_tensor **out) {
  static const char *const names[] = {"median", "nanmedian", "mode", "cummax", "cummin"};
  static const char *const grads[] = {"MedianBackward1", "NanmedianBackward1", "ModeBackward0", "CummaxBackward0", "CumminBackward0"};
  static const int whats[] = {SEL_MEDIAN, SEL_NANMEDIAN, SEL_MODE, SEL_CUMMAX, SEL_CUMMIN};
  if (which < 0 || which > 4) return tp_fail_status("tensorpad: no selection op %d", which);
  int64_t d = 0;
  int cum = which >= 3;
  /* 1.13's cummax/cummin of a 0-d tensor return it before looking at dim (any dim goes) */
  if (!(cum && x->ndim == 0) && tp_wrap_dim_arg(dim, x->ndim, &d)) return -1;
  if (!cum && x->ndim > 0 && x->shape[d] == 0)
    /* nanmedian's check is median's in 1.13 (its text too) */
    return tp_fail_status("%s(): Expected reduction dim %lld to have non-zero size.", names[which == 1 ? 0 : which], (long long)d);
  if (which < 2 && tp_not_for_bool(x, "median_out")) return -1;
  sel s = {.what = whats[which]};
  return run(&s, grads[which], x, d, cum ? (x->ndim ? x->shape[d] : 1) : 1, cum || keepdim, cum, out);
}

/* median() / nanmedian() of all elements: the lower median (NaN if any for median, of the
 * non-NaN values for nanmedian; NaN when there are none). MedianBackward0 shares the
 * gradient among the elements equal to the result, as max() does. */
TP_API tp_tensor *tp_median(tp_tensor *x, int ignore_nan) {
  if (tp_not_for_bool(x, "median_cpu")) return NULL;
  int mode = tp_set_grad_enabled(0);
  double all = -1;
  tp_tensor *flat = tp_reshape(x, 1, &all), *pair[2] = {NULL, NULL}, *out = NULL;
  sel s = {.what = SEL_MEDIAN_ALL, .descending = ignore_nan};
  if (flat && tp_shape_numel(x->ndim, x->shape) == 0) {  /* the median of nothing is NaN */
    int64_t none = 0;
    out = tp_tensor_make(x->dtype, 0, &none);
    if (out) tp_store_f64(tp_ptr(out), x->dtype, NAN);
  } else if (flat && !tp_run_lines(&s, flat, 0, 1, 0, pair)) {
    out = pair[0];
    pair[0] = NULL;
  }
  tp_tensor_release(flat);
  tp_tensor_release(pair[0]);
  tp_tensor_release(pair[1]);
  tp_set_grad_enabled(mode);
  if (!out || !tp_any_requires_grad(1, &x)) return out;
  tp_node *nd = tp_node_new(TP_GRAD_REDUCE, TP_OP_MAX, ignore_nan ? "NanmedianBackward0" : "MedianBackward0", 1, &x, 1);
  int failed = !nd;
  if (nd) {
    int64_t iv[2] = {x->ndim ? ((int64_t)1 << x->ndim) - 1 : 0, 0};
    tp_node_set_iv(nd, 2, iv);
    failed |= tp_node_save(nd, x, -1);
    failed |= tp_node_save(nd, out, 0);
  }
  if (failed) {
    if (nd) tp_node_release(nd);
    tp_tensor_release(out);
    return NULL;
  }
  tp_node_set_output(nd, out, 0);
  tp_node_release(nd);
  return out;
}
