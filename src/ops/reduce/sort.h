/* sort.h — what src/ops/reduce/sort.c lends to src/ops/reduce/stats.c (not exported). */
#ifndef TP_SORT_H
#define TP_SORT_H
#include <stdint.h>

/* libstdc++'s std::sort with operator< over n 8-byte keys (doubles if fl, else int64), in
 * place: what unique(sorted=True) does with its hash set's values. 0 or -1. */
int tp_std_sort_keys(void *keys, int64_t n, int fl);

#endif
