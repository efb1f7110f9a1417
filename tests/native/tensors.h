/* Helpers for the native tests: a tensor of given values, and an element as a double.
 * Include after src/core/internal.h. */
#ifndef TP_TEST_TENSORS_H
#define TP_TEST_TENSORS_H

/* A new contiguous tensor of `shape` and `dtype` holding v[0..numel). */
__attribute__((unused)) static tp_tensor *vec(int ndim, const int64_t *shape, int dtype, const double *v) {
  double s[TP_MAX_DIMS];
  for (int d = 0; d < ndim; d++) s[d] = (double)shape[d];
  tp_tensor *t = tp_empty(ndim, s, dtype);
  int64_t n = tp_shape_numel(ndim, shape);
  for (int64_t i = 0; i < n; i++) tp_store_f64(tp_ptr(t) + i * tp_dtype_table[dtype].itemsize, dtype, v[i]);
  return t;
}

/* Element i of a contiguous tensor, as a double. */
__attribute__((unused)) static double el(const tp_tensor *t, int64_t i) {
  return tp_load_f64(tp_ptr(t) + i * tp_dtype_table[t->dtype].itemsize, t->dtype);
}

#endif
