/* Native tests of sorting and selection (src/ops/reduce/sort.c), run under ASan+UBSan: random lines
 * full of ties and NaNs (including the orders that are not strict weak ones, such as mode's
 * plain < with NaNs) through every op; results checked against simple properties (sorted,
 * a permutation, the k-th value, the run of the mode); no header or storage leaks. */
#include <stdint.h>
#include <stdlib.h>
#include "check.h"
#include "internal.h"

static uint32_t rng = 777;
static int rnd(int n) {
  rng = rng * 1664525u + 1013904223u;
  return (int)((rng >> 8) % (uint32_t)n);
}

/* A float32 [n] with values in {0..v-1} and NaNs (nan_pct percent). */
static tp_tensor *line(int64_t n, int v, int nan_pct) {
  double s = (double)n;
  tp_tensor *t = tp_empty(1, &s, TP_FLOAT32);
  float *p = (float *)tp_ptr(t);
  for (int64_t i = 0; i < n; i++) p[i] = rnd(100) < nan_pct ? NAN : (float)rnd(v);
  return t;
}

static float F(tp_tensor *t, int64_t i) { return ((float *)tp_ptr(t))[i]; }
static int64_t I(tp_tensor *t, int64_t i) { return ((int64_t *)tp_ptr(t))[i]; }
/* a before-or-equal b with NaN largest */
static int le_nan(float a, float b) { return isnan(b) || (!isnan(a) && a <= b); }

static void test_sort_is_sorted_permutation(void) {
  for (int rep = 0; rep < 200; rep++) {
    int64_t n = 1 + rnd(400);
    tp_tensor *x = line(n, 1 + rnd(6), rnd(3) ? 0 : 20), *out[2];
    int desc = rnd(2), stable = rnd(2);
    CHECK(tp_sort(x, 0, desc, stable, out) == 0);
    int ok = 1;
    char *seen = calloc((size_t)n, 1);
    for (int64_t i = 0; i < n; i++) {
      int64_t j = I(out[1], i);
      if (j < 0 || j >= n || seen[j]) { ok = 0; break; }
      seen[j] = 1;
      float v = F(out[0], i), xj = F(x, j);
      if (!(v == xj || (isnan(v) && isnan(xj)))) ok = 0;
      if (i && !(desc ? le_nan(v, F(out[0], i - 1)) : le_nan(F(out[0], i - 1), v))) ok = 0;
      if (i && stable && (desc ? le_nan(v, F(out[0], i - 1)) && le_nan(F(out[0], i - 1), v) : le_nan(F(out[0], i - 1), v) && le_nan(v, F(out[0], i - 1))) &&
          I(out[1], i - 1) > j) ok = 0;
    }
    CHECK(ok);
    free(seen);
    tp_tensor_release(out[0]); tp_tensor_release(out[1]); tp_tensor_release(x);
  }
}

static void test_selection(void) {
  for (int rep = 0; rep < 300; rep++) {
    int64_t n = 1 + rnd(300);
    tp_tensor *x = line(n, 1 + rnd(5), rnd(2) ? 0 : 30), *s[2], *out[2];
    CHECK(tp_sort(x, 0, 0, 1, s) == 0);
    int64_t k = 1 + rnd((int)n);
    CHECK(tp_kthvalue(x, (double)k, 0, 0, out) == 0);  /* the k-th smallest, NaN largest */
    float kv = F(s[0], k - 1), got = F(out[0], 0);
    CHECK(got == kv || (isnan(got) && isnan(kv)));
    CHECK(F(x, I(out[1], 0)) == got || isnan(got));
    tp_tensor_release(out[0]); tp_tensor_release(out[1]);
    CHECK(tp_topk(x, (double)(k < 5 ? k : 5), 0, rnd(2), rnd(2), out) == 0);
    tp_tensor_release(out[0]); tp_tensor_release(out[1]);
    for (int which = 0; which < 5; which++) {  /* median, nanmedian, mode, cummax, cummin */
      CHECK(tp_select_dim(which, x, 0, rnd(2), out) == 0);
      int64_t m = which >= 3 ? n : 1;
      int ok = 1;
      for (int64_t i = 0; i < m; i++) {
        int64_t j = I(out[1], i);
        float v = F(out[0], i);
        if (j < 0 || j >= n || !(F(x, j) == v || (isnan(v) && isnan(F(x, j))))) ok = 0;
      }
      CHECK(ok);
      tp_tensor_release(out[0]); tp_tensor_release(out[1]);
    }
    tp_tensor *med = tp_median(x, rnd(2));
    CHECK(med != NULL);
    tp_tensor_release(med);
    tp_tensor_release(s[0]); tp_tensor_release(s[1]); tp_tensor_release(x);
  }
}

static void test_errors_change_nothing(void) {
  tp_tensor *x = line(5, 3, 0), *out[2] = {NULL, NULL};
  CHECK(tp_topk(x, 6, 0, 1, 1, out) == -1 && out[0] == NULL);
  CHECK_STR(tp_last_error(), "selected index k out of range");
  CHECK(tp_kthvalue(x, 0, 0, 0, out) == -1);
  CHECK(tp_sort(x, 1, 0, 0, out) == -1);
  tp_tensor_release(x);
}

int main(void) {
  test_sort_is_sorted_permutation();
  test_selection();
  test_errors_change_nothing();
  CHECK(tp_live_tensors() == 0);
  TEST_MAIN_END();
}
