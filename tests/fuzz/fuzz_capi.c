/* libFuzzer harness of the public C API (tensorpad.h), built with ASan+UBSan (`make fuzz`).
 *
 * The input is a program: each step reads an opcode byte and its operands and makes one
 * call over a pool of tensor slots — creation with hostile sizes/strides/offsets/dtypes,
 * views, in-place writes, index ops whose index or source aliases the written tensor,
 * printing with hostile options, backward. Numbers come from a table of values that
 * break code (NaN, 2^63, -1, 1e-300, ...) or small integers, so most calls are valid
 * enough to reach the kernels. The oracle: the sanitizers, plus after every step each
 * live tensor's reachable extent must lie inside its storage and an error must have text.
 */
#include <math.h>
#include <stddef.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include "tensorpad.h"

#define NSLOT 8

typedef struct { const uint8_t *p; size_t n; } reader;

static unsigned u8(reader *r) {
  if (!r->n) return 0;
  r->n--;
  return *r->p++;
}

static const double hostile[] = {
  0, 1, 2, 3, 4, -1, -2, 0.5, -0.5, 1.5, NAN, INFINITY, -INFINITY, 1e300, -1e300, 1e-300,
  2147483647.0, 2147483648.0, -2147483648.0, 4294967296.0, 9007199254740992.0,
  9223372036854775807.0, -9223372036854775808.0, 18446744073709551616.0, 1e19, -1e19,
  65536, 255, 256, -3, 5, 7,
};

/* Mostly small integers (-2..5), sometimes a hostile value. */
static double num(reader *r) {
  unsigned b = u8(r);
  if (b < 160) return (double)(b % 8) - 2;
  if (b < 240) return hostile[b % (sizeof hostile / sizeof hostile[0])];
  double d;
  uint8_t raw[8];
  for (int i = 0; i < 8; i++) raw[i] = (uint8_t)u8(r);
  memcpy(&d, raw, 8);
  return d;
}

/* A small non-negative size (0..4) mostly, hostile sometimes. */
static double size(reader *r) {
  unsigned b = u8(r);
  if (b < 200) return (double)(b % 5);
  return num(r);
}

/* An int as the JS layer passes one (checkInt: a safe integer), clamped into int. */
static int small_int(double v) { return v == v && v > -1e9 && v < 1e9 ? (int)v : 0; }

static int dtype(reader *r) { return (int)(u8(r) % (TP_NDTYPES + 1)) % TP_NDTYPES; }

static tp_tensor *slot[NSLOT];

/* Note [PyTorch's own autograd cycles]: an in-place op on x whose other operand's graph saved x
 * (x.add_(x.sin()), x.copy_(x.sin()), x.mul_(x), x.set_(y) for y = f(x)) gives x a grad_fn that
 * reaches a node holding x itself. PyTorch 1.13 keeps that cycle too (C++ references, beyond
 * gc: 10 rounds of `x = a * 1; x.add_(x.sin())` over 64 MB leave its RSS 1.3 GB higher), so
 * a tensor the harness lets go is detached first: the cycle through its grad_fn is broken and
 * the leak checker reports only leaks PyTorch does not have. */
static void let_go(tp_tensor *t) {
  if (tp_tensor_grad_fn(t)) tp_tensor_detach_(t);  /* (a view refuses: its cycle, if any, stays) */
  tp_tensor_release(t);
}

/* x.set_(v), x.copy_(v), x.mul_(v) with v a view of x that requires grad: x's new node holds v
 * (or its AccumulateGrad), v holds its base x. PyTorch 1.13 keeps the same cycle (measured with
 * RSS: 20 such x of 64 MB leave 1.3-2.5 GB); it runs through v's base, not a grad_fn, so let_go
 * cannot break it (Note [PyTorch's own autograd cycles]): the harness skips these calls. */
static int own_view_cycle(tp_tensor *x, tp_tensor *y) {
  return tp_tensor_requires_grad(y) && y != x && tp_tensor_storage(x) == tp_tensor_storage(y);
}

static void put(int i, tp_tensor *t) {
  if (!t) return;
  if (slot[i]) let_go(slot[i]);
  slot[i] = t;
}

/* Views are O(ndim), but an expanded view can hold 2^62 elements (stride 0) and a sum over it
 * runs for hours: such a tensor is an operand of view ops only (a hang found that way is the
 * fuzzer's own, not the library's: PyTorch computes the sum too). */
#define MAX_COMPUTE_NUMEL 16777216.0  /* 2^24 */
static int view_op;
static tp_tensor *get(reader *r) {
  tp_tensor *t = slot[u8(r) % NSLOT];
  if (!t || view_op) return t;
  double numel = 1;
  for (int d = 0; d < tp_tensor_ndim(t); d++) numel *= tp_tensor_size(t, d);
  return numel > MAX_COMPUTE_NUMEL ? NULL : t;
}

/* Sizes or dims into tp_args(): n then n values. */
static int vec(reader *r, double *a, int cap, int sizes) {
  int n = (int)(u8(r) % (cap + 1));
  for (int i = 0; i < n; i++) a[i] = sizes ? size(r) : num(r);
  return n;
}

/* The oracle beyond the sanitizers: every element of every live tensor lies in its storage. */
static void check_extent(tp_tensor *t) {
  int nd = tp_tensor_ndim(t);
  double lo = tp_tensor_offset(t), hi = lo;
  for (int d = 0; d < nd; d++) {
    double sz = tp_tensor_size(t, d), st = tp_tensor_stride(t, d);
    if (sz == 0) return;
    if (st < 0) lo += (sz - 1) * st; else hi += (sz - 1) * st;
  }
  double item = tp_dtype_itemsize(tp_tensor_dtype(t));
  if (lo < 0 || (hi + 1) * item > tp_tensor_storage_nbytes(t)) {
    fprintf(stderr, "tensor reaches outside its storage: elements [%.0f, %.0f] of %.0f bytes\n", lo, hi,
            tp_tensor_storage_nbytes(t));
    abort();
  }
}

static void release_outs(tp_tensor **out, int n, int dst) {
  for (int i = 0; i < n; i++) {
    if (i == 0) put(dst, out[i]);
    else if (out[i]) tp_tensor_release(out[i]);
  }
}

static void failed(int rc) {
  if (rc < 0 && !tp_last_error()[0]) {
    fprintf(stderr, "a call failed without a message\n");
    abort();
  }
}
/* -DFUZZ_TRACE prints each call's op, slot and outcome to stderr (to read a crash input) */
#ifdef FUZZ_TRACE
#define TRACE(ok) fprintf(stderr, "  -> %s%s\n", (ok) ? "ok" : "error: ", (ok) ? "" : tp_last_error())
#else
#define TRACE(ok) ((void)0)
#endif
#define RET(e) do { tp_tensor *r_ = (e); TRACE(r_ != NULL); if (!r_) failed(-1); put(dst, r_); } while (0)
#define STATUS(e) do { int s_ = (e); TRACE(s_ >= 0); failed(s_); } while (0)

static void step(reader *r) {
  double *a = tp_args();
  unsigned op = u8(r) % 40;
  int dst = (int)(u8(r) % NSLOT);
  view_op = op == 4 || (op >= 6 && op <= 13);
  tp_tensor *x = get(r), *y, *z, *out[4] = {0};
  int n, m;
  if (op >= 4 && !x) return;
#ifdef FUZZ_TRACE
  fprintf(stderr, "op %u -> slot %d, x", op, dst);
  if (x) for (int d = 0; d < tp_tensor_ndim(x); d++) fprintf(stderr, "%s%.0f", d ? "x" : " ", tp_tensor_size(x, d));
  fprintf(stderr, " rg=%d\n", x ? tp_tensor_requires_grad(x) : -1);
#endif
  switch (op) {
  case 0: n = vec(r, a, 5, 1); RET(tp_full(n, a, dtype(r), num(r))); break;
  case 1: { double s = num(r), e = num(r), st = num(r); RET(tp_arange(s, e, st, dtype(r))); } break;
  case 2: n = vec(r, a, 4, 1); { tp_tensor *t = tp_empty(n, a, dtype(r)); if (t) { tp_fill_(t, 1.25); } RET(t); } break;
  case 3: { double s = num(r), e = num(r); RET(tp_linspace(s, e, size(r), dtype(r))); } break;
  case 4: n = (int)(u8(r) % 4); for (int i = 0; i < 2 * n; i++) a[i] = i < n ? size(r) : num(r);
    if (u8(r) & 1) RET(tp_as_strided(x, n, a, num(r))); else STATUS(tp_as_strided_(x, n, a, num(r)));
    break;
  case 5: n = vec(r, a, 4, 0); RET(u8(r) & 1 ? tp_view(x, n, a) : tp_reshape(x, n, a)); break;
  case 6: { double d0 = num(r), d1 = num(r); RET(tp_transpose(x, d0, d1)); } break;
  case 7: n = vec(r, a, 4, 0); RET(tp_permute(x, n, a)); break;
  case 8: { double d = num(r), s = num(r), l = num(r); RET(tp_narrow(x, d, s, l)); } break;
  case 9: { double d = num(r), i = num(r); RET(tp_select(x, d, i)); } break;
  case 10: { double d = num(r), s = num(r), e = num(r), st = num(r); RET(tp_slice(x, d, s, e, st)); } break;
  case 11: n = vec(r, a, 4, 0); RET(tp_expand(x, n, a)); break;
  case 12: { double d = num(r), s = num(r), st = num(r); RET(tp_unfold(x, d, s, st)); } break;
  case 13: { double o = num(r), d1 = num(r), d2 = num(r); RET(tp_diagonal(x, o, d1, d2)); } break;
  case 14: { double d = num(r); n = vec(r, a, 3, 0); RET(tp_unflatten(x, d, n, a)); } break;
  case 15: n = (int)(u8(r) % 3); for (int i = 0; i < 2 * n; i++) a[i] = i < n ? size(r) : num(r);
    { y = get(r); int form = (int)(u8(r) % 5); if (!y) y = x;
      if (own_view_cycle(x, y)) break;  /* (set_'s NotImplemented node holds v's AccumulateGrad) */
      STATUS(tp_set_(x, y, form, num(r), n, n, a)); }
    break;
  case 16: n = vec(r, a, 3, 1); if (u8(r) & 1) STATUS(tp_resize_(x, n, a)); else RET(tp_resize(x, n, a)); break;
  case 17: m = (int)(u8(r) % TP_OP_COUNT);
    if (tp_op_kind(m) == TP_KIND_UNARY) { if (u8(r) & 1) RET(tp_unary(m, x)); else STATUS(tp_unary_(m, x)); }
    else if (tp_op_kind(m) == TP_KIND_BINARY) {
      y = get(r);
      if (!y) { double s = num(r); if (u8(r) & 1) RET(tp_binary_scalar(m, x, s, (int)(u8(r) % 3), (int)(u8(r) % 4), num(r))); else STATUS(tp_binary_scalar_(m, x, s, (int)(u8(r) % 3), num(r))); }
      else if (u8(r) & 1) RET(tp_binary(m, x, y, num(r)));
      else if (!own_view_cycle(x, y)) STATUS(tp_binary_(m, x, y, num(r)));
    } else if (tp_op_kind(m) == TP_KIND_REDUCE) {
      n = (int)(u8(r) % 4) - 1; for (int i = 0; i < n; i++) a[i] = num(r);
      { int kd = (int)(u8(r) & 1); double p = num(r); RET(tp_reduce(m, x, n, a, kd, p, (int)(u8(r) % 7) - 1)); }
    } else if (tp_op_kind(m) == TP_KIND_DIMOP) { double d = num(r); RET(tp_dimop(m, x, d, (int)(u8(r) % 7) - 1)); }
    break;
  case 18: y = get(r); z = get(r); if (!y || !z) break;
    { double d = num(r), v = num(r); int add = (int)(u8(r) % 3), k = (int)(u8(r) % 4);
      if (k == 0) STATUS(tp_scatter_(x, d, y, add == 2 ? NULL : z, v, add == 1));
      else if (k == 1) RET(tp_scatter(x, d, y, add == 2 ? NULL : z, v, add == 1));
      else if (k == 2) STATUS(tp_scatter_reduce_(x, d, y, z, (int)(u8(r) % 6), (int)(u8(r) & 1)));
      else RET(tp_gather(x, d, y)); }
    break;
  case 19: y = get(r); z = get(r); if (!y || !z) break;
    { double d = num(r), v = num(r); int k = (int)(u8(r) % 6);
      if (k == 0) STATUS(tp_index_add_(x, d, y, z, v));
      else if (k == 1) STATUS(tp_index_copy_(x, d, y, z));
      else if (k == 2) STATUS(tp_index_fill_(x, d, y, u8(r) & 1 ? z : NULL, v));
      else if (k == 3) STATUS(tp_put_(x, y, z, (int)(u8(r) & 1)));
      else if (k == 4) STATUS(tp_index_reduce_(x, d, y, z, (int)(u8(r) % 6), (int)(u8(r) & 1)));
      else RET(tp_index_select(x, d, y)); }
    break;
  case 20: n = (int)(u8(r) % 3) + 1;
    { tp_tensor **l = tp_tensor_list(n); if (!l) break;
      for (int i = 0; i < n; i++) l[i] = get(r);
      for (int i = 0; i < n; i++) if (!l[i]) l[i] = x;
      y = get(r); if (!y) break;
      if (u8(r) & 1) STATUS(tp_index_put_(x, n, l, y, (int)(u8(r) & 1))); else RET(tp_index(x, n, l)); }
    break;
  case 21: { int prec = small_int(num(r)); double th = num(r); int ei = (int)(u8(r) % 6) - 1, lw = small_int(num(r));
      if (u8(r) & 1) prec = (int)(u8(r) * 3); tp_set_printoptions(prec, th, ei, lw, (int)(u8(r) % 3) - 1);
      const char *s = tp_repr(x, u8(r) & 1 ? "AddBackward0" : NULL); if (!s) failed(-1); }
    break;
  case 22: { double lo = num(r), hi = num(r); int k = (int)(u8(r) % 5);
      if (k == 0) STATUS(tp_random_(x, lo, hi, NULL));
      else if (k == 1) STATUS(tp_random_to_(x, hi, NULL));
      else if (k == 2) STATUS(tp_random_full_(x, NULL));
      else if (k == 3) STATUS(tp_uniform_(x, lo, hi, NULL));
      else STATUS(tp_normal_(x, lo, hi, NULL)); }
    break;
  case 23: if (tp_tensor_set_requires_grad(x, 1) < 0) break;
    { y = tp_reduce(TP_OP_SUM, x, -1, a, 0, 0, -1); if (!y) break;
      tp_tensor *roots[1] = {y}, *grads[1] = {NULL};
      /* no create_graph: a leaf's .grad whose graph holds the leaf is PyTorch's documented
       * reference cycle, which the leak checker would report */
      STATUS(tp_backward(1, roots, grads, (int)(u8(r) & 1), 0));
      tp_tensor_release(y); }
    break;
  case 24: y = get(r); if (!y) break;
    if (u8(r) & 1) {
      if (own_view_cycle(x, y)) break;
      STATUS(tp_copy_(x, y));
    } else {
      RET(tp_clone(y));
    }
    break;
  case 25: RET(tp_to_dtype(x, dtype(r), (int)(u8(r) & 1))); break;
  case 26: RET(tp_contiguous(x)); break;
  case 27: { double d = num(r), k = num(r); STATUS(tp_kthvalue(x, k, d, (int)(u8(r) & 1), out)); release_outs(out, 2, dst); } break;
  case 28: { double d = num(r); int k = (int)(u8(r) % 3);
      if (k == 0) STATUS(tp_sort(x, d, (int)(u8(r) & 1), (int)(u8(r) & 1), out));
      else if (k == 1) { double kk = num(r); STATUS(tp_topk(x, kk, d, (int)(u8(r) & 1), (int)(u8(r) & 1), out)); }
      else STATUS(tp_unique(x, (int)(u8(r) & 1), (int)(u8(r) & 1), out));
      release_outs(out, 3, dst); }
    break;
  case 29: { double lo = num(r), hi = num(r); int k = (int)(u8(r) % 4);
      if (k == 0) STATUS(tp_nn_act_(TP_ACT_HARDTANH, x, lo, hi, 0));
      else if (k == 1) RET(tp_nn_act((int)(u8(r) % TP_ACT_GLU), x, lo, hi, num(r)));
      else if (k == 2) { n = vec(r, a, 6, 0); RET(tp_nn_constant_pad(x, n, a, lo)); }
      else { n = vec(r, a, 4, 0); RET(tp_nn_index_pad(x, (int)(u8(r) % 3), n, a)); } }
    break;
  case 30: { double bins = num(r), lo = num(r), hi = num(r); y = get(r);
      if (u8(r) & 1) STATUS(tp_histogram(x, u8(r) & 1 ? y : NULL, bins, (int)(u8(r) & 1), lo, hi, NULL, (int)(u8(r) & 1), out));
      else RET(tp_histc(x, bins, lo, hi));
      release_outs(out, 2, dst); }
    break;
  case 31: n = (int)(u8(r) % 3) + 1;
    { tp_tensor **l = tp_tensor_list(n); if (!l) break;
      for (int i = 0; i < n; i++) { l[i] = get(r); if (!l[i]) l[i] = x; }
      double d = num(r); RET(u8(r) & 1 ? tp_cat(n, l, d) : tp_stack(n, l, d)); }
    break;
  case 32: { int k = (int)(u8(r) % 6); double d = num(r);
      if (k == 0) RET(tp_tril(x, d)); else if (k == 1) STATUS(tp_triu_(x, d));
      else if (k == 2) { n = vec(r, a, 3, 0); RET(tp_flip(x, n, a)); }
      else if (k == 3) { n = vec(r, a, 3, 0); RET(tp_repeat(x, n, a)); }
      else if (k == 4) { n = vec(r, a, 4, 0); RET(tp_roll(x, n / 2 + n % 2, n / 2, a)); }
      else STATUS(tp_fill_diagonal_(x, d, (int)(u8(r) & 1))); }
    break;
  case 33: y = get(r); if (!y) break;
    /* (a product's work grows faster than its operands: 255^3 @ 255^3 is 8 GFLOP, minutes under
     * ASan, and PyTorch does the same work: the harness's own hang, not the library's) */
    if (tp_tensor_numel(x) * tp_tensor_numel(y) > 1e10) break;
    RET(tp_linalg((int)(u8(r) % TP_LINALG_NOPS), x, y)); break;
  case 34: { int k = (int)(u8(r) % 4); double d = num(r);
      if (k == 0) { double s = num(r); n = tp_split(x, s, d); }
      else if (k == 1) { n = tp_chunk(x, num(r), d); }
      else if (k == 2) { n = tp_unbind(x, d); }
      else { double sec = num(r); m = vec(r, a, 3, 0); n = tp_tensor_split(x, m, a, sec, d); }
      failed(n); if (n > 0) { tp_tensor **l = tp_tensor_list(0); for (int i = 0; i < n; i++) { if (i == 0) put(dst, l[i]); else tp_tensor_release(l[i]); } } }
    break;
  case 35: { y = get(r); z = get(r); if (!y) break; int k = (int)(u8(r) % 4);
      if (k == 0) RET(tp_masked_fill(x, y, NULL, num(r)));
      else if (k == 1 && z) STATUS(tp_masked_scatter_(x, y, z));
      else if (k == 2) RET(tp_take(x, y));
      else RET(tp_masked_select(x, y)); }
    break;
  case 36: n = (int)(u8(r) % 3); for (int i = 0; i < 2 * n; i++) a[i] = i < n ? size(r) : num(r);
    RET(tp_empty_strided(n, a, dtype(r)));
    break;
  case 37: { double d = num(r), n2 = num(r); RET(tp_diff(x, n2, d, NULL, NULL)); } break;
  case 38: { double p[12]; for (int i = 0; i < 12; i++) p[i] = num(r);
      for (int i = 0; i < 12; i++) a[i] = p[i];
      if (u8(r) & 1) RET(tp_avg_pool2d(x, a)); else { STATUS(tp_max_pool2d(x, a, out)); release_outs(out, 2, dst); } }
    break;
  case 39: { y = get(r); if (!y) break; double p[6]; for (int i = 0; i < 6; i++) p[i] = num(r);
      for (int i = 0; i < 6; i++) a[i] = p[i];
      RET(tp_convolution(x, y, NULL, 2, a, num(r))); }
    break;
  }
}

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size_) {
  reader r = {data, size_};
  tp_set_printoptions(4, 1000, 3, 80, -1);
  tp_set_default_dtype(TP_FLOAT32);
  tp_set_grad_enabled(1);
  tp_manual_seed(0);
  for (int steps = 0; r.n && steps < 64; steps++) {
    step(&r);
    for (int i = 0; i < NSLOT; i++) if (slot[i]) check_extent(slot[i]);
  }
  for (int i = 0; i < NSLOT; i++) {
    if (slot[i]) let_go(slot[i]);
    slot[i] = NULL;
  }
  tp_set_printoptions(4, 1000, 3, 80, -1);
  return 0;
}
