/* index_kernels.h — what the kernels of src/ops/shape/index.c give its entry points
 * (src/api/shape/index.c), which validate, run them and record the node; not exported. */
#ifndef TP_INDEX_KERNELS_H
#define TP_INDEX_KERNELS_H
#include "shape.h"

typedef struct {
  int64_t item;
  char value[8];
} fill_ctx;

/* The indexing plan shared by index and index_put_: the (possibly permuted) geometry of
 * self, the block [start, start+k) of indexed dims, the broadcast index shape and, for each
 * point of it, the element offset into self that the indices select. */
typedef struct {
  tp_tensor self;
  int start, k;
  int nb;
  int64_t bshape[TP_MAX_DIMS];
  int64_t *offsets;            /* numel(bshape) entries, in elements; malloc'd */
  tp_tensor *owned[2 * TP_MAX_DIMS];  /* nonzero() of each bool mask and its columns */
  int nowned;
  int rdim;                     /* the result: pre dims + bshape + post dims */
  int64_t rshape[TP_MAX_DIMS];
} index_plan;

tp_tensor *tp_gather_impl(tp_tensor *t, double dim_d, tp_tensor *index);
int tp_scatter__impl(tp_tensor *t, double dim_d, tp_tensor *index, tp_tensor *src, double value, int add);
tp_tensor *tp_scatter_impl(tp_tensor *t, double dim_d, tp_tensor *index, tp_tensor *src, double value, int add);
tp_tensor *tp_index_select_impl(tp_tensor *t, double dim_d, tp_tensor *index);
int tp_masked_fill__impl(tp_tensor *t, tp_tensor *mask, tp_tensor *value, double v);
tp_tensor *tp_masked_fill_impl(tp_tensor *t, tp_tensor *mask, tp_tensor *value, double v);
tp_tensor *tp_masked_select_checked(tp_tensor *t, tp_tensor *mask);
tp_tensor *tp_index_impl(tp_tensor *t, int n, tp_tensor *const *indices);
int tp_index_put__impl(tp_tensor *t, int n, tp_tensor *const *indices, tp_tensor *values, int accumulate);
tp_tensor *tp_index_put_impl(tp_tensor *t, int n, tp_tensor *const *indices, tp_tensor *values, int accumulate);
int64_t tp_wrapped_dim(double d, int ndim);
const char *tp_scatter_name(tp_tensor *src, int add);
int tp_index_params(int n, tp_tensor *const *indices, int64_t *iv, tp_tensor **save);
int tp_index_add_check(tp_tensor *t, int64_t dim, tp_tensor *index, tp_tensor *source, int inplace);
void tp_index_add_run(tp_tensor *t, int64_t dim, tp_tensor *index, tp_tensor *source, double alpha);
int tp_index_copy_check(tp_tensor *t, int64_t dim, tp_tensor *index, tp_tensor *source, int inplace);
void tp_index_copy_run(tp_tensor *t, int64_t dim, tp_tensor *index, tp_tensor *source);
int tp_index_fill_check(tp_tensor *t, int64_t *dim, double dim_d, tp_tensor *index, tp_tensor *value);
void tp_index_fill_run(tp_tensor *t, int64_t dim, tp_tensor *index, tp_tensor *value, double v);

#endif
