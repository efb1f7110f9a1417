/* The remaining Tensor methods that compose existing entry points, as PyTorch's own
 * composites do (so the graph they record is PyTorch's): cov, corrcoef (ATen's
 * Correlation.cpp) and fill_diagonal_ (an as_strided view filled in place: CopySlices on a
 * non-leaf, as in PyTorch). Compiled for size; no kernels of its own. */
#include "internal.h"
#include "tensorpad.h"
#include "shape.h"

/* Releases up to four temporaries (NULL allowed) and returns r. */
static tp_tensor *drop(tp_tensor *r, tp_tensor *a, tp_tensor *b, tp_tensor *c, tp_tensor *d) {
  tp_tensor *t[4] = {a, b, c, d};
  for (int i = 0; i < 4; i++)
    if (t[i]) tp_tensor_release(t[i]);
  return r;
}

/* cov(input, correction): observations along dim 1 (a vector is one variable).
 *   avg = in.sum(1) / n;  c = mm(in - avg[:, None], (in - avg[:, None]).t());  c / max(n - correction, 0) */
static tp_tensor *cov_impl(const char *fname, tp_tensor *t, double correction) {
  if (t->ndim > 2)
    return tp_fail("%s(): expected input to have two or fewer dimensions but got an input with %d dimensions", fname, t->ndim);
  if (t->dtype == TP_BOOL) return tp_fail("%s(): bool dtype is not supported for input", fname);
  double flat[2] = {1, -1};
  tp_tensor *in = t->ndim < 2 ? tp_view(t, 2, flat) : (tp_tensor_retain(t), t);
  if (!in) return NULL;
  int64_t n = in->shape[1], nf = n - tp_arg_i64(correction);
  tp_tensor *wsum = tp_full(0, NULL, TP_INT64, (double)n);
  tp_tensor *norm = wsum ? tp_full(0, NULL, TP_INT64, nf > 0 ? (double)nf : 0) : NULL;
  double one = 1;
  tp_tensor *s = norm ? tp_reduce(TP_OP_SUM, in, 1, &one, 0, 0, -1) : NULL;
  tp_tensor *avg = s ? tp_binary(TP_OP_DIV, s, wsum, 1) : NULL;
  drop(NULL, s, wsum, NULL, NULL);
  tp_tensor *avg1 = avg ? tp_unsqueeze(avg, 1) : NULL;
  tp_tensor *cen = avg1 ? tp_binary(TP_OP_SUB, in, avg1, 1) : NULL;
  drop(NULL, avg, avg1, in, NULL);
  tp_tensor *ct = cen ? tp_t(cen) : NULL;
  tp_tensor *c = ct ? tp_linalg(TP_LINALG_MM, cen, ct) : NULL;
  drop(NULL, cen, ct, NULL, NULL);
  tp_tensor *q = c ? tp_binary(TP_OP_DIV, c, norm, 1) : NULL;
  drop(NULL, c, norm, NULL, NULL);
  tp_tensor *out = q ? tp_squeeze(q) : NULL;
  return drop(out, q, NULL, NULL, NULL);
}

TP_API tp_tensor *tp_cov(tp_tensor *t, double correction) { return cov_impl("cov", t, correction); }

/* corrcoef: c = cov(x); c / sqrt(diag(c))[:, None] / sqrt(diag(c))[None, :], clipped to [-1, 1]. */
TP_API tp_tensor *tp_corrcoef(tp_tensor *t) {
  tp_tensor *c = cov_impl("corrcoef", t, 1);
  if (!c || c->ndim == 0) return c ? drop(tp_binary(TP_OP_DIV, c, c, 1), c, NULL, NULL, NULL) : NULL;
  double col[2] = {-1, 1}, row[2] = {1, -1};
  tp_tensor *d = tp_diag(c, 0), *sd = d ? tp_unary(TP_OP_SQRT, d) : NULL;
  tp_tensor *sc = sd ? tp_view(sd, 2, col) : NULL, *c1 = sc ? tp_binary(TP_OP_DIV, c, sc, 1) : NULL;
  tp_tensor *sr = c1 ? tp_view(sd, 2, row) : NULL, *c2 = sr ? tp_binary(TP_OP_DIV, c1, sr, 1) : NULL;
  drop(NULL, c, d, sc, c1);
  tp_tensor *out = c2 ? tp_clamp(TP_OP_CLAMP, c2, NULL, NULL, -1, TP_SCALAR_INT, 1, TP_SCALAR_INT) : NULL;
  return drop(out, sd, sr, c2, NULL);
}

/* fill_diagonal_(value, wrap): the main diagonal of a matrix (or of an n-cube) as one
 * as_strided view, filled; with wrap, a tall matrix's diagonal restarts every width+1 rows. */
TP_API int tp_fill_diagonal_(tp_tensor *t, double value, int wrap) {
  int nd = t->ndim;
  if (nd < 2) return tp_fail_status("dimensions must larger than 1");
  int64_t h = t->shape[0], w = t->shape[1], stride = 0;
  for (int i = 1; i < nd && nd > 2; i++)
    if (t->shape[i] != h) return tp_fail_status("all dimensions of input must be of equal length");
  for (int i = 0; i < nd; i++) stride += t->stride[i];
  int64_t size = h < w ? h : w;
  double ss[2] = {(double)size, (double)stride};
  tp_tensor *diag = tp_as_strided(t, 1, ss, (double)t->offset);
  if (!diag) return -1;
  int rc = tp_fill_(diag, value);
  tp_tensor_release(diag);
  if (rc || !(wrap && nd == 2 && h > w + 1)) return rc;
  int64_t numel = h * w, step = w + 1;
  double ws[2] = {(double)((numel + step - 1) / step - size), (double)stride};
  tp_tensor *wd = tp_as_strided(t, 1, ws, (double)(t->offset + t->stride[0] * (w + 1)));
  if (!wd) return -1;
  rc = tp_fill_(wd, value);
  tp_tensor_release(wd);
  return rc;
}
