/* Native tests of the elementwise and reduction ops (scalar paths; the wasm SIMD paths are
 * compared against these in tests/js/ops_simd.test.mjs): the strided iterator on random
 * shapes and layouts (sizes 1, 3, 17, 255, 257) against naive index loops, PyTorch's
 * promotion rules, reductions, in-place writes and their errors. */
#include <math.h>
#include <stdlib.h>
#include "../../src/tensorpad.h"
#include "internal.h"
#include "check.h"

static uint32_t rng = 12345;
static uint32_t rnd(void) { rng = rng * 1664525u + 1013904223u; return rng >> 8; }
static double rnd_val(void) { return ((double)(rnd() % 2001) - 1000.0) / 64.0; }  /* exact in float32 */

static tp_tensor *make(int dtype, int ndim, const int64_t *shape) {
  double s[TP_MAX_DIMS];
  for (int d = 0; d < ndim; d++) s[d] = (double)shape[d];
  tp_tensor *t = tp_empty(ndim, s, dtype);
  int64_t n = tp_shape_numel(ndim, shape), item = tp_dtype_table[dtype].itemsize;
  for (int64_t i = 0; i < n; i++) tp_store_f64((char *)tp_tensor_data(t) + i * item, dtype, rnd_val());
  return t;
}

/* Element at a multi-index, honouring strides and broadcasting (size-1 dims read index 0). */
static double at(const tp_tensor *t, int ndim, const int64_t *idx) {
  int64_t off = 0;
  for (int d = 0; d < t->ndim; d++) {
    int64_t i = idx[ndim - t->ndim + d];
    off += (t->shape[d] == 1 ? 0 : i) * t->stride[d];
  }
  return tp_load_f64(tp_ptr(t) + off * tp_dtype_table[t->dtype].itemsize, t->dtype);
}

static int next_index(int ndim, const int64_t *shape, int64_t *idx) {
  for (int d = ndim - 1; d >= 0; d--) {
    if (++idx[d] < shape[d]) return 1;
    idx[d] = 0;
  }
  return 0;
}

static const int64_t sizes[] = {1, 3, 17, 255, 257};

/* A view of a bigger tensor: transposed, sliced with a step, or expanded from size 1. */
static tp_tensor *layout(tp_tensor *base, int kind) {
  if (kind == 0 || (kind == 1 && base->ndim < 2)) return tp_alias(base);
  if (kind == 1) return tp_transpose(base, 0, base->ndim - 1);
  return tp_slice(base, base->ndim - 1, 0, NAN, 2);
}

static void test_binary_layouts(void) {
  const int ops[] = {TP_OP_ADD, TP_OP_SUB, TP_OP_MUL, TP_OP_DIV, TP_OP_MAXIMUM, TP_OP_MINIMUM, TP_OP_LT};
  for (int trial = 0; trial < 60; trial++) {
    int ndim = 1 + (int)(rnd() % 3);
    int64_t shape[3];
    for (int d = 0; d < ndim; d++) shape[d] = ndim == 3 ? sizes[rnd() % 3] : sizes[rnd() % 5];
    int ka = (int)(rnd() % 3), kb = (int)(rnd() % 3);
    int64_t bigA[3], bigB[3];
    for (int d = 0; d < ndim; d++) bigA[d] = bigB[d] = shape[d];
    if (ka == 1) { bigA[0] = shape[ndim - 1]; bigA[ndim - 1] = shape[0]; }
    if (ka == 2) bigA[ndim - 1] = shape[ndim - 1] * 2;
    if (kb == 1) { bigB[0] = shape[ndim - 1]; bigB[ndim - 1] = shape[0]; }
    if (kb == 2) bigB[ndim - 1] = shape[ndim - 1] * 2;
    if (rnd() % 4 == 0) {                                 /* broadcast b along dim 0 */
      for (int d = 0; d < ndim; d++) bigB[d] = shape[d];
      bigB[0] = 1;
      kb = 0;
    }
    tp_tensor *A = make(TP_FLOAT32, ndim, bigA), *Bt = make(rnd() % 3 ? TP_FLOAT32 : TP_FLOAT64, ndim, bigB);
    tp_tensor *a = layout(A, ka), *b = layout(Bt, kb);
    int op = ops[rnd() % 7];
    tp_tensor *r = tp_binary(op, a, b, 1);
    CHECK(r != NULL);
    if (!r) { fprintf(stderr, "%s\n", tp_last_error()); exit(1); }
    int64_t idx[3] = {0, 0, 0};
    int bad = 0;
    do {
      double x = (float)at(a, ndim, idx), y = at(b, ndim, idx), want;
      if (b->dtype == TP_FLOAT32) y = (float)y;
      int f64 = r->dtype == TP_FLOAT64;
      switch (op) {
      case TP_OP_ADD: want = x + y; break;
      case TP_OP_SUB: want = x - y; break;
      case TP_OP_MUL: want = x * y; break;
      case TP_OP_DIV: want = x / y; break;
      case TP_OP_MAXIMUM: want = x > y ? x : y; break;
      case TP_OP_MINIMUM: want = x < y ? x : y; break;
      default: want = x < y; break;
      }
      if (!f64 && r->dtype == TP_FLOAT32) want = (float)want;
      double got = at(r, ndim, idx);
      if (!(got == want || (isnan(got) && isnan(want)))) bad++;
    } while (next_index(r->ndim, r->shape, idx));
    CHECK(bad == 0);
    CHECK(r->dtype == (op == TP_OP_LT ? TP_BOOL : tp_promote_types(a->dtype, b->dtype)));
    tp_tensor_release(r); tp_tensor_release(a); tp_tensor_release(b);
    tp_tensor_release(A); tp_tensor_release(Bt);
  }
}

/* The iterator merges dims that are contiguous for every operand into one run. */
static void test_iter_merging(void) {
  int64_t shape[3] = {4, 5, 6};
  tp_tensor *a = make(TP_FLOAT32, 3, shape), *b = make(TP_FLOAT32, 3, shape);
  tp_iter it;
  tp_tensor *ops[2] = {a, b};
  tp_iter_init(&it, 2, ops);
  CHECK(it.ndim == 1 && it.shape[0] == 120);
  tp_tensor *t = tp_transpose(b, 0, 2);
  tp_tensor *c = tp_contiguous(t);
  tp_tensor *ops2[2] = {c, t};
  tp_iter_init(&it, 2, ops2);
  CHECK(it.ndim == 3);
  int64_t one[2] = {1, 6};
  tp_tensor *row = make(TP_FLOAT32, 2, one);
  tp_tensor *ops3[2] = {a, row};
  tp_iter_init(&it, 2, ops3);  /* [4,5,6] with [1,6]: (20, 6) and row stride 0 outside */
  CHECK(it.ndim == 2 && it.shape[0] == 20 && it.shape[1] == 6 && it.stride[1][0] == 0);
  tp_tensor_release(a); tp_tensor_release(b); tp_tensor_release(t); tp_tensor_release(c); tp_tensor_release(row);
}

static void test_unary(void) {
  for (int k = 0; k < 5; k++) {
    int64_t shape[2] = {sizes[k], 3};
    tp_tensor *x = make(TP_FLOAT32, 2, shape), *xt = tp_transpose(x, 0, 1);
    const int ops[] = {TP_OP_NEG, TP_OP_ABS, TP_OP_SQRT, TP_OP_RELU, TP_OP_SQUARE, TP_OP_FLOOR, TP_OP_EXP};
    for (int o = 0; o < 7; o++) {
      tp_tensor *r = tp_unary(ops[o], xt);
      int64_t idx[2] = {0, 0};
      int bad = 0;
      do {
        float v = (float)at(xt, 2, idx), w;
        switch (ops[o]) {
        case TP_OP_NEG: w = -v; break;
        case TP_OP_ABS: w = fabsf(v); break;
        case TP_OP_SQRT: w = sqrtf(v); break;
        case TP_OP_RELU: w = v > 0 ? v : 0; break;
        case TP_OP_SQUARE: w = v * v; break;
        case TP_OP_FLOOR: w = floorf(v); break;
        default: w = expf(v); break;
        }
        double g = at(r, 2, idx);
        if (ops[o] == TP_OP_EXP ? fabs(g - w) > 2e-7 * fabs(w) : !(g == w || (isnan(g) && isnan(w)))) bad++;
      } while (next_index(2, r->shape, idx));
      CHECK(bad == 0);
      tp_tensor_release(r);
    }
    tp_tensor_release(x); tp_tensor_release(xt);
  }
}

static void test_promotion(void) {
  int64_t s3[1] = {3};
  tp_tensor *i32 = make(TP_INT32, 1, s3), *i64 = make(TP_INT64, 1, s3), *f32 = make(TP_FLOAT32, 1, s3);
  tp_tensor *b = make(TP_BOOL, 1, s3);
  tp_tensor *r;
  r = tp_binary_scalar(TP_OP_ADD, i32, 2, TP_SCALAR_INT, 0, 1); CHECK(r && r->dtype == TP_INT32); tp_tensor_release(r);
  r = tp_binary_scalar(TP_OP_ADD, i32, 2.5, TP_SCALAR_FLOAT, 0, 1); CHECK(r && r->dtype == TP_FLOAT32); tp_tensor_release(r);
  r = tp_binary_scalar(TP_OP_ADD, b, 1, TP_SCALAR_INT, 0, 1); CHECK(r && r->dtype == TP_INT64); tp_tensor_release(r);
  r = tp_binary_scalar(TP_OP_ADD, b, 1, TP_SCALAR_BOOL, 0, 1); CHECK(r && r->dtype == TP_BOOL); tp_tensor_release(r);
  r = tp_binary(TP_OP_ADD, i32, i64, 1); CHECK(r && r->dtype == TP_INT64); tp_tensor_release(r);
  r = tp_binary(TP_OP_DIV, i64, i64, 1); CHECK(r && r->dtype == TP_FLOAT32); tp_tensor_release(r);
  double one = 0;
  tp_tensor *z64 = tp_full(0, &one, TP_FLOAT64, 2.5), *zi = tp_full(0, &one, TP_INT64, 3);
  r = tp_binary(TP_OP_MUL, f32, z64, 1); CHECK(r && r->dtype == TP_FLOAT32); tp_tensor_release(r);
  r = tp_binary(TP_OP_MUL, i32, z64, 1); CHECK(r && r->dtype == TP_FLOAT64); tp_tensor_release(r);
  r = tp_binary(TP_OP_MUL, i32, zi, 1); CHECK(r && r->dtype == TP_INT32); tp_tensor_release(r);
  r = tp_unary(TP_OP_EXP, i64); CHECK(r && r->dtype == TP_FLOAT32); tp_tensor_release(r);
  r = tp_unary(TP_OP_ABS, i32); CHECK(r && r->dtype == TP_INT32); tp_tensor_release(r);
  CHECK(tp_unary(TP_OP_NEG, b) == NULL);
  CHECK_STR(tp_last_error(), "Negation, the `-` operator, on a bool tensor is not supported. If you are trying to invert a mask, use the `~` or `logical_not()` operator instead.");
  int64_t s4[1] = {4};
  tp_tensor *f4 = make(TP_FLOAT32, 1, s4);
  CHECK(tp_binary(TP_OP_ADD, f32, f4, 1) == NULL);
  CHECK_STR(tp_last_error(), "The size of tensor a (3) must match the size of tensor b (4) at non-singleton dimension 0");
  tp_tensor *zero = tp_full(1, (double[]){3}, TP_INT64, 0);
  CHECK(tp_binary(TP_OP_REMAINDER, i64, zero, 1) == NULL);
  CHECK_STR(tp_last_error(), "ZeroDivisionError");
  tp_tensor *tens[] = {i32, i64, f32, b, z64, zi, f4, zero};
  for (int k = 0; k < 8; k++) tp_tensor_release(tens[k]);
}

static void test_inplace(void) {
  int64_t shape[2] = {17, 3};
  tp_tensor *x = make(TP_FLOAT32, 2, shape), *v = tp_transpose(x, 0, 1);
  float before = *(float *)tp_tensor_data(x);
  int version = x->version->value;
  CHECK(tp_binary_scalar_(TP_OP_ADD, v, 1.5, TP_SCALAR_FLOAT, 1) == 0);
  CHECK(*(float *)tp_tensor_data(x) == before + 1.5f);
  CHECK(x->version->value == version + 1);
  tp_tensor *l = make(TP_INT64, 2, shape);
  int64_t lb = *(int64_t *)tp_tensor_data(l);
  CHECK(tp_binary_scalar_(TP_OP_ADD, l, 1.5, TP_SCALAR_FLOAT, 1) == -1);
  CHECK_STR(tp_last_error(), "result type Float can't be cast to the desired output type Long");
  CHECK(*(int64_t *)tp_tensor_data(l) == lb && l->version->value == 0);
  CHECK(tp_unary_(TP_OP_NEG, v) == 0);
  CHECK(*(float *)tp_tensor_data(x) == -(before + 1.5f));
  tp_tensor_release(x); tp_tensor_release(v); tp_tensor_release(l);
}

static void test_reductions(void) {
  for (int k = 0; k < 5; k++) {
    int64_t shape[3] = {sizes[k], 3, sizes[(k + 2) % 5]};
    tp_tensor *x = make(TP_FLOAT32, 3, shape);
    tp_tensor *xt = tp_transpose(x, 0, 2);   /* [c, 3, a]: reduce its dims 0 and 2 */
    double dims[2] = {0, -1};
    tp_tensor *s = tp_reduce(TP_OP_SUM, xt, 2, dims, 0, 0, -1);
    tp_tensor *m = tp_reduce(TP_OP_AMAX, xt, 2, dims, 1, 0, -1);
    CHECK(s && s->ndim == 1 && s->shape[0] == 3 && m && m->ndim == 3 && m->shape[1] == 3);
    int bad = 0;
    for (int64_t j = 0; j < 3; j++) {
      double want = 0, mx = -INFINITY;
      for (int64_t a = 0; a < shape[0]; a++)
        for (int64_t c = 0; c < shape[2]; c++) {
          double v = ((float *)tp_tensor_data(x))[(a * 3 + j) * shape[2] + c];
          want += v;
          if (v > mx) mx = v;
        }
      if (fabs(((float *)tp_tensor_data(s))[j] - want) > 1e-4 * (1 + fabs(want))) bad++;
      if (((float *)tp_tensor_data(m))[j] != mx) bad++;
    }
    CHECK(bad == 0);
    tp_tensor *out[2];
    CHECK(tp_reduce_indexed(TP_OP_MAX, xt, 1, 0, out) == 0);
    CHECK(out[1]->dtype == TP_INT64 && out[0]->ndim == 2);
    tp_tensor_release(out[0]); tp_tensor_release(out[1]);
    tp_tensor_release(s); tp_tensor_release(m); tp_tensor_release(xt); tp_tensor_release(x);
  }
  double d = 3;
  int64_t shape[2] = {2, 3};
  tp_tensor *x = make(TP_FLOAT32, 2, shape);
  CHECK(tp_reduce(TP_OP_SUM, x, 1, &d, 0, 0, -1) == NULL);
  CHECK_STR(tp_last_error(), "Dimension out of range (expected to be in range of [-2, 1], but got 3)");
  tp_tensor_release(x);
}

static void test_op_table(void) {
  CHECK(tp_op_count() == TP_OP_COUNT);
  CHECK_STR(tp_op_name(TP_OP_ADD), "add");
  CHECK_STR(tp_op_grad_fn(TP_OP_SUM, 1), "SumBackward1");
  CHECK(tp_op_kind(TP_OP_SOFTMAX) == TP_KIND_DIMOP);
  CHECK(tp_op_name(TP_OP_COUNT) == NULL);
}

int main(void) {
  test_op_table();
  test_iter_merging();
  test_binary_layouts();
  test_unary();
  test_promotion();
  test_inplace();
  test_reductions();
  CHECK(tp_live_tensors() == 0);
  TEST_MAIN_END();
}
