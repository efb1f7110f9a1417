/* scratch.h — composite forwards below autograd (src/nn/functional.c, src/nn/activation.c): each op's result
 * goes into a short list that is released in one go. S() keeps a result; B/Bs/U are
 * tp_binary / tp_binary_scalar / tp_unary that pass a NULL (an error already set) through. */
#ifndef TP_SCRATCH_H
#define TP_SCRATCH_H
#include "internal.h"

typedef struct {
  tp_tensor *t[24];
  int n;
} scratch;
static inline tp_tensor *S(scratch *s, tp_tensor *t) {
  if (t) s->t[s->n++] = t;
  return t;
}
static inline void scratch_free(scratch *s) {
  while (s->n) tp_tensor_release(s->t[--s->n]);
}
static inline tp_tensor *B(scratch *s, int op, tp_tensor *x, tp_tensor *y) { return x && y ? S(s, tp_binary(op, x, y, 1)) : NULL; }
static inline tp_tensor *Bs(scratch *s, int op, tp_tensor *x, double v) {
  return x ? S(s, tp_binary_scalar(op, x, v, TP_SCALAR_FLOAT, 0, 1)) : NULL;
}
static inline tp_tensor *U(scratch *s, int op, tp_tensor *x) { return x ? S(s, tp_unary(op, x)) : NULL; }

#endif
