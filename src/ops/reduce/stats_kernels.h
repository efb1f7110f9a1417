/* stats_kernels.h — what the kernels of src/ops/reduce/stats.c give its entry points
 * (src/api/reduce/stats.c), which validate, run them and record the node; not exported. */
#ifndef TP_STATS_KERNELS_H
#define TP_STATS_KERNELS_H
#include "ops.h"
#include "sort.h"

/* Nodes are indices; HEAD (-2) is the list's before-begin node, -1 is null. */
enum { NIL = -1, HEAD = -2 };

typedef struct { int64_t *next, *bucket, nb, head; const int64_t *key; int dtype; } uset;

/* out[0] = the distinct values (sorted, or runs in order when consecutive), out[1] = inverse
 * indices (x's shape), out[2] = counts. Equal values include -0.0 and 0.0 (the first seen is
 * kept); NaNs are all distinct. */
typedef struct { int64_t key, idx; } keyidx;

int tp_is_float(int dt);
tp_tensor *tp_stats_then(tp_tensor *a, tp_tensor *b);
int tp_dim_mask(const tp_tensor *x, int ndims, const double *dims, int64_t *mask);
double tp_log_add_exp(double x, double y);
void tp_fused_lerp(tp_tensor *out, tp_tensor *self, tp_tensor *end, tp_tensor *w);
double tp_stats_key_f(int64_t k);
int64_t *tp_unique_keys(const int64_t *keys, int64_t n, int dtype, int sorted, int64_t *m);
extern int tp_keyidx_float;
int tp_keyidx_cmp(const void *pa, const void *pb);
extern const char *tp_row_base;
extern int64_t row_len, tp_row_item;
extern int tp_row_dtype;
int tp_row_cmp(const void *pa, const void *pb);
int tp_rows_equal(int64_t a, int64_t b);

#endif
