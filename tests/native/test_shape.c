/* Native tests of the shape and indexing kernels (src/ops/shape/shape.c, src/ops/shape/index.c), run under
 * ASan+UBSan: each op on random shapes, dtypes and strided (transposed, sliced, expanded)
 * inputs against a naive element loop; failing calls leave their inputs unchanged; no
 * tensor header or storage leaks (the live counters return to zero). */
#include <stdint.h>
#include <stdlib.h>
#include "check.h"
#include "internal.h"

static uint32_t rng = 12345;
static int rnd(int n) {
  rng = rng * 1664525u + 1013904223u;
  return (int)((rng >> 8) % (uint32_t)n);
}

/* A tensor of dtype with shape, holding distinct-ish values (i*7 % 97, or i%2 for bool). */
static tp_tensor *make(int dtype, int ndim, const int64_t *shape) {
  double s[TP_MAX_DIMS];
  for (int d = 0; d < ndim; d++) s[d] = (double)shape[d];
  tp_tensor *t = tp_empty(ndim, s, dtype);
  int64_t n = tp_shape_numel(ndim, shape), item = tp_dtype_table[dtype].itemsize;
  for (int64_t i = 0; i < n; i++) tp_store_f64(tp_ptr(t) + i * item, dtype, dtype == TP_BOOL ? (double)(i % 3 != 0) : (double)((i * 7) % 97) - 20);
  return t;
}

/* Element at multi-index idx (logical), as a double. */
static double at(const tp_tensor *t, const int64_t *idx) {
  int64_t off = 0;
  for (int d = 0; d < t->ndim; d++) off += idx[d] * t->stride[d];
  return tp_load_f64((char *)t->storage->data + (t->offset + off) * tp_dtype_table[t->dtype].itemsize, t->dtype);
}

static int next_index(int ndim, const int64_t *shape, int64_t *idx) {
  for (int d = ndim - 1; d >= 0; d--) {
    if (++idx[d] < shape[d]) return 1;
    idx[d] = 0;
  }
  return 0;
}

/* Random strided view of a fresh tensor: transposed, sliced with a step, or expanded. */
static tp_tensor *strided(int dtype, int ndim, int64_t *shape) {
  int kind = rnd(3);
  tp_tensor *base = make(dtype, ndim, shape), *v;
  if (kind == 0 && ndim >= 2) {
    v = tp_transpose(base, 0, ndim - 1);
  } else if (kind == 1 && shape[0] >= 2) {
    v = tp_slice(base, 0, 0, NAN, 2);
  } else if (kind == 2) {
    double s[TP_MAX_DIMS + 1];
    s[0] = 2;
    for (int d = 0; d < ndim; d++) s[d + 1] = (double)shape[d];
    tp_tensor *u = tp_unsqueeze(base, 0);
    v = tp_expand(u, ndim + 1, s);
    tp_tensor_release(u);
  } else {
    v = tp_alias(base);
  }
  tp_tensor_release(base);
  return v;
}

static void random_shape(int *ndim, int64_t *shape, int max_ndim) {
  *ndim = 1 + rnd(max_ndim);
  for (int d = 0; d < *ndim; d++) shape[d] = 1 + rnd(4);
}

static void test_cat_stack(void) {
  for (int iter = 0; iter < 50; iter++) {
    int nd;
    int64_t shape[TP_MAX_DIMS];
    random_shape(&nd, shape, 3);
    tp_tensor *a = strided(rnd(TP_NDTYPES), nd, shape);
    int64_t s2[TP_MAX_DIMS];
    memcpy(s2, a->shape, sizeof s2);
    int dim = rnd(a->ndim);
    s2[dim] = rnd(3);
    tp_tensor *b = make(rnd(TP_NDTYPES), a->ndim, s2);
    tp_tensor *ts[2] = {a, b};
    tp_tensor *c = tp_cat(2, ts, dim - (rnd(2) ? a->ndim : 0));
    CHECK(c && c->dtype == tp_promote_types(a->dtype, b->dtype));
    if (!c) continue;
    CHECK(c->shape[dim] == a->shape[dim] + b->shape[dim]);
    int64_t idx[TP_MAX_DIMS] = {0};
    int ok = 1;
    if (tp_shape_numel(c->ndim, c->shape)) do {
      int64_t j[TP_MAX_DIMS];
      memcpy(j, idx, sizeof j);
      const tp_tensor *src = a;
      if (j[dim] >= a->shape[dim]) { j[dim] -= a->shape[dim]; src = b; }
      double want = at(src, j), got = at(c, idx);
      if (c->dtype == TP_BOOL) want = want != 0;
      else if (!tp_dtype_table[c->dtype].is_floating) want = (double)(int64_t)want;
      if (got != want) ok = 0;
    } while (next_index(c->ndim, c->shape, idx));
    CHECK(ok);
    tp_tensor *st = tp_stack(2, (tp_tensor *[]){a, a}, -1);
    CHECK(st && st->ndim == a->ndim + 1 && st->shape[a->ndim] == 2);
    tp_tensor_release(st);
    tp_tensor_release(c);
    tp_tensor_release(a);
    tp_tensor_release(b);
  }
  CHECK(tp_cat(0, NULL, 0) == NULL);
  CHECK_STR(tp_last_error(), "torch.cat(): expected a non-empty list of Tensors");
}

static void test_flip_roll_repeat(void) {
  for (int iter = 0; iter < 50; iter++) {
    int nd;
    int64_t shape[TP_MAX_DIMS];
    random_shape(&nd, shape, 3);
    tp_tensor *a = strided(rnd(TP_NDTYPES), nd, shape);
    int d = rnd(a->ndim);
    double dims[1] = {d};
    tp_tensor *f = tp_flip(a, 1, dims);
    int64_t idx[TP_MAX_DIMS] = {0};
    int ok = 1;
    do {
      int64_t j[TP_MAX_DIMS];
      memcpy(j, idx, sizeof j);
      j[d] = a->shape[d] - 1 - j[d];
      if (at(f, idx) != at(a, j)) ok = 0;
    } while (next_index(a->ndim, a->shape, idx));
    CHECK(ok);
    int shift = rnd(9) - 4;
    double sd[2] = {shift, d};
    tp_tensor *r = tp_roll(a, 1, 1, sd);
    memset(idx, 0, sizeof idx);
    ok = 1;
    do {
      int64_t j[TP_MAX_DIMS], n = a->shape[d];
      memcpy(j, idx, sizeof j);
      j[d] = ((j[d] - shift) % n + n) % n;
      if (at(r, idx) != at(a, j)) ok = 0;
    } while (next_index(a->ndim, a->shape, idx));
    CHECK(ok);
    double reps[TP_MAX_DIMS];
    for (int k = 0; k <= a->ndim; k++) reps[k] = 1 + rnd(3);
    tp_tensor *p = tp_repeat(a, a->ndim + 1, reps);
    CHECK(p && p->ndim == a->ndim + 1);
    memset(idx, 0, sizeof idx);
    ok = 1;
    do {
      int64_t j[TP_MAX_DIMS];
      for (int k = 0; k < a->ndim; k++) j[k] = idx[k + 1] % a->shape[k];
      if (at(p, idx) != at(a, j)) ok = 0;
    } while (next_index(p->ndim, p->shape, idx));
    CHECK(ok);
    tp_tensor_release(p);
    tp_tensor_release(r);
    tp_tensor_release(f);
    tp_tensor_release(a);
  }
}

static void test_gather_scatter(void) {
  for (int iter = 0; iter < 50; iter++) {
    int nd;
    int64_t shape[TP_MAX_DIMS];
    random_shape(&nd, shape, 3);
    tp_tensor *a = strided(rnd(TP_NDTYPES), nd, shape);
    int dim = rnd(a->ndim);
    int64_t is[TP_MAX_DIMS];
    for (int d = 0; d < a->ndim; d++) is[d] = d == dim ? 1 + rnd(5) : 1 + rnd((int)a->shape[d]);
    tp_tensor *index = make(TP_INT64, a->ndim, is);
    int64_t n = tp_shape_numel(a->ndim, is);
    for (int64_t i = 0; i < n; i++) ((int64_t *)tp_ptr(index))[i] = rnd((int)a->shape[dim]);
    tp_tensor *g = tp_gather(a, dim, index);
    CHECK(g != NULL);
    int64_t idx[TP_MAX_DIMS] = {0};
    int ok = 1;
    do {
      int64_t j[TP_MAX_DIMS];
      memcpy(j, idx, sizeof j);
      j[dim] = (int64_t)at(index, idx);
      if (at(g, idx) != at(a, j)) ok = 0;
    } while (next_index(a->ndim, is, idx));
    CHECK(ok);
    /* scatter_add of ones counts how often each position is hit */
    tp_tensor *cnt = make(TP_FLOAT64, a->ndim, a->shape);
    tp_fill_(cnt, 0);
    tp_tensor *ones = make(TP_FLOAT64, a->ndim, is);
    tp_fill_(ones, 1);
    CHECK(tp_scatter_(cnt, dim, index, ones, 0, 1) == 0);
    double total = 0;
    memset(idx, 0, sizeof idx);
    do total += at(cnt, idx); while (next_index(a->ndim, a->shape, idx));
    CHECK(total == (double)n);
    /* out of range: fails and changes nothing */
    ((int64_t *)tp_ptr(index))[n - 1] = a->shape[dim];
    int version = cnt->version->value;
    CHECK(tp_scatter_(cnt, dim, index, ones, 0, 1) == -1);
    CHECK(cnt->version->value == version);
    total = 0;
    memset(idx, 0, sizeof idx);
    do total += at(cnt, idx); while (next_index(a->ndim, a->shape, idx));
    CHECK(total == (double)n);
    CHECK(tp_gather(a, dim, index) == NULL);
    tp_tensor_release(ones);
    tp_tensor_release(cnt);
    tp_tensor_release(g);
    tp_tensor_release(index);
    tp_tensor_release(a);
  }
}

static void test_index(void) {
  for (int iter = 0; iter < 50; iter++) {
    int nd;
    int64_t shape[TP_MAX_DIMS];
    random_shape(&nd, shape, 3);
    tp_tensor *a = strided(rnd(TP_NDTYPES), nd, shape);
    int dim = rnd(a->ndim);
    int64_t k = rnd(5);
    tp_tensor *ix = make(TP_INT64, 1, &k);
    for (int64_t i = 0; i < k; i++) ((int64_t *)tp_ptr(ix))[i] = rnd((int)a->shape[dim] * 2) - a->shape[dim];
    tp_tensor *ixs[TP_MAX_DIMS] = {0};
    ixs[dim] = ix;
    tp_tensor *r = tp_index(a, dim + 1, ixs);
    CHECK(r != NULL);
    /* compare with index_select (after wrapping negatives) */
    tp_tensor *pos = make(TP_INT64, 1, &k);
    for (int64_t i = 0; i < k; i++) {
      int64_t v = ((int64_t *)tp_ptr(ix))[i];
      ((int64_t *)tp_ptr(pos))[i] = v < 0 ? v + a->shape[dim] : v;
    }
    tp_tensor *s = tp_index_select(a, dim, pos);
    CHECK(s && r && s->ndim == r->ndim);
    int ok = s && r;
    if (ok && tp_shape_numel(s->ndim, s->shape)) {
      int64_t idx[TP_MAX_DIMS] = {0};
      do if (at(s, idx) != at(r, idx)) ok = 0; while (next_index(s->ndim, s->shape, idx));
    }
    CHECK(ok);
    /* index_put_ with accumulate into a fresh float64 tensor of a's shape */
    tp_tensor *z = make(TP_FLOAT64, a->ndim, a->shape);
    tp_fill_(z, 0);
    double one = 1;
    tp_tensor *v = tp_full(0, &one, TP_FLOAT64, 1);
    CHECK(tp_index_put_(z, dim + 1, ixs, v, 1) == 0);
    double total = 0;
    int64_t idx[TP_MAX_DIMS] = {0};
    do total += at(z, idx); while (next_index(z->ndim, z->shape, idx));
    CHECK(total == (double)(k * (tp_shape_numel(a->ndim, a->shape) / a->shape[dim])));
    /* an out-of-range index fails before any write */
    if (k) {
      ((int64_t *)tp_ptr(ix))[k - 1] = a->shape[dim];
      int version = z->version->value;
      CHECK(tp_index_put_(z, dim + 1, ixs, v, 0) == -1);
      CHECK(z->version->value == version);
      double t2 = 0;
      memset(idx, 0, sizeof idx);
      do t2 += at(z, idx); while (next_index(z->ndim, z->shape, idx));
      CHECK(t2 == total);
    }
    tp_tensor_release(v);
    tp_tensor_release(z);
    tp_tensor_release(s);
    tp_tensor_release(pos);
    tp_tensor_release(r);
    tp_tensor_release(ix);
    tp_tensor_release(a);
  }
}

static void test_masks_and_splits(void) {
  int64_t shape[2] = {3, 4};
  tp_tensor *a = make(TP_FLOAT32, 2, shape);
  tp_tensor *m = make(TP_BOOL, 2, shape);
  tp_tensor *sel = tp_masked_select(a, m);
  int64_t want = 0;
  for (int i = 0; i < 12; i++) want += ((uint8_t *)tp_ptr(m))[i] != 0;
  CHECK(sel && sel->shape[0] == want);
  tp_tensor *nz = tp_nonzero(m);
  CHECK(nz && nz->shape[0] == want && nz->shape[1] == 2);
  tp_tensor *mi = tp_index(a, 1, &m);
  CHECK(mi && mi->shape[0] == want);
  int ok = 1;
  for (int64_t i = 0; i < want; i++)
    if (((float *)tp_ptr(mi))[i] != ((float *)tp_ptr(sel))[i]) ok = 0;
  CHECK(ok);
  tp_tensor *filled = tp_masked_fill(a, m, NULL, -1);
  ok = 1;
  for (int i = 0; i < 12; i++)
    if (((float *)tp_ptr(filled))[i] != (((uint8_t *)tp_ptr(m))[i] ? -1.0f : ((float *)tp_ptr(a))[i])) ok = 0;
  CHECK(ok);
  /* split: views whose pieces cover the dim */
  int n = tp_split(a, 3, 1);
  CHECK(n == 2);
  tp_tensor **list = tp_tensor_list(n);
  CHECK(list[0]->shape[1] == 3 && list[1]->shape[1] == 1 && list[1]->storage == a->storage);
  for (int i = 0; i < n; i++) tp_tensor_release(list[i]);
  n = tp_chunk(a, 5, 0);
  CHECK(n == 3);
  list = tp_tensor_list(n);
  for (int i = 0; i < n; i++) tp_tensor_release(list[i]);
  n = tp_unbind(a, -1);
  CHECK(n == 4);
  list = tp_tensor_list(n);
  for (int i = 0; i < n; i++) tp_tensor_release(list[i]);
  CHECK(tp_split(a, -1, 0) == -1);
  CHECK_STR(tp_last_error(), "split expects split_size be non-negative, but got split_size=-1");
  /* tril_ in place zeroes above the diagonal and bumps the version */
  int version = a->version->value;
  CHECK(tp_tril_(a, 0) == 0 && a->version->value == version + 1);
  CHECK(((float *)tp_ptr(a))[1] == 0 && ((float *)tp_ptr(a))[4] != 0);
  tp_tensor_release(filled);
  tp_tensor_release(mi);
  tp_tensor_release(nz);
  tp_tensor_release(sel);
  tp_tensor_release(m);
  tp_tensor_release(a);
}

/* Every op on degenerate shapes (0-d, empty, size-1, expanded) and odd arguments: results
 * or errors are both fine here; the sanitizers watch for memory errors and leaks. */
static void test_degenerate_shapes(void) {
  static const int64_t shapes[][3] = {{0}, {0}, {3, 0}, {1}, {2, 1, 3}, {0, 2}};
  static const int ndims[] = {0, 1, 2, 1, 3, 2};
  int calls = 0;
  for (int si = 0; si < 6; si++) {
    for (int dt = 0; dt < TP_NDTYPES; dt++) {
      tp_tensor *t = make(dt, ndims[si], shapes[si]);
      tp_tensor *idx = make(TP_INT64, ndims[si], shapes[si]);
      int64_t n = tp_shape_numel(idx->ndim, idx->shape);
      for (int64_t i = 0; i < n; i++) ((int64_t *)tp_ptr(idx))[i] = 0;
      tp_tensor *mask = make(TP_BOOL, ndims[si], shapes[si]);
      tp_tensor *one = make(dt, 0, NULL);
      for (int dim = -3; dim <= 3; dim++) {
        tp_tensor *r[16] = {0};
        double dims[2] = {dim, 0}, reps[4] = {2, 1, 0, 2}, sh[4] = {1, dim, 2, -1};
        tp_tensor *pair[2] = {t, t};
        r[0] = tp_cat(2, pair, dim);
        r[1] = tp_stack(2, pair, dim);
        r[2] = tp_flip(t, 1, dims);
        r[3] = tp_roll(t, 1, dim == 0 ? 0 : 1, sh + 1);
        r[4] = tp_repeat(t, ndims[si] + (dim & 1), reps);
        r[5] = tp_tile(t, 1, reps);
        r[6] = tp_tril(t, dim);
        r[7] = tp_gather(t, dim, idx);
        r[8] = tp_scatter(t, dim, idx, t, 0, dim & 1);
        r[9] = tp_index_select(t, dim, idx);
        r[10] = tp_masked_fill(t, mask, dim & 1 ? one : NULL, 2);
        r[11] = tp_masked_select(t, mask);
        r[12] = tp_nonzero(t);
        tp_tensor *keys[3] = {dim & 1 ? mask : idx, NULL, idx};
        r[13] = tp_index(t, dim < 0 ? 1 : dim > 2 ? 3 : dim, keys);
        r[14] = tp_index_put(t, 1, keys, one, dim & 1);
        tp_tensor *flat = tp_reshape(idx, 1, (double[]){-1});
        tp_tensor *r2[3] = {tp_index_add(t, dim, flat, t, 2), tp_index_copy(t, dim, flat, t), tp_index_fill(t, dim, flat, one, 0)};
        for (int i = 0; i < 3; i++) tp_tensor_release(r2[i]);
        tp_tensor_release(flat);
        tp_tensor *c = tp_clone(t);
        tp_scatter_(c, dim, idx, NULL, 3, 0);
        tp_masked_fill_(c, mask, NULL, 1);
        tp_triu_(c, dim);
        tp_index_put_(c, 1, keys, one, 0);
        tp_tensor_release(c);
        int k = tp_split(t, dim < 0 ? -dim : dim, dim);
        for (int i = 0; i < k; i++) tp_tensor_release(tp_tensor_list(k)[i]);
        k = tp_chunk(t, dim + 2, dim);
        for (int i = 0; i < k; i++) tp_tensor_release(tp_tensor_list(k)[i]);
        k = tp_split_with_sizes(t, 2, reps + 2, dim);
        for (int i = 0; i < k; i++) tp_tensor_release(tp_tensor_list(k)[i]);
        k = tp_unbind(t, dim);
        for (int i = 0; i < k; i++) tp_tensor_release(tp_tensor_list(k)[i]);
        for (int i = 0; i < 16; i++) tp_tensor_release(r[i]);
        calls++;
      }
      tp_tensor_release(one);
      tp_tensor_release(mask);
      tp_tensor_release(idx);
      tp_tensor_release(t);
    }
  }
  CHECK(calls == 6 * TP_NDTYPES * 7);
}

int main(void) {
  test_degenerate_shapes();
  test_cat_stack();
  test_flip_roll_repeat();
  test_gather_scatter();
  test_index();
  test_masks_and_splits();
  CHECK(tp_live_tensors() == 0);
  CHECK(tp_live_bytes() == 0);
  TEST_MAIN_END();
}
