/* Sorting and selection along one dim: sort, topk, kthvalue, median, nanmedian, mode,
 * cummax/cummin.
 *
 * Note [Ties as PyTorch breaks them]: PyTorch 1.13's CPU kernels call libstdc++'s
 * std::sort, std::partial_sort and std::nth_element (and a quick-select of its own for
 * kthvalue) on (value, index) pairs, so which index wins among equal values is whatever
 * those algorithms leave there. They are reproduced step for step below (introsort with
 * its median-of-three pivot and final insertion sort, heap select, introselect), over one
 * element type (a double or int64 key and its index), so that every index matches.
 * Each line along dim is copied into a buffer of such pairs, rearranged, and written out.
 */
#include <math.h>
#include <stdlib.h>
#include <string.h>
#include "ops.h"
#include "sort.h"
#include "sort_kernels.h"

typedef int (*kv_less)(const kv *a, const kv *b);

/* ---- comparators (floats: NaN sorts as the largest) -------------------------------------- */
static int asc_f(const kv *a, const kv *b) { return (!isnan(a->k.f) && isnan(b->k.f)) || a->k.f < b->k.f; }
static int desc_f(const kv *a, const kv *b) { return (isnan(a->k.f) && !isnan(b->k.f)) || a->k.f > b->k.f; }
static int asc_i(const kv *a, const kv *b) { return a->k.i < b->k.i; }
static int desc_i(const kv *a, const kv *b) { return a->k.i > b->k.i; }
static int lt_f(const kv *a, const kv *b) { return a->k.f < b->k.f; }  /* mode: plain < */
/* median(dim): (value, index) order; nanmedian also puts NaNs last */
static int med_f(const kv *a, const kv *b) { return a->k.f < b->k.f || (a->k.f == b->k.f && a->idx < b->idx); }
static int med_i(const kv *a, const kv *b) { return a->k.i < b->k.i || (a->k.i == b->k.i && a->idx < b->idx); }
static int nanmed_f(const kv *a, const kv *b) { return med_f(a, b) || (isnan(b->k.f) && !isnan(a->k.f)); }

static void swap_kv(kv *a, kv *b) { kv t = *a; *a = *b; *b = t; }

/* ---- libstdc++'s algorithms (bits/stl_algo.h, bits/stl_heap.h) --------------------------- */
static void move_median_to_first(kv *r, kv *a, kv *b, kv *c, kv_less lt) {
  if (lt(a, b)) {
    if (lt(b, c)) swap_kv(r, b);
    else if (lt(a, c)) swap_kv(r, c);
    else swap_kv(r, a);
  } else if (lt(a, c)) swap_kv(r, a);
  else if (lt(b, c)) swap_kv(r, c);
  else swap_kv(r, b);
}

/* The bounds checks never trigger for a strict weak order; they keep a comparator that is
 * not one (mode's plain < with NaNs) inside the buffer. */
static kv *unguarded_partition(kv *first, kv *last, kv *pivot, kv_less lt) {
  kv *lo = first, *hi = last;
  for (;;) {
    while (first < hi && lt(first, pivot)) ++first;
    --last;
    while (last > lo && lt(pivot, last)) --last;
    if (!(first < last)) return first;
    swap_kv(first, last);
    ++first;
  }
}

static kv *partition_pivot(kv *first, kv *last, kv_less lt) {
  kv *mid = first + (last - first) / 2;
  move_median_to_first(first, first + 1, mid, last - 1, lt);
  return unguarded_partition(first + 1, last, first, lt);
}

static void push_heap(kv *first, int64_t hole, int64_t top, kv value, kv_less lt) {
  int64_t parent = (hole - 1) / 2;
  while (hole > top && lt(first + parent, &value)) {
    first[hole] = first[parent];
    hole = parent;
    parent = (hole - 1) / 2;
  }
  first[hole] = value;
}

static void adjust_heap(kv *first, int64_t hole, int64_t len, kv value, kv_less lt) {
  int64_t top = hole, child = hole;
  while (child < (len - 1) / 2) {
    child = 2 * (child + 1);
    if (lt(first + child, first + (child - 1))) child--;
    first[hole] = first[child];
    hole = child;
  }
  if ((len & 1) == 0 && child == (len - 2) / 2) {
    child = 2 * (child + 1);
    first[hole] = first[child - 1];
    hole = child - 1;
  }
  push_heap(first, hole, top, value, lt);
}

static void make_heap(kv *first, kv *last, kv_less lt) {
  int64_t len = last - first;
  if (len < 2) return;
  for (int64_t parent = (len - 2) / 2;; parent--) {
    adjust_heap(first, parent, len, first[parent], lt);
    if (parent == 0) return;
  }
}

static void pop_heap(kv *first, kv *last, kv *result, kv_less lt) {
  kv value = *result;
  *result = *first;
  adjust_heap(first, 0, last - first, value, lt);
}

static void heap_select(kv *first, kv *middle, kv *last, kv_less lt) {
  make_heap(first, middle, lt);
  for (kv *i = middle; i < last; ++i)
    if (lt(i, first)) pop_heap(first, middle, i, lt);
}

static void partial_sort(kv *first, kv *middle, kv *last, kv_less lt) {
  heap_select(first, middle, last, lt);
  while (middle - first > 1) {
    --middle;
    pop_heap(first, middle, middle, lt);
  }
}

static void unguarded_linear_insert(kv *lo, kv *last, kv_less lt) {
  kv val = *last;
  kv *next = last - 1;
  while (next >= lo && lt(&val, next)) {
    *last = *next;
    last = next;
    --next;
  }
  *last = val;
}

static void insertion_sort(kv *first, kv *last, kv_less lt) {
  if (first == last) return;
  for (kv *i = first + 1; i != last; ++i) {
    if (lt(i, first)) {
      kv val = *i;
      memmove(first + 1, first, sizeof(kv) * (size_t)(i - first));
      *first = val;
    } else {
      unguarded_linear_insert(first, i, lt);
    }
  }
}

static int lg(int64_t n) {
  int k = 0;
  while (n > 1) { n >>= 1; k++; }
  return k;
}

static void introsort_loop(kv *first, kv *last, int depth, kv_less lt) {
  while (last - first > 16) {
    if (depth == 0) {
      partial_sort(first, last, last, lt);
      return;
    }
    --depth;
    kv *cut = partition_pivot(first, last, lt);
    introsort_loop(cut, last, depth, lt);
    last = cut;
  }
}

/* std::sort */
static void std_sort(kv *first, kv *last, kv_less lt) {
  if (first == last) return;
  introsort_loop(first, last, lg(last - first) * 2, lt);
  if (last - first > 16) {
    insertion_sort(first, first + 16, lt);
    for (kv *i = first + 16; i != last; ++i) unguarded_linear_insert(first, i, lt);
  } else {
    insertion_sort(first, last, lt);
  }
}

/* std::nth_element */
static void nth_element(kv *first, kv *nth, kv *last, kv_less lt) {
  if (first == last || nth == last) return;
  int depth = lg(last - first) * 2;
  while (last - first > 3) {
    if (depth == 0) {
      heap_select(first, nth + 1, last, lt);
      swap_kv(first, nth);
      return;
    }
    --depth;
    kv *cut = partition_pivot(first, last, lt);
    if (cut <= nth) first = cut;
    else last = cut;
  }
  insertion_sort(first, last, lt);
}

/* A stable merge sort (std::stable_sort's result is unique: ties keep index order). */
static void merge_sort(kv *v, kv *tmp, int64_t n, kv_less lt) {
  if (n < 2) return;
  int64_t h = n / 2;
  merge_sort(v, tmp, h, lt);
  merge_sort(v + h, tmp, n - h, lt);
  int64_t i = 0, j = h, o = 0;
  while (i < h && j < n) tmp[o++] = lt(&v[j], &v[i]) ? v[j++] : v[i++];
  while (i < h) tmp[o++] = v[i++];
  memcpy(v, tmp, sizeof(kv) * (size_t)o);
}

/* PyTorch's quick_select_template (ATen/native/SortingUtils.h), as kthvalue calls it with
 * gt = "greater, or NaN". */
static void quick_select(kv *arr, int64_t n, int64_t k, kv_less gt) {
  int64_t L = 0, R = n - 1;
  for (;;) {
    if (R <= L) return;
    if (R == L + 1) {
      if (gt(&arr[L], &arr[R])) swap_kv(&arr[L], &arr[R]);
      return;
    }
    int64_t P = L + (R - L) / 2;
    swap_kv(&arr[P], &arr[L + 1]);
    if (gt(&arr[L + 1], &arr[R])) swap_kv(&arr[L + 1], &arr[R]);
    if (gt(&arr[L], &arr[R])) swap_kv(&arr[L], &arr[R]);
    if (gt(&arr[L + 1], &arr[L])) swap_kv(&arr[L + 1], &arr[L]);
    int64_t i = L + 1, j = R;
    kv piv = arr[L];
    for (;;) {
      do i++; while (i < R && gt(&piv, &arr[i]));
      do j--; while (j > L && gt(&arr[j], &piv));
      if (j < i) break;
      swap_kv(&arr[i], &arr[j]);
    }
    swap_kv(&arr[L], &arr[j]);
    if (j <= k) L = i;
    if (j >= k) R = j - 1;
  }
}

/* sort.h: std::sort with operator< over n keys (doubles when fl, else int64), in place. */
int tp_std_sort_keys(void *keys, int64_t n, int fl) {
  kv *v = malloc(sizeof(kv) * (size_t)(n ? n : 1));
  if (!v) return tp_fail_oom_status((double)(16 * n));
  for (int64_t i = 0; i < n; i++) {
    memcpy(&v[i].k, (char *)keys + 8 * i, 8);
    v[i].idx = i;
  }
  std_sort(v, v + n, fl ? lt_f : asc_i);
  for (int64_t i = 0; i < n; i++) memcpy((char *)keys + 8 * i, &v[i].k, 8);
  free(v);
  return 0;
}

/* ---- the line driver --------------------------------------------------------------------- */

/* Rearranges one line v[0..n) and leaves the m results first. */
static void line_select(const sel *s, kv *v, int64_t n) {
  int fl = s->fl;
  switch (s->what) {
  case SEL_SORT: std_sort(v, v + n, s->descending ? (fl ? desc_f : desc_i) : (fl ? asc_f : asc_i)); break;
  case SEL_STABLE: merge_sort(v, s->tmp, n, s->descending ? (fl ? desc_f : desc_i) : (fl ? asc_f : asc_i)); break;
  case SEL_TOPK: {  /* ATen/native/TopKImpl.h */
    kv_less lt = s->descending ? (fl ? desc_f : desc_i) : (fl ? asc_f : asc_i);
    if (s->k == 0) break;
    if (s->k * 64 <= n) {
      partial_sort(v, v + s->k, v + n, lt);
    } else {
      nth_element(v, v + s->k - 1, v + n, lt);
      if (s->sorted) std_sort(v, v + s->k - 1, lt);
    }
    break;
  }
  case SEL_KTH:
    quick_select(v, n, s->k, fl ? desc_f : desc_i);
    v[0] = v[s->k];
    break;
  case SEL_MEDIAN: case SEL_NANMEDIAN: {  /* median_with_indices_impl (Sorting.cpp) */
    int64_t nnan = 0;
    if (fl)
      for (int64_t j = 0; j < n; j++)
        if (isnan(v[j].k.f)) {
          if (s->what == SEL_MEDIAN) { v[0] = v[j]; return; }  /* the first NaN */
          nnan++;
        }
    int64_t nth = (n - nnan - 1) / 2;  /* C++ division: all NaN gives 0 */
    nth_element(v, v + nth, v + n, s->what == SEL_NANMEDIAN && fl ? nanmed_f : fl ? med_f : med_i);
    v[0] = v[nth];
    break;
  }
  case SEL_MODE: {  /* the last of the longest run after std::sort by value */
    std_sort(v, v + n, fl ? lt_f : asc_i);
    int64_t freq = 0, best = 0, bi = 0;
    for (int64_t j = 0; j < n; j++) {
      freq++;
      int end = j == n - 1 || (fl ? v[j].k.f != v[j + 1].k.f : v[j].k.i != v[j + 1].k.i);
      if (end) {
        if (freq > best) { best = freq; bi = j; }
        freq = 0;
      }
    }
    v[0] = v[bi];
    break;
  }
  case SEL_MEDIAN_ALL: {  /* median()/nanmedian(): the value only, so any selection gives it */
    int64_t m = 0;
    for (int64_t j = 0; j < n; j++)  /* NaNs to the back, order kept in front */
      if (!fl || !isnan(v[j].k.f)) swap_kv(&v[m++], &v[j]);
    if (m == 0 || (s->descending == 0 && m < n)) {  /* descending = ignore_nan here */
      v[0] = v[n - 1];  /* a NaN */
      break;
    }
    nth_element(v, v + (m - 1) / 2, v + m, fl ? asc_f : asc_i);
    v[0] = v[(m - 1) / 2];
    break;
  }
  case SEL_CUMMAX: case SEL_CUMMIN: {  /* cummax_cummin_helper: >= / <= so ties take the later index */
    int mx = s->what == SEL_CUMMAX;
    kv out = v[0];
    for (int64_t j = 0; j < n; j++) {
      kv x = v[j];
      int take = fl ? isnan(x.k.f) || (!isnan(out.k.f) && (mx ? x.k.f >= out.k.f : x.k.f <= out.k.f))
                    : (mx ? x.k.i >= out.k.i : x.k.i <= out.k.i);
      if (take) out = x;
      v[j] = out;
    }
    break;
  }
  }
}

/* Runs s over every line of x along dim; out[0] = values (x's dtype), out[1] = indices
 * (int64), of x's shape with m along dim (dropped when m == 1 and !keepdim). */
int tp_run_lines(const sel *s0, tp_tensor *x, int64_t dim, int64_t m, int keepdim, tp_tensor **out) {
  sel s = *s0;
  s.fl = x->dtype == TP_FLOAT32 || x->dtype == TP_FLOAT64;
  int64_t shape[TP_MAX_DIMS], n = x->ndim ? x->shape[dim] : 1, outer = 1, inner = 1;
  int nd = 0;
  for (int d = 0; d < x->ndim; d++) {
    if (d < dim) outer = tp_wmul(outer, x->shape[d]);  /* (an empty tensor's other dims may pass int64) */
    if (d > dim) inner = tp_wmul(inner, x->shape[d]);
    if (d != dim) shape[nd++] = x->shape[d];
    else if (keepdim || m != 1) shape[nd++] = m;
  }
  tp_tensor *xc = tp_contiguous(x);
  tp_tensor *v = xc ? tp_tensor_make(x->dtype, nd, shape) : NULL;
  tp_tensor *ix = v ? tp_tensor_make(TP_INT64, nd, shape) : NULL;
  kv *buf = NULL;
  int64_t lines = tp_wmul(outer, inner);
  if (ix && lines > 0 && n > 0 && !tp_no_elements(x->ndim, x->shape)) {
    buf = malloc(sizeof(kv) * (size_t)n * (s.what == SEL_STABLE ? 2 : 1));
    if (!buf) tp_fail_oom((double)(sizeof(kv) * n));
  }
  if (!ix || (lines > 0 && n > 0 && !buf)) {
    tp_tensor_release(xc); tp_tensor_release(v); tp_tensor_release(ix);
    return -1;
  }
  s.tmp = buf ? buf + n : NULL;
  int item = tp_dtype_table[x->dtype].itemsize;
  const char *src = tp_ptr(xc);
  char *vo = tp_ptr(v);
  int64_t *io = (int64_t *)tp_ptr(ix);
  for (int64_t l = 0; l < lines && n > 0; l++) {
    int64_t o = l / inner, i = l % inner;
    for (int64_t j = 0; j < n; j++) {
      const char *p = src + ((o * n + j) * inner + i) * item;
      if (s.fl) buf[j].k.f = tp_load_f64(p, x->dtype);
      else buf[j].k.i = tp_load_i64(p, x->dtype);
      buf[j].idx = j;
    }
    line_select(&s, buf, n);
    for (int64_t j = 0; j < m; j++) {
      int64_t at = (o * m + j) * inner + i;
      if (s.fl) tp_store_f64(vo + at * item, x->dtype, buf[j].k.f);
      else tp_store_i64(vo + at * item, x->dtype, buf[j].k.i);
      io[at] = buf[j].idx;
    }
  }
  free(buf);
  tp_tensor_release(xc);
  out[0] = v;
  out[1] = ix;
  return 0;
}

int tp_not_for_bool(const tp_tensor *x, const char *kernel) {
  return x->dtype == TP_BOOL ? tp_fail_status("\"%s\" not implemented for 'Bool'", kernel) : 0;
}

