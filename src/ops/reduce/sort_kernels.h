/* sort_kernels.h — what the kernels of src/ops/reduce/sort.c give its entry points
 * (src/api/reduce/sort.c), which validate, run them and record the node; not exported. */
#ifndef TP_SORT_KERNELS_H
#define TP_SORT_KERNELS_H
#include "ops.h"
#include "sort.h"

typedef struct {
  union { double f; int64_t i; } k;
  int64_t idx;
} kv;

enum { SEL_SORT, SEL_STABLE, SEL_TOPK, SEL_KTH, SEL_MEDIAN, SEL_NANMEDIAN, SEL_MODE, SEL_CUMMAX, SEL_CUMMIN, SEL_MEDIAN_ALL };

typedef struct {
  int what, fl, descending, sorted;
  int64_t k;       /* topk's k, kthvalue's k - 1 */
  kv *tmp;         /* merge sort scratch */
} sel;

int tp_run_lines(const sel *s0, tp_tensor *x, int64_t dim, int64_t m, int keepdim, tp_tensor **out);
int tp_not_for_bool(const tp_tensor *x, const char *kernel);

#endif
