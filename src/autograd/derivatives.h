/* derivatives.h — the recording calls that the ops' entry points make (derivatives.c).
 * Each tp_record_* takes the freshly computed result and returns it, now linked to its
 * grad_fn when autograd must track it; on failure it releases the result and returns NULL.
 * In-place ops call a *_begin before writing (PyTorch's leaf check, saving old values) and
 * *_commit after the write succeeded (or tp_inplace_abort when it failed).
 */
#ifndef TP_DERIVATIVES_H
#define TP_DERIVATIVES_H
#include "internal.h"

struct tp_node;

/* Which view a SELECT/SLICE/AS_STRIDED node took (iv[0]). */
enum { TP_VIEW_NONE, TP_VIEW_SELECT, TP_VIEW_SLICE, TP_VIEW_AS_STRIDED,
       TP_VIEW_DIAGONAL, TP_VIEW_UNFOLD };  /* diag_views_scatter.c: iv = {kind, offset, dim1, dim2} / {kind, dim, size, step} */
/* Which op a TP_GRAD_SHAPE_LINALG node is (iv[0]); formulas in derivatives.c's "more shape and
 * linear-algebra ops". s[0], s[1]: beta, alpha of the add*mm family. */
enum { TP_SHL_DIAG, TP_SHL_TRACE, TP_SHL_DIAG_EMBED, TP_SHL_ROT90, TP_SHL_TAKE,
       TP_SHL_ADDMV, TP_SHL_ADDR, TP_SHL_BADDBMM, TP_SHL_ADDBMM, TP_SHL_VDOT, TP_SHL_CROSS,
       TP_SHL_VIEW_SCATTER, TP_SHL_MASKED_SCATTER, TP_SHL_PUT, TP_SHL_NOT_IMPLEMENTED, TP_SHL_SCATTER_REDUCE };
/* select/slice/diagonal_scatter: viv = {TP_VIEW_*, params} as apply_view takes it (diag_views_scatter.c). */
tp_tensor *tp_view_scatter(tp_tensor *t, tp_tensor *src, const int64_t *viv);

tp_tensor *tp_record_unary(int op, tp_tensor *x, tp_tensor *out);
/* A unary op's formula under another overload's name (round(decimals=) is RoundBackward1). */
tp_tensor *tp_record_unary_named(int op, const char *name, tp_tensor *x, tp_tensor *out);
tp_tensor *tp_record_binary(int op, tp_tensor *x, tp_tensor *y, double alpha, tp_tensor *out);
tp_tensor *tp_record_binary_scalar(int op, tp_tensor *x, double s, int form, double alpha, tp_tensor *out);
tp_tensor *tp_record_where(tp_tensor *cond, tp_tensor *x, tp_tensor *y, tp_tensor *out);
tp_tensor *tp_record_clamp(int op, tp_tensor *x, tp_tensor *lo, tp_tensor *hi, double slo, int klo, double shi, int khi, tp_tensor *out);
/* mask: bit d set when dim d is reduced; all_dims: the overload without dim. */
tp_tensor *tp_record_reduce(int op, tp_tensor *x, int64_t mask, int keepdim, int all_dims, double param, tp_tensor *out);
int tp_record_reduce_indexed(int op, tp_tensor *x, int64_t dim, int keepdim, tp_tensor **out);
int tp_record_var_mean(int op, tp_tensor *x, int64_t mask, int keepdim, int all_dims, double correction, tp_tensor **out);
tp_tensor *tp_record_dimop(int op, tp_tensor *x, int64_t dim, tp_tensor *out);
tp_tensor *tp_record_linalg(int op, tp_tensor *x, tp_tensor *y, tp_tensor *out);
/* matmul and outer as PyTorch's composites (Note [matmul's graph]): for inputs whose shapes
 * were validated. tp_record_matmul returns 0 when matmul is a single op for these shapes
 * (dot, mv, mm), else 1 with *out the result (NULL + error on failure). */
int tp_record_matmul(tp_tensor *x, tp_tensor *y, tp_tensor **out);
tp_tensor *tp_record_outer(tp_tensor *x, tp_tensor *y);
/* Generic: a node of `kind` named `name` over inputs, integer params iv, tensors to save. */
tp_tensor *tp_record_unary_kind(int kind, const char *name, tp_tensor *x, tp_tensor *out, int niv, const int64_t *iv);
tp_tensor *tp_record_kind(int kind, const char *name, int ninputs, tp_tensor *const *ins, tp_tensor *out, int niv,
                          const int64_t *iv, int nsave, tp_tensor *const *save);
/* One node with several outputs (split, chunk, unbind). 0 or -1. */
int tp_record_multi(int kind, const char *name, tp_tensor *x, int nout, tp_tensor **outs, int niv, const int64_t *iv);

/* In-place: begin checks and prepares (node stays NULL when nothing is tracked); commit
 * links self to the node after the write; abort drops it after a failed write. */
typedef struct {
  struct tp_node *node;
} tp_inplace;
int tp_inplace_begin(tp_tensor *self, int nextra, tp_tensor *const *extra, struct tp_node **node);
void tp_inplace_commit(tp_tensor *self, struct tp_node *n);
int tp_inplace_unary_begin(int op, tp_tensor *x, struct tp_node **n);
int tp_inplace_unary_named_begin(int op, const char *name, tp_tensor *x, struct tp_node **n);
int tp_inplace_binary_begin(int op, tp_tensor *self, tp_tensor *other, double alpha, struct tp_node **n);
int tp_inplace_binary_scalar_begin(int op, tp_tensor *self, double s, double alpha, struct tp_node **n);
int tp_inplace_clamp_begin(int op, tp_tensor *x, tp_tensor *lo, tp_tensor *hi, double slo, int klo, double shi, int khi, struct tp_node **n);
/* A node of a fixed kind for in-place ops whose formula needs only params/saved tensors. */
int tp_inplace_kind_begin(int kind, const char *name, tp_tensor *self, int nextra, tp_tensor *const *extra, int niv,
                          const int64_t *iv, int nsave, tp_tensor *const *save, struct tp_node **n);
/* After the write: saves outputs the formula needs (the result of exp_, ...), links self. */
void tp_inplace_unary_commit(int op, tp_tensor *x, struct tp_node *n);
void tp_inplace_abort(struct tp_node *n);

/* math.c's ops with parameters or three operands: a TP_GRAD_ELEMW node, op TP_EW_*, p the
 * op's numbers (n->s), save the inputs the formula needs. In place: saves a clone of self
 * first, then extra[0 .. nsave - 2]. */
tp_tensor *tp_record_elemw(int op, const char *name, int ninputs, tp_tensor *const *ins, tp_tensor *out,
                           const double *p, int nsave, tp_tensor *const *save);
int tp_inplace_elemw_begin(int op, const char *name, tp_tensor *self, int nextra, tp_tensor *const *extra,
                           const double *p, int nsave, struct tp_node **n);

/* Which op a TP_GRAD_TENSOR_METHOD node is (iv[0]); s[0] holds hardshrink's lambd. src/ops/tensor_methods.c. */
enum { TP_TM_HARDSHRINK, TP_TM_ANGLE, TP_TM_PRELU, TP_TM_MVLGAMMA, TP_TM_FREXP,
       TP_TM_SET, TP_TM_RENORM, TP_TM_I0, TP_TM_IGAMMA, TP_TM_IGAMMAC, TP_TM_HISTOGRAM, TP_TM_I1 };
/* special.c: special_i1 (SpecialI1Backward0), the derivative of i0 (a new tensor). */
tp_tensor *tp_special_i1(tp_tensor *x);  /* for i0's derivative (tensor_methods.c's set_, renorm, i0, igamma(c)) */
/* d mvlgamma(x, p) = g * sum_i digamma(x + (1 - i) / 2) (a new tensor). */
tp_tensor *tp_mvlgamma_grad(tp_tensor *g, tp_tensor *x, int64_t p);
/* prelu's weight viewed to broadcast along x's dim 1 (a new reference). */
tp_tensor *tp_prelu_weight_view(tp_tensor *x, tp_tensor *w);

#endif
