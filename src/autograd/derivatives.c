/* derivatives.c — what every differentiable op records, and its backward formula, in one
 * place (PyTorch's derivatives.yaml, in C).
 *
 * Recording: each op's entry point calls one tp_record_* function after computing its
 * result; it makes the grad_fn node (named as in PyTorch 1.13), saves what the formula
 * needs and links the result to it. Formulas: tp_formula_apply, one case per op in the
 * order of the op table, each written with the ops' own entry points, so that under
 * create_graph the backward pass records a graph of its own (higher-order gradients).
 * Broadcast inputs need no care here: the engine sums each gradient to its input's shape
 * and casts it to its dtype (engine.c, conform).
 */
#include <math.h>
#include <stdlib.h>
#include <string.h>
#include "autograd.h"
#include "ops.h"
#include "derivatives.h"
#include "shape.h"

#define LN2 0.69314718055994530942
#define LN10 2.30258509299404568402
#define SQRT1_2 0.70710678118654752440
#define TWO_OVER_SQRTPI 1.12837916709551257390

/* ---- formula helpers: NULL in, NULL out; results are kept in an arena --------------- */
#define ARENA_MAX 256
typedef struct {
  tp_tensor *t[ARENA_MAX];
  int n;
} arena;

static tp_tensor *K(arena *a, tp_tensor *t) {
  if (!t) return NULL;
  if (a->n == ARENA_MAX) { tp_tensor_release(t); return tp_fail("tensorpad: backward formula too large"); }
  a->t[a->n++] = t;
  return t;
}
static void arena_free(arena *a) {
  for (int i = 0; i < a->n; i++) tp_tensor_release(a->t[i]);
  a->n = 0;
}
/* A result that leaves the arena: a new reference. */
static tp_tensor *own(tp_tensor *t) {
  if (t) tp_tensor_retain(t);
  return t;
}

static tp_tensor *bin(arena *a, int op, tp_tensor *x, tp_tensor *y) { return x && y ? K(a, tp_binary(op, x, y, 1)) : NULL; }
static tp_tensor *add(arena *a, tp_tensor *x, tp_tensor *y) { return bin(a, TP_OP_ADD, x, y); }
static tp_tensor *sub(arena *a, tp_tensor *x, tp_tensor *y) { return bin(a, TP_OP_SUB, x, y); }
static tp_tensor *mul(arena *a, tp_tensor *x, tp_tensor *y) { return bin(a, TP_OP_MUL, x, y); }
static tp_tensor *dv(arena *a, tp_tensor *x, tp_tensor *y) { return bin(a, TP_OP_DIV, x, y); }
static tp_tensor *sc(arena *a, int op, tp_tensor *x, double s) {
  return x ? K(a, tp_binary_scalar(op, x, s, TP_SCALAR_FLOAT, 0, 1)) : NULL;
}
static tp_tensor *rsc(arena *a, int op, double s, tp_tensor *x) {  /* s op x */
  return x ? K(a, tp_binary_scalar(op, x, s, TP_SCALAR_FLOAT, 1, 1)) : NULL;
}
static tp_tensor *un(arena *a, int op, tp_tensor *x) { return x ? K(a, tp_unary(op, x)) : NULL; }
static tp_tensor *neg(arena *a, tp_tensor *x) { return un(a, TP_OP_NEG, x); }
static tp_tensor *cmp_s(arena *a, int op, tp_tensor *x, double s) { return sc(a, op, x, s); }
static tp_tensor *where3(arena *a, tp_tensor *c, tp_tensor *x, tp_tensor *y) {
  return c && x && y ? K(a, tp_where(c, x, y, 0, TP_SCALAR_NONE, 0, TP_SCALAR_NONE)) : NULL;
}
/* where(c, x, 0) */
static tp_tensor *where0(arena *a, tp_tensor *c, tp_tensor *x) {
  return c && x ? K(a, tp_where(c, x, NULL, 0, TP_SCALAR_NONE, 0, TP_SCALAR_INT)) : NULL;
}
static tp_tensor *zeros_meta(arena *a, const tp_meta *m) {
  double sizes[TP_MAX_DIMS];
  for (int d = 0; d < m->ndim; d++) sizes[d] = (double)m->shape[d];
  return K(a, tp_full(m->ndim, sizes, m->dtype, 0));
}
static tp_tensor *zeros_like_t(arena *a, tp_tensor *t) {
  if (!t) return NULL;
  tp_meta m;
  m.ndim = t->ndim;
  m.dtype = t->dtype;
  memcpy(m.shape, t->shape, sizeof(int64_t) * t->ndim);
  return zeros_meta(a, &m);
}
static tp_tensor *reduce(arena *a, int op, tp_tensor *x, int n, const double *dims, int keepdim) {
  return x ? K(a, tp_reduce(op, x, n, dims, keepdim, 0, -1)) : NULL;
}
static tp_tensor *unsq(arena *a, tp_tensor *x, int64_t d) { return x ? K(a, tp_unsqueeze(x, (double)d)) : NULL; }
static tp_tensor *mT(arena *a, tp_tensor *x) { return x ? K(a, tp_transpose(x, -2, -1)) : NULL; }
static tp_tensor *lin(arena *a, int op, tp_tensor *x, tp_tensor *y) { return x && y ? K(a, tp_linalg(op, x, y)) : NULL; }
static tp_tensor *expand_meta(arena *a, tp_tensor *x, const tp_meta *m) {
  double sizes[TP_MAX_DIMS];
  for (int d = 0; d < m->ndim; d++) sizes[d] = (double)m->shape[d];
  return x ? K(a, tp_expand(x, m->ndim, sizes)) : NULL;
}
static tp_tensor *reshape_meta(arena *a, tp_tensor *x, const tp_meta *m) {
  double sizes[TP_MAX_DIMS];
  for (int d = 0; d < m->ndim; d++) sizes[d] = (double)m->shape[d];
  return x ? K(a, tp_reshape(x, m->ndim, sizes)) : NULL;
}
static tp_tensor *unpack(arena *a, tp_node *n, int i) { return K(a, tp_node_unpack(n, i)); }
/* g, or zeros of output k's shape when no gradient arrived for it. */
static tp_tensor *grad_or_zeros(arena *a, tp_node *n, tp_tensor **g, int k) {
  return g[k] ? g[k] : zeros_meta(a, &n->out_meta[k]);
}

/* A reduction's gradient brought back to the input's shape: the reduced dims (mask bits in
 * iv[0]) are unsqueezed when keepdim was false (iv[1]), then expanded. */
static tp_tensor *unreduce(arena *a, tp_node *n, tp_tensor *g) {
  const tp_meta *m = &n->in_meta[0];
  int64_t mask = n->iv[0];
  if (!n->iv[1] && g)
    for (int d = 0; d < m->ndim; d++)
      if (mask & ((int64_t)1 << d)) g = unsq(a, g, d);
  return g;
}

static tp_tensor *full_like_t(arena *a, tp_tensor *t, double v);

/* math.c's ops (the section "elementwise math functions" at the end of this file). */
static int elemw_binary_needs(int op, int *need_a, int *need_b);
static int scalar_x_alone(int op, int reversed);
static int scalar_saves_result(int op, int reversed);
static int elemw_unary_formula(arena *a, tp_node *n, tp_tensor *g, tp_tensor **gi, tp_tensor *x);
static int elemw_binary_formula(arena *a, tp_node *n, tp_tensor *g, tp_tensor **gi, tp_tensor *x, tp_tensor *y, tp_tensor *r);
static int elemw_scalar_formula(arena *a, tp_node *n, tp_tensor *g, tp_tensor *x, tp_tensor *r, tp_tensor **d);
static int elemw_formula(arena *a, tp_node *n, tp_tensor *g, tp_tensor **gi);

/* ---- recording ---------------------------------------------------------------------------- */
static const char *op_grad_name(int op, int alt) { return tp_op_grad_fn(op, alt); }
/* The formula of an op that differs from another only in its grad_fn name (ops.def). */
static int formula_op(int op) { return op == TP_OP_DIV_NONE ? TP_OP_DIV : op; }

/* Which unary formulas need the input (1), the result (2) or both (3: sgn, whose formula is zero). */
static int unary_saves(int op) {
  switch (op) {
  case TP_OP_SGN:
    return 3;
  case TP_OP_EXP: case TP_OP_EXP2: case TP_OP_EXPM1: case TP_OP_SQRT: case TP_OP_RSQRT: case TP_OP_TAN:
  case TP_OP_TANH: case TP_OP_SIGMOID: case TP_OP_RELU: case TP_OP_RECIPROCAL:
    return 2;
  case TP_OP_NEG: case TP_OP_SIGN: case TP_OP_FLOOR: case TP_OP_CEIL: case TP_OP_ROUND: case TP_OP_TRUNC:
  case TP_OP_FRAC: case TP_OP_DEG2RAD: case TP_OP_RAD2DEG:
    return 0;
  default:
    return 1;
  }
}

/* Finishes a recording: on failure the result is released and NULL returned. */
static tp_tensor *finish(tp_node *n, tp_tensor *out, int failed) {
  if (!n || failed) {
    if (n) tp_node_release(n);
    tp_tensor_release(out);
    return NULL;
  }
  tp_node_set_output(n, out, 0);
  tp_node_release(n);
  return out;
}

tp_tensor *tp_record_unary(int op, tp_tensor *x, tp_tensor *out) { return tp_record_unary_named(op, op_grad_name(op, 0), x, out); }

tp_tensor *tp_record_unary_named(int op, const char *name, tp_tensor *x, tp_tensor *out) {
  if (!out || !*name || !tp_any_requires_grad(1, &x)) return out;
  tp_node *n = tp_node_new(TP_GRAD_UNARY, op, name, 1, &x, 1);
  int s = unary_saves(op), failed = 0;
  if (n && (s & 1)) failed |= tp_node_save(n, x, -1);
  if (n && (s & 2)) failed |= tp_node_save(n, out, 0);
  return finish(n, out, failed);
}

/* Binary formulas: which operands they need. */
static int binary_needs(int op, int *need_a, int *need_b) {
  *need_a = *need_b = 0;
  switch (op) {
  case TP_OP_MUL: *need_a = *need_b = 1; return 0;
  case TP_OP_DIV: case TP_OP_DIV_TRUNC: case TP_OP_DIV_FLOOR: *need_a = *need_b = 1; return 0;  /* DivBackward2 saves both */
  case TP_OP_POW: *need_a = *need_b = 1; return 1;  /* and the result */
  case TP_OP_REMAINDER: case TP_OP_MAXIMUM: case TP_OP_MINIMUM: *need_a = *need_b = 1; return 0;
  default: return elemw_binary_needs(op, need_a, need_b);
  }
}

tp_tensor *tp_record_binary(int op, tp_tensor *x, tp_tensor *y, double alpha, tp_tensor *out) {
  tp_tensor *ins[2] = {x, y};
  const char *name = op_grad_name(op, 0);
  op = formula_op(op);
  if (!out || !*name || !tp_any_requires_grad(2, ins)) return out;
  tp_node *n = tp_node_new(TP_GRAD_BINARY, op, name, 2, ins, 1);
  int na, nb, failed = 0;
  int nr = binary_needs(op, &na, &nb);
  if (n) {
    n->s[0] = alpha;
    /* slots: 0 = a, 1 = b, 2 = result (always present, possibly unused) */
    failed |= tp_node_save(n, x, -1);
    if (op != TP_OP_COPYSIGN) failed |= tp_node_save(n, y, -1);
    if (nr) failed |= tp_node_save(n, out, 0);
    if (!na && !nb && !nr) {  /* add/sub need nothing: drop the references */
      for (int i = 0; i < n->nsaved; i++) tp_tensor_release(n->saved[i].t);
      n->nsaved = 0;
    }
  }
  return finish(n, out, failed);
}

/* Node layout of a scalar op, as PyTorch records it: from Python, add/sub/mul/div wrap the
 * scalar into a tensor operand, so their nodes have two inputs, the scalar's edge empty
 * (x.add(2) is [x, None]; torch.sub(2, x) is [None, x]); pow, remainder and rsub
 * (TP_FORM_RSUB) take a Scalar overload with x as the only input, and so do all of them when
 * a C++ composite calls ATen's Scalar overload (TP_FORM_ATEN: at::mul(x, 2) is MulBackward1,
 * [x], saving the scalar as a number). */
static int scalar_wrapped(int op) { return op == TP_OP_ADD || op == TP_OP_SUB || op == TP_OP_MUL || op == TP_OP_DIV; }
static int scalar_x_slot(tp_node *n) { return n->ninputs == 2 && n->iv[0] == 1 ? 1 : 0; }

/* The names of ATen's Scalar overloads (add.Scalar is AddBackward1, div.Scalar_mode DivBackward3). */
static const char *aten_scalar_name(int op) {
  switch (op) {
  case TP_OP_ADD: return "AddBackward1";
  case TP_OP_SUB: return "SubBackward1";
  case TP_OP_MUL: return "MulBackward1";
  case TP_OP_DIV: return "DivBackward1";
  case TP_OP_DIV_TRUNC: case TP_OP_DIV_FLOOR: return "DivBackward3";
  default: return op_grad_name(op, 1);
  }
}

/* A wrapped scalar operand, saved as PyTorch saves it (mul and div need it; saving it also
 * makes a second backward through x * 2 fail as PyTorch's does). */
static int save_scalar(tp_node *n, double s, int dtype) {
  tp_tensor *w = tp_full_unchecked(0, NULL, dtype, s);
  if (!w) return -1;
  int rc = tp_node_save(n, w, -1);
  tp_tensor_release(w);
  return rc;
}

tp_tensor *tp_record_binary_scalar(int op, tp_tensor *x, double s, int form, double alpha, tp_tensor *out) {
  const char *name = form == TP_FORM_ATEN ? aten_scalar_name(op) : op_grad_name(op, 1);
  if (form == TP_FORM_RSUB && op == TP_OP_SUB) name = "RsubBackward1";
  if ((form == TP_FORM_REVERSED || form == TP_FORM_RSUB) && op == TP_OP_POW) name = "PowBackward2";
  if (form == TP_FORM_REVERSED && op == TP_OP_XLOGY) name = "XlogyBackward1";
  op = formula_op(op);
  if (!out || !*name || !tp_any_requires_grad(1, &x)) return out;
  int aten = form == TP_FORM_ATEN, reversed = aten ? 0 : form;  /* the formula's view: 0 = x op s */
  int wrapped = scalar_wrapped(op) && reversed != TP_FORM_RSUB && !aten;
  tp_tensor *ins[2] = {reversed == 1 && wrapped ? NULL : x, reversed == 1 && wrapped ? x : NULL};
  tp_node *n = tp_node_new(TP_GRAD_BINARY_SCALAR, op, name, wrapped ? 2 : 1, ins, 1);
  int failed = 0;
  if (n) {
    n->s[0] = s;
    n->s[1] = alpha;
    n->iv[0] = reversed;
    n->niv = 1;
    if (scalar_x_alone(op, reversed)) {  /* pow.Tensor_Scalar, xlogy: self only */
      failed |= tp_node_save(n, x, -1);
      n->iv[1] = 1;
      n->niv = 2;
    } else if (scalar_saves_result(op, reversed)) {
      failed |= tp_node_save(n, x, -1);
      failed |= tp_node_save(n, out, 0);
    } else if ((op == TP_OP_MUL || op == TP_OP_DIV) && !aten) {
      failed |= save_scalar(n, s, out->dtype);
    }
  }
  return finish(n, out, failed);
}

tp_tensor *tp_record_where(tp_tensor *cond, tp_tensor *x, tp_tensor *y, tp_tensor *out) {
  tp_tensor *ins[2] = {x, y};
  if (!out || !tp_any_requires_grad(2, ins)) return out;
  tp_node *n = tp_node_new(TP_GRAD_WHERE, TP_OP_WHERE, "WhereBackward0", 2, ins, 1);
  int failed = n ? tp_node_save(n, cond, -1) : 0;
  return finish(n, out, failed);
}

/* clamp's node layouts, as PyTorch 1.13 records them: clamp(Scalar?, Scalar?) and the Scalar
 * overloads of clamp_min/clamp_max have x as the only input; clamp(Tensor?, Tensor?) has
 * three (x, min, max: an absent bound is an empty edge), clamp_min/clamp_max(Tensor) two. */
static int clamp_inputs(int op, tp_tensor *x, tp_tensor *lo, tp_tensor *hi, tp_tensor **ins) {
  ins[0] = x;
  if (!lo && !hi) return 1;
  if (op == TP_OP_CLAMP_MIN) { ins[1] = lo; return 2; }
  if (op == TP_OP_CLAMP_MAX) { ins[1] = hi; return 2; }
  ins[1] = lo;
  ins[2] = hi;
  return 3;
}

static void clamp_params(tp_node *n, int op, tp_tensor *lo, tp_tensor *hi, double slo, int klo, double shi, int khi) {
  n->kind = TP_GRAD_CLAMP;
  n->op = (int16_t)op;
  n->name = op_grad_name(op, lo || hi);
  n->s[0] = slo;
  n->s[1] = shi;
  n->iv[0] = lo ? 2 : klo != TP_SCALAR_NONE;   /* 0 none, 1 scalar, 2 tensor */
  n->iv[1] = hi ? 2 : khi != TP_SCALAR_NONE;
  n->niv = 2;
}

tp_tensor *tp_record_clamp(int op, tp_tensor *x, tp_tensor *lo, tp_tensor *hi, double slo, int klo, double shi, int khi,
                           tp_tensor *out) {
  if (op == TP_OP_CLAMP_MIN) hi = NULL, khi = TP_SCALAR_NONE;
  if (op == TP_OP_CLAMP_MAX) lo = NULL, klo = TP_SCALAR_NONE;
  tp_tensor *ins[3] = {x, lo, hi};
  if (!out || !tp_any_requires_grad(3, ins)) return out;
  int nin = clamp_inputs(op, x, lo, hi, ins);
  tp_node *n = tp_node_new(TP_GRAD_CLAMP, op, op_grad_name(op, lo || hi), nin, ins, 1);
  int failed = 0;
  if (n) {
    clamp_params(n, op, lo, hi, slo, klo, shi, khi);
    failed |= tp_node_save(n, x, -1);
    if (lo) failed |= tp_node_save(n, lo, -1);
    if (hi) failed |= tp_node_save(n, hi, -1);
  }
  return finish(n, out, failed);
}

/* An integer result (sum(dtype=torch.int64)) of a tensor that requires grad: 1.13's assert. */
static tp_tensor *not_differentiable(tp_tensor *out) {
  tp_tensor_release(out);
  return tp_fail("isDifferentiableType(variable.scalar_type()) INTERNAL ASSERT FAILED at \"./torch/csrc/autograd/functions/utils.h\":75, "
                 "please report a bug to PyTorch. ");
}

tp_tensor *tp_record_reduce(int op, tp_tensor *x, int64_t mask, int keepdim, int all_dims, double param, tp_tensor *out) {
  const char *name = op_grad_name(op, all_dims ? 0 : 1);
  if (!out || !*name || !tp_any_requires_grad(1, &x)) return out;
  if (!tp_dtype_table[out->dtype].is_floating) return not_differentiable(out);
  tp_node *n = tp_node_new(TP_GRAD_REDUCE, op, name, 1, &x, 1);
  int failed = 0;
  if (n) {
    n->iv[0] = mask;
    n->iv[1] = keepdim;
    n->iv[2] = all_dims;
    n->niv = 3;
    n->s[0] = param;
    if (op != TP_OP_SUM && op != TP_OP_MEAN) {
      failed |= tp_node_save(n, x, -1);
      if (op != TP_OP_VAR) failed |= tp_node_save(n, out, 0);  /* var_backward needs self only */
    }
  }
  return finish(n, out, failed);
}

/* var_mean / std_mean: one node, two outputs; saved self (and std's result) */
int tp_record_var_mean(int op, tp_tensor *x, int64_t mask, int keepdim, int all_dims, double correction, tp_tensor **out) {
  tp_node *n = tp_node_new(TP_GRAD_REDUCE, op, op == TP_OP_STD ? "StdMeanBackward0" : "VarMeanBackward0", 1, &x, 2);
  if (!n) return -1;
  n->iv[0] = mask;
  n->iv[1] = keepdim;
  n->iv[2] = all_dims;
  n->niv = 3;
  n->s[0] = correction;
  if (tp_node_save(n, x, -1) || (op == TP_OP_STD && tp_node_save(n, out[0], 0))) {
    tp_node_release(n);
    return -1;
  }
  tp_node_set_output(n, out[0], 0);
  tp_node_set_output(n, out[1], 1);
  tp_node_release(n);
  return 0;
}

int tp_record_reduce_indexed(int op, tp_tensor *x, int64_t dim, int keepdim, tp_tensor **out) {
  const char *name = op_grad_name(op, 1);
  if (!*name || !tp_any_requires_grad(1, &x)) return 0;
  tp_node *n = tp_node_new(TP_GRAD_REDUCE_INDEXED, op, name, 1, &x, 2);
  if (!n || tp_node_save(n, out[1], -1)) {
    if (n) tp_node_release(n);
    return -1;
  }
  n->iv[0] = dim;
  n->iv[1] = keepdim;
  n->niv = 2;
  tp_node_set_output(n, out[0], 0);
  /* the indices are an output too, but never differentiable */
  n->out_meta[1].ndim = out[1]->ndim;
  n->out_meta[1].dtype = out[1]->dtype;
  memcpy(n->out_meta[1].shape, out[1]->shape, sizeof(int64_t) * out[1]->ndim);
  tp_node_release(n);
  return 0;
}

tp_tensor *tp_record_dimop(int op, tp_tensor *x, int64_t dim, tp_tensor *out) {
  const char *name = op_grad_name(op, 0);
  if (!out || !*name || !tp_any_requires_grad(1, &x)) return out;
  if (!tp_dtype_table[out->dtype].is_floating) return not_differentiable(out);
  tp_node *n = tp_node_new(TP_GRAD_DIMOP, op, name, 1, &x, 1);
  int failed = 0;
  if (n) {
    n->iv[0] = dim;
    n->niv = 1;
    if (op == TP_OP_CUMPROD) failed |= tp_node_save(n, x, -1);  /* softmax/log_softmax: the result alone */
    if (op != TP_OP_CUMSUM) failed |= tp_node_save(n, out, 0);  /* cumsum's backward needs only the dim */
  }
  return finish(n, out, failed);
}

tp_tensor *tp_record_linalg(int op, tp_tensor *x, tp_tensor *y, tp_tensor *out) {
  tp_tensor *ins[2] = {x, y};
  if (!out || !tp_any_requires_grad(2, ins)) return out;
  /* matmul of other shapes and outer are recorded as PyTorch's composites by tp_linalg
   * (Note [matmul's graph]); the names below serve only if that path could not run. */
  static const char *const names[TP_LINALG_NOPS] = {"MmBackward0", "MmBackward0", "BmmBackward0", "MvBackward0", "DotBackward0", "MulBackward0"};
  const char *name = names[op];
  if (op == TP_LINALG_MATMUL) {
    if (x->ndim == 1 && y->ndim == 1) name = "DotBackward0";
    else if (x->ndim == 2 && y->ndim == 1) name = "MvBackward0";
    else if (x->ndim == 1 && y->ndim == 2) name = "SqueezeBackward3";
    else if (x->ndim == 2 && y->ndim == 2) name = "MmBackward0";
    else if (x->ndim == 2 && y->ndim >= 3) name = "CloneBackward0";   /* (B^T A^T)^T, made contiguous */
    else name = "UnsafeViewBackward0";
  }
  tp_node *n = tp_node_new(TP_GRAD_LINALG, op, name, 2, ins, 1);
  int failed = 0;
  if (n) {
    failed |= tp_node_save(n, x, -1);
    failed |= tp_node_save(n, y, -1);
  }
  return finish(n, out, failed);
}

/* Note [matmul's graph]: PyTorch 1.13 composes matmul (LinearAlgebra.cpp, _matmul_impl) and
 * outer from other ops, and its graph shows them: 1-D @ 2-D is unsqueeze, mm, squeeze_;
 * a >= 3-D operand times a 1-D/2-D one is folded into one mm/mv (transposing when the
 * larger one is on the right) between reshapes; the rest is expand, reshape, bmm and
 * _unsafe_view. When a result must be recorded, the same ops run here (through the
 * exported entries, so each records its node); the caller has already validated shapes. */
static int matmul_folds(const tp_tensor *t, int other_ndim) {  /* matmul.c's should_fold */
  if (!(t->ndim >= 3 && (other_ndim == 1 || other_ndim == 2))) return 0;
  return !(t->ndim == 3 && other_ndim == 2 && t->stride[2] != 1 && t->stride[0] == t->shape[1] * t->shape[2]);
}

static tp_tensor *reshape_to(arena *a, tp_tensor *t, int nd, const int64_t *shape) {
  double s[TP_MAX_DIMS];
  for (int d = 0; d < nd; d++) s[d] = (double)shape[d];
  return t ? K(a, tp_reshape(t, nd, s)) : NULL;
}

static tp_tensor *unsafe_view(arena *a, tp_tensor *o, int nd, const int64_t *shape) {
  if (!o) return NULL;
  double s[TP_MAX_DIMS];
  for (int d = 0; d < nd; d++) s[d] = (double)shape[d];
  int mode = tp_set_grad_enabled(0);
  tp_tensor *v = tp_reshape(o, nd, s);
  tp_set_grad_enabled(mode);
  return v ? K(a, tp_record_unary_kind(TP_GRAD_VIEW, "UnsafeViewBackward0", o, v, 0, NULL)) : NULL;
}

int tp_record_matmul(tp_tensor *x, tp_tensor *y, tp_tensor **out) {
  int da = x->ndim, db = y->ndim;
  if (da <= 2 && db <= 2 && !(da == 1 && db == 2)) return 0;  /* dot, mv, mm: one node of their own */
  arena a = {.n = 0};
  tp_tensor *r = NULL;
  if (da == 1 && db == 2) {  /* x.unsqueeze(0).mm(y).squeeze_(0) */
    tp_tensor *m = lin(&a, TP_LINALG_MM, unsq(&a, x, 0), y);
    int mode = tp_set_grad_enabled(0);
    tp_tensor *v = m ? tp_squeeze_dim(m, 0) : NULL;
    tp_set_grad_enabled(mode);
    r = v ? K(&a, tp_record_unary_kind(TP_GRAD_VIEW, "SqueezeBackward3", m, v, 0, NULL)) : NULL;
  } else if (matmul_folds(x, db) || matmul_folds(y, da)) {
    int transpose = db > da;
    tp_tensor *t1 = transpose ? mT(&a, y) : x;
    tp_tensor *t2 = !transpose ? y : da == 2 ? K(&a, tp_t(x)) : x;
    if (!t1 || !t2) goto done;
    int64_t shape[TP_MAX_DIMS + 1], folded[2];
    int nd = t1->ndim - 1;
    memcpy(shape, t1->shape, sizeof(int64_t) * (size_t)nd);
    folded[0] = tp_shape_numel(nd, shape);
    folded[1] = t1->shape[nd];
    if (t2->ndim == 2) shape[nd++] = t2->shape[1];
    tp_tensor *t1f = reshape_to(&a, t1, 2, folded);
    r = unsafe_view(&a, lin(&a, t2->ndim == 2 ? TP_LINALG_MM : TP_LINALG_MV, t1f, t2), nd, shape);
    if (transpose && t2->ndim == 2) r = r ? K(&a, tp_contiguous(mT(&a, r))) : NULL;
  } else {  /* both >= 2-D: expand the batch dims, flatten them, bmm */
    int na = da - 2, nb = db - 2, nbatch = na > nb ? na : nb;
    int64_t batch[TP_MAX_DIMS], ea[TP_MAX_DIMS], eb[TP_MAX_DIMS], fa[3], fb[3], oshape[TP_MAX_DIMS];
    for (int d = 0; d < nbatch; d++) {
      int ia = d - (nbatch - na), ib = d - (nbatch - nb);
      int64_t sa = ia < 0 ? 1 : x->shape[ia], sb = ib < 0 ? 1 : y->shape[ib];
      batch[d] = sa == 1 ? sb : sa;
    }
    int64_t prod = tp_shape_numel(nbatch, batch);
    memcpy(ea, batch, sizeof(int64_t) * (size_t)nbatch);
    memcpy(eb, batch, sizeof(int64_t) * (size_t)nbatch);
    ea[nbatch] = x->shape[da - 2], ea[nbatch + 1] = x->shape[da - 1];
    eb[nbatch] = y->shape[db - 2], eb[nbatch + 1] = y->shape[db - 1];
    fa[0] = fb[0] = prod;
    fa[1] = ea[nbatch], fa[2] = ea[nbatch + 1], fb[1] = eb[nbatch], fb[2] = eb[nbatch + 1];
    tp_meta ma = {.ndim = (int8_t)(nbatch + 2)}, mb = {.ndim = (int8_t)(nbatch + 2)};
    memcpy(ma.shape, ea, sizeof(int64_t) * (size_t)(nbatch + 2));
    memcpy(mb.shape, eb, sizeof(int64_t) * (size_t)(nbatch + 2));
    tp_tensor *xa = reshape_to(&a, expand_meta(&a, x, &ma), 3, fa), *yb = reshape_to(&a, expand_meta(&a, y, &mb), 3, fb);
    memcpy(oshape, batch, sizeof(int64_t) * (size_t)nbatch);
    oshape[nbatch] = fa[1], oshape[nbatch + 1] = fb[2];
    r = unsafe_view(&a, lin(&a, TP_LINALG_BMM, xa, yb), nbatch + 2, oshape);
  }
done:
  *out = own(r);
  arena_free(&a);
  return 1;
}

/* outer(x, y) is x.reshape(-1, 1) * y in PyTorch 1.13 (see Note [matmul's graph]). */
tp_tensor *tp_record_outer(tp_tensor *x, tp_tensor *y) {
  arena a = {.n = 0};
  int64_t col[2] = {x->shape[0], 1};
  tp_tensor *r = own(mul(&a, reshape_to(&a, x, 2, col), y));
  arena_free(&a);
  return r;
}

/* Views, copies and the like: params in iv; name given by the caller. */
tp_tensor *tp_record_unary_kind(int kind, const char *name, tp_tensor *x, tp_tensor *out, int niv, const int64_t *iv) {
  if (out && kind == TP_GRAD_VIEW && !strcmp(name, "UnsafeViewBackward0") && out->base) {
    /* _unsafe_view's result is no view: no base, and a version counter of its own (as 1.13's) */
    tp_version *v = tp_version_new();
    if (v) {
      tp_version_release(out->version);
      out->version = v;
      tp_tensor_release(out->base);
      out->base = NULL;
      out->view_no_grad = 0;
    } else tp_clear_error();
  }
  if (!out || !tp_any_requires_grad(1, &x)) return out;
  tp_node *n = tp_node_new(kind, 0, name, 1, &x, 1);
  if (n && niv) tp_node_set_iv(n, niv, iv);
  out = finish(n, out, 0);
  /* _unsafe_view (a reshape PyTorch does not track as a view) keeps no base */
  int view = (kind == TP_GRAD_VIEW && strcmp(name, "UnsafeViewBackward0")) || kind == TP_GRAD_EXPAND || kind == TP_GRAD_PERMUTE ||
             kind == TP_GRAD_SELECT || kind == TP_GRAD_SLICE || kind == TP_GRAD_AS_STRIDED;
  if (out && view) tp_set_view_base(out, x);  /* only when out shares x's storage */
  return out;
}

tp_tensor *tp_record_kind(int kind, const char *name, int ninputs, tp_tensor *const *ins, tp_tensor *out, int niv,
                          const int64_t *iv, int nsave, tp_tensor *const *save) {
  if (!out || !tp_any_requires_grad(ninputs, ins)) return out;
  tp_node *n = tp_node_new(kind, 0, name, ninputs, ins, 1);
  int failed = 0;
  if (n) {
    if (niv) tp_node_set_iv(n, niv, iv);
    for (int i = 0; i < nsave; i++) failed |= tp_node_save(n, save[i], -1);
  }
  return finish(n, out, failed);
}

int tp_record_multi(int kind, const char *name, tp_tensor *x, int nout, tp_tensor **outs, int niv, const int64_t *iv) {
  if (!tp_any_requires_grad(1, &x)) return 0;
  tp_node *n = tp_node_new(kind, 0, name, 1, &x, nout);
  if (!n) return -1;
  if (niv) tp_node_set_iv(n, niv, iv);
  for (int i = 0; i < nout; i++) {
    tp_node_set_output(n, outs[i], i);
    tp_set_view_base(outs[i], x);  /* views (split/chunk/unbind) that refuse in-place ops */
  }
  tp_node_release(n);
  return 0;
}

/* Note [Custom Functions]: a torch.autograd.Function written in JS records one node whose
 * formula calls back into JS (tp_call_custom) with the output gradients; the JS backward runs
 * under the engine's grad mode, so with create_graph its ops record a graph of their own
 * (double backward). The name is PyTorch's "<ClassName>Backward", kept for the program's life
 * (one copy per distinct name). */
static const char *intern_name(const char *name) {
  static char **names;
  static int count;
  for (int i = 0; i < count; i++)
    if (!strcmp(names[i], name)) return names[i];
  char **grown = realloc(names, sizeof *names * (size_t)(count + 1));
  if (!grown) return NULL;
  names = grown;
  size_t len = strlen(name) + 1;
  char *copy = malloc(len);
  if (!copy) return NULL;
  memcpy(copy, name, len);
  return names[count++] = copy;
}

TP_API int tp_custom_record(double id, const char *name, int nin, tp_tensor *const *ins, int nout, tp_tensor *const *outs) {
  const char *nm = intern_name(name);
  if (!nm) return tp_fail_status("can't allocate memory");
  tp_node *n = tp_node_new(TP_GRAD_CUSTOM, 0, nm, nin, ins, nout);
  if (!n) return -1;
  int64_t iv[1] = {(int64_t)id};
  tp_node_set_iv(n, 1, iv);
  for (int j = 0; j < nout; j++)
    if (outs[j]) tp_node_set_output(n, outs[j], j);
  tp_node_release(n);
  return 0;
}

/* ---- in-place ops --------------------------------------------------------------------------
 * The node's first input is self before the write. Values the formula needs from before the
 * write are cloned (under no_grad) before it; outputs it needs are saved after it. */
int tp_inplace_begin(tp_tensor *self, int nextra, tp_tensor *const *extra, tp_node **node) {
  *node = NULL;
  if (tp_check_inplace(self)) return -1;
  tp_tensor *ins[4] = {self, NULL, NULL, NULL};
  for (int i = 0; i < nextra && i < 3; i++) ins[i + 1] = extra[i];
  if (!tp_any_requires_grad(1 + nextra, ins)) return 0;
  *node = tp_node_new(TP_GRAD_COUNT, 0, "", 1 + nextra, ins, 1);
  return *node ? 0 : -1;
}

static int save_old(tp_node *n, tp_tensor *self) {
  tp_tensor *c = tp_clone(self);  /* recorded (CloneBackward0), as PyTorch's original_self: create_graph sees it */
  if (!c) return -1;
  int rc = tp_node_save(n, c, -1);
  tp_tensor_release(c);
  return rc;
}

void tp_inplace_abort(tp_node *n) {
  if (n) tp_node_release(n);
}

static int begin_failed(tp_node **n) {
  tp_node_release(*n);
  *n = NULL;
  return -1;
}

int tp_inplace_unary_begin(int op, tp_tensor *x, tp_node **n) {
  const char *name = *op_grad_name(op, 1) ? op_grad_name(op, 1) : op_grad_name(op, 0);  /* acosh_: AcoshBackward1 */
  return tp_inplace_unary_named_begin(op, name, x, n);
}

int tp_inplace_unary_named_begin(int op, const char *name, tp_tensor *x, tp_node **n) {
  if (tp_inplace_begin(x, 0, NULL, n)) return -1;
  if (!*n) return 0;
  if (!*name) { tp_node_release(*n); *n = NULL; return 0; }
  (*n)->kind = TP_GRAD_UNARY;
  (*n)->op = (int16_t)op;
  (*n)->name = name;
  if ((unary_saves(op) & 1) && save_old(*n, x)) return begin_failed(n);
  return 0;
}

/* eq_/ne_/lt_/le_/gt_/ge_ on a tensor with history: PyTorch records EqBackward0 (a number)
 * or EqBackward1 (a tensor), whose gradient is zero for every input. 1 when n is one. */
static int compare_inplace(tp_node *n, int op, int tensor) {
  static const char *const names[6][2] = {{"EqBackward0", "EqBackward1"}, {"NeBackward0", "NeBackward1"},
                                          {"LtBackward0", "LtBackward1"}, {"LeBackward0", "LeBackward1"},
                                          {"GtBackward0", "GtBackward1"}, {"GeBackward0", "GeBackward1"}};
  if (op < TP_OP_EQ || op > TP_OP_GE) return 0;
  n->kind = TP_GRAD_FILL;
  n->name = names[op - TP_OP_EQ][tensor];
  return 1;
}

int tp_inplace_binary_begin(int op, tp_tensor *self, tp_tensor *other, double alpha, tp_node **n) {
  if (tp_inplace_begin(self, 1, &other, n)) return -1;
  if (!*n) return 0;
  const char *name = op_grad_name(op, 0);
  op = formula_op(op);
  if (!*name && compare_inplace(*n, op, 1)) return 0;
  if (!*name) { tp_node_release(*n); *n = NULL; return 0; }
  (*n)->kind = TP_GRAD_BINARY;
  (*n)->op = (int16_t)op;
  (*n)->name = name;
  (*n)->s[0] = alpha;
  int na, nb;
  binary_needs(op, &na, &nb);
  /* x.mul_(x): the write makes the saved other stale, so backward can only raise (the text
   * names output 0 of this node either way); saved as this node's output, it is an alias
   * without grad_fn, so that x (whose grad_fn becomes this node) and the node do not hold
   * each other. (PyTorch 1.13 saves x itself there and never frees the pair.) */
  int other_nr = other == self ? 0 : -1;
  if ((na || nb) && (save_old(*n, self) || (op != TP_OP_COPYSIGN && tp_node_save(*n, other, other_nr)))) return begin_failed(n);
  return 0;
}

int tp_inplace_binary_scalar_begin(int op, tp_tensor *self, double s, double alpha, tp_node **n) {
  tp_tensor *none = NULL;
  const char *name = op_grad_name(op, 1);
  op = formula_op(op);
  if (tp_inplace_begin(self, scalar_wrapped(op) ? 1 : 0, &none, n)) return -1;
  if (!*n) return 0;
  if (!*name && compare_inplace(*n, op, 0)) return 0;
  if (!*name) { tp_node_release(*n); *n = NULL; return 0; }
  (*n)->kind = TP_GRAD_BINARY_SCALAR;
  (*n)->op = (int16_t)op;
  (*n)->name = name;
  (*n)->s[0] = s;
  (*n)->s[1] = alpha;
  (*n)->iv[0] = 0;
  (*n)->niv = 1;
  if (scalar_x_alone(op, 0)) {  /* x.pow_(2): the old self, not the result (PyTorch saves a clone) */
    (*n)->iv[1] = 1;
    (*n)->niv = 2;
  }
  if ((scalar_x_alone(op, 0) || scalar_saves_result(op, 0)) && save_old(*n, self)) return begin_failed(n);
  if ((op == TP_OP_MUL || op == TP_OP_DIV) && save_scalar(*n, s, self->dtype)) return begin_failed(n);
  return 0;
}

int tp_inplace_clamp_begin(int op, tp_tensor *x, tp_tensor *lo, tp_tensor *hi, double slo, int klo, double shi, int khi,
                           tp_node **n) {
  if (op == TP_OP_CLAMP_MIN) hi = NULL, khi = TP_SCALAR_NONE;
  if (op == TP_OP_CLAMP_MAX) lo = NULL, klo = TP_SCALAR_NONE;
  tp_tensor *ins[3];
  int nin = clamp_inputs(op, x, lo, hi, ins);
  if (tp_inplace_begin(x, nin - 1, ins + 1, n)) return -1;
  if (!*n) return 0;
  clamp_params(*n, op, lo, hi, slo, klo, shi, khi);
  if (save_old(*n, x) || (lo && tp_node_save(*n, lo, -1)) || (hi && tp_node_save(*n, hi, -1))) return begin_failed(n);
  return 0;
}

int tp_inplace_kind_begin(int kind, const char *name, tp_tensor *self, int nextra, tp_tensor *const *extra, int niv,
                          const int64_t *iv, int nsave, tp_tensor *const *save, tp_node **n) {
  if (tp_inplace_begin(self, nextra, extra, n)) return -1;
  if (!*n) return 0;
  (*n)->kind = (int16_t)kind;
  (*n)->name = name;
  if (niv) tp_node_set_iv(*n, niv, iv);
  for (int i = 0; i < nsave; i++)
    if (tp_node_save(*n, save[i], -1)) return begin_failed(n);
  return 0;
}

/* Note [Saved aliases of self] (autograd.h): after the write and the rebase, an input the
 * node saved that shares self's version counter and is now stale is kept as an alias, with
 * the text its error will have. A view whose history cannot be refreshed (made in no_grad, an
 * output of split) keeps itself: its own error is what backward raises. */
static void detach_stale_saves(tp_tensor *self, tp_node *n) {
  for (int i = 0; i < n->nsaved; i++) {
    tp_saved *s = &n->saved[i];
    tp_tensor *t = s->t;
    if (s->output_nr != -1 || t->version != self->version || t->version->value == s->version) continue;
    if (tp_view_refresh(t)) { tp_clear_error(); continue; }
    tp_tensor *alias = tp_tensor_alias(t);
    if (!alias) { tp_clear_error(); continue; }
    s->stale_name = t->grad_fn ? t->grad_fn->name : NULL;
    s->stale_nr = t->output_nr;
    s->output_nr = TP_SAVED_STALE;
    s->t = alias;
    tp_tensor_release(t);
  }
}

void tp_inplace_commit(tp_tensor *self, tp_node *n) {
  if (!n) return;
  int na, nb;
  int needs_result = (n->kind == TP_GRAD_UNARY && unary_saves(n->op) >= 2) ||
                     (n->kind == TP_GRAD_BINARY && binary_needs(n->op, &na, &nb)) ||
                     (n->kind == TP_GRAD_BINARY_SCALAR && scalar_saves_result(n->op, 0));
  if (needs_result && tp_node_save(n, self, 0)) {
    /* out of memory after the write: the tensor is written but keeps no history */
    tp_node_release(n);
    self->requires_grad = 0;
    return;
  }
  tp_rebase_history(self, n);
  detach_stale_saves(self, n);
  tp_node_release(n);
}

void tp_inplace_unary_commit(int op, tp_tensor *x, tp_node *n) {
  (void)op;
  tp_inplace_commit(x, n);
}

/* ---- formulas ----------------------------------------------------------------------------- */
static int unary_formula(arena *a, tp_node *n, tp_tensor *g, tp_tensor **gi) {
  tp_tensor *x = NULL, *r = NULL, *d = NULL;
  int s = unary_saves(n->op);
  if ((s & 1) && !(x = unpack(a, n, 0))) return -1;
  if ((s & 2) && !(r = unpack(a, n, s == 3))) return -1;
  switch (n->op) {
  case TP_OP_NEG: d = neg(a, g); break;                                              /* -g */
  case TP_OP_ABS: d = mul(a, g, un(a, TP_OP_SIGN, x)); break;                        /* g sign(x) */
  case TP_OP_EXP: d = mul(a, g, r); break;                                           /* g e^x */
  case TP_OP_EXP2: d = mul(a, g, sc(a, TP_OP_MUL, r, LN2)); break;                 /* g 2^x ln 2 */
  case TP_OP_EXPM1: d = mul(a, g, sc(a, TP_OP_ADD, r, 1)); break;                    /* g (r + 1) */
  case TP_OP_LOG: d = dv(a, g, x); break;                                            /* g / x */
  case TP_OP_LOG2: d = dv(a, g, sc(a, TP_OP_MUL, x, LN2)); break;                  /* g / (x ln 2) */
  case TP_OP_LOG10: d = dv(a, g, sc(a, TP_OP_MUL, x, LN10)); break;                /* g / (x ln 10) */
  case TP_OP_LOG1P: d = dv(a, g, sc(a, TP_OP_ADD, x, 1)); break;                     /* g / (1 + x) */
  case TP_OP_SQRT: d = dv(a, g, sc(a, TP_OP_MUL, r, 2)); break;                      /* g / (2 sqrt x) */
  case TP_OP_RSQRT: d = mul(a, g, sc(a, TP_OP_MUL, sc(a, TP_OP_POW, r, 3), -0.5)); break;  /* -g r^3 / 2 */
  case TP_OP_SIN: d = mul(a, g, un(a, TP_OP_COS, x)); break;                         /* g cos x */
  case TP_OP_COS: d = mul(a, g, neg(a, un(a, TP_OP_SIN, x))); break;                 /* -g sin x */
  case TP_OP_TAN: d = mul(a, g, rsc(a, TP_OP_ADD, 1, sc(a, TP_OP_POW, r, 2))); break;  /* g (1 + tan^2) */
  case TP_OP_ASIN: d = dv(a, g, un(a, TP_OP_SQRT, rsc(a, TP_OP_SUB, 1, sc(a, TP_OP_POW, x, 2)))); break;
  case TP_OP_ACOS: d = neg(a, dv(a, g, un(a, TP_OP_SQRT, rsc(a, TP_OP_SUB, 1, sc(a, TP_OP_POW, x, 2))))); break;
  case TP_OP_ATAN: d = dv(a, g, rsc(a, TP_OP_ADD, 1, sc(a, TP_OP_POW, x, 2))); break;  /* g / (1 + x^2) */
  case TP_OP_SINH: d = mul(a, g, un(a, TP_OP_COSH, x)); break;
  case TP_OP_COSH: d = mul(a, g, un(a, TP_OP_SINH, x)); break;
  case TP_OP_TANH: d = mul(a, g, rsc(a, TP_OP_SUB, 1, sc(a, TP_OP_POW, r, 2))); break;  /* g (1 - tanh^2) */
  case TP_OP_SIGMOID: d = mul(a, g, mul(a, r, rsc(a, TP_OP_SUB, 1, r))); break;       /* g s (1 - s) */
  case TP_OP_RELU: d = where0(a, un(a, TP_OP_LOGICAL_NOT, cmp_s(a, TP_OP_LE, r, 0)), g); break;  /* threshold_backward: 0 where r <= 0 (NaN passes g) */
  case TP_OP_GELU: {  /* g (Phi(x) + x phi(x)) */
    tp_tensor *cdf = sc(a, TP_OP_MUL, sc(a, TP_OP_ADD, un(a, TP_OP_ERF, sc(a, TP_OP_MUL, x, SQRT1_2)), 1), 0.5);
    tp_tensor *pdf = sc(a, TP_OP_MUL, un(a, TP_OP_EXP, sc(a, TP_OP_MUL, sc(a, TP_OP_POW, x, 2), -0.5)), 0.3989422804014327);
    d = mul(a, g, add(a, cdf, mul(a, x, pdf)));
    break;
  }
  case TP_OP_GELU_TANH: {  /* d/dx 0.5 x (1 + tanh(k (x + c x^3))) */
    const double k = 0.7978845608028654, c = 0.044715;
    tp_tensor *x3 = sc(a, TP_OP_POW, x, 3);
    tp_tensor *t = un(a, TP_OP_TANH, sc(a, TP_OP_MUL, add(a, x, sc(a, TP_OP_MUL, x3, c)), k));
    tp_tensor *left = sc(a, TP_OP_MUL, sc(a, TP_OP_ADD, t, 1), 0.5);
    tp_tensor *dinner = sc(a, TP_OP_MUL, sc(a, TP_OP_ADD, sc(a, TP_OP_MUL, sc(a, TP_OP_POW, x, 2), 3 * c), 1), k);
    tp_tensor *right = mul(a, sc(a, TP_OP_MUL, x, 0.5), mul(a, rsc(a, TP_OP_SUB, 1, sc(a, TP_OP_POW, t, 2)), dinner));
    d = mul(a, g, add(a, left, right));
    break;
  }
  case TP_OP_SILU: {  /* g s (1 + x (1 - s)) */
    tp_tensor *sg = un(a, TP_OP_SIGMOID, x);
    d = mul(a, g, mul(a, sg, rsc(a, TP_OP_ADD, 1, mul(a, x, rsc(a, TP_OP_SUB, 1, sg)))));
    break;
  }
  case TP_OP_ERF:  /* g 2/sqrt(pi) e^{-x^2} */
    d = mul(a, g, sc(a, TP_OP_MUL, un(a, TP_OP_EXP, neg(a, sc(a, TP_OP_POW, x, 2))), TWO_OVER_SQRTPI));
    break;
  case TP_OP_SIGN: case TP_OP_FLOOR: case TP_OP_CEIL: case TP_OP_ROUND: case TP_OP_TRUNC:
    d = zeros_like_t(a, g);  /* zero almost everywhere */
    break;
  case TP_OP_FRAC: d = g; break;
  case TP_OP_RECIPROCAL: d = mul(a, neg(a, g), sc(a, TP_OP_POW, r, 2)); break;      /* -g / x^2 */
  case TP_OP_SQUARE: d = mul(a, g, sc(a, TP_OP_MUL, x, 2)); break;                   /* 2 g x */
  default: return elemw_unary_formula(a, n, g, gi, x);
  }
  if (!d) return -1;
  gi[0] = own(d);
  return 0;
}

static int binary_formula(arena *a, tp_node *n, tp_tensor *g, tp_tensor **gi) {
  int need_a = n->next[0].fn != NULL, need_b = n->next[1].fn != NULL;
  double alpha = n->s[0];
  tp_tensor *x = NULL, *y = NULL, *r = NULL, *ga = NULL, *gb = NULL;
  if (n->op == TP_OP_COPYSIGN) {  /* copysign saves self and the result, not other */
    if (!(x = unpack(a, n, 0)) || !(r = unpack(a, n, 1))) return -1;
  } else if (n->nsaved >= 2) {
    if (!(x = unpack(a, n, 0)) || !(y = unpack(a, n, 1))) return -1;
    if (n->nsaved >= 3 && !(r = unpack(a, n, 2))) return -1;
  }
  switch (n->op) {
  case TP_OP_ADD: ga = g; gb = alpha == 1 ? g : sc(a, TP_OP_MUL, g, alpha); break;
  case TP_OP_SUB: ga = g; gb = sc(a, TP_OP_MUL, g, -alpha); break;
  case TP_OP_RSUB: ga = sc(a, TP_OP_MUL, g, -alpha); gb = g; break;   /* b - alpha a */
  case TP_OP_FLOOR_DIVIDE: return tp_fail_status("derivative for aten::floor_divide is not implemented");
  case TP_OP_MUL: if (need_a) ga = mul(a, g, y); if (need_b) gb = mul(a, g, x); break;
  case TP_OP_DIV:  /* d/da = 1/b, d/db = -a/b^2 */
    if (need_a) ga = dv(a, g, y);
    if (need_b) gb = neg(a, dv(a, mul(a, g, x), mul(a, y, y)));
    break;
  case TP_OP_DIV_TRUNC: case TP_OP_DIV_FLOOR:
    if (need_a) ga = zeros_like_t(a, g);
    if (need_b) gb = zeros_like_t(a, g);
    break;
  case TP_OP_POW:  /* d/da = b a^(b-1) (0 where b == 0), d/db = a^b ln a (0 where a == 0 and b >= 0) */
    if (need_a) ga = where0(a, cmp_s(a, TP_OP_NE, y, 0), mul(a, g, mul(a, y, bin(a, TP_OP_POW, x, sc(a, TP_OP_SUB, y, 1)))));
    if (need_b) {
      tp_tensor *safe = bin(a, TP_OP_LOGICAL_AND, cmp_s(a, TP_OP_EQ, x, 0), cmp_s(a, TP_OP_GE, y, 0));
      gb = where3(a, safe, zeros_like_t(a, g), mul(a, g, mul(a, r, un(a, TP_OP_LOG, x))));
    }
    break;
  case TP_OP_REMAINDER:  /* a - floor(a/b) b */
    if (need_a) ga = g;
    if (need_b) gb = mul(a, neg(a, g), un(a, TP_OP_FLOOR, dv(a, x, y)));
    break;
  case TP_OP_MAXIMUM: case TP_OP_MINIMUM: {  /* ties share the gradient; the loser gets 0 (a NaN pair: g to both, as 1.13) */
    int lose = n->op == TP_OP_MAXIMUM ? TP_OP_LT : TP_OP_GT;
    tp_tensor *eq = bin(a, TP_OP_EQ, x, y), *half = sc(a, TP_OP_DIV, g, 2);
    if (need_a) ga = where3(a, eq, half, where0(a, un(a, TP_OP_LOGICAL_NOT, bin(a, lose, x, y)), g));
    if (need_b) gb = where3(a, eq, half, where0(a, un(a, TP_OP_LOGICAL_NOT, bin(a, lose, y, x)), g));
    break;
  }
  default: return elemw_binary_formula(a, n, g, gi, x, y, r);
  }
  if ((need_a && !ga) || (need_b && !gb)) return -1;
  gi[0] = need_a ? own(ga) : NULL;
  gi[1] = need_b ? own(gb) : NULL;
  return 0;
}

static int binary_scalar_formula(arena *a, tp_node *n, tp_tensor *g, tp_tensor **gi) {
  double s = n->s[0], alpha = n->s[1];
  int reversed = (int)n->iv[0], slot = scalar_x_slot(n);
  tp_tensor *x = NULL, *r = NULL, *d = NULL;
  if (n->niv > 1 && n->iv[1]) {  /* x^s, xlogy(x, s): x alone */
    if (!(x = unpack(a, n, 0))) return -1;
  } else if (n->nsaved == 1 && !unpack(a, n, 0)) return -1;  /* the wrapped scalar: freed by a backward? */
  if (n->nsaved == 2 && (!(x = unpack(a, n, 0)) || !(r = unpack(a, n, 1)))) return -1;
  switch (n->op) {
  case TP_OP_ADD: d = reversed ? sc(a, TP_OP_MUL, g, alpha) : g; break;    /* s + alpha x */
  case TP_OP_SUB: d = reversed ? sc(a, TP_OP_MUL, g, -alpha) : g; break;   /* s - alpha x */
  case TP_OP_MUL: d = sc(a, TP_OP_MUL, g, s); break;
  case TP_OP_DIV: d = reversed ? neg(a, dv(a, mul(a, g, r), x)) : sc(a, TP_OP_DIV, g, s); break;  /* s/x: -g r / x */
  case TP_OP_DIV_TRUNC: case TP_OP_DIV_FLOOR: d = zeros_like_t(a, g); break;
  case TP_OP_FLOOR_DIVIDE: return tp_fail_status("derivative for aten::floor_divide is not implemented");
  case TP_OP_POW:
    if (!reversed)  /* x^s: g s x^(s-1), 0 when s == 0 */
      d = s == 0 ? zeros_like_t(a, g) : mul(a, g, sc(a, TP_OP_MUL, sc(a, TP_OP_POW, x, s - 1), s));
    else            /* s^x: g s^x ln s */
      d = s == 0 ? zeros_like_t(a, g) : mul(a, g, sc(a, TP_OP_MUL, r, log(s)));
    break;
  case TP_OP_REMAINDER: d = reversed ? mul(a, neg(a, g), un(a, TP_OP_FLOOR, rsc(a, TP_OP_DIV, s, x))) : g; break;
  default: if (elemw_scalar_formula(a, n, g, x, r, &d)) return -1;
  }
  if (!d) return -1;
  gi[slot] = own(d);
  return 0;
}

static int where_formula(arena *a, tp_node *n, tp_tensor *g, tp_tensor **gi) {
  tp_tensor *c = unpack(a, n, 0);
  if (!c) return -1;
  if (n->next[0].fn && !(gi[0] = own(where0(a, c, g)))) return -1;
  if (n->next[1].fn && !(gi[1] = own(where0(a, un(a, TP_OP_LOGICAL_NOT, c), g)))) return -1;
  return 0;
}

/* d x = g where min <= x <= max (ties keep the gradient, NaN gets none); a tensor bound gets
 * g where it won: x < min, x > max, and for a crossed pair (min > max, result = max) max. */
static int clamp_formula(arena *a, tp_node *n, tp_tensor *g, tp_tensor **gi) {
  int k = 0;
  tp_tensor *x = unpack(a, n, k++), *lo = NULL, *hi = NULL;
  if (n->iv[0] == 2) lo = unpack(a, n, k++);
  if (n->iv[1] == 2) hi = unpack(a, n, k++);
  if (!x || (n->iv[0] == 2 && !lo) || (n->iv[1] == 2 && !hi)) return -1;
  int hi_slot = n->op == TP_OP_CLAMP_MAX ? 1 : 2;  /* clamp_max(Tensor) has edges (x, max) */
  tp_tensor *above = n->iv[0] == 2 ? bin(a, TP_OP_GE, x, lo) : n->iv[0] ? cmp_s(a, TP_OP_GE, x, n->s[0]) : NULL;
  tp_tensor *below = n->iv[1] == 2 ? bin(a, TP_OP_LE, x, hi) : n->iv[1] ? cmp_s(a, TP_OP_LE, x, n->s[1]) : NULL;
  tp_tensor *inside = above && below ? bin(a, TP_OP_LOGICAL_AND, above, below) : above ? above : below;
  if (n->next[0].fn) gi[0] = own(inside ? where0(a, inside, g) : g);
  tp_tensor *lo_wins = lo && hi ? bin(a, TP_OP_LT, lo, hi) : NULL, *hi_wins = lo && hi ? bin(a, TP_OP_LT, hi, lo) : NULL;
  if (lo && n->next[1].fn) {
    tp_tensor *p = bin(a, TP_OP_LT, x, lo);
    gi[1] = own(where0(a, hi ? bin(a, TP_OP_LOGICAL_AND, p, lo_wins) : p, g));
  }
  if (hi && n->next[hi_slot].fn) {
    tp_tensor *p = bin(a, TP_OP_GT, x, hi);
    gi[hi_slot] = own(where0(a, lo ? bin(a, TP_OP_LOGICAL_OR, p, hi_wins) : p, g));
  }
  return (n->next[0].fn && !gi[0]) || (lo && n->next[1].fn && !gi[1]) || (hi && n->next[hi_slot].fn && !gi[hi_slot]) ? -1 : 0;
}

static int64_t reduced_count(tp_node *n) {
  const tp_meta *m = &n->in_meta[0];
  int64_t c = 1;
  for (int d = 0; d < m->ndim; d++)
    if (n->iv[0] & ((int64_t)1 << d)) c = tp_wmul(c, m->shape[d]);  /* (an empty input's dims may pass int64) */
  return c;
}

/* The product of all other elements along dim (-1: of the whole tensor), zeros included:
 * exclusive cumulative products from the left times those from the right. */
static tp_tensor *prod_others(arena *a, tp_tensor *x, int dim) {
  if (!x) return NULL;
  if (dim < 0) {
    tp_tensor *f = K(a, tp_reshape(x, 1, (double[]){-1}));
    tp_tensor *p = prod_others(a, f, 0);
    tp_meta m;
    m.ndim = x->ndim;
    m.dtype = x->dtype;
    memcpy(m.shape, x->shape, sizeof(int64_t) * x->ndim);
    return reshape_meta(a, p, &m);
  }
  int64_t len = x->shape[dim];
  if (len <= 1) return full_like_t(a, x, 1);
  double sizes[TP_MAX_DIMS], dd = dim;
  for (int k = 0; k < x->ndim; k++) sizes[k] = (double)x->shape[k];
  sizes[dim] = 1;
  tp_tensor *ones = K(a, tp_full(x->ndim, sizes, x->dtype, 1));
  tp_tensor *head = K(a, tp_narrow(x, dd, 0, (double)(len - 1)));
  tp_tensor *tail = K(a, tp_narrow(x, dd, 1, (double)(len - 1)));
  tail = tail ? K(a, tp_flip(tail, 1, &dd)) : NULL;
  if (!ones || !head || !tail) return NULL;
  tp_tensor *lp[2] = {ones, head}, *rp[2] = {ones, tail};
  tp_tensor *l = K(a, tp_cat(2, lp, dd)), *r = K(a, tp_cat(2, rp, dd));
  l = l ? K(a, tp_dimop(TP_OP_CUMPROD, l, dd, -1)) : NULL;
  r = r ? K(a, tp_dimop(TP_OP_CUMPROD, r, dd, -1)) : NULL;
  r = r ? K(a, tp_flip(r, 1, &dd)) : NULL;
  return mul(a, l, r);
}

/* std_backward's gradient for var_backward: g / (2 std), 0 where std is 0 (1.13's masked_fill_) */
static tp_tensor *std_grad_to_var(arena *a, tp_tensor *g, tp_tensor *std) {
  tp_tensor *z = cmp_s(a, TP_OP_EQ, std, 0), *q = dv(a, g, sc(a, TP_OP_MUL, std, 2));
  return q && z ? K(a, tp_where(z, NULL, q, 0, TP_SCALAR_INT, 0, TP_SCALAR_NONE)) : NULL;
}

static int reduce_formula(arena *a, tp_node *n, tp_tensor *g, tp_tensor **gi) {
  const tp_meta *m = &n->in_meta[0];
  tp_tensor *x = NULL, *r = NULL, *d = NULL;
  if (n->nsaved && !(x = unpack(a, n, 0))) return -1;
  if (n->nsaved > 1 && !(r = unpack(a, n, 1))) return -1;
  tp_tensor *ge = expand_meta(a, unreduce(a, n, g), m);             /* g broadcast back */
  tp_tensor *re = r ? expand_meta(a, unreduce(a, n, r), m) : NULL;  /* result broadcast back */
  int64_t count = reduced_count(n);
  double dims[TP_MAX_DIMS];
  int nd = 0;
  for (int k = 0; k < m->ndim; k++)
    if (n->iv[0] & ((int64_t)1 << k)) dims[nd++] = k;
  switch (n->op) {
  case TP_OP_SUM: d = ge; break;
  case TP_OP_MEAN: d = sc(a, TP_OP_DIV, ge, (double)count); break;
  case TP_OP_PROD: {  /* g prod / x without zeros; else PyTorch's prod_safe_zeros_backward */
    tp_tensor *nz = reduce(a, TP_OP_SUM, cmp_s(a, TP_OP_EQ, x, 0), 0, NULL, 0);
    if (!nz) return -1;
    if (tp_item(nz) == 0 || m->ndim == 0) { d = m->ndim == 0 ? ge : dv(a, mul(a, ge, re), x); break; }
    if (tp_item(nz) > 1 && n->name == op_grad_name(TP_OP_PROD, 0)) { d = zeros_meta(a, m); break; }  /* prod(): zeros, no graph */
    d = mul(a, ge, prod_others(a, x, nd == 1 ? (int)dims[0] : -1));
    break;
  }
  case TP_OP_AMAX: case TP_OP_AMIN: case TP_OP_MAX: case TP_OP_MIN: {  /* shared evenly among ties */
    tp_tensor *hit = bin(a, TP_OP_EQ, x, re);
    if (n->op == TP_OP_MAX || n->op == TP_OP_MIN)  /* max()/min()/median(): a NaN result goes to the NaNs */
      hit = bin(a, TP_OP_LOGICAL_OR, hit, bin(a, TP_OP_LOGICAL_AND, bin(a, TP_OP_NE, x, x), bin(a, TP_OP_NE, re, re)));
    tp_tensor *cnt = expand_meta(a, reduce(a, TP_OP_SUM, hit, nd, dims, 1), m);
    /* amax/amin: 1.13's scale_grad_by_count, (g / count) * mask, multiplies (an inf or NaN gradient
     * gives NaN, a negative one -0, where the mask is 0); max()/min() fill zeros (evenly_distribute_backward) */
    d = n->op == TP_OP_AMAX || n->op == TP_OP_AMIN ? mul(a, dv(a, ge, cnt), hit) : dv(a, where0(a, hit, ge), cnt);
    break;
  }
  case TP_OP_VAR: case TP_OP_STD: {  /* var: 2 (x - mean) / (N - c);  std: (x - mean) / ((N - c) std) */
    double denom = (double)count - n->s[0];
    if (denom == 0 && (m->ndim == 0 || n->iv[2])) {
      /* 1.13's var_backward without a dim (or of a 0-d self) and N == correction: grad * inf, of
       * grad's shape (std's grad: (g / (2 std)) with 0 where std is 0), which only a 0-d self
       * takes; any other shape fails the engine's check */
      if (m->ndim) {
        char want[200];
        tp_format_shape(want, sizeof want, m->ndim, m->shape);
        return tp_fail_status("Function %s returned an invalid gradient at index 0 - got [] but expected shape compatible with %s", n->name, want);
      }
      d = sc(a, TP_OP_MUL, n->op == TP_OP_VAR ? g : std_grad_to_var(a, g, r), INFINITY);
      break;
    }
    /* in 1.13's order: var_backward is (2 / dof) g (x - mean); std_backward is var_backward of
     * (g / (2 std)) with 0 where std is 0 */
    tp_tensor *centred = sub(a, x, expand_meta(a, reduce(a, TP_OP_MEAN, x, nd, dims, 1), m));
    tp_tensor *q = n->op == TP_OP_VAR ? ge : std_grad_to_var(a, ge, re);
    d = mul(a, sc(a, TP_OP_MUL, q, 2.0 / denom), centred);
    break;
  }
  case TP_OP_NORM: case TP_OP_LINALG_VECTOR_NORM: {  /* linalg_vector_norm_backward is norm_backward */
    double p = n->s[0];
    if (p == 0) return 0;  /* a count: 1.13's norm_backward returns an undefined gradient (none flows, .grad stays None) */
    if (p == 2) d = where0(a, cmp_s(a, TP_OP_NE, re, 0), dv(a, mul(a, ge, x), re));   /* g x / ||x|| */
    else if (p == 1) d = mul(a, ge, un(a, TP_OP_SIGN, x));
    else if (isinf(p)) {  /* 1.13: mask = |x| == norm or NaN; sgn(x) ((g / mask.sum()) mask), so a NaN g reaches every element */
      tp_tensor *ax = un(a, TP_OP_ABS, x), *hit = bin(a, TP_OP_LOGICAL_OR, bin(a, TP_OP_EQ, ax, re), un(a, TP_OP_ISNAN, ax));
      tp_tensor *cnt = expand_meta(a, reduce(a, TP_OP_SUM, hit, nd, dims, 1), m);
      d = mul(a, un(a, TP_OP_SIGN, x), mul(a, dv(a, ge, cnt), hit));
    } else if (p < 1) {  /* 1.13's norm_backward: sgn(x) |x|^(p-1) (0 where x == 0) g ||x||^(1-p) */
      tp_tensor *num = where0(a, cmp_s(a, TP_OP_NE, x, 0), mul(a, un(a, TP_OP_SIGN, x), sc(a, TP_OP_POW, un(a, TP_OP_ABS, x), p - 1)));
      d = mul(a, mul(a, num, ge), sc(a, TP_OP_POW, re, 1 - p));
    } else {  /* g sgn(x) |x|^(p-1) for p < 2, g x |x|^(p-2) past it, over ||x||^(p-1) (0 where the norm is) */
      tp_tensor *ax = un(a, TP_OP_ABS, x);
      tp_tensor *num = p < 2 ? mul(a, un(a, TP_OP_SIGN, x), sc(a, TP_OP_POW, ax, p - 1)) : mul(a, x, sc(a, TP_OP_POW, ax, p - 2));
      d = mul(a, num, where0(a, cmp_s(a, TP_OP_NE, re, 0), dv(a, ge, sc(a, TP_OP_POW, re, p - 1))));
    }
    break;
  }
  case TP_OP_LOGSUMEXP: d = mul(a, ge, un(a, TP_OP_EXP, sub(a, x, re))); break;  /* g softmax(x) */
  default: return tp_fail_status("tensorpad: no derivative for %s", tp_op_name(n->op));
  }
  if (!d) return -1;
  gi[0] = own(d);
  return 0;
}

/* 1.13's var_mean_backward / std_mean_backward: var_backward (std_backward) of the first
 * gradient plus mean_backward of the second, each where it arrived */
static int var_mean_formula(arena *a, tp_node *n, tp_tensor **gs, tp_tensor **gi) {
  tp_tensor *dvar = NULL;
  if (gs[0] && reduce_formula(a, n, gs[0], &dvar)) return -1;
  if (dvar) K(a, dvar);  /* (reduce_formula hands back a reference of its own) */
  tp_tensor *dmean = NULL;
  if (gs[1]) {
    dmean = sc(a, TP_OP_DIV, expand_meta(a, unreduce(a, n, gs[1]), &n->in_meta[0]), (double)reduced_count(n));
    if (!dmean) return -1;
  }
  tp_tensor *d = dvar && dmean ? add(a, dvar, dmean) : dvar ? dvar : dmean;
  if ((gs[0] || gs[1]) && !d) return -1;
  gi[0] = own(d);
  return 0;
}

static int reduce_indexed_formula(arena *a, tp_node *n, tp_tensor **g, tp_tensor **gi) {
  if (!g[0]) return 0;
  tp_tensor *idx = unpack(a, n, 0);
  if (!idx || (n->nsaved > 1 && !unpack(a, n, 1))) return -1;  /* cummax/cummin's self: checked as PyTorch does */
  int64_t dim = n->iv[0];
  tp_tensor *gv = g[0];
  if (!n->iv[1]) { gv = unsq(a, gv, dim); idx = unsq(a, idx, dim); }
  tp_tensor *z = zeros_meta(a, &n->in_meta[0]);
  int add = n->niv > 2 && n->iv[2];  /* cummax/cummin (src/ops/reduce/sort.c): an index may repeat */
  tp_tensor *d = z && gv && idx ? K(a, tp_scatter(z, (double)dim, idx, gv, 0, add)) : NULL;
  if (!d) return -1;
  gi[0] = own(d);
  return 0;
}

/* cumprod's gradient when x has a zero (PyTorch's cumprod_backward under grad mode, O(n^2)
 * and differentiable): column k is sum_{j >= k} g_j prod_{i <= j, i != k} x_i, with
 * prod(x[:k]) * cumprod(x[k+1:]) for the products that omit x_k. A new reference. */
static tp_tensor *cumprod_zeros_backward(tp_tensor *x, tp_tensor *g, int64_t dim) {
  int64_t len = x->shape[dim];
  double dd = (double)dim, sizes[TP_MAX_DIMS];
  tp_tensor **cols = calloc((size_t)len, sizeof *cols), *out = NULL;
  if (!cols) return tp_fail("DefaultCPUAllocator: not enough memory for backward");
  for (int d = 0; d < x->ndim; d++) sizes[d] = (double)x->shape[d];
  sizes[dim] = 1;
  int64_t k = 0;
  for (; k < len; k++) {
    arena b = {.n = 0};
    tp_tensor *until = k ? reduce(&b, TP_OP_PROD, K(&b, tp_narrow(x, dd, 0, (double)k)), 1, &dd, 1)
                         : K(&b, tp_full(x->ndim, sizes, x->dtype, 1));
    tp_tensor *omitted = until;
    if (k < len - 1) {
      tp_tensor *from = K(&b, tp_narrow(x, dd, (double)(k + 1), (double)(len - k - 1)));
      from = from ? K(&b, tp_dimop(TP_OP_CUMPROD, from, dd, -1)) : NULL;
      tp_tensor *parts[2] = {until, mul(&b, until, from)};
      omitted = parts[0] && parts[1] ? K(&b, tp_cat(2, parts, dd)) : NULL;
    }
    tp_tensor *gk = K(&b, tp_narrow(g, dd, (double)k, (double)(len - k)));
    cols[k] = own(reduce(&b, TP_OP_SUM, mul(&b, gk, omitted), 1, &dd, 1));
    arena_free(&b);
    if (!cols[k]) break;
  }
  if (k == len) out = tp_cat((int)len, cols, dd);
  for (int64_t i = 0; i < len; i++) if (cols[i]) tp_tensor_release(cols[i]);
  free(cols);
  return out;
}

/* cumprod's gradient when x has a zero and no graph is recorded (PyTorch's O(n) masked
 * path, whose values at inf are its own): before the first zero, the reversed cumsum of
 * g r over x; at the first zero, sum over (first zero, second zero) of g cumprod(x) times
 * the product before it; 0 after. */
static tp_tensor *cumprod_zeros_masked(arena *a, tp_tensor *x, tp_tensor *g, tp_tensor *r, int64_t dim) {
  double dd = (double)dim;
  int64_t len = x->shape[dim];
  tp_tensor *ones = full_like_t(a, x, 1);
  tp_tensor *iz = cmp_s(a, TP_OP_EQ, x, 0);
  iz = iz ? K(a, tp_to_dtype(iz, x->dtype, 0)) : NULL;
  tp_tensor *cs = iz ? K(a, tp_dimop(TP_OP_CUMSUM, iz, dd, -1)) : NULL;
  tp_tensor *m0 = cmp_s(a, TP_OP_EQ, cs, 0), *m1 = cmp_s(a, TP_OP_EQ, cs, 1);
  tp_tensor *first = cmp_s(a, TP_OP_EQ, where0(a, m1, iz), 1), *between = cmp_s(a, TP_OP_EQ, where0(a, m1, sub(a, ones, iz)), 1);
  tp_tensor *w = where0(a, m0, mul(a, r, g));
  tp_tensor *f = w ? K(a, tp_flip(w, 1, &dd)) : NULL;
  f = f ? K(a, tp_dimop(TP_OP_CUMSUM, f, dd, -1)) : NULL;
  f = f ? K(a, tp_flip(f, 1, &dd)) : NULL;
  tp_tensor *part0 = where0(a, m0, dv(a, f, x));
  tp_tensor *xin = where3(a, between, x, ones);
  tp_tensor *cp = xin ? K(a, tp_dimop(TP_OP_CUMPROD, xin, dd, -1)) : NULL;
  tp_tensor *S = reduce(a, TP_OP_SUM, mul(a, cp, where0(a, m1, g)), 1, &dd, 1);
  tp_tensor *parts[2] = {ones ? K(a, tp_narrow(ones, dd, 0, 1)) : NULL, r ? K(a, tp_narrow(r, dd, 0, (double)(len - 1))) : NULL};
  tp_tensor *before = parts[0] && parts[1] ? K(a, tp_cat(2, parts, dd)) : NULL;
  return add(a, part0, where0(a, first, mul(a, S, before)));
}

static int dimop_formula(arena *a, tp_node *n, tp_tensor *g, tp_tensor **gi) {
  tp_tensor *x = NULL, *r = NULL, *d = NULL;
  if (n->nsaved == 1 && !(r = unpack(a, n, 0))) return -1;
  if (n->nsaved == 2 && (!(x = unpack(a, n, 0)) || !(r = unpack(a, n, 1)))) return -1;
  double dim = (double)n->iv[0];
  switch (n->op) {
  case TP_OP_SOFTMAX:  /* r (g - sum(g r)) */
    d = mul(a, r, sub(a, g, reduce(a, TP_OP_SUM, mul(a, g, r), 1, &dim, 1)));
    break;
  case TP_OP_LOG_SOFTMAX:  /* g - e^r sum(g) */
    d = sub(a, g, mul(a, un(a, TP_OP_EXP, r), reduce(a, TP_OP_SUM, g, 1, &dim, 1)));
    break;
  case TP_OP_CUMSUM: {  /* reversed cumulative sum of g */
    tp_tensor *f = K(a, tp_flip(g, 1, &dim));
    tp_tensor *c = f ? K(a, tp_dimop(TP_OP_CUMSUM, f, dim, -1)) : NULL;
    d = c ? K(a, tp_flip(c, 1, &dim)) : NULL;
    break;
  }
  case TP_OP_CUMPROD: {  /* sum_{j >= i} g_j r_j / x_i (inputs without zeros) */
    if (!x->ndim || x->shape[n->iv[0]] <= 1) { gi[0] = own(g); return 0; }  /* one element: the gradient itself */
    tp_tensor *nz = reduce(a, TP_OP_SUM, cmp_s(a, TP_OP_EQ, x, 0), 0, NULL, 0);
    if (!nz) return -1;
    if (tp_item(nz) != 0 && !tp_grad_mode()) { d = cumprod_zeros_masked(a, x, g, r, n->iv[0]); break; }
    if (tp_item(nz) != 0) { d = cumprod_zeros_backward(x, g, n->iv[0]); if (!d) return -1; gi[0] = d; return 0; }
    tp_tensor *f = K(a, tp_flip(mul(a, g, r), 1, &dim));
    tp_tensor *c = f ? K(a, tp_dimop(TP_OP_CUMSUM, f, dim, -1)) : NULL;
    d = c ? dv(a, K(a, tp_flip(c, 1, &dim)), x) : NULL;
    break;
  }
  default: return tp_fail_status("tensorpad: no derivative for %s", tp_op_name(n->op));
  }
  if (!d) return -1;
  gi[0] = own(d);
  return 0;
}


static int linalg_formula(arena *a, tp_node *n, tp_tensor *g, tp_tensor **gi) {
  tp_tensor *x = unpack(a, n, 0), *y = unpack(a, n, 1), *ga = NULL, *gb = NULL;
  int need_a = n->next[0].fn != NULL, need_b = n->next[1].fn != NULL;
  if (!x || !y) return -1;
  switch (n->op) {
  case TP_LINALG_MM: case TP_LINALG_BMM:  /* dA = g B^T, dB = A^T g */
    if (need_a) ga = lin(a, n->op, g, mT(a, y));
    if (need_b) gb = lin(a, n->op, mT(a, x), g);
    break;
  case TP_LINALG_MV:  /* dA = g v^T, dv = A^T g */
    if (need_a) ga = lin(a, TP_LINALG_OUTER, g, y);
    if (need_b) gb = lin(a, TP_LINALG_MV, mT(a, x), g);
    break;
  case TP_LINALG_DOT:
    if (need_a) ga = mul(a, g, y);
    if (need_b) gb = mul(a, g, x);
    break;
  case TP_LINALG_OUTER:  /* dA = g b, dB = g^T a */
    if (need_a) ga = lin(a, TP_LINALG_MV, g, y);
    if (need_b) gb = lin(a, TP_LINALG_MV, mT(a, g), x);
    break;
  case TP_LINALG_MATMUL: {
    /* 1-D operands become matrices, as matmul treats them; batch dims broadcast and the
     * engine sums the gradients back to each operand's shape. */
    tp_tensor *A = x->ndim == 1 ? unsq(a, x, 0) : x, *B = y->ndim == 1 ? unsq(a, y, 1) : y, *G = g;
    if (x->ndim == 1 && y->ndim == 1) {
      if (need_a) ga = mul(a, g, y);
      if (need_b) gb = mul(a, g, x);
      break;
    }
    if (x->ndim == 1) G = unsq(a, G, G->ndim - 1 >= 0 ? G->ndim - 1 : 0);
    if (y->ndim == 1) G = unsq(a, G, G ? G->ndim : 0);
    if (need_a) {
      ga = lin(a, TP_LINALG_MATMUL, G, mT(a, B));
      if (x->ndim == 1 && ga) ga = K(a, tp_squeeze_dim(ga, -2));
    }
    if (need_b) {
      gb = lin(a, TP_LINALG_MATMUL, mT(a, A), G);
      if (y->ndim == 1 && gb) gb = K(a, tp_squeeze_dim(gb, -1));
    }
    break;
  }
  }
  if ((need_a && !ga) || (need_b && !gb)) return -1;
  gi[0] = need_a ? own(ga) : NULL;
  gi[1] = need_b ? own(gb) : NULL;
  return 0;
}

/* Views. iv[0] says which view op; the rest are its parameters. */
static tp_tensor *apply_view(arena *a, tp_tensor *t, const int64_t *iv) {
  double p[3 * TP_MAX_DIMS + 2];
  if (!t) return NULL;
  switch (iv[0]) {
  case TP_VIEW_SELECT: return K(a, tp_select(t, (double)iv[1], (double)iv[2]));
  case TP_VIEW_SLICE: return K(a, tp_slice(t, (double)iv[1], (double)iv[2], (double)iv[3], (double)iv[4]));
  case TP_VIEW_AS_STRIDED: {  /* geometry relative to a dense tensor: densify t first */
    int nd = (int)iv[1];
    if (!tp_tensor_is_contiguous(t) && !(t = K(a, tp_contiguous(t)))) return NULL;
    for (int i = 0; i < 2 * nd; i++) p[i] = (double)iv[3 + i];
    return K(a, tp_as_strided(t, nd, p, (double)iv[2]));
  }
  case TP_VIEW_DIAGONAL: return K(a, tp_diagonal(t, (double)iv[1], (double)iv[2], (double)iv[3]));
  case TP_VIEW_UNFOLD: return K(a, tp_unfold(t, (double)iv[1], (double)iv[2], (double)iv[3]));
  }
  return tp_fail("tensorpad: unknown view %lld", (long long)iv[0]);
}

/* The gradient of a view: zeros of the input's shape with g written where the view looks.
 * Under create_graph this is recorded as its own node, whose gradient is the view again. */
static tp_tensor *embed_at(arena *a, const tp_meta *m, const int64_t *iv, int niv, tp_tensor *g) {
  tp_tensor *z = zeros_meta(a, m);
  int mode = tp_set_grad_enabled(0);
  int rc = -1;
  if (z && (iv[0] == TP_VIEW_AS_STRIDED || iv[0] == TP_VIEW_UNFOLD)) {
    /* as_strided and unfold may look at an element several times: sum g into each place it came from */
    double flat = -1, sizes[TP_MAX_DIMS];
    int64_t numel = tp_shape_numel(m->ndim, m->shape);
    for (int d = 0; d < m->ndim; d++) sizes[d] = (double)m->shape[d];
    tp_tensor *ar = K(a, tp_arange(0, (double)numel, 1, TP_INT64));
    if (ar && iv[0] == TP_VIEW_UNFOLD) ar = K(a, tp_reshape(ar, m->ndim, sizes));
    tp_tensor *pos = apply_view(a, ar, iv);
    tp_tensor *ix[1] = {pos ? K(a, tp_reshape(pos, 1, &flat)) : NULL};
    tp_tensor *gf = K(a, tp_reshape(g, 1, &flat)), *zf = K(a, tp_reshape(z, 1, &flat));
    tp_tensor *acc = ix[0] && gf && zf ? K(a, tp_index_put(zf, 1, ix, gf, 1)) : NULL;
    for (int d = 0; d < m->ndim; d++) sizes[d] = (double)m->shape[d];
    z = acc ? K(a, tp_reshape(acc, m->ndim, sizes)) : NULL;
    rc = z ? 0 : -1;
  } else if (z) {
    tp_tensor *v = apply_view(a, z, iv);
    rc = v ? tp_copy_(v, g) : -1;
  }
  tp_set_grad_enabled(mode);
  if (rc) return NULL;
  static const char *const names[] = {"", "SelectBackwardBackward0", "SliceBackwardBackward0", "AsStridedBackwardBackward0",
                                      "DiagonalBackwardBackward0", "UnfoldBackwardBackward0"};
  if (tp_any_requires_grad(1, &g)) {
    tp_node *e = tp_node_new(TP_GRAD_SLICE, 1, names[iv[0]], 1, &g, 1);
    if (!e) return NULL;
    tp_node_set_iv(e, niv, iv);
    tp_node_set_output(e, z, 0);
    tp_node_release(e);
  }
  return z;
}

/* A base's permutation to storage order, after an as_strided geometry (iv[3 + 2 nd...]):
 * the shape in that order in *m, the permutation and its inverse in p / inv; 0 if none. */
static int storage_order(const tp_node *n, tp_meta *m, double *p, double *inv) {
  int nd = (int)n->iv[1];
  *m = n->in_meta[0];
  if (n->iv[0] != TP_VIEW_AS_STRIDED || n->niv <= 3 + 2 * nd) return 0;
  for (int d = 0; d < m->ndim; d++) {
    int64_t k = n->iv[3 + 2 * nd + d];
    p[d] = (double)k;
    inv[k] = d;
    m->shape[d] = n->in_meta[0].shape[k];
  }
  return 1;
}

static tp_tensor *embed(arena *a, tp_node *n, tp_tensor *g) {
  tp_meta m;
  double p[TP_MAX_DIMS], inv[TP_MAX_DIMS];
  if (!storage_order(n, &m, p, inv)) return embed_at(a, &n->in_meta[0], n->iv, n->niv, g);
  tp_tensor *z = embed_at(a, &m, n->iv, 3 + 2 * (int)n->iv[1], g);
  return z ? K(a, tp_permute(z, m.ndim, inv)) : NULL;
}

static int view_formula(arena *a, tp_node *n, tp_tensor **gs, tp_tensor **gi) {
  tp_tensor *g = gs[0], *d = NULL;
  const tp_meta *m = &n->in_meta[0];
  switch (n->kind) {
  case TP_GRAD_VIEW: d = reshape_meta(a, g, m); break;     /* view/reshape/flatten/squeeze/unsqueeze */
  case TP_GRAD_EXPAND: d = g; break;                        /* the engine sums back the broadcast */
  case TP_GRAD_PERMUTE: {                                   /* the inverse permutation */
    double inv[TP_MAX_DIMS];
    for (int i = 0; i < n->niv; i++) inv[n->iv[i]] = i;
    d = K(a, tp_permute(g, n->niv, inv));
    break;
  }
  case TP_GRAD_SELECT: case TP_GRAD_SLICE: case TP_GRAD_AS_STRIDED:
    d = n->op == 1 ? apply_view(a, g, n->iv)  /* the embed node of a double backward */
                   : embed(a, n, g);
    break;
  case TP_GRAD_CLONE: d = g; break;
  case TP_GRAD_TO: d = g; break;                            /* the engine casts to the input's dtype */
  case TP_GRAD_COPY:                                        /* dst.copy_(src): nothing to dst, g to src */
    if (n->next[0].fn) gi[0] = own(zeros_meta(a, m));
    if (n->ninputs > 1 && n->next[1].fn) gi[1] = own(g);
    return 0;
  case TP_GRAD_FILL:  /* fills and random draws: a zero gradient for every input */
    if (n->niv && n->iv[0] == 2) return tp_fail_status("derivative for aten::hardsigmoid_backward is not implemented");
    for (int i = 0; i < n->ninputs; i++) {
      if (!n->next[i].fn) continue;
      if (i == 1 && n->niv && n->iv[0] == 1) gi[1] = own(K(a, tp_reduce(TP_OP_SUM, g, -1, NULL, 0, 0, -1)));  /* fill_(Tensor) */
      else gi[i] = own(zeros_meta(a, &n->in_meta[i]));
      if (!gi[i]) return -1;
    }
    return 0;
  }
  if (!d) return -1;
  gi[0] = own(d);
  return 0;
}

/* The distinct values of a 0-d/1-d integer index, as a 1-d int64 tensor (at::_unique, unsorted). */
static tp_tensor *unique_index(tp_tensor *idx) {
  if (!idx) return NULL;
  int64_t n = tp_shape_numel(idx->ndim, idx->shape), k = 0, item = tp_dtype_table[idx->dtype].itemsize;
  tp_tensor *u = tp_tensor_make(TP_INT64, 1, &n);
  if (!u) return NULL;
  int64_t *out = (int64_t *)tp_ptr(u);
  for (int64_t i = 0; i < n; i++) {
    int64_t v = tp_load_i64(tp_ptr(idx) + (idx->ndim ? i * idx->stride[0] : 0) * item, idx->dtype), j = 0;
    while (j < k && out[j] != v) j++;
    if (j == k) out[k++] = v;
  }
  u->shape[0] = k;
  return u;
}

static int shape_formula(arena *a, tp_node *n, tp_tensor **gs, tp_tensor **gi) {
  tp_tensor *g = gs[0];
  switch (n->kind) {
  case TP_GRAD_CAT: {  /* iv: dim, then each input's size along dim */
    double dim = (double)n->iv[0];
    int64_t at = 0;
    for (int i = 0; i < n->ninputs; i++) {
      int64_t len = n->iv[1 + i];
      if (n->next[i].fn) {
        if (n->in_meta[i].ndim == 1 && n->in_meta[i].shape[0] == 0) gi[i] = own(zeros_meta(a, &n->in_meta[i]));
        else if (!(gi[i] = own(K(a, tp_narrow(g, dim, (double)at, (double)len))))) return -1;
      }
      at += len;
    }
    return 0;
  }
  case TP_GRAD_STACK:
    for (int i = 0; i < n->ninputs; i++)
      if (n->next[i].fn && !(gi[i] = own(K(a, tp_select(g, (double)n->iv[0], (double)i))))) return -1;
    return 0;
  case TP_GRAD_SPLIT: {  /* outputs are pieces along iv[0]; iv[1] = 1 for unbind (stack) */
    /* A list of its own, not tp_tensor_list: that scratch list may hold the caller's roots,
     * inputs and result slots (torch.autograd.grad) while the engine runs. */
    tp_tensor **list = malloc(sizeof *list * (size_t)n->noutputs);
    if (!list) { tp_fail("DefaultCPUAllocator: not enough memory for backward"); return -1; }
    for (int k = 0; k < n->noutputs; k++) {
      tp_tensor *p = grad_or_zeros(a, n, gs, k);
      if (!p) { free(list); return -1; }
      list[k] = p;
    }
    tp_tensor *d = n->iv[1] ? tp_stack(n->noutputs, list, (double)n->iv[0]) : tp_cat(n->noutputs, list, (double)n->iv[0]);
    free(list);
    if (!K(a, d)) return -1;
    gi[0] = own(d);
    return 0;
  }
  case TP_GRAD_FLIP: {
    double dims[TP_MAX_DIMS];
    for (int i = 0; i < n->niv; i++) dims[i] = (double)n->iv[i];
    gi[0] = own(K(a, tp_flip(g, n->niv, dims)));
    return gi[0] ? 0 : -1;
  }
  case TP_GRAD_ROLL: {  /* iv: nshifts, ndims, shifts..., dims...; roll back */
    int ns = (int)n->iv[0], ndm = (int)n->iv[1];
    double p[2 * TP_MAX_DIMS];
    for (int i = 0; i < ns; i++) p[i] = (double)-n->iv[2 + i];
    for (int i = 0; i < ndm; i++) p[ns + i] = (double)n->iv[2 + ns + i];
    gi[0] = own(K(a, tp_roll(g, ns, ndm, p)));
    return gi[0] ? 0 : -1;
  }
  case TP_GRAD_REPEAT: {  /* iv: repeats (as many as the output dims); sum the tiles */
    const tp_meta *m = &n->in_meta[0];
    int nr = n->niv, lead = nr - m->ndim;
    double sizes[2 * TP_MAX_DIMS], dims[2 * TP_MAX_DIMS];
    int ns = 0, nd = 0;
    for (int d = 0; d < nr; d++) {
      int64_t in = d < lead ? 1 : m->shape[d - lead];
      dims[nd++] = ns;
      sizes[ns++] = (double)n->iv[d];
      sizes[ns++] = (double)in;
    }
    if (ns > TP_MAX_DIMS) return tp_fail_status("tensorpad: repeat backward supports at most %d dims", TP_MAX_DIMS / 2);
    tp_tensor *r = K(a, tp_reshape(g, ns, sizes));
    tp_tensor *s = reduce(a, TP_OP_SUM, r, nd, dims, 0);
    gi[0] = own(reshape_meta(a, s, m));
    return gi[0] ? 0 : -1;
  }
  case TP_GRAD_TRILU:
    gi[0] = own(K(a, n->iv[1] ? tp_triu(g, (double)n->iv[0]) : tp_tril(g, (double)n->iv[0])));
    return gi[0] ? 0 : -1;
  case TP_GRAD_GATHER: {  /* scatter-add g into zeros */
    tp_tensor *idx = unpack(a, n, 0), *z = zeros_meta(a, &n->in_meta[0]);
    if (!idx || !z) return -1;
    gi[0] = own(K(a, tp_scatter(z, (double)n->iv[0], idx, g, 0, 1)));
    return gi[0] ? 0 : -1;
  }
  case TP_GRAD_SCATTER: {  /* iv: dim, add, has_src */
    tp_tensor *idx = unpack(a, n, 0);
    if (!idx) return -1;
    double dim = (double)n->iv[0];
    if (n->next[0].fn) gi[0] = own(n->iv[1] ? g : K(a, tp_scatter(g, dim, idx, NULL, 0, 0)));
    if (n->iv[2] && n->ninputs > 1 && n->next[1].fn) gi[1] = own(K(a, tp_gather(g, dim, idx)));
    return (n->next[0].fn && !gi[0]) ? -1 : 0;
  }
  case TP_GRAD_INDEX_SELECT: {  /* accumulate g into zeros at the indices along dim */
    tp_tensor *idx = unpack(a, n, 0), *z = zeros_meta(a, &n->in_meta[0]);
    if (idx && idx->ndim == 0) idx = unsq(a, idx, 0);  /* a 0-d index selected a slice of size 1 */
    if (idx && idx->dtype == TP_INT32) idx = K(a, tp_to_dtype(idx, TP_INT64, 0));  /* index_add_ takes int32, index_put long */
    if (!idx || !z) return -1;
    tp_tensor *ix[TP_MAX_DIMS] = {0};
    int dim = (int)n->iv[0];
    ix[dim] = idx;
    gi[0] = own(K(a, tp_index_put(z, dim + 1, ix, g, 1)));
    return gi[0] ? 0 : -1;
  }
  case TP_GRAD_MASKED_FILL: {
    tp_tensor *mask = unpack(a, n, 0);
    if (!mask) return -1;
    if (n->next[0].fn && !(gi[0] = own(K(a, tp_masked_fill(g, mask, NULL, 0))))) return -1;
    if (n->ninputs > 1 && n->next[1].fn) {
      tp_tensor *z = zeros_like_t(a, g);
      tp_tensor *sel = z ? where3(a, mask, g, z) : NULL;
      if (!(gi[1] = own(reduce(a, TP_OP_SUM, sel, -1, NULL, 0)))) return -1;
    }
    return 0;
  }
  case TP_GRAD_MASKED_SELECT: {  /* g into zeros of broadcast(input, mask) at the mask (the engine sums back) */
    tp_tensor *mask = unpack(a, n, 0);
    if (!mask) return -1;
    tp_meta m = n->in_meta[0];
    int nd;
    if (tp_broadcast_shapes(m.ndim, n->in_meta[0].shape, mask->ndim, mask->shape, &nd, m.shape)) return -1;
    m.ndim = (int8_t)nd;
    if (nd == 0) {  /* a 0-d mask selects one element or none: g has 1 or 0 of them */
      gi[0] = own(where0(a, mask, reduce(a, TP_OP_SUM, g, -1, NULL, 0)));
      return gi[0] ? 0 : -1;
    }
    tp_tensor *z = zeros_meta(a, &m), *em = expand_meta(a, mask, &m);
    tp_tensor *ix[1] = {em};
    gi[0] = own(z && em ? K(a, tp_index_put(z, 1, ix, g, 1)) : NULL);
    return gi[0] ? 0 : -1;
  }
  case TP_GRAD_INDEX: {  /* saved: the index tensors (iv: which dims have one) */
    tp_tensor *ix[TP_MAX_DIMS] = {0};
    int k = 0;
    for (int d = 0; d < n->niv; d++)
      if (n->iv[d] && !(ix[d] = unpack(a, n, k++))) return -1;
    tp_tensor *z = zeros_meta(a, &n->in_meta[0]);
    if (!z) return -1;
    gi[0] = own(K(a, tp_index_put(z, n->niv, ix, g, 1)));
    return gi[0] ? 0 : -1;
  }
  /* Note [index_add, index_copy, index_fill] (index.c); iv: dim, source is 0-d; saved: index, source.
   * index_add:  d self = g, d source = alpha g.index_select(dim, index) (expanded to source's shape)
   * index_copy: d self = g.index_fill(dim, index, 0), d source as index_add's with alpha 1
   * index_fill: d self = g.index_fill(dim, index, 0), d value = g.index_select(dim, unique(index)).sum() */
  case TP_GRAD_INDEX_ADD: case TP_GRAD_INDEX_COPY: case TP_GRAD_INDEX_FILL: {
    tp_tensor *idx = unpack(a, n, 0);
    if (!idx || (n->nsaved > 1 && !unpack(a, n, 1))) return -1;
    double dim = (double)n->iv[0];
    if (n->next[0].fn)
      gi[0] = own(n->kind == TP_GRAD_INDEX_ADD ? g : K(a, tp_index_fill(g, dim, idx, NULL, 0)));
    if (n->ninputs > 1 && n->next[1].fn) {
      tp_tensor *d;
      if (n->kind == TP_GRAD_INDEX_FILL) {
        d = reduce(a, TP_OP_SUM, K(a, tp_index_select(g, dim, K(a, unique_index(idx)))), -1, NULL, 0);
      } else if (n->iv[1]) {  /* a 0-d source: one index, squeezed */
        d = K(a, tp_index_select(g, dim, K(a, tp_squeeze(idx))));
      } else {
        d = expand_meta(a, K(a, tp_index_select(g, dim, idx)), &n->in_meta[1]);
      }
      if (d && n->kind == TP_GRAD_INDEX_ADD && n->s[0] != 1) d = sc(a, TP_OP_MUL, d, n->s[0]);
      if (!(gi[1] = own(d))) return -1;
    }
    return n->next[0].fn && !gi[0] ? -1 : 0;
  }
  case TP_GRAD_INDEX_PUT: {  /* self: g with the written places zeroed; values: g there */
    tp_tensor *ix[TP_MAX_DIMS] = {0};
    int k = 0, nix = (int)n->iv[0];
    for (int d = 0; d < nix; d++)
      if (n->iv[2 + d] && !(ix[d] = unpack(a, n, k++))) return -1;
    if (n->next[0].fn) {
      if (n->iv[1]) gi[0] = own(g);  /* accumulate */
      else {
        tp_tensor *z = zeros_meta(a, &n->in_meta[1]);
        if (!z || !(gi[0] = own(K(a, tp_index_put(g, nix, ix, z, 0))))) return -1;
      }
    }
    if (n->ninputs > 1 && n->next[1].fn && !(gi[1] = own(K(a, tp_index(g, nix, ix))))) return -1;
    return 0;
  }
  }
  return tp_fail_status("tensorpad: no derivative for %s", n->name);
}

/* CopySlices (Note [Views and CopySlices], engine.c): the base's gradient with the view's
 * region replaced by the gradient the in-place op's own node gives for its input. */
static int copy_slices_formula(arena *a, tp_node *n, tp_tensor *g, tp_tensor **gi) {
  tp_node *in = n->inner;
  /* iv: the view's as_strided geometry in the base's storage order; a permuted base
   * (iv past 3 + 2 ndim holds the permutation) is worked on in that order, then put back */
  int nd = (int)n->iv[1], base_nd = n->in_meta[0].ndim;
  tp_meta m;
  double p[TP_MAX_DIMS], inv[TP_MAX_DIMS];
  int perm = storage_order(n, &m, p, inv);
  tp_tensor *gp = perm ? K(a, tp_permute(g, base_nd, p)) : g;
  tp_tensor *region = apply_view(a, gp, n->iv);
  tp_tensor *gv = region ? K(a, tp_clone(region)) : NULL;
  if (!gv) return -1;
  tp_tensor *small[8] = {0}, **gin = in->ninputs <= 8 ? small : calloc((size_t)in->ninputs, sizeof *gin);
  if (!gin) return tp_fail_status("DefaultCPUAllocator: not enough memory for backward");
  tp_tensor *one[1] = {gv};
  int rc = tp_formula_apply(in, one, gin);
  if (!rc && n->next[0].fn && gin[0] && tp_check_no_internal_overlap(region))
    rc = -1;  /* CopySlices' grad_slice.copy_(res[0]) into an expanded view's region: 1.13's overlap error */
  if (!rc && n->next[0].fn) {
    /* g - embed(g's region) + embed(gradient for the region): ops all the way, so that
     * create_graph differentiates through it */
    tp_tensor *res = sub(a, gp, embed_at(a, &m, n->iv, 3 + 2 * nd, region));
    /* the region's gradient in g's dtype, as CopySlices' grad_slice.copy_(res) casts it (a
     * float32 view times a float64 tensor in place: MulBackward0 gives float64) */
    tp_tensor *gr = gin[0] && gin[0]->dtype != gp->dtype ? K(a, tp_to_dtype(gin[0], gp->dtype, 0)) : gin[0];
    if (res && gin[0]) res = gr ? add(a, res, embed_at(a, &m, n->iv, 3 + 2 * nd, gr)) : NULL;
    if (res && perm) res = K(a, tp_permute(res, base_nd, inv));
    if (!res) rc = -1;
    else gi[0] = own(res);
  }
  if (!rc)
    for (int i = 1; i < in->ninputs; i++) { gi[i] = gin[i]; gin[i] = NULL; }
  for (int i = 0; i < in->ninputs; i++) if (gin[i]) tp_tensor_release(gin[i]);
  if (gin != small) free(gin);
  return rc;
}
static int nn_formula(arena *a, tp_node *n, tp_tensor *g, tp_tensor **gi);  /* the nn section, at the end */
static int nnact_formula(arena *a, tp_node *n, tp_tensor *g, tp_tensor **gi);  /* src/nn/activation.c's section, at the end */
static int shape_linalg_formula(arena *a, tp_node *n, tp_tensor *g, tp_tensor **gi);  /* the diag_views_scatter.c and products.c section, at the end */
static int stats_formula(arena *a, tp_node *n, tp_tensor *g, tp_tensor **gi);  /* src/ops/reduce/stats.c's section, at the end */

static int det_inverse_formula(arena *a, tp_node *n, tp_tensor *g, tp_tensor **gi);
static int decomp_formula(arena *a, tp_node *n, tp_tensor *g, tp_tensor **gs, tp_tensor **gi);
static int tensor_method_formula(arena *a, tp_node *n, tp_tensor *g, tp_tensor **gi);  /* src/ops/tensor_methods.c's section, at the end */
static int resize_renorm_special_formula(arena *a, tp_node *n, tp_tensor *g, tp_tensor **gi);
static int normalization_formula(arena *a, tp_node *n, tp_tensor *g, tp_tensor **gi);  /* src/nn/normalization.c's section, at the end */
static int nnloss_formula(arena *a, tp_node *n, tp_tensor *g, tp_tensor **gi);  /* src/nn/loss.c's section, at the end */

/* Note [Backward functions under create_graph]: where PyTorch's formula is one *_backward
 * function of the gradient and saved tensors (hardtanh_backward, threshold_backward for relu,
 * leaky_relu_backward, elu_backward, the losses' ...), its result is differentiable in those
 * saved tensors too (XBackwardBackward0, zero almost everywhere for the piecewise ones), so it
 * requires grad whenever one of them does. Ours are written with masks; when such a gradient
 * came out constant, it is given a node that passes a zero gradient to the saved tensors. */
static int backward_fn_node(const tp_node *n) {
  switch (n->kind) {
  case TP_GRAD_NNACT: case TP_GRAD_LEAKY_RELU: case TP_GRAD_SOFTPLUS: case TP_GRAD_NNLOSS: case TP_GRAD_MSE_LOSS:
  case TP_GRAD_BCE: case TP_GRAD_BCE_LOGITS: case TP_GRAD_NLL_LOSS:
    return 1;
  case TP_GRAD_UNARY: return n->op == TP_OP_RELU || n->op == TP_OP_SIGMOID || n->op == TP_OP_TANH;
  case TP_GRAD_TENSOR_METHOD: return n->iv[0] == TP_TM_HARDSHRINK;
  case TP_GRAD_ELEMW: return n->op == TP_EW_LOGIT;
  default: return 0;
  }
}

/* "HardtanhBackward0" -> "HardtanhBackwardBackward0", kept for the life of the module. */
static const char *backward_backward_name(const char *name) {
  static char *pool[128];
  static int npool;
  char buf[96];
  size_t len = strlen(name);
  if (len < 9 || len + 9 > sizeof buf || strncmp(name + len - 9, "Backward", 8)) return name;
  memcpy(buf, name, len - 1);
  memcpy(buf + len - 1, "Backward", 8);
  buf[len + 7] = name[len - 1];
  buf[len + 8] = 0;
  for (int i = 0; i < npool; i++)
    if (!strcmp(pool[i], buf)) return pool[i];
  char *p = npool < 128 ? malloc(len + 9) : NULL;
  if (!p) return name;
  memcpy(p, buf, len + 9);
  pool[npool++] = p;
  return p;
}

static int depend_on_saved(tp_node *n, tp_tensor *g, tp_tensor **gi) {
  /* hardsigmoid_backward has no derivative in 1.13: its gradient is a NotImplemented node */
  int not_impl = n->kind == TP_GRAD_NNACT && !strcmp(n->name, "HardsigmoidBackward0");
  int need = 0;
  for (int k = 0; k < n->ninputs; k++) need |= gi[k] && (not_impl || !gi[k]->requires_grad);
  if (!need || !n->nsaved) return 0;
  tp_tensor *sv[9];
  int ns = 0, rc = 0;
  if (not_impl && g && g->requires_grad) {
    tp_tensor_retain(g);
    sv[ns++] = g;
  }
  for (int i = 0; i < n->nsaved && ns < 8; i++) {
    tp_tensor *t = tp_node_unpack(n, i);
    if (!t) { rc = -1; break; }
    if (t->requires_grad) sv[ns++] = t;
    else tp_tensor_release(t);
  }
  for (int k = 0; !rc && ns && k < n->ninputs; k++) {
    if (!gi[k] || (!not_impl && gi[k]->requires_grad)) continue;
    tp_tensor *al = tp_tensor_alias(gi[k]);
    const char *name = not_impl ? "torch::autograd::NotImplemented" : backward_backward_name(n->name);
    tp_node *z = al ? tp_node_new(TP_GRAD_FILL, 0, name, ns, sv, 1) : NULL;
    if (!z) { if (al) tp_tensor_release(al); rc = -1; break; }
    if (not_impl) {
      int64_t iv[1] = {2};
      tp_node_set_iv(z, 1, iv);
    }
    tp_node_set_output(z, al, 0);
    tp_node_release(z);
    tp_tensor_release(gi[k]);
    gi[k] = al;
  }
  for (int i = 0; i < ns; i++) tp_tensor_release(sv[i]);
  return rc;
}

int tp_formula_apply(tp_node *n, tp_tensor **gs, tp_tensor **gi) {
  if (n->kind == TP_GRAD_CUSTOM)   /* Note [Custom Functions] */
    return tp_call_custom((int32_t)n->iv[0], n->noutputs, gs, n->ninputs, gi) ? tp_fail_status("a custom Function's backward raised an error") : 0;
  arena a = {.n = 0};
  int rc;
  tp_tensor *g = n->noutputs == 1 ? grad_or_zeros(&a, n, gs, 0) : NULL;
  if (n->noutputs == 1 && !g) { arena_free(&a); return -1; }
  switch (n->kind) {
  case TP_GRAD_UNARY: rc = unary_formula(&a, n, g, gi); break;
  case TP_GRAD_BINARY: rc = binary_formula(&a, n, g, gi); break;
  case TP_GRAD_BINARY_SCALAR: rc = binary_scalar_formula(&a, n, g, gi); break;
  case TP_GRAD_WHERE: rc = where_formula(&a, n, g, gi); break;
  case TP_GRAD_CLAMP: rc = clamp_formula(&a, n, g, gi); break;
  case TP_GRAD_REDUCE: rc = n->noutputs == 2 ? var_mean_formula(&a, n, gs, gi) : reduce_formula(&a, n, g, gi); break;
  case TP_GRAD_REDUCE_INDEXED: rc = reduce_indexed_formula(&a, n, gs, gi); break;
  case TP_GRAD_DIMOP: rc = dimop_formula(&a, n, g, gi); break;
  case TP_GRAD_LINALG: rc = linalg_formula(&a, n, g, gi); break;
  case TP_GRAD_VIEW: case TP_GRAD_EXPAND: case TP_GRAD_PERMUTE: case TP_GRAD_SELECT: case TP_GRAD_SLICE:
  case TP_GRAD_AS_STRIDED: case TP_GRAD_CLONE: case TP_GRAD_TO: case TP_GRAD_COPY: case TP_GRAD_FILL: {
    tp_tensor *one[1] = {g};
    rc = view_formula(&a, n, one, gi);
    break;
  }
  case TP_GRAD_CAT: case TP_GRAD_STACK: case TP_GRAD_FLIP: case TP_GRAD_ROLL: case TP_GRAD_REPEAT: case TP_GRAD_TRILU:
  case TP_GRAD_GATHER: case TP_GRAD_SCATTER: case TP_GRAD_INDEX_SELECT: case TP_GRAD_MASKED_FILL:
  case TP_GRAD_MASKED_SELECT: case TP_GRAD_INDEX: case TP_GRAD_INDEX_PUT: case TP_GRAD_INDEX_ADD: case TP_GRAD_INDEX_COPY:
  case TP_GRAD_INDEX_FILL: {
    tp_tensor *one[1] = {g};
    rc = shape_formula(&a, n, one, gi);
    break;
  }
  case TP_GRAD_SPLIT: rc = shape_formula(&a, n, gs, gi); break;
  case TP_GRAD_COPY_SLICES: rc = copy_slices_formula(&a, n, g, gi); break;
  case TP_GRAD_SHAPE_LINALG: rc = shape_linalg_formula(&a, n, g, gi); break;
  case TP_GRAD_ADDMM: case TP_GRAD_MSE_LOSS: case TP_GRAD_NLL_LOSS: case TP_GRAD_BCE: case TP_GRAD_BCE_LOGITS:
  case TP_GRAD_LEAKY_RELU: case TP_GRAD_SOFTPLUS:
    rc = nn_formula(&a, n, g, gi);
    break;
  case TP_GRAD_ELEMW: rc = elemw_formula(&a, n, g, gi); break;
  case TP_GRAD_STATS: rc = stats_formula(&a, n, g, gi); break;
  case TP_GRAD_DECOMP: rc = decomp_formula(&a, n, g, gs, gi); break;
  case TP_GRAD_TENSOR_METHOD: rc = tensor_method_formula(&a, n, g, gi); break;
  case TP_GRAD_NORM: case TP_GRAD_EMBEDDING: rc = normalization_formula(&a, n, g, gi); break;
  case TP_GRAD_CONV: rc = tp_conv_backward(n, g, gi); break;
  case TP_GRAD_NNLOSS: rc = nnloss_formula(&a, n, g, gi); break;
  case TP_GRAD_NNACT: rc = nnact_formula(&a, n, g, gi); break;
  case TP_GRAD_LINALG_DET: case TP_GRAD_LINALG_SLOGDET: case TP_GRAD_LINALG_INV:
    rc = det_inverse_formula(&a, n, n->kind == TP_GRAD_LINALG_SLOGDET ? gs[1] : g, gi);
    break;
  default: rc = tp_fail_status("tensorpad: no derivative for %s", n->name);
  }
  arena_free(&a);
  if (!rc && tp_grad_mode() && backward_fn_node(n)) rc = depend_on_saved(n, n->noutputs == 1 ? gs[0] : NULL, gi);
  if (rc)
    for (int i = 0; i < n->ninputs; i++)
      if (gi[i]) { tp_tensor_release(gi[i]); gi[i] = NULL; }
  return rc;
}

/* PyTorch's names for a node's saved tensors (grad_fn._saved_<name>), for the graph export. */
TP_API const char *tp_node_saved_name(void *node, int i) {
  const tp_node *n = node;
  switch (n->kind) {
  case TP_GRAD_UNARY: return unary_saves(n->op) == 2 || i == 1 ? "result" : "self";
  case TP_GRAD_BINARY: return i == 0 ? "self" : i == 1 && n->op != TP_OP_COPYSIGN ? "other" : "result";
  case TP_GRAD_BINARY_SCALAR: return n->niv > 1 && n->iv[1] ? "self" : n->nsaved == 1 ? (n->iv[0] == 1 ? "self" : "other") : i == 0 ? "self" : "result";
  case TP_GRAD_WHERE: return "condition";
  case TP_GRAD_CONV: return n->iv[0] == TP_CONV_CONV ? (i == 0 ? "input" : "weight") : i == 0 ? "self" : "result1";
  case TP_GRAD_CLAMP: return i == 0 ? "self" : n->iv[0] == 2 && i == 1 ? "min" : "max";
  case TP_GRAD_REDUCE: case TP_GRAD_DIMOP: return i == 0 && !(n->kind == TP_GRAD_DIMOP && n->nsaved == 1) ? "self" : "result";
  case TP_GRAD_REDUCE_INDEXED: return i ? "self" : "indices";
  case TP_GRAD_LINALG: return i == 0 ? "self" : n->op == TP_LINALG_MM || n->op == TP_LINALG_BMM ? "mat2" : n->op == TP_LINALG_MV ? "vec" : "other";
  case TP_GRAD_GATHER: case TP_GRAD_SCATTER: case TP_GRAD_INDEX_SELECT: return "index";
  case TP_GRAD_MASKED_FILL: case TP_GRAD_MASKED_SELECT: return "mask";
  case TP_GRAD_INDEX: case TP_GRAD_INDEX_PUT: return "indices";
  case TP_GRAD_INDEX_ADD: case TP_GRAD_INDEX_COPY: case TP_GRAD_INDEX_FILL: return i == 0 ? "index" : "source";
  case TP_GRAD_ADDMM: return i == 0 ? "mat1" : "mat2";
  case TP_GRAD_MSE_LOSS: return i == 0 ? "self" : "target";
  case TP_GRAD_NLL_LOSS: return i == 0 ? "target" : i == 1 && n->iv[3] ? "weight" : "self";
  case TP_GRAD_BCE: case TP_GRAD_BCE_LOGITS: return i == 0 ? "self" : i == 1 ? "target" : "weight";
  case TP_GRAD_LEAKY_RELU: case TP_GRAD_SOFTPLUS: return "self";
  case TP_GRAD_NNACT: return i == 0 ? "self" : "noise";
  case TP_GRAD_ELEMW:
    if (n->op == TP_EW_ADDCMUL || n->op == TP_EW_ADDCDIV) return i == n->nsaved - 1 ? "tensor2" : i == n->nsaved - 2 ? "tensor1" : "self";
    return i == 0 ? "self" : n->op == TP_EW_LERP || n->op == TP_EW_LERP_T ? (i == 1 ? "end" : "weight") : i == 1 ? "tensor1" : "tensor2";
  case TP_GRAD_LINALG_DET: return i == 0 ? "A" : "result";
  case TP_GRAD_LINALG_SLOGDET: return "A";
  case TP_GRAD_LINALG_INV: return "inverse";
  case TP_GRAD_NORM: return i == 0 ? "input" : i == 1 ? "result1" : i == 2 ? "result2" : "weight";
  case TP_GRAD_EMBEDDING: return "indices";
  case TP_GRAD_NNLOSS: return i == 0 ? "self" : "target";
  case TP_GRAD_DECOMP:
    switch (n->op) {
    case TP_DECOMP_CHOLESKY: return "L";
    case TP_DECOMP_TRIANGULAR_SOLVE: return i == 0 ? "A" : "solution";
    case TP_DECOMP_CHOLESKY_SOLVE: return i == 0 ? "input2" : "result";
    case TP_DECOMP_CHOLESKY_INVERSE: return i == 0 ? "self" : "result";
    case TP_DECOMP_LU_FACTOR: return i == 0 ? "pivots" : "LU";
    case TP_DECOMP_LU_SOLVE: return i == 0 ? "LU" : i == 1 ? "pivots" : "result";
    case TP_DECOMP_QR: return i == 0 ? "Q" : "R";
    case TP_DECOMP_EIGH: return i == 0 ? "eigenvalues" : "eigenvectors";
    case TP_DECOMP_SVD: return i == 0 ? "U" : i == 1 ? "S" : "Vh";
    case TP_DECOMP_PINV: return i == 0 ? "self" : "result";
    case TP_DECOMP_MATRIX_EXP: return "self";
    case TP_DECOMP_HOUSEHOLDER_PRODUCT: return i == 0 ? "input" : i == 1 ? "tau" : "result";
    case TP_DECOMP_LSTSQ: return i == 0 ? "self" : "b";
    default: return i == 0 ? "A" : "result";
    }
  case TP_GRAD_SHAPE_LINALG:
    switch (n->iv[0]) {
    case TP_SHL_TAKE: case TP_SHL_PUT: return "index";
    case TP_SHL_MASKED_SCATTER: return "mask";
    case TP_SHL_SCATTER_REDUCE: return i == 0 ? "index" : i == 1 ? "self" : i == 2 ? "src" : "result";
    case TP_SHL_ADDMV: return i == 0 ? "mat" : "vec";
    case TP_SHL_ADDR: return i == 0 ? "vec1" : "vec2";
    case TP_SHL_BADDBMM: case TP_SHL_ADDBMM: return i == 0 ? "batch1" : "batch2";
    default: return i == 0 ? "self" : "other";
    }
  }
  return "saved";
}

/* ==== nn ops (src/nn/functional.c) =====================================================================
 * The formulas of the ops torch.nn.functional runs as single nodes; written with the entry
 * points like every formula above, so that create_graph records them. */
tp_tensor *tp_nll_loss_weights(tp_tensor *t, tp_tensor *w, int ndim, const int64_t *shape, int dtype, int64_t ignore,
                               tp_tensor **mask, double *total);

/* A matrix stored column by column (the transpose of a contiguous one). */
static int col_major(const tp_tensor *t) {
  return t->ndim == 2 && t->shape[0] > 1 && t->shape[1] > 1 && t->stride[0] == 1 && t->stride[1] == t->shape[0];
}

static int nn_formula(arena *a, tp_node *n, tp_tensor *g, tp_tensor **gi) {
  switch (n->kind) {
  case TP_GRAD_ADDMM: {  /* out = beta self + alpha m1 m2: d self = beta g, d m1 = alpha g m2^T, d m2 = alpha m1^T g */
    double beta = n->s[0], alpha = n->s[1];
    if (n->next[0].fn && !(gi[0] = own(beta == 1 ? g : sc(a, TP_OP_MUL, g, beta)))) return -1;
    /* As PyTorch's mm_mat1_backward / mm_mat2_backward: a column-major operand (Linear's
     * weight.t()) gets its gradient computed transposed, so that it comes out in the
     * operand's own layout and the TBackward0 behind it hands a contiguous gradient on. */
    tp_tensor *m1 = unpack(a, n, 0), *m2 = unpack(a, n, 1);
    if (!m1 || !m2) return -1;
    if (n->next[1].fn) {
      tp_tensor *d = col_major(m1) ? mT(a, lin(a, TP_LINALG_MM, m2, mT(a, g))) : lin(a, TP_LINALG_MM, g, mT(a, m2));
      if (!(gi[1] = own(alpha == 1 ? d : sc(a, TP_OP_MUL, d, alpha)))) return -1;
    }
    if (n->next[2].fn) {
      tp_tensor *d = col_major(m2) ? mT(a, lin(a, TP_LINALG_MM, mT(a, g), m1)) : lin(a, TP_LINALG_MM, mT(a, m1), g);
      if (!(gi[2] = own(alpha == 1 ? d : sc(a, TP_OP_MUL, d, alpha)))) return -1;
    }
    return 0;
  }
  case TP_GRAD_MSE_LOSS: {  /* d input = norm (x - y) g with norm = 2 (2 / numel for the mean); d target = -that */
    tp_tensor *x = unpack(a, n, 0), *y = unpack(a, n, 1);
    if (x && y && x->dtype != y->dtype)  /* PyTorch's backward kernel refuses mixed dtypes */
      return tp_fail_status("Found dtype %s but expected %s", tp_dtype_title(y->dtype), tp_dtype_title(x->dtype));
    tp_tensor *diff = sub(a, x, y);
    if (!diff) return -1;
    double norm = n->iv[0] == TP_REDUCTION_MEAN ? 2.0 / (double)tp_shape_numel(diff->ndim, diff->shape) : 2.0;
    tp_tensor *d = mul(a, sc(a, TP_OP_MUL, diff, norm), g);
    if (!d) return -1;
    if (n->next[0].fn) gi[0] = own(d);
    if (n->next[1].fn && !(gi[1] = own(neg(a, d)))) return -1;
    return 0;
  }
  case TP_GRAD_NLL_LOSS: {  /* d input[i, t_i] = -w[t_i] g_i (/ total weight for the mean), 0 elsewhere */
    const tp_meta *m = &n->in_meta[0];
    tp_tensor *t = unpack(a, n, 0), *w = n->iv[3] ? unpack(a, n, 1) : NULL;  /* saved: target, [weight], self */
    if (!t || (n->iv[3] && !w)) return -1;
    if (n->iv[2]) return tp_fail_status("grad_input must be contiguous");  /* see nll_run (functional.c) */
    /* 1.13's nll_loss_backward: zeros, and w[t] * -(g / total) (mean) or w[t] * -g at the targets */
    tp_tensor *mask = NULL;
    double total = 0;
    tp_tensor *wts = K(a, tp_nll_loss_weights(t, w, m->ndim, m->shape, m->dtype, n->iv[1], &mask, &total));
    if (mask) K(a, mask);
    tp_tensor *gg = n->iv[0] == TP_REDUCTION_NONE && m->ndim >= 2 ? unsq(a, g, 1) : g;  /* [N(, H, W)] -> [N, 1(, H, W)] */
    tp_tensor *ng = neg(a, n->iv[0] == TP_REDUCTION_MEAN ? sc(a, TP_OP_DIV, gg, total) : gg);
    tp_tensor *v = w ? mul(a, wts, ng) : ng;
    tp_tensor *d = v && mask ? K(a, tp_where(mask, v, NULL, 0, TP_SCALAR_NONE, 0, TP_SCALAR_INT)) : NULL;
    return (gi[0] = own(d)) ? 0 : -1;
  }
  case TP_GRAD_BCE: case TP_GRAD_BCE_LOGITS: {
    /* saved: input, target, [weight], [pos_weight]; iv: reduction, has weight, has pos_weight.
     * bce:        d input  = g (x - t) / max((1 - x) x, 1e-12),  d target = -logit(x) g
     * bce_logits: d input  = g (sigmoid(x) - t)  or  g ((pw t + 1 - t) sigmoid(x) - pw t),
     *             d target = -x g  or  g (log(1 - sigmoid(x)) - pw log(sigmoid(x)))
     * both times the weight, and / numel for the mean. */
    tp_tensor *x = unpack(a, n, 0), *t = unpack(a, n, 1);
    int k = 2;
    tp_tensor *w = n->iv[1] ? unpack(a, n, k++) : NULL, *pw = n->iv[2] ? unpack(a, n, k++) : NULL;
    if (!x || !t || (n->iv[1] && !w) || (n->iv[2] && !pw)) return -1;
    tp_tensor *dx = NULL, *dt = NULL;
    if (n->kind == TP_GRAD_BCE) {
      tp_tensor *den = K(a, x ? tp_clamp(TP_OP_CLAMP, mul(a, rsc(a, TP_OP_SUB, 1, x), x), NULL, NULL, 1e-12, TP_SCALAR_FLOAT, 0, TP_SCALAR_NONE) : NULL);
      if (n->next[0].fn) dx = mul(a, dv(a, sub(a, x, t), den), g);
      if (n->next[1].fn) dt = mul(a, neg(a, sub(a, un(a, TP_OP_LOG, x), un(a, TP_OP_LOG, rsc(a, TP_OP_SUB, 1, x)))), g);
    } else {
      tp_tensor *sg = un(a, TP_OP_SIGMOID, x);
      if (n->next[0].fn) {
        if (pw) {
          tp_tensor *pt = mul(a, pw, t);
          dx = sub(a, mul(a, sub(a, sc(a, TP_OP_ADD, pt, 1), t), sg), pt);
        } else {
          dx = sub(a, sg, t);
        }
        dx = mul(a, dx, g);
      }
      if (n->next[1].fn) {
        dt = pw ? sub(a, un(a, TP_OP_LOG, rsc(a, TP_OP_SUB, 1, sg)), mul(a, pw, un(a, TP_OP_LOG, sg))) : neg(a, x);
        dt = mul(a, dt, g);
      }
    }
    double numel = (double)tp_shape_numel(n->in_meta[0].ndim, n->in_meta[0].shape);
    tp_tensor **d[2] = {&dx, &dt};
    for (int i = 0; i < 2; i++) {
      if (!n->next[i].fn) continue;
      if (w) *d[i] = mul(a, *d[i], w);
      if (n->iv[0] == TP_REDUCTION_MEAN) *d[i] = sc(a, TP_OP_DIV, *d[i], numel);
      if (!(gi[i] = own(*d[i]))) return -1;
    }
    return 0;
  }
  case TP_GRAD_LEAKY_RELU: {  /* d x = g where x > 0, else slope g */
    tp_tensor *x = unpack(a, n, 0);
    return (gi[0] = own(where3(a, cmp_s(a, TP_OP_GT, x, 0), g, sc(a, TP_OP_MUL, g, n->s[0])))) ? 0 : -1;
  }
  case TP_GRAD_SOFTPLUS: {  /* z = exp(beta x): d x = g where beta x > threshold, else g z / (z + 1) */
    tp_tensor *xb = sc(a, TP_OP_MUL, unpack(a, n, 0), n->s[0]);
    /* 1.13's softplus_double_backward masks with beta x < threshold, so at a tie (where the
     * first derivative still takes the z branch) no second derivative flows: z of a detached
     * beta x there */
    tp_tensor *xd = xb ? K(a, tp_alias(xb)) : NULL;
    /* (a NaN keeps its graph: 1.13's mask multiplies, so NaN * 0 is NaN there) */
    tp_tensor *live = bin(a, TP_OP_LOGICAL_OR, cmp_s(a, TP_OP_LT, xb, n->s[1]), un(a, TP_OP_ISNAN, xb));
    tp_tensor *z = un(a, TP_OP_EXP, where3(a, live, xb, xd));
    return (gi[0] = own(where3(a, cmp_s(a, TP_OP_GT, xb, n->s[1]), g, dv(a, mul(a, g, z), sc(a, TP_OP_ADD, z, 1))))) ? 0 : -1;
  }
  }
  return tp_fail_status("tensorpad: no derivative for %s", n->name);
}

/* ==== elementwise math functions (src/ops/elementwise/math.c) ===============================================
 * Their ops.def rows reach here from the unary/binary formulas' default cases; the ops with
 * parameters or three operands record TP_GRAD_ELEMW nodes. */
#define PI_ 3.14159265358979323846

static int elemw_binary_needs(int op, int *need_a, int *need_b) {
  switch (op) {
  case TP_OP_ATAN2: case TP_OP_FMOD: case TP_OP_LOGADDEXP: case TP_OP_LOGADDEXP2: case TP_OP_XLOGY:
  case TP_OP_FMAX: case TP_OP_FMIN:
    *need_a = *need_b = 1;
    return 0;
  case TP_OP_HYPOT: case TP_OP_COPYSIGN: *need_a = *need_b = 1; return 1;  /* and the result */
  default: return 0;
  }
}

/* What a scalar form saves, as derivatives.yaml: x alone (pow.Tensor_Scalar, xlogy.Scalar_Other and
 * xlogy.Scalar_Self, remainder(s, x)), or x and the result (pow.Scalar, s / x, copysign.Scalar);
 * remainder/fmod(x, s) save nothing. */
static int scalar_x_alone(int op, int reversed) {
  return (op == TP_OP_POW && !reversed) || op == TP_OP_XLOGY || (op == TP_OP_REMAINDER && reversed);
}
static int scalar_saves_result(int op, int reversed) {
  return (op == TP_OP_POW && reversed) || (op == TP_OP_DIV && reversed) || op == TP_OP_COPYSIGN;
}

/* where(c, x, s) for a number s: x where c holds, s elsewhere */
static tp_tensor *where_s(arena *a, tp_tensor *c, tp_tensor *x, double s) {
  return c && x ? K(a, tp_where(c, x, NULL, 0, TP_SCALAR_NONE, s, TP_SCALAR_FLOAT)) : NULL;
}

static int elemw_unary_formula(arena *a, tp_node *n, tp_tensor *g, tp_tensor **gi, tp_tensor *x) {
  tp_tensor *d = NULL;
  switch (n->op) {
  case TP_OP_SGN: d = zeros_like_t(a, g); break;  /* real inputs: zero almost everywhere */
  case TP_OP_ERFC:  /* -g 2/sqrt(pi) e^{-x^2} */
    d = mul(a, g, sc(a, TP_OP_MUL, un(a, TP_OP_EXP, neg(a, sc(a, TP_OP_POW, x, 2))), -TWO_OVER_SQRTPI));
    break;
  case TP_OP_ERFINV:  /* g sqrt(pi)/2 e^{erfinv(x)^2} */
    d = mul(a, g, sc(a, TP_OP_MUL, un(a, TP_OP_EXP, sc(a, TP_OP_POW, un(a, TP_OP_ERFINV, x), 2)), 0.88622692545275801364));
    break;
  case TP_OP_LGAMMA: d = mul(a, g, un(a, TP_OP_DIGAMMA, x)); break;       /* g psi(x) */
  case TP_OP_DIGAMMA: d = mul(a, g, x ? K(a, tp_polygamma(1, x)) : NULL); break;  /* g psi'(x) */
  case TP_OP_ACOSH: d = mul(a, g, un(a, TP_OP_RSQRT, sc(a, TP_OP_SUB, sc(a, TP_OP_POW, x, 2), 1))); break;  /* g / sqrt(x^2 - 1) */
  case TP_OP_ASINH: d = mul(a, g, un(a, TP_OP_RSQRT, sc(a, TP_OP_ADD, sc(a, TP_OP_POW, x, 2), 1))); break;  /* g / sqrt(x^2 + 1) */
  case TP_OP_ATANH: d = dv(a, g, rsc(a, TP_OP_SUB, 1, sc(a, TP_OP_POW, x, 2))); break;                     /* g / (1 - x^2) */
  case TP_OP_SINC: {  /* g (pi x cos(pi x) - sin(pi x)) / (pi x^2), 0 at x = 0 */
    tp_tensor *px = sc(a, TP_OP_MUL, x, PI_);
    tp_tensor *num = sub(a, mul(a, px, un(a, TP_OP_COS, px)), un(a, TP_OP_SIN, px));
    d = where_s(a, cmp_s(a, TP_OP_NE, x, 0), mul(a, g, dv(a, num, mul(a, px, x))), 0);
    break;
  }
  case TP_OP_DEG2RAD: d = sc(a, TP_OP_MUL, g, PI_ / 180); break;
  case TP_OP_RAD2DEG: d = sc(a, TP_OP_MUL, g, 180 / PI_); break;
  case TP_OP_SPECIAL_ENTR: d = mul(a, g, neg(a, sc(a, TP_OP_ADD, un(a, TP_OP_LOG, x), 1))); break;  /* -g (1 + ln x) */
  default: return tp_fail_status("tensorpad: no derivative for %s", tp_op_name(n->op));
  }
  if (!d) return -1;
  gi[0] = own(d);
  return 0;
}

static int elemw_binary_formula(arena *a, tp_node *n, tp_tensor *g, tp_tensor **gi, tp_tensor *x, tp_tensor *y, tp_tensor *r) {
  int need_a = n->next[0].fn != NULL, need_b = n->next[1].fn != NULL;
  tp_tensor *ga = NULL, *gb = NULL;
  switch (n->op) {
  case TP_OP_ATAN2: {  /* d/da = b / (a^2 + b^2), d/db = -a / (a^2 + b^2) */
    tp_tensor *den = add(a, mul(a, x, x), mul(a, y, y));
    if (need_a) ga = dv(a, mul(a, g, y), den);
    if (need_b) gb = dv(a, mul(a, g, neg(a, x)), den);
    break;
  }
  case TP_OP_FMOD:  /* a - trunc(a / b) b */
    if (need_a) ga = g;
    if (need_b) gb = mul(a, neg(a, g), un(a, TP_OP_TRUNC, dv(a, x, y)));
    break;
  case TP_OP_HYPOT:  /* a / r, b / r */
    if (need_a) ga = mul(a, g, dv(a, x, r));
    if (need_b) gb = mul(a, g, dv(a, y, r));
    break;
  case TP_OP_LOGADDEXP:  /* 1 / (1 + e^{b - a}), 1 / (1 + e^{a - b}) */
    if (need_a) ga = dv(a, g, sc(a, TP_OP_ADD, un(a, TP_OP_EXP, sub(a, y, x)), 1));
    if (need_b) gb = dv(a, g, sc(a, TP_OP_ADD, un(a, TP_OP_EXP, sub(a, x, y)), 1));
    break;
  case TP_OP_LOGADDEXP2:  /* 1 / (1 + 2^{b - a}), 1 / (1 + 2^{a - b}) */
    if (need_a) ga = dv(a, g, sc(a, TP_OP_ADD, rsc(a, TP_OP_POW, 2, sub(a, y, x)), 1));
    if (need_b) gb = dv(a, g, sc(a, TP_OP_ADD, rsc(a, TP_OP_POW, 2, sub(a, x, y)), 1));
    break;
  case TP_OP_XLOGY:  /* d/da = xlogy(g, b), 0 where a == 0 and b <= 0 (1.13's masked_fill); d/db = a / b */
    if (need_a) {
      tp_tensor *m = bin(a, TP_OP_LOGICAL_AND, cmp_s(a, TP_OP_EQ, x, 0), cmp_s(a, TP_OP_LE, y, 0));
      ga = where_s(a, un(a, TP_OP_LOGICAL_NOT, m), bin(a, TP_OP_XLOGY, g, y), 0);
    }
    if (need_b) gb = dv(a, mul(a, g, x), y);
    break;
  case TP_OP_COPYSIGN:  /* d/da = r / a (0 where a == 0), d/db = 0 */
    if (need_a) ga = where_s(a, cmp_s(a, TP_OP_NE, x, 0), mul(a, g, dv(a, r, x)), 0);
    if (need_b) gb = zeros_like_t(a, g);
    break;
  case TP_OP_FMAX: case TP_OP_FMIN: {  /* g to a where a wins (a >= b or b is NaN), else to b */
    tp_tensor *m = bin(a, TP_OP_LOGICAL_OR, bin(a, n->op == TP_OP_FMAX ? TP_OP_GE : TP_OP_LE, x, y), un(a, TP_OP_ISNAN, y));
    if (need_a) ga = where_s(a, m, g, 0);
    if (need_b) gb = where_s(a, un(a, TP_OP_LOGICAL_NOT, m), g, 0);
    break;
  }
  case TP_OP_HEAVISIDE: return tp_fail_status("derivative for aten::heaviside is not implemented");
  case TP_OP_NEXTAFTER: return tp_fail_status("the derivative for 'nextafter' is not implemented.");
  default: return tp_fail_status("tensorpad: no derivative for %s", tp_op_name(n->op));
  }
  if ((need_a && !ga) || (need_b && !gb)) return -1;
  gi[0] = need_a ? own(ga) : NULL;
  gi[1] = need_b ? own(gb) : NULL;
  return 0;
}

/* x op s (or s op x when reversed): *d the gradient of x. */
static int elemw_scalar_formula(arena *a, tp_node *n, tp_tensor *g, tp_tensor *x, tp_tensor *r, tp_tensor **d) {
  double s = n->s[0];
  int reversed = (int)n->iv[0];
  switch (n->op) {
  case TP_OP_FMOD: *d = g; break;
  case TP_OP_XLOGY:  /* x log s: xlogy(g, s), 0 where x == 0 and s <= 0;  s log x: g s / x */
    if (reversed) *d = dv(a, sc(a, TP_OP_MUL, g, s), x);
    else *d = s <= 0 ? where_s(a, cmp_s(a, TP_OP_NE, x, 0), sc(a, TP_OP_XLOGY, g, s), 0) : sc(a, TP_OP_XLOGY, g, s);
    break;
  case TP_OP_COPYSIGN: *d = where_s(a, cmp_s(a, TP_OP_NE, x, 0), mul(a, g, dv(a, r, x)), 0); break;
  default: return tp_fail_status("tensorpad: no derivative for %s", tp_op_name(n->op));
  }
  return *d ? 0 : -1;
}

tp_tensor *tp_record_elemw(int op, const char *name, int ninputs, tp_tensor *const *ins, tp_tensor *out,
                           const double *p, int nsave, tp_tensor *const *save) {
  if (!out || !tp_any_requires_grad(ninputs, ins)) return out;
  tp_node *n = tp_node_new(TP_GRAD_ELEMW, op, name, ninputs, ins, 1);
  int failed = 0;
  if (n) {
    memcpy(n->s, p, sizeof(double) * 3);
    for (int i = 0; i < nsave; i++) failed |= tp_node_save(n, save[i], -1);
  }
  return finish(n, out, failed);
}

int tp_inplace_elemw_begin(int op, const char *name, tp_tensor *self, int nextra, tp_tensor *const *extra,
                           const double *p, int nsave, tp_node **n) {
  if (tp_inplace_begin(self, nextra, extra, n)) return -1;
  if (!*n) return 0;
  (*n)->kind = TP_GRAD_ELEMW;
  (*n)->op = (int16_t)op;
  (*n)->name = name;
  memcpy((*n)->s, p, sizeof(double) * 3);
  if (save_old(*n, self)) return begin_failed(n);
  for (int i = 0; i < nsave - 1; i++)
    if (tp_node_save(*n, extra[i], -1)) return begin_failed(n);
  return 0;
}

static int elemw_formula(arena *a, tp_node *n, tp_tensor *g, tp_tensor **gi) {
  tp_tensor *t[3] = {NULL, NULL, NULL};
  for (int i = 0; i < n->nsaved && i < 3; i++)
    if (!(t[i] = unpack(a, n, i))) return -1;
  tp_tensor *x = t[0];
  double v = n->s[0];
  switch (n->op) {
  case TP_EW_LOGIT: {  /* g / (x (1 - x)); outside [eps, 1 - eps] 0, outside [0, 1] NaN without eps */
    double lo = v < 0 ? 0 : v, hi = v < 0 ? 1 : 1 - v;
    tp_tensor *out = bin(a, TP_OP_LOGICAL_OR, cmp_s(a, TP_OP_LT, x, lo), cmp_s(a, TP_OP_GT, x, hi));
    tp_tensor *d = dv(a, g, mul(a, x, rsc(a, TP_OP_SUB, 1, x)));
    out = out && d ? K(a, tp_where(out, NULL, d, v < 0 ? NAN : 0, TP_SCALAR_FLOAT, 0, TP_SCALAR_NONE)) : NULL;
    return (gi[0] = own(out)) ? 0 : -1;
  }
  case TP_EW_POLYGAMMA: return (gi[0] = own(mul(a, g, x ? K(a, tp_polygamma(v + 1, x)) : NULL))) ? 0 : -1;  /* g psi^(n+1)(x) */
  case TP_EW_NAN_TO_NUM: return (gi[0] = own(mul(a, g, un(a, TP_OP_ISFINITE, x)))) ? 0 : -1;  /* g where x is finite */
  case TP_EW_ADDCMUL: case TP_EW_ADDCDIV: {  /* self + v t1 t2: g, g v t2, g v t1;  self + v t1 / t2: g, g v / t2, -g v t1 / t2^2 */
    tp_tensor *t1 = n->nsaved >= 2 ? t[n->nsaved - 2] : NULL, *t2 = n->nsaved >= 2 ? t[n->nsaved - 1] : NULL;  /* [self,] t1, t2 */
    int div = n->op == TP_EW_ADDCDIV;
    if (n->next[0].fn) gi[0] = own(g);
    if (n->next[1].fn && !(gi[1] = own(sc(a, TP_OP_MUL, div ? dv(a, g, t2) : mul(a, g, t2), v)))) return -1;
    if (n->next[2].fn) {
      tp_tensor *d = div ? neg(a, dv(a, mul(a, g, t1), mul(a, t2, t2))) : mul(a, g, t1);
      if (!(gi[2] = own(sc(a, TP_OP_MUL, d, v)))) return -1;
    }
    return 0;
  }
  case TP_EW_LERP: case TP_EW_LERP_T: {  /* self + w (end - self): g (1 - w), g w, g (end - self) */
    tp_tensor *w = n->op == TP_EW_LERP_T ? t[2] : NULL;
    if (n->next[0].fn && !(gi[0] = own(w ? mul(a, g, rsc(a, TP_OP_SUB, 1, w)) : sc(a, TP_OP_MUL, g, 1 - v)))) return -1;
    if (n->next[1].fn && !(gi[1] = own(w ? mul(a, g, w) : sc(a, TP_OP_MUL, g, v)))) return -1;
    if (w && n->next[2].fn && !(gi[2] = own(mul(a, g, sub(a, t[1], x))))) return -1;
    return 0;
  }
  default: return tp_fail_status("tensorpad: no derivative for %s", n->name);
  }
}

/* ---- src/ops/reduce/stats.c: nansum, logcumsumexp, dist (TP_GRAD_STATS, op TP_STATS_*) ---------------- */
/* PyTorch's norm_backward for the p-norm r of x (as a whole): g times d r / d x. */
static tp_tensor *pnorm_backward(arena *a, tp_tensor *g, tp_tensor *x, double p, tp_tensor *r) {
  if (p == 0) return zeros_like_t(a, x);
  if (p == 1) return mul(a, un(a, TP_OP_SIGN, x), g);
  if (p == 2) return where0(a, cmp_s(a, TP_OP_NE, r, 0), mul(a, g, dv(a, x, r)));  /* g x / r, 0 where r = 0 */
  if (isinf(p)) {  /* shared among the elements of largest magnitude */
    tp_tensor *ax = un(a, TP_OP_ABS, x), *hit = bin(a, TP_OP_EQ, ax, r);
    tp_tensor *cnt = reduce(a, TP_OP_SUM, hit, -1, NULL, 0);
    return mul(a, un(a, TP_OP_SIGN, x), mul(a, dv(a, g, cnt), hit));
  }
  tp_tensor *scaled = p < 2 ? mul(a, un(a, TP_OP_SIGN, x), sc(a, TP_OP_POW, un(a, TP_OP_ABS, x), p - 1))
                            : mul(a, x, sc(a, TP_OP_POW, un(a, TP_OP_ABS, x), p - 2));
  if (p < 1) return mul(a, mul(a, scaled, g), sc(a, TP_OP_POW, r, 1 - p));
  return mul(a, scaled, where0(a, cmp_s(a, TP_OP_NE, r, 0), dv(a, g, sc(a, TP_OP_POW, r, p - 1))));
}

static int stats_formula(arena *a, tp_node *n, tp_tensor *g, tp_tensor **gi) {
  switch (n->op) {
  case TP_STATS_NANSUM: {  /* g where x is not NaN, else 0 */
    tp_tensor *x = unpack(a, n, 0);
    tp_tensor *ge = expand_meta(a, unreduce(a, n, g), &n->in_meta[0]);
    gi[0] = own(where0(a, bin(a, TP_OP_EQ, x, x), ge));
    return gi[0] ? 0 : -1;
  }
  case TP_STATS_LOGCUMSUMEXP: {
    /* sum_{j >= i} g_j exp(x_i - r_j), split by the sign of g and taken in log space:
     * exp(revlcse(log|g+| - r) + x) - exp(revlcse(log|g-| - r) + x), revlcse = flip . lcse . flip */
    tp_tensor *x = unpack(a, n, 0), *r = unpack(a, n, 1);
    double dim = (double)n->iv[0], lowest = x && x->dtype == TP_FLOAT32 ? -3.4028234663852886e38 : -1.7976931348623157e308;
    tp_tensor *lag = un(a, TP_OP_LOG, un(a, TP_OP_ABS, g)), *d = NULL;
    for (int sign = 0; sign < 2 && lag && x && r; sign++) {
      tp_tensor *pick = cmp_s(a, sign ? TP_OP_LT : TP_OP_GT, g, 0);
      tp_tensor *lg = pick ? K(a, tp_where(pick, lag, NULL, 0, TP_SCALAR_NONE, lowest, TP_SCALAR_FLOAT)) : NULL;
      tp_tensor *f = lg ? K(a, tp_flip(sub(a, lg, r), 1, &dim)) : NULL;
      tp_tensor *c = f ? K(a, tp_logcumsumexp(f, dim)) : NULL;
      tp_tensor *e = c ? un(a, TP_OP_EXP, add(a, K(a, tp_flip(c, 1, &dim)), x)) : NULL;
      d = sign ? sub(a, d, e) : e;
    }
    gi[0] = own(d);
    return gi[0] ? 0 : -1;
  }
  case TP_STATS_DIST: {  /* d x = norm_backward(g, x - y, p, r), d y = -d x */
    tp_tensor *x = unpack(a, n, 0), *y = unpack(a, n, 1), *r = unpack(a, n, 2);
    tp_tensor *d = x && y && r ? pnorm_backward(a, g, sub(a, x, y), n->s[0], r) : NULL;
    if (!d) return -1;
    gi[0] = own(d);
    gi[1] = own(neg(a, d));
    return gi[1] ? 0 : -1;
  }
  case TP_STATS_LERP: {  /* quantile's lerp_(end, w), w without grad: d self = g (1 - w), d end = g w */
    tp_tensor *w = unpack(a, n, 0);
    if (n->next[0].fn) gi[0] = own(mul(a, g, rsc(a, TP_OP_SUB, 1, w)));
    if (n->next[1].fn) gi[1] = own(mul(a, g, w));
    return (n->next[0].fn && !gi[0]) || (n->next[1].fn && !gi[1]) ? -1 : 0;
  }
  case TP_STATS_NOT_IMPLEMENTED: {  /* iv[0]: which op (aminmax, _unique2, unique_consecutive, unique_dim) */
    static const char *const msg[] = {"derivative for aten::aminmax is not implemented", "the derivative for '_unique2' is not implemented.",
                                      "the derivative for 'unique_consecutive' is not implemented.", "the derivative for 'unique_dim' is not implemented."};
    return tp_fail_status("%s", msg[n->niv && n->iv[0] >= 0 && n->iv[0] < 4 ? n->iv[0] : 0]);
  }
  }
  return tp_fail_status("tensorpad: no derivative for %s", n->name);
}

/* ==== small dense linear algebra (src/ops/linalg/det_inverse.c) ============================================
 * PyTorch 1.13's linalg_det_backward, slogdet_backward and linalg_inv_ex's formula, for real
 * matrices. A^-1 comes from tp_linalg_inv_for_grad: a zero pivot becomes eps there, as in
 * PyTorch's det backward, so a singular A gets a zero gradient; under create_graph it is
 * recorded, so second derivatives follow. */
tp_tensor *tp_linalg_inv_for_grad(tp_tensor *A);

static int det_inverse_formula(arena *a, tp_node *n, tp_tensor *g, tp_tensor **gi) {
  if (n->kind == TP_GRAD_LINALG_INV) {  /* d A = -A^-T g A^-T */
    tp_tensor *inv = unpack(a, n, 0);
    tp_tensor *invT = mT(a, inv);
    return (gi[0] = own(neg(a, lin(a, TP_LINALG_MATMUL, invT, lin(a, TP_LINALG_MATMUL, g, invT))))) ? 0 : -1;
  }
  /* det:     d A = (g det) A^-T
   * slogdet: d A = g_logabsdet A^-T (the sign has no gradient) */
  const tp_meta *m = &n->in_meta[0];
  if (!g) return (gi[0] = own(zeros_meta(a, m))) ? 0 : -1;
  tp_tensor *A = unpack(a, n, 0);
  tp_tensor *c = n->kind == TP_GRAD_LINALG_DET ? mul(a, g, unpack(a, n, 1)) : g;
  tp_tensor *invT = A ? mT(a, K(a, tp_linalg_inv_for_grad(A))) : NULL;
  return (gi[0] = own(mul(a, unsq(a, unsq(a, c, -1), -1), invT))) ? 0 : -1;
}

/* ---- more shape and linear-algebra ops (src/ops/shape/diag_views_scatter.c, src/ops/linalg/products.c): iv[0] says which (TP_SHL_*) ---------------------- */
static int add_family_formula(arena *a, tp_node *n, tp_tensor *g, tp_tensor **gi);
static int scatter_reduce_formula(arena *a, tp_node *n, tp_tensor *g, tp_tensor **gi);

static int shape_linalg_formula(arena *a, tp_node *n, tp_tensor *g, tp_tensor **gi) {
  const tp_meta *m = &n->in_meta[0];
  tp_tensor *d = NULL;
  switch (n->iv[0]) {
  case TP_SHL_DIAG: {  /* vector in: d x = diagonal(g, k); matrix in: g onto the k-th diagonal of zeros */
    if (m->ndim == 1) d = K(a, tp_diagonal(g, (double)n->iv[1], 0, 1));
    else {
      int64_t iv[4] = {TP_VIEW_DIAGONAL, n->iv[1], 0, 1};
      d = embed_at(a, m, iv, 4, g);
    }
    break;
  }
  case TP_SHL_TRACE: {  /* d x = g on the diagonal, 0 elsewhere */
    if (m->shape[0] > m->shape[1]) {
      /* 1.13's trace_backward fills the flat positions 0, C+1, 2(C+1), ... of all R C, which
       * for R > C are more than the diagonal's C (PyTorch's gradient of a tall matrix's trace:
       * [g, 0, g, 0] for 4x1); kept, for the same numbers */
      double numel = (double)(m->shape[0] * m->shape[1]), sizes[2] = {(double)m->shape[0], (double)m->shape[1]};
      tp_tensor *z = K(a, tp_full(1, &numel, g->dtype, 0));
      tp_tensor *ix = K(a, tp_arange(0, numel, (double)(m->shape[1] + 1), TP_INT64));
      tp_tensor *f = z && ix ? K(a, tp_index_fill(z, 0, ix, g, 0)) : NULL;
      d = f ? K(a, tp_reshape(f, 2, sizes)) : NULL;
      break;
    }
    double len = (double)(m->shape[0] < m->shape[1] ? m->shape[0] : m->shape[1]);
    int64_t iv[4] = {TP_VIEW_DIAGONAL, 0, 0, 1};
    tp_tensor *ge = K(a, tp_expand(g, 1, &len));
    d = ge ? embed_at(a, m, iv, 4, ge) : NULL;
    break;
  }
  case TP_SHL_DIAG_EMBED:  /* d x = diagonal(g, offset, dim1, dim2) */
    d = K(a, tp_diagonal(g, (double)n->iv[1], (double)n->iv[2], (double)n->iv[3]));
    break;
  case TP_SHL_ROT90: {  /* rotate back */
    double dims[2] = {(double)n->iv[2], (double)n->iv[3]};
    d = K(a, tp_rot90(g, (double)-n->iv[1], 2, dims));
    break;
  }
  case TP_SHL_TAKE: {  /* d x = zeros.flatten().index_put_([index], g, accumulate=True), reshaped */
    double flat = -1, sizes[TP_MAX_DIMS];
    for (int k = 0; k < m->ndim; k++) sizes[k] = (double)m->shape[k];
    tp_tensor *z = zeros_meta(a, m), *ix[1] = {unpack(a, n, 0)};
    tp_tensor *zf = z ? K(a, tp_reshape(z, 1, &flat)) : NULL, *gf = K(a, tp_reshape(g, 1, &flat)), *ixf = NULL;
    if (ix[0]) ixf = ix[0] = K(a, tp_reshape(ix[0], 1, &flat));
    tp_tensor *acc = zf && gf && ixf ? K(a, tp_index_put(zf, 1, ix, gf, 1)) : NULL;
    d = acc ? K(a, tp_reshape(acc, m->ndim, sizes)) : NULL;
    break;
  }
  case TP_SHL_ADDMV: case TP_SHL_ADDR: case TP_SHL_BADDBMM: case TP_SHL_ADDBMM:
    return add_family_formula(a, n, g, gi);
  case TP_SHL_VIEW_SCATTER: {  /* d self = g with the view's region zeroed; d src = g's view */
    const int64_t *viv = &n->iv[1];
    if (n->next[0].fn) {
      tp_tensor *z = zeros_meta(a, &n->in_meta[1]);
      if (!(gi[0] = own(z ? K(a, tp_view_scatter(g, z, viv)) : NULL))) return -1;
    }
    if (n->next[1].fn && !(gi[1] = own(apply_view(a, g, viv)))) return -1;
    return 0;
  }
  case TP_SHL_MASKED_SCATTER: {  /* d self = g where mask is false; d source = g where true, in order, padded with zeros */
    tp_tensor *mask = unpack(a, n, 0);
    if (!mask) return -1;
    if (n->next[0].fn && !(gi[0] = own(K(a, tp_masked_fill(g, mask, NULL, 0))))) return -1;
    if (n->next[1].fn) {
      const tp_meta *sm = &n->in_meta[1];
      int64_t ns = tp_shape_numel(sm->ndim, sm->shape);
      tp_tensor *sel = K(a, tp_masked_select(g, mask));
      if (!sel) return -1;
      double pad = (double)(ns - sel->shape[0]), sizes[TP_MAX_DIMS];
      tp_tensor *z = K(a, tp_full(1, &pad, sel->dtype, 0));
      if (!z) return -1;
      tp_tensor *list[2] = {sel, z};  /* not tp_tensor_list: see TP_GRAD_SPLIT */
      tp_tensor *c = K(a, tp_cat(2, list, 0));
      for (int k = 0; k < sm->ndim; k++) sizes[k] = (double)sm->shape[k];
      if (!(gi[1] = own(c ? K(a, tp_reshape(c, sm->ndim, sizes)) : NULL))) return -1;
    }
    return 0;
  }
  case TP_SHL_PUT: {  /* d self = g (accumulate) or g with the put places zeroed; d source = g.take(index) */
    tp_tensor *index = unpack(a, n, 0);
    if (!index) return -1;
    const tp_meta *sm = &n->in_meta[1];
    if (n->next[0].fn) {
      tp_tensor *d0 = g;
      if (!n->iv[1]) {
        tp_tensor *z = zeros_meta(a, sm);
        d0 = z ? K(a, tp_put(g, index, z, 0)) : NULL;
      }
      if (!(gi[0] = own(d0))) return -1;
    }
    if (n->next[1].fn) {
      double sizes[TP_MAX_DIMS];
      for (int k = 0; k < sm->ndim; k++) sizes[k] = (double)sm->shape[k];
      tp_tensor *t = K(a, tp_take(g, index));
      if (!(gi[1] = own(t ? K(a, tp_reshape(t, sm->ndim, sizes)) : NULL))) return -1;
    }
    return 0;
  }
  case TP_SHL_NOT_IMPLEMENTED:
    return tp_fail_status("derivative for aten::narrow_copy is not implemented");
  case TP_SHL_SCATTER_REDUCE:
    return scatter_reduce_formula(a, n, g, gi);
  case TP_SHL_VDOT: {  /* d a = g b, d b = g a */
    tp_tensor *x = unpack(a, n, 0), *y = unpack(a, n, 1);
    if (n->next[0].fn && !(gi[0] = own(mul(a, g, y)))) return -1;
    if (n->next[1].fn && !(gi[1] = own(mul(a, g, x)))) return -1;
    return 0;
  }
  case TP_SHL_CROSS: {  /* d a = cross(b, g), d b = cross(g, a), along the same dim */
    tp_tensor *x = unpack(a, n, 0), *y = unpack(a, n, 1);
    double dim = (double)n->iv[1];
    if (n->next[0].fn && !(gi[0] = own(x && y ? K(a, tp_cross(y, g, dim)) : NULL))) return -1;
    if (n->next[1].fn && !(gi[1] = own(x && y ? K(a, tp_cross(g, x, dim)) : NULL))) return -1;
    return 0;
  }
  default: return tp_fail_status("tensorpad: no derivative for %s", n->name);
  }
  if (!d) return -1;
  gi[0] = own(d);
  return 0;
}

/* out = beta self + alpha prod(p, q): d self = beta g, and prod's own gradients times alpha.
 *   addmv   prod = p @ q (matrix, vector):     d p = outer(g, q),      d q = p^T @ g
 *   addr    prod = outer(p, q):                d p = g @ q,            d q = g^T @ p
 *   baddbmm prod = bmm(p, q):                  d p = g bmm q^T,        d q = p^T bmm g
 *   addbmm  prod = sum_b bmm(p, q)[b]:         as baddbmm with g expanded over the batch */
static int add_family_formula(arena *a, tp_node *n, tp_tensor *g, tp_tensor **gi) {
  double beta = n->s[0], alpha = n->s[1];
  if (n->next[0].fn && !(gi[0] = own(beta == 1 ? g : sc(a, TP_OP_MUL, g, beta)))) return -1;
  tp_tensor *p = unpack(a, n, 0), *q = unpack(a, n, 1), *dp = NULL, *dq = NULL;
  if (!p || !q) return -1;
  switch (n->iv[0]) {
  case TP_SHL_ADDMV:
    dp = lin(a, TP_LINALG_OUTER, g, q);
    dq = lin(a, TP_LINALG_MV, mT(a, p), g);
    break;
  case TP_SHL_ADDR:
    dp = lin(a, TP_LINALG_MV, g, q);
    dq = lin(a, TP_LINALG_MV, mT(a, g), p);
    break;
  case TP_SHL_ADDBMM: {
    double sizes[3] = {(double)p->shape[0], (double)g->shape[0], (double)g->shape[1]};
    g = K(a, tp_expand(unsq(a, g, 0), 3, sizes));
  }
    /* fall through */
  case TP_SHL_BADDBMM:
    dp = lin(a, TP_LINALG_BMM, g, mT(a, q));
    dq = lin(a, TP_LINALG_BMM, mT(a, p), g);
    break;
  }
  if (n->next[1].fn && !(gi[1] = own(alpha == 1 ? dp : sc(a, TP_OP_MUL, dp, alpha)))) return -1;
  if (n->next[2].fn && !(gi[2] = own(alpha == 1 ? dq : sc(a, TP_OP_MUL, dq, alpha)))) return -1;
  return 0;
}

/* scatter_reduce (PyTorch's scatter_reduce_backward), saved: index, self, src, result.
 *   sum   d self = g,                    d src = g.gather(index)
 *   mean  N = (include_self + number of src scattered to each place, 0 -> 1):
 *         d self = g / N,                d src = (g / N).gather(index)
 *   amax/amin  the gradient is shared equally by self and src values equal to the result
 *   prod  d self = g * result / self and d src = g * result / src, with zeros handled as PyTorch:
 *         a lone zero gets the product of the others
 * Without include_self, d self is 0 at the places written. */
static tp_tensor *full_like_t(arena *a, tp_tensor *t, double v) {
  if (!t) return NULL;
  double sizes[TP_MAX_DIMS];
  for (int d = 0; d < t->ndim; d++) sizes[d] = (double)t->shape[d];
  return K(a, tp_full(t->ndim, sizes, t->dtype, v));
}
static tp_tensor *as_dtype(arena *a, tp_tensor *t, int dtype) { return t ? K(a, tp_to_dtype(t, dtype, 1)) : NULL; }
static tp_tensor *gather_(arena *a, tp_tensor *t, double dim, tp_tensor *idx) { return t ? K(a, tp_gather(t, dim, idx)) : NULL; }
static tp_tensor *scatter_add_(arena *a, tp_tensor *t, double dim, tp_tensor *idx, tp_tensor *src) {
  return t && src ? K(a, tp_scatter(t, dim, idx, src, 0, 1)) : NULL;
}

static int scatter_reduce_formula(arena *a, tp_node *n, tp_tensor *g, tp_tensor **gi) {
  tp_tensor *idx = unpack(a, n, 0), *x = unpack(a, n, 1), *s = unpack(a, n, 2), *r = unpack(a, n, 3);
  if (!idx || !x || !s || !r) return -1;
  double dim = (double)n->iv[1];
  int reduce = (int)n->iv[2], incl = (int)n->iv[3], dt = g->dtype;
  tp_tensor *gs = NULL, *gsrc = NULL;
  if (reduce == 0) {  /* sum */
    gs = g;
    gsrc = gather_(a, g, dim, idx);
  } else if (reduce == 2) {  /* mean */
    tp_tensor *N = scatter_add_(a, full_like_t(a, g, incl), dim, idx, full_like_t(a, s, 1));
    N = N ? K(a, tp_masked_fill(N, cmp_s(a, TP_OP_EQ, N, 0), NULL, 1)) : NULL;
    gs = dv(a, g, N);
    gsrc = dv(a, gather_(a, g, dim, idx), gather_(a, N, dim, idx));
  } else if (reduce == 3 || reduce == 4) {  /* amax, amin */
    tp_tensor *value = gather_(a, r, dim, idx);
    tp_tensor *self_is = as_dtype(a, bin(a, TP_OP_EQ, x, r), dt), *src_is = as_dtype(a, bin(a, TP_OP_EQ, s, value), dt);
    tp_tensor *gd = dv(a, g, scatter_add_(a, self_is, dim, idx, src_is));
    gs = mul(a, self_is, gd);
    gsrc = mul(a, src_is, gather_(a, gd, dim, idx));
  } else {  /* prod */
    tp_tensor *masked_self = K(a, tp_masked_fill(x, cmp_s(a, TP_OP_EQ, x, 0), NULL, 1));
    tp_tensor *msr = masked_self ? K(a, tp_scatter_reduce(masked_self, dim, idx, s, 1, incl)) : NULL;
    gs = dv(a, mul(a, g, msr), masked_self);
    tp_tensor *src_zero = cmp_s(a, TP_OP_EQ, s, 0);
    tp_tensor *nz = gather_(a, scatter_add_(a, zeros_like_t(a, x), dim, idx, as_dtype(a, src_zero, dt)), dim, idx);
    tp_tensor *single = bin(a, TP_OP_LOGICAL_AND, src_zero, cmp_s(a, TP_OP_EQ, nz, 1));
    tp_tensor *masked_src = single ? K(a, tp_masked_fill(s, single, NULL, 1)) : NULL;
    tp_tensor *mres = masked_src ? K(a, tp_scatter_reduce(x, dim, idx, masked_src, 1, incl)) : NULL;
    tp_tensor *den = src_zero ? K(a, tp_masked_fill(s, src_zero, NULL, 1)) : NULL;
    gsrc = where3(a, single, gather_(a, mul(a, g, mres), dim, idx), dv(a, gather_(a, mul(a, g, r), dim, idx), den));
  }
  if (gs && !incl) gs = K(a, tp_scatter(gs, dim, idx, NULL, 0, 0));
  if (n->next[0].fn && !(gi[0] = own(gs))) return -1;
  if (n->next[1].fn && !(gi[1] = own(gsrc))) return -1;
  return 0;
}

/* ==== the remaining Tensor methods (src/ops/tensor_methods.c) =============================================
 * Written with entry points, so create_graph records them. */
static int tensor_method_formula(arena *a, tp_node *n, tp_tensor *g, tp_tensor **gi) {
  switch (n->iv[0]) {
  case TP_TM_HARDSHRINK: {  /* d x = |x| <= lambd ? 0 : g */
    tp_tensor *x = unpack(a, n, 0), *ax = un(a, TP_OP_ABS, x);
    tp_tensor *in = ax ? K(a, tp_binary_scalar(TP_OP_LE, ax, n->s[0], TP_SCALAR_FLOAT, TP_FORM_PY, 1)) : NULL;
    return (gi[0] = own(in ? K(a, tp_where(in, NULL, g, 0, TP_SCALAR_INT, 0, TP_SCALAR_NONE)) : NULL)) ? 0 : -1;
  }
  case TP_TM_ANGLE:  /* a real input: angle is piecewise constant, d x = 0 (self is saved and checked) */
    if (n->nsaved && !unpack(a, n, 0)) return -1;
    return (gi[0] = own(zeros_meta(a, &n->in_meta[0]))) ? 0 : -1;
  case TP_TM_PRELU: {  /* d x = x > 0 ? g : w g;  d w = (x > 0 ? 0 : x g) summed to w's shape */
    tp_tensor *x = unpack(a, n, 0), *w = unpack(a, n, 1);
    tp_tensor *wv = x && w ? K(a, tp_prelu_weight_view(x, w)) : NULL;
    tp_tensor *pos = wv ? K(a, tp_binary_scalar(TP_OP_GT, x, 0, TP_SCALAR_INT, TP_FORM_PY, 1)) : NULL;
    if (!pos) return -1;
    if (n->next[0].fn && !(gi[0] = own(where3(a, pos, g, bin(a, TP_OP_MUL, wv, g))))) return -1;
    if (n->next[1].fn) {
      tp_tensor *xg = bin(a, TP_OP_MUL, x, g), *neg = xg ? where3(a, pos, zeros_like_t(a, xg), xg) : NULL;
      double sizes[TP_MAX_DIMS];
      for (int d = 0; d < wv->ndim; d++) sizes[d] = (double)wv->shape[d];
      tp_tensor *r = neg ? K(a, tp_sum_to_size(neg, wv->ndim, sizes)) : NULL;
      if (!(gi[1] = own(reshape_meta(a, r, &n->in_meta[1])))) return -1;
    }
    return 0;
  }
  case TP_TM_FREXP: {  /* d x = g / exp2(exponent), exp2 of the int32 exponent in float32 as ATen */
    tp_tensor *e = unpack(a, n, 0);
    return (gi[0] = own(bin(a, TP_OP_DIV, g, un(a, TP_OP_EXP2, e)))) ? 0 : -1;
  }
  case TP_TM_MVLGAMMA: {  /* d x = g * sum_i digamma(x + (1 - i) / 2) */
    tp_tensor *x = unpack(a, n, 0);
    return (gi[0] = own(x ? K(a, tp_mvlgamma_grad(g, x, tp_clamp_i64(n->s[0]))) : NULL)) ? 0 : -1;
  }
  default: return resize_renorm_special_formula(a, n, g, gi);
  }
}

/* ---- set_, renorm, i0, igamma, igammac (src/ops/tensor_methods.c's last sections) ---- */
static int resize_renorm_special_formula(arena *a, tp_node *n, tp_tensor *g, tp_tensor **gi) {
  switch (n->iv[0]) {
  case TP_TM_SET: return tp_fail_status("derivative for set_ is not implemented");
  case TP_TM_HISTOGRAM: return tp_fail_status("derivative for aten::histogram is not implemented");
  case TP_TM_I0: {  /* d x = g i1(x) */
    tp_tensor *x = unpack(a, n, 0);
    return (gi[0] = own(mul(a, g, x ? K(a, tp_special_i1(x)) : NULL))) ? 0 : -1;
  }
  case TP_TM_I1: {  /* ATen's i1_backward: s = |x| > eps ? x : eps; d x = g (|x| > eps ? i0(s) - i1(x) / s : 0.5) */
    tp_tensor *x = unpack(a, n, 0), *r = unpack(a, n, 1);
    if (!x || !r) return -1;
    double eps = x->dtype == TP_FLOAT32 ? 1.1920928955078125e-07 : 2.220446049250313e-16;
    tp_tensor *big = cmp_s(a, TP_OP_GT, un(a, TP_OP_ABS, x), eps);
    tp_tensor *safe = big ? K(a, tp_where(big, x, NULL, 0, TP_SCALAR_NONE, eps, TP_SCALAR_FLOAT)) : NULL;
    tp_tensor *gx = sub(a, safe ? K(a, tp_i0(safe)) : NULL, mul(a, r, un(a, TP_OP_RECIPROCAL, safe)));
    tp_tensor *f = gx ? K(a, tp_where(big, gx, NULL, 0, TP_SCALAR_NONE, 0.5, TP_SCALAR_FLOAT)) : NULL;
    return (gi[0] = own(mul(a, g, f))) ? 0 : -1;
  }
  case TP_TM_IGAMMA: case TP_TM_IGAMMAC: {
    /* d a: not implemented in 1.13; d x = +-g exp((a - 1) log(x) - x - lgamma(a)) */
    if (n->next[0].fn && n->next[0].fn->needed)
      return tp_fail_status("the derivative for '%s: input' is not implemented.", n->iv[0] == TP_TM_IGAMMA ? "igamma" : "igammac");
    if (!n->next[1].fn) return 0;
    tp_tensor *s = unpack(a, n, 0), *x = unpack(a, n, 1);
    tp_tensor *e = sub(a, sub(a, mul(a, sc(a, TP_OP_SUB, s, 1), un(a, TP_OP_LOG, x)), x), un(a, TP_OP_LGAMMA, s));
    tp_tensor *d = mul(a, g, un(a, TP_OP_EXP, e));
    if (n->iv[0] == TP_TM_IGAMMAC) d = neg(a, d);
    return (gi[1] = own(d)) ? 0 : -1;
  }
  case TP_TM_RENORM: {
    /* ATen's renorm_backward: norm = ||x||_p over every dim but iv[1] (keepdim);
     * go = sum(x g) there; nb = d norm / d x * go; inv = 1 / (norm + 1e-7);
     * d x = norm > maxnorm ? maxnorm inv (g - inv nb) : g */
    double p = n->s[0], maxnorm = n->s[1], dims[TP_MAX_DIMS];
    tp_tensor *x = unpack(a, n, 0);
    if (!x) return -1;
    int nd = 0;
    for (int d = 0; d < x->ndim; d++)
      if (d != n->iv[1]) dims[nd++] = d;
    tp_tensor *norm = K(a, tp_reduce(TP_OP_NORM, x, nd, dims, 1, p, -1));
    tp_tensor *go = reduce(a, TP_OP_SUM, mul(a, x, g), nd, dims, 1), *nb;
    if (p == 2) nb = where0(a, cmp_s(a, TP_OP_NE, norm, 0), dv(a, mul(a, go, x), norm));
    else if (p == 1) nb = mul(a, go, un(a, TP_OP_SIGN, x));
    else if (isinf(p)) {
      tp_tensor *hit = bin(a, TP_OP_EQ, un(a, TP_OP_ABS, x), norm);
      tp_tensor *cnt = hit ? K(a, tp_reduce(TP_OP_SUM, hit, nd, dims, 1, 0, -1)) : NULL;
      nb = dv(a, mul(a, where0(a, hit, go), un(a, TP_OP_SIGN, x)), cnt);
    } else {  /* go x |x|^(p-2) / ||x||^(p-1) (p < 2: sign(x) |x|^(p-1)) */
      tp_tensor *num = p < 2 ? mul(a, un(a, TP_OP_SIGN, x), sc(a, TP_OP_POW, un(a, TP_OP_ABS, x), p - 1))
                             : mul(a, x, sc(a, TP_OP_POW, un(a, TP_OP_ABS, x), p - 2));
      nb = where0(a, cmp_s(a, TP_OP_NE, norm, 0), dv(a, mul(a, go, num), sc(a, TP_OP_POW, norm, p - 1)));
    }
    tp_tensor *inv = un(a, TP_OP_RECIPROCAL, sc(a, TP_OP_ADD, norm, 1e-7));
    tp_tensor *r = mul(a, sc(a, TP_OP_MUL, inv, maxnorm), sub(a, g, mul(a, inv, nb)));
    return (gi[0] = own(where3(a, cmp_s(a, TP_OP_GT, norm, maxnorm), r, g))) ? 0 : -1;
  }
  }
  return tp_fail_status("tensorpad: no derivative for %s", n->name);
}

/* ==== decompositions and solvers (src/ops/linalg/decomp.c) =============================================
 * PyTorch 1.13's linalg_solve_backward and cholesky_backward for real matrices. Each formula
 * calls differentiable ops only (solve itself, inverse, matmul, tril), so create_graph gives
 * second derivatives. Batch broadcasting is summed away by the engine. */
static tp_tensor *mm_(arena *a, tp_tensor *x, tp_tensor *y) { return lin(a, TP_LINALG_MATMUL, x, y); }
tp_tensor *tp_lu_perm(tp_tensor *piv, int64_t n, int dtype);  /* decomp.c: P of A = P L U */
/* The triangle of d that a triangular A's gradient keeps (unit: without the diagonal). */
static tp_tensor *tri_part(arena *a, tp_tensor *d, int upper, int unit) {
  return d ? K(a, upper ? tp_triu(d, unit) : tp_tril(d, -unit)) : NULL;
}

static int svd_formula(arena *a, tp_node *n, tp_tensor *g, tp_tensor **gs, tp_tensor **gi);  /* the svd section, at the end */
static int decomp_formula(arena *a, tp_node *n, tp_tensor *g, tp_tensor **gs, tp_tensor **gi) {
  enum { UPPER = 1, TRANS = 2, UNIT = 4, RIGHT = 8 };  /* decomp.c's TRI_* flags */
  int64_t f = n->niv ? n->iv[0] : 0;
  switch (n->op) {
  case TP_DECOMP_SVD: case TP_DECOMP_PINV: case TP_DECOMP_MATRIX_EXP: case TP_DECOMP_NO_DERIVATIVE: case TP_DECOMP_HOUSEHOLDER_PRODUCT:
  case TP_DECOMP_LSTSQ:
    return svd_formula(a, n, g, gs, gi);
  case TP_DECOMP_SOLVE_TRIANGULAR: {  /* left: dB = A^-T g, dA = -dB X^T; right: dB = g A^-T, dA = -X^T dB */
    tp_tensor *A = unpack(a, n, 0), *X = unpack(a, n, 1);
    tp_tensor *gB = A ? K(a, tp_linalg_solve_triangular(mT(a, A), g, !(f & UPPER), !(f & RIGHT), !!(f & UNIT))) : NULL;
    tp_tensor *gA = f & RIGHT ? mm_(a, mT(a, X), gB) : mm_(a, gB, mT(a, X));
    if (!(gi[0] = own(neg(a, tri_part(a, gA, f & UPPER, !!(f & UNIT)))))) return -1;
    return (gi[1] = own(gB)) ? 0 : -1;
  }
  case TP_DECOMP_TRIANGULAR_SOLVE: {  /* dB = op(A)^-T g, dA = -dB X^T (transpose: -X dB^T), kept triangle; + g of the copy */
    tp_tensor *A = unpack(a, n, 0), *X = unpack(a, n, 1), *gA = NULL;
    if (gs[0]) {
      tp_tensor *sol[2] = {NULL, NULL};
      if (!A || tp_triangular_solve(gs[0], A, f & UPPER, !(f & TRANS), !!(f & UNIT), sol)) return -1;
      K(a, sol[1]);
      tp_tensor *gB = K(a, sol[0]);
      gA = f & TRANS ? mm_(a, X, mT(a, gB)) : mm_(a, gB, mT(a, X));
      gA = neg(a, tri_part(a, gA, f & UPPER, !!(f & UNIT)));
      if (!gA || !(gi[1] = own(gB))) return -1;
    }
    if (gs[1]) gA = gA ? add(a, gA, gs[1]) : gs[1];
    if (!gA) return 0;
    return (gi[0] = own(gA)) ? 0 : -1;
  }
  case TP_DECOMP_CHOLESKY_SOLVE: {  /* dB = A^-1 g; C = dB X^T, C + C^T; dL = -C L (upper: -U C) */
    tp_tensor *L = unpack(a, n, 0), *X = unpack(a, n, 1);
    tp_tensor *gB = L ? K(a, tp_cholesky_solve(g, L, f & UPPER)) : NULL;
    tp_tensor *C = mm_(a, gB, mT(a, X));
    C = add(a, C, mT(a, C));
    if (!(gi[0] = own(neg(a, f & UPPER ? mm_(a, L, C) : mm_(a, C, L))))) return -1;
    return (gi[1] = own(gB)) ? 0 : -1;
  }
  case TP_DECOMP_CHOLESKY_INVERSE: {  /* C = R (g + g^T) R with R the result; dL = -C L (upper: -U C) */
    tp_tensor *L = unpack(a, n, 0), *R = unpack(a, n, 1);
    tp_tensor *C = mm_(a, R, mm_(a, add(a, g, mT(a, g)), R));
    return (gi[0] = own(neg(a, f & UPPER ? mm_(a, L, C) : mm_(a, C, L)))) ? 0 : -1;
  }
  case TP_DECOMP_LU_FACTOR: {  /* square A = P L U: d A = P L^-T (tril(L^T gL, -1) + triu(gU U^T)) U^-T */
    tp_tensor *piv = unpack(a, n, 0), *LU = unpack(a, n, 1);
    if (!piv || !LU) return -1;
    int64_t m = LU->shape[LU->ndim - 2], k = LU->shape[LU->ndim - 1];
    if (m != k) return tp_fail_status("tensorpad: the derivative of lu_factor is implemented for square matrices only");
    tp_tensor *P = K(a, tp_lu_perm(piv, m, LU->dtype)), *I = K(a, tp_eye((double)m, (double)m, LU->dtype));
    tp_tensor *L = add(a, K(a, tp_tril(LU, -1)), I), *U = K(a, tp_triu(LU, 0));
    tp_tensor *gL = K(a, tp_tril(g, -1)), *gU = K(a, tp_triu(g, 0));
    tp_tensor *t1 = mm_(a, mT(a, L), gL), *t2 = mm_(a, gU, mT(a, U));
    tp_tensor *phi = t1 && t2 ? add(a, K(a, tp_tril(t1, -1)), K(a, tp_triu(t2, 0))) : NULL;
    tp_tensor *y = phi ? K(a, tp_linalg_solve_triangular(mT(a, L), phi, 1, 1, 1)) : NULL;
    y = y ? K(a, tp_linalg_solve_triangular(mT(a, U), y, 0, 0, 0)) : NULL;
    return (gi[0] = own(mm_(a, P, y))) ? 0 : -1;
  }
  case TP_DECOMP_LU_SOLVE: {
    /* d B = A^-T g (adjoint: A^-1 g). d LU (PyTorch's linalg_lu_solve_LU):
     *   A X = B:   gR = U^-T (-g X^T);          d LU = tril(L^-T gR U^T, -1) + triu(gR)
     *   A^T X = B: G = P^T (-X dB^T);           d LU = tril(G U^T, -1) + triu(L^T G) */
    tp_tensor *LU = unpack(a, n, 0), *piv = unpack(a, n, 1), *X = unpack(a, n, 2);
    if (!LU || !piv || !X) return -1;
    int adj = (int)f;
    tp_tensor *gB = K(a, tp_lu_solve(LU, piv, g, !adj));
    if (!gB) return -1;
    int64_t m = LU->shape[LU->ndim - 1];
    tp_tensor *I = K(a, tp_eye((double)m, (double)m, LU->dtype));
    tp_tensor *L = add(a, K(a, tp_tril(LU, -1)), I), *U = K(a, tp_triu(LU, 0)), *gL, *gU;
    if (!adj) {
      tp_tensor *r = neg(a, mm_(a, g, mT(a, X)));
      tp_tensor *gR = r ? K(a, tp_linalg_solve_triangular(mT(a, U), r, 0, 1, 0)) : NULL;
      tp_tensor *t = gR ? K(a, tp_linalg_solve_triangular(mT(a, L), mm_(a, gR, mT(a, U)), 1, 1, 1)) : NULL;
      gL = t ? K(a, tp_tril(t, -1)) : NULL;
      gU = gR ? K(a, tp_triu(gR, 0)) : NULL;
    } else {  /* d A = -X gB^T; G = P^T d A: d L = tril(G U^T, -1), d U = triu(L^T G) */
      tp_tensor *P = K(a, tp_lu_perm(piv, m, LU->dtype));
      tp_tensor *G = mm_(a, mT(a, P), neg(a, mm_(a, X, mT(a, gB))));
      gL = G ? K(a, tp_tril(mm_(a, G, mT(a, U)), -1)) : NULL;
      gU = G ? K(a, tp_triu(mm_(a, mT(a, L), G), 0)) : NULL;
    }
    if (!(gi[0] = own(add(a, gL, gU)))) return -1;
    return (gi[1] = own(gB)) ? 0 : -1;
  }
  case TP_DECOMP_QR: {  /* m >= n, reduced: M = R gR^T - gQ^T Q;  d A = (gQ + Q copyltu(M)) R^-T */
    if (f == 2)
      return tp_fail_status("The derivative of linalg.qr depends on Q, which is not computed when mode='r'. Please use "
                            "linalg.qr(A, mode='reduced') if you are going to differentiate through linalg.qr.");
    tp_tensor *Q = unpack(a, n, 0), *R = unpack(a, n, 1);
    if (!Q || !R) return -1;
    int64_t m = Q->shape[Q->ndim - 2], c = R->shape[R->ndim - 1];
    if (m < c || Q->shape[Q->ndim - 1] != c)
      return tp_fail_status("tensorpad: the derivative of linalg.qr is implemented for m >= n with Q of n columns only");
    tp_tensor *gQ = gs[0] ? gs[0] : zeros_like_t(a, Q), *gR = gs[1] ? gs[1] : zeros_like_t(a, R);
    tp_tensor *M = sub(a, mm_(a, R, mT(a, gR)), mm_(a, mT(a, gQ), Q));
    tp_tensor *C = M ? add(a, K(a, tp_tril(M, 0)), mT(a, K(a, tp_tril(M, -1)))) : NULL;
    tp_tensor *rhs = add(a, gQ, mm_(a, Q, C));
    return (gi[0] = own(rhs ? K(a, tp_linalg_solve_triangular(mT(a, R), rhs, 0, 0, 0)) : NULL)) ? 0 : -1;
  }
  case TP_DECOMP_EIGH: {  /* d A = V (diag(gL) + skew(V^T gV) / E, E_ij = L_j - L_i off the diagonal) V^T */
    if (f == 1)  /* torch.symeig(eigenvectors=False) */
      return tp_fail_status("linalg_eig_backward: torch.symeig(A, eigenvectors=False) is not differentiable. Use torch.linalg.eigvalsh(A) instead.");
    tp_tensor *L = unpack(a, n, 0), *V = unpack(a, n, 1);
    if (!L || !V) return -1;
    int64_t m = V->shape[V->ndim - 1];
    tp_tensor *I = K(a, tp_eye((double)m, (double)m, V->dtype)), *inner = NULL;
    if (gs[1]) {
      tp_tensor *E = add(a, sub(a, unsq(a, L, -2), unsq(a, L, -1)), I);  /* 1 on the diagonal: no 0/0 */
      tp_tensor *VgV = mm_(a, mT(a, V), gs[1]);
      VgV = sc(a, TP_OP_MUL, sub(a, VgV, mT(a, VgV)), 0.5);  /* its skew-symmetric part */
      inner = mul(a, dv(a, VgV, E), rsc(a, TP_OP_SUB, 1, I));
    }
    if (gs[0]) {
      tp_tensor *D = mul(a, I, unsq(a, gs[0], -2));
      inner = inner ? add(a, inner, D) : D;
    }
    if (!inner) return 0;
    return (gi[0] = own(mm_(a, V, mm_(a, inner, mT(a, V))))) ? 0 : -1;
  }
  default: break;
  }
  if (n->op == TP_DECOMP_SOLVE) {  /* d B = A^-T g,  d A = -d B X^T */
    tp_tensor *A = unpack(a, n, 0), *X = unpack(a, n, 1);
    tp_tensor *gB = A ? K(a, tp_linalg_solve(mT(a, A), g)) : NULL;
    if (!gB || !X) return -1;
    if (n->iv[0]) { gB = unsq(a, gB, -1); X = unsq(a, X, -1); }  /* vector B: outer products */
    if (!(gi[0] = own(neg(a, lin(a, TP_LINALG_MATMUL, gB, mT(a, X)))))) return -1;
    if (n->iv[0]) gB = K(a, tp_squeeze_dim(gB, -1));
    return (gi[1] = own(gB)) ? 0 : -1;
  }
  /* cholesky (lower L; upper works on U^T, and the gradient of U = g^T's):
   *   P = tril(L^T g);  P = (P + tril(P, -1)^T) / 2;  d A = L^-T P L^-1 */
  tp_tensor *L = unpack(a, n, 0);
  if (n->iv[0]) { L = mT(a, L); g = mT(a, g); }
  tp_tensor *P = L ? K(a, tp_tril(lin(a, TP_LINALG_MATMUL, mT(a, L), g), 0)) : NULL;
  tp_tensor *low = P ? K(a, tp_tril(P, -1)) : NULL;
  P = sc(a, TP_OP_MUL, add(a, P, mT(a, low)), 0.5);
  tp_tensor *Li = L ? K(a, tp_linalg_inv(L)) : NULL;
  return (gi[0] = own(lin(a, TP_LINALG_MATMUL, mT(a, Li), lin(a, TP_LINALG_MATMUL, P, Li)))) ? 0 : -1;
}

/* ==== svd, pinv, matrix_exp (decomp.c's last sections) ========================================
 * PyTorch 1.13's svd_backward, pinv_backward and matrix_exp's backward for real matrices,
 * written with differentiable ops (create_graph works). */
static tp_tensor *narrow_(arena *a, tp_tensor *t, int64_t dim, int64_t start, int64_t len) {
  return t ? K(a, tp_narrow(t, (double)dim, (double)start, (double)len)) : NULL;
}

/* P = pinv(A), m x n A, gr the gradient of P; K as in PyTorch's pinv_backward:
 *   m <= n: K = gr^T P;  gA = -(P K)^T + K P^T - (A P) K P^T + (P^T P)(gr^T - K A)
 *   m > n:  K = P gr^T;  gA = -(K P)^T + (gr^T - A K) P P^T + P^T K - P^T K P A */
static tp_tensor *pinv_grad(arena *a, tp_tensor *A, tp_tensor *P, tp_tensor *gr) {
  tp_tensor *Ph = mT(a, P), *gh = mT(a, gr);
  if (A->shape[A->ndim - 2] <= A->shape[A->ndim - 1]) {
    tp_tensor *Km = mm_(a, gh, P), *KPh = mm_(a, Km, Ph);
    return add(a, sub(a, add(a, neg(a, mT(a, mm_(a, P, Km))), KPh), mm_(a, mm_(a, A, P), KPh)), mm_(a, mm_(a, Ph, P), sub(a, gh, mm_(a, Km, A))));
  }
  tp_tensor *Km = mm_(a, P, gh), *PhK = mm_(a, Ph, Km);
  return sub(a, add(a, add(a, neg(a, mT(a, mm_(a, Km, P))), mm_(a, mm_(a, sub(a, gh, mm_(a, A, Km)), P), Ph)), PhK), mm_(a, mm_(a, PhK, P), A));
}

static int svd_formula(arena *a, tp_node *n, tp_tensor *g, tp_tensor **gs, tp_tensor **gi) {
  (void)g;
  switch (n->op) {
  case TP_DECOMP_SVD: {
    /* Full matrices: only the first k columns of U (rows of Vh) take part. With E_ij = s_j^2 - s_i^2
     * (1 on the diagonal), skew(X) = X - X^T:
     *   gA = (skew(U^T gU) S + S skew(Vh gVh^T)) / E + diag(gS)
     *   m > n: gA = (U gA + (I - U U^T) gU S^-1) Vh;  m < n: gA = U (gA Vh + S^-1 gVh (I - Vh^T Vh));
     *   else gA = U gA Vh.  Only gS: gA = U diag(gS) Vh. */
    tp_tensor *U = unpack(a, n, 0), *S = unpack(a, n, 1), *Vh = unpack(a, n, 2);
    if (!U || !S || !Vh) return -1;
    tp_tensor *gU = gs[0], *gS = gs[1], *gVh = gs[2];
    if (!gU && !gS && !gVh) return 0;
    int64_t k = S->shape[S->ndim - 1];
    if (n->iv[0]) {
      U = narrow_(a, U, -1, 0, k);
      Vh = narrow_(a, Vh, -2, 0, k);
      if (gU) gU = narrow_(a, gU, -1, 0, k);
      if (gVh) gVh = narrow_(a, gVh, -2, 0, k);
      if (!U || !Vh || (gs[0] && !gU) || (gs[2] && !gVh)) return -1;
    }
    int64_t m = U->shape[U->ndim - 2], nn = Vh->shape[Vh->ndim - 1];
    if (!gU && !gVh)
      return (gi[0] = own(m >= nn ? mm_(a, U, mul(a, unsq(a, gS, -1), Vh)) : mm_(a, mul(a, U, unsq(a, gS, -2)), Vh))) ? 0 : -1;
    tp_tensor *UhgU = NULL, *VhgV = NULL;
    if (gU) { UhgU = mm_(a, mT(a, U), gU); UhgU = sub(a, UhgU, mT(a, UhgU)); if (!UhgU) return -1; }
    if (gVh) { VhgV = mm_(a, Vh, mT(a, gVh)); VhgV = sub(a, VhgV, mT(a, VhgV)); if (!VhgV) return -1; }
    tp_tensor *S2 = mul(a, S, S), *I = K(a, tp_eye((double)k, (double)k, S->dtype));
    tp_tensor *E = add(a, sub(a, unsq(a, S2, -2), unsq(a, S2, -1)), I), *gA;
    if (gU && gVh) gA = dv(a, add(a, mul(a, UhgU, unsq(a, S, -2)), mul(a, unsq(a, S, -1), VhgV)), E);
    else if (gU) gA = mul(a, UhgU, dv(a, unsq(a, S, -2), E));
    else gA = mul(a, unsq(a, S, -1), dv(a, VhgV, E));
    if (gS) gA = add(a, gA, K(a, tp_diag_embed(gS, 0, -2, -1)));
    if (!gA) return -1;
    if (m > nn && gU) {
      gA = mm_(a, U, gA);
      tp_tensor *gUSinv = dv(a, gU, unsq(a, S, -2));
      gA = sub(a, add(a, gA, gUSinv), mm_(a, U, mm_(a, mT(a, U), gUSinv)));
      gA = mm_(a, gA, Vh);
    } else if (m < nn && gVh) {
      gA = mm_(a, gA, Vh);
      tp_tensor *SinvgVh = dv(a, gVh, unsq(a, S, -1));
      gA = sub(a, add(a, gA, SinvgVh), mm_(a, mm_(a, SinvgVh, mT(a, Vh)), Vh));
      gA = mm_(a, U, gA);
    } else {
      gA = m >= nn ? mm_(a, U, mm_(a, gA, Vh)) : mm_(a, mm_(a, U, gA), Vh);
    }
    return (gi[0] = own(gA)) ? 0 : -1;
  }
  case TP_DECOMP_PINV: {
    tp_tensor *A = unpack(a, n, 0), *P = unpack(a, n, 1);
    if (!A || !P || !gs[0]) return A && P ? 0 : -1;
    return (gi[0] = own(pinv_grad(a, A, P, gs[0]))) ? 0 : -1;
  }
  case TP_DECOMP_LSTSQ: {
    /* PyTorch 1.13's linalg_lstsq_backward, literally: P = pinv(A); d A = pinv_backward(g B^T, P, A);
     * d B = P^T g. It has no vector case: a vector B with A requiring grad fails as 1.13 fails
     * (the transpose of a 1-d B, or a matmul of mismatched shapes for a batch of vectors). */
    tp_tensor *A = unpack(a, n, 0), *B = unpack(a, n, 1);
    if (!A || !B || !gs[0]) return A && B ? 0 : -1;
    tp_tensor *P = K(a, tp_linalg_pinv(A, NAN, NAN, 0));
    if (!P) return -1;
    if (n->next[0].fn) {
      tp_tensor *Bt = K(a, tp_transpose(B, -1, -2)), *gP = Bt ? K(a, tp_linalg(TP_LINALG_MATMUL, gs[0], Bt)) : NULL;
      if (!gP || !(gi[0] = own(pinv_grad(a, A, P, gP)))) return -1;
    }
    if (n->next[1].fn && !(gi[1] = own(mm_(a, mT(a, P), gs[0])))) return -1;
    return 0;
  }
  case TP_DECOMP_MATRIX_EXP: {
    /* gA = the top-right block of exp([[A^T, g], [0, A^T]]) */
    tp_tensor *A = unpack(a, n, 0);
    if (!A || !gs[0]) return A ? 0 : -1;
    tp_tensor *At = mT(a, A), *Z = zeros_like_t(a, At);
    int64_t m = A->shape[A->ndim - 1];
    tp_tensor *top[2] = {At, gs[0]}, *bot[2] = {Z, At};
    tp_tensor *T1 = At && Z ? K(a, tp_cat(2, top, -1)) : NULL, *T2 = T1 ? K(a, tp_cat(2, bot, -1)) : NULL;
    tp_tensor *rows[2] = {T1, T2};
    tp_tensor *M = T2 ? K(a, tp_cat(2, rows, -2)) : NULL;
    tp_tensor *R = M ? K(a, tp_linalg_matrix_exp(M)) : NULL;
    return (gi[0] = own(narrow_(a, narrow_(a, R, -2, 0, m), -1, m, m))) ? 0 : -1;
  }
  case TP_DECOMP_NO_DERIVATIVE:  /* iv[0]: 0 geqrf, 1 ormqr */
    return tp_fail_status("the derivative for '%s' is not implemented.", n->iv[0] ? "ormqr" : "geqrf");
  case TP_DECOMP_HOUSEHOLDER_PRODUCT: {
    /* Q = H_0 ... H_{k-1} E, H_i = I - tau_i v_i v_i^T, E = I[:, :n]. With L_i = H_0 ... H_{i-1},
     * R_i = H_{i+1} ... H_{k-1} E and M_i = L_i^T g R_i^T:
     *   d tau_i = -v_i^T M_i v_i,  d v_i = -tau_i (M_i + M_i^T) v_i (kept below the diagonal).
     * Each step's temporaries live in an arena of their own (k is not bounded by ARENA_MAX). */
    tp_tensor *A = unpack(a, n, 0), *tau = unpack(a, n, 1);
    if (!A || !tau || !gs[0]) return A && tau ? 0 : -1;
    int64_t m = A->shape[A->ndim - 2], nc = A->shape[A->ndim - 1], k = tau->shape[tau->ndim - 1];
    if (!k) return 0;
    tp_tensor *I = K(a, tp_eye((double)m, (double)m, A->dtype)), *E = K(a, tp_eye((double)m, (double)nc, A->dtype));
    tp_tensor *Vm = add(a, K(a, tp_tril(narrow_(a, A, -1, 0, k), -1)), K(a, tp_eye((double)m, (double)k, A->dtype)));
    tp_tensor **keep = calloc((size_t)(3 * k), sizeof *keep), **H = keep, **R = keep + k, **gv = keep + 2 * k;
    tp_tensor *Lm = own(I), *gtau = NULL;
    int rc = !keep || !Vm || !E || !Lm ? -1 : 0;
    for (int64_t i = 0; i < k && !rc; i++) {  /* H_i */
      arena l = {.n = 0};
      tp_tensor *v = narrow_(&l, Vm, -1, i, 1), *ti = unsq(&l, narrow_(&l, tau, -1, i, 1), -1);
      rc = (H[i] = own(sub(&l, I, mul(&l, ti, mm_(&l, v, mT(&l, v)))))) ? 0 : -1;
      arena_free(&l);
    }
    for (int64_t i = k - 1; i >= 0 && !rc; i--) {  /* R_i */
      arena l = {.n = 0};
      rc = (R[i] = own(i == k - 1 ? E : mm_(&l, H[i + 1], R[i + 1]))) ? 0 : -1;
      arena_free(&l);
    }
    for (int64_t i = 0; i < k && !rc; i++) {
      arena l = {.n = 0};
      tp_tensor *v = narrow_(&l, Vm, -1, i, 1), *ti = unsq(&l, narrow_(&l, tau, -1, i, 1), -1);
      tp_tensor *M = mm_(&l, mT(&l, Lm), mm_(&l, gs[0], mT(&l, R[i])));
      tp_tensor *vMv = mm_(&l, mT(&l, v), mm_(&l, M, v));  /* (..., 1, 1) */
      tp_tensor *gt = neg(&l, vMv ? K(&l, tp_squeeze_dim(vMv, -1)) : NULL), *pair[2] = {gtau, gt};
      gv[i] = own(neg(&l, mul(&l, ti, mm_(&l, add(&l, M, mT(&l, M)), v))));
      tp_tensor *g2 = own(!gt ? NULL : gtau ? K(&l, tp_cat(2, pair, -1)) : gt), *L2 = own(mm_(&l, Lm, H[i]));
      if (gtau) tp_tensor_release(gtau);
      tp_tensor_release(Lm);
      gtau = g2;
      Lm = L2;
      rc = gv[i] && gtau && Lm ? 0 : -1;
      arena_free(&l);
    }
    tp_tensor *gV = !rc ? K(a, tp_cat((int)k, gv, -1)) : NULL;
    for (int64_t i = 0; keep && i < 3 * k; i++) if (keep[i]) tp_tensor_release(keep[i]);
    free(keep);
    if (Lm) tp_tensor_release(Lm);
    tp_tensor *gA = gV ? K(a, tp_tril(gV, -1)) : NULL;
    if (gA && k < nc) {
      double sz[TP_MAX_DIMS];
      for (int d = 0; d < A->ndim; d++) sz[d] = (double)A->shape[d];
      sz[A->ndim - 1] = (double)(nc - k);
      tp_tensor *pad[2] = {gA, K(a, tp_full(A->ndim, sz, A->dtype, 0))};
      gA = pad[1] ? K(a, tp_cat(2, pad, -1)) : NULL;
    }
    if (!gA || !(gi[0] = own(gA))) {
      if (gtau) tp_tensor_release(gtau);
      return -1;
    }
    gi[1] = gtau;
    return 0;
  }
  }
  return tp_fail_status("tensorpad: no derivative for %s", n->name);
}

/* ---- src/nn/normalization.c: layer_norm, batch_norm (TP_GRAD_NORM), embedding (TP_GRAD_EMBEDDING) ----
 * norm: iv = {bn, fixed, mask}; saved x, mean, rstd (keepdim shapes), weight if given.
 *   xhat = (x - mean) rstd;  d b = sum g;  d w = sum g xhat (over the dims w broadcasts along)
 *   d x = rstd (gw - mean_R gw - xhat mean_R(gw xhat)), gw = g w; with fixed statistics
 *   (batch_norm in eval mode) d x = rstd gw.
 * embedding: iv = {padding_idx}; d weight = zeros.index_add(0, indices, g rows), the
 *   padding_idx rows left out. */
tp_tensor *tp_norm_channel_view(tp_tensor *p, int ndim);
static int normalization_formula(arena *a, tp_node *n, tp_tensor *g, tp_tensor **gi) {
  if (n->kind == TP_GRAD_EMBEDDING) {
    tp_tensor *idx = unpack(a, n, 0);
    if (!idx) return -1;
    const tp_meta *wm = &n->in_meta[0];
    double flat[1] = {-1}, rows[2] = {-1, (double)wm->shape[1]};
    tp_tensor *f = K(a, tp_reshape(idx, 1, flat)), *g2 = K(a, tp_reshape(g, 2, rows));
    if (f && g2 && n->iv[0] >= 0) {
      tp_tensor *keep = cmp_s(a, TP_OP_NE, f, (double)n->iv[0]);
      g2 = where0(a, unsq(a, keep, 1), g2);
    }
    tp_tensor *z = g2 ? zeros_meta(a, wm) : NULL;
    return (gi[0] = own(z ? K(a, tp_index_add(z, 0, f, g2, 1)) : NULL)) ? 0 : -1;
  }
  int bn = (int)n->iv[0], fixed = (int)n->iv[1];
  int64_t mask = n->iv[2];
  tp_tensor *x = unpack(a, n, 0), *mean = unpack(a, n, 1), *rstd = unpack(a, n, 2);
  tp_tensor *w = n->nsaved > 3 ? unpack(a, n, 3) : NULL;
  if (!x || !mean || !rstd || (n->nsaved > 3 && !w)) return -1;
  int nd = x->ndim;
  double rd[TP_MAX_DIMS], pd[TP_MAX_DIMS];  /* reduced dims; dims a parameter broadcasts along */
  int nr = 0, np = 0;
  for (int d = 0; d < nd; d++) {
    if (mask >> d & 1) rd[nr++] = d;
    if (bn ? d != 1 : !(mask >> d & 1)) pd[np++] = d;
  }
  if (!fixed && tp_grad_mode()) {  /* create_graph: statistics recomputed from x, so they carry x's graph */
    mean = reduce(a, TP_OP_MEAN, x, nr, rd, 1);
    tp_tensor *var = x ? K(a, tp_reduce(TP_OP_VAR, x, nr, rd, 1, 0, -1)) : NULL;
    rstd = un(a, TP_OP_RSQRT, var ? K(a, tp_binary_scalar(TP_OP_ADD, var, n->s[0], TP_SCALAR_FLOAT, TP_FORM_PY, 1)) : NULL);
    if (!rstd) return -1;
  }
  tp_tensor *xhat = mul(a, sub(a, x, mean), rstd);
  if (!xhat) return -1;
  if (n->next[2].fn && !(gi[2] = own(reshape_meta(a, reduce(a, TP_OP_SUM, g, np, pd, 0), &n->in_meta[2])))) return -1;
  if (n->next[1].fn && !(gi[1] = own(reshape_meta(a, reduce(a, TP_OP_SUM, mul(a, g, xhat), np, pd, 0), &n->in_meta[1])))) return -1;
  if (!n->next[0].fn) return 0;
  tp_tensor *gw = g;
  if (w) gw = mul(a, g, bn ? K(a, tp_norm_channel_view(w, nd)) : w);
  tp_tensor *dx;
  if (fixed) {
    dx = mul(a, gw, rstd);
  } else {
    tp_tensor *m1 = reduce(a, TP_OP_MEAN, gw, nr, rd, 1);
    tp_tensor *m2 = reduce(a, TP_OP_MEAN, mul(a, gw, xhat), nr, rd, 1);
    dx = mul(a, sub(a, sub(a, gw, m1), mul(a, xhat, m2)), rstd);
  }
  return (gi[0] = own(dx)) ? 0 : -1;
}

/* ---- smooth_l1_loss, huber_loss, soft_margin_loss (src/nn/loss.c) -------------------------------
 * With d = x - y and g scaled by 1 / numel for the mean:
 *   smooth_l1: d x = clamp(d / beta, -1, 1) g  (sign(d) g when beta = 0); d y = -that
 *   huber:     d x = clamp(d, -delta, delta) g; d y = -that
 *   soft_margin: d x = -y exp(-y x) / (1 + exp(-y x)) g (target: not differentiable, as in 1.13)
 * Written with tensor ops, so create_graph records their graph. A gradient is cast to its
 * input's dtype (huber and soft_margin keep the input's dtype when the target's differs). */
static tp_tensor *nnloss_cast(arena *a, tp_tensor *t, int dtype) {
  return t && t->dtype != dtype ? K(a, tp_to_dtype(t, dtype, 0)) : t;
}
static int nnloss_formula(arena *a, tp_node *n, tp_tensor *g, tp_tensor **gi) {
  tp_tensor *x = unpack(a, n, 0), *y = unpack(a, n, 1);
  if (!x || !y) return -1;
  int which = (int)n->iv[0];
  if (which == TP_NNLOSS_MULTI_MARGIN || which == TP_NNLOSS_MULTILABEL_MARGIN) {
    /* ATen's backward kernels: coef * g (g per frame for an unreduced batch); no double backward */
    if (tp_grad_mode())
      return tp_fail_status("derivative for aten::%s_backward is not implemented", which == TP_NNLOSS_MULTI_MARGIN ? "multi_margin_loss" : "multilabel_margin_loss");
    tp_tensor *w = n->nsaved > 2 ? unpack(a, n, 2) : NULL;
    if (n->nsaved > 2 && !w) return -1;
    tp_tensor *coef = K(a, tp_margin_loss_coef(n, x, y, w));
    tp_tensor *gg = g->ndim == 1 && x->ndim == 2 ? unsq(a, g, 1) : g;
    return (gi[0] = own(mul(a, coef, gg))) ? 0 : -1;
  }
  if (which == TP_NNLOSS_HUBER && x->dtype != y->dtype)  /* PyTorch's backward kernel refuses mixed dtypes */
    return tp_fail_status("Found dtype %s but expected %s", tp_dtype_title(y->dtype), tp_dtype_title(x->dtype));
  double p = n->s[0];
  int mean = n->iv[1] == TP_REDUCTION_MEAN;
  tp_tensor *dx, *dy;
  if (which == TP_NNLOSS_SOFT_MARGIN) {
    /* 1.13's soft_margin_loss_backward, in its order: z = exp(-y x); y z (-norm) / (z + 1) g
     * (so x = inf with y > 0 gives NaN there, as PyTorch's does) */
    double norm = mean ? 1. / (double)tp_shape_numel(x->ndim, x->shape) : 1.;
    tp_tensor *z = un(a, TP_OP_EXP, mul(a, neg(a, y), x));
    dx = n->next[0].fn ? mul(a, dv(a, sc(a, TP_OP_MUL, mul(a, y, z), -norm), sc(a, TP_OP_ADD, z, 1)), g) : NULL;
    dy = NULL;  /* target is not differentiable (the forward refuses one that requires grad) */
  } else {
    /* the loss has x's shape (js/nn/loss.js broadcasts smooth_l1's and huber's operands) */
    if (mean) g = sc(a, TP_OP_DIV, g, (double)tp_shape_numel(x->ndim, x->shape));
    tp_tensor *d = sub(a, x, y), *c;
    /* 1.13's kernels: d <= -beta ? -1 : d >= beta ? 1 : d / beta, so with beta = 0 a tie
     * d == 0 gets -1 (NaN stays NaN); the inner branch strictly inside the kink, where the
     * second derivative is 0 */
    tp_tensor *sg = where3(a, un(a, TP_OP_ISNAN, d), d, un(a, TP_OP_SIGN, d));   /* sign(NaN) is 0 */
    if (which == TP_NNLOSS_SMOOTH_L1 && p == 0) c = where_s(a, cmp_s(a, TP_OP_NE, d, 0), sg, -1);
    else if (which == TP_NNLOSS_SMOOTH_L1) c = where3(a, cmp_s(a, TP_OP_LT, un(a, TP_OP_ABS, d), p), sc(a, TP_OP_DIV, d, p), sg);
    else c = where3(a, cmp_s(a, TP_OP_LT, un(a, TP_OP_ABS, d), p), d, sc(a, TP_OP_MUL, sg, p));
    dx = mul(a, c, g);
    dy = n->next[1].fn ? neg(a, dx) : NULL;
  }
  if (n->next[0].fn && !(gi[0] = own(nnloss_cast(a, dx, n->in_meta[0].dtype)))) return -1;
  if (n->next[1].fn && !(gi[1] = own(nnloss_cast(a, dy, n->in_meta[1].dtype)))) return -1;
  return 0;
}

/* ==== torch.nn activations (src/nn/activation.c) ======================================================
 * op is TP_ACT_*, s[] the forward's scalars; saved: self (the in-place forms: self before the
 * write), and rrelu's noise. Each formula is PyTorch 1.13's *_backward, in tensor ops. */
tp_tensor *tp_nn_pad_index(int mode, int64_t n, int64_t l, int64_t r);  /* activation.c */

/* The pads' formulas (nothing saved): constant_pad_nd pads g by -pad; reflection / replication
 * pads index_add g back along each padded dim, the last padded first. */
static int nnact_pad_formula(arena *a, tp_node *n, tp_tensor *g, tp_tensor **gi) {
  double pad[2 * TP_MAX_DIMS + 2];
  for (int i = 0; i < n->niv; i++) pad[i] = -(double)n->iv[i];
  if (n->op == TP_ACT_PAD) return (gi[0] = tp_nn_constant_pad(g, n->niv, pad, 0)) ? 0 : -1;
  const tp_meta *m = &n->in_meta[0];
  int k = n->niv / 2;
  tp_tensor *cur = g;
  for (int j = k - 1; j >= 0 && cur; j--) {
    int d = m->ndim - 1 - j;
    tp_meta z = {.ndim = cur->ndim, .dtype = cur->dtype};
    memcpy(z.shape, cur->shape, sizeof(int64_t) * cur->ndim);
    z.shape[d] = m->shape[d];
    tp_tensor *idx = K(a, tp_nn_pad_index((int)n->s[0], m->shape[d], n->iv[2 * j], n->iv[2 * j + 1]));
    tp_tensor *zero = zeros_meta(a, &z);
    cur = idx && zero ? K(a, tp_index_add(zero, d, idx, cur, 1)) : NULL;
  }
  return (gi[0] = own(cur)) ? 0 : -1;
}

/* value's numbers with smooth's derivative: value.detach() + (smooth - smooth.detach()), the
 * second term an exact 0 where smooth is finite (for a create_graph formula whose pieces are
 * picked for 1.13's first-derivative values while its double backward is a smooth formula) */
static tp_tensor *with_derivative_of(arena *a, tp_tensor *value, tp_tensor *smooth) {
  if (!value || !smooth) return NULL;
  tp_tensor *vd = K(a, tp_alias(value)), *sd = K(a, tp_alias(smooth));
  return add(a, vd, sub(a, smooth, sd));
}

/* Note [Vectorised and scalar loops]: 1.13's CPU kernels (cpu_kernel_vec) run contiguous
 * operands through a vectorised loop in steps of two AVX2 vectors (16 floats, 8 doubles) and
 * the rest (the tail, or every element of a strided operand) through the scalar lambda; where
 * the two are written differently (hardtanh's and hardswish's backward at NaN, hardswish's at
 * 3), which one an element got is visible. The mask: true where the vectorised loop ran, for
 * contiguous x and g of up to 32768 elements (one thread's chunk); NULL: scalar throughout. */
static tp_tensor *vector_lanes(arena *a, tp_tensor *x, tp_tensor *g) {
  int64_t n = tp_shape_numel(x->ndim, x->shape), lanes = x->dtype == TP_FLOAT32 ? 16 : 8, cut = n - n % lanes;
  int g_scalar = 1;  /* a gradient expanded from one value (sum's) is the loop's scalar operand: it vectorises too */
  for (int d = 0; d < g->ndim; d++) g_scalar &= g->stride[d] == 0 || g->shape[d] == 1;
  if (cut == 0 || n > 32768 || !tp_tensor_is_contiguous(x) || !(g_scalar || tp_tensor_is_contiguous(g)) || g->ndim != x->ndim ||
      memcmp(g->shape, x->shape, sizeof(int64_t) * x->ndim))
    return NULL;
  double sizes[TP_MAX_DIMS];
  for (int d = 0; d < x->ndim; d++) sizes[d] = (double)x->shape[d];
  tp_tensor *ix = K(a, tp_arange(0, (double)n, 1, TP_INT64));
  tp_tensor *m = cmp_s(a, TP_OP_LT, ix, (double)cut);
  return m ? K(a, tp_reshape(m, x->ndim, sizes)) : NULL;
}

static int nnact_formula(arena *a, tp_node *n, tp_tensor *g, tp_tensor **gi) {
  if (n->op == TP_ACT_PAD || n->op == TP_ACT_INDEX_PAD) return nnact_pad_formula(a, n, g, gi);
  tp_tensor *x = unpack(a, n, 0), *d = NULL;
  if (!x) return -1;
  const double *p = n->s;
  switch (n->op) {
  case TP_ACT_ELU: case TP_ACT_CELU: {  /* x <= 0 ? g input_scale negcoef exp(x input_scale) : g scale */
    /* in 1.13's order and dtype: ((g negiptcoef) negcoef) exp(x negiptcoef), negcoef = alpha scale
     * rounded to the tensor's dtype */
    double nc = x->dtype == TP_FLOAT32 ? (double)((float)p[0] * (float)p[1]) : p[0] * p[1];
    /* exp of where(x < 0, x, 0): 1.13's elu_double_backward masks with x < 0, so nothing flows at 0 */
    tp_tensor *gs = sc(a, TP_OP_MUL, sc(a, TP_OP_MUL, g, p[2]), nc);
    tp_tensor *neg = mul(a, gs, un(a, TP_OP_EXP, sc(a, TP_OP_MUL, where0(a, cmp_s(a, TP_OP_LT, x, 0), x), p[2])));
    tp_tensor *pos = sc(a, TP_OP_MUL, g, p[1]);
    d = where3(a, cmp_s(a, TP_OP_LE, x, 0), neg, pos);
    /* the vectorised loop tests x > 0 instead: NaN takes the negative branch (Note [Vectorised and scalar loops]) */
    tp_tensor *lanes = vector_lanes(a, x, g);
    if (lanes) {
      /* (exp of x only where x is NaN: an unselected exp(inf) would make the double backward 0 * inf) */
      tp_tensor *nan_neg = mul(a, gs, un(a, TP_OP_EXP, sc(a, TP_OP_MUL, where0(a, un(a, TP_OP_ISNAN, x), x), p[2])));
      d = where3(a, lanes, where3(a, cmp_s(a, TP_OP_GT, x, 0), pos, where3(a, un(a, TP_OP_ISNAN, x), nan_neg, neg)), d);
    }
    break;
  }
  case TP_ACT_HARDTANH: {  /* x <= min || x >= max ? 0 : g; vectorised: (x > min && x < max) & g (NaN: 0) */
    tp_tensor *vec = where0(a, bin(a, TP_OP_LOGICAL_AND, cmp_s(a, TP_OP_GT, x, p[0]), cmp_s(a, TP_OP_LT, x, p[1])), g);
    tp_tensor *out = bin(a, TP_OP_LOGICAL_OR, cmp_s(a, TP_OP_LE, x, p[0]), cmp_s(a, TP_OP_GE, x, p[1]));
    tp_tensor *sca = out && g ? K(a, tp_where(out, NULL, g, 0, TP_SCALAR_INT, 0, TP_SCALAR_NONE)) : NULL;  /* NaN: g */
    tp_tensor *lanes = vector_lanes(a, x, g);
    d = lanes ? where3(a, lanes, vec, sca) : sca;
    break;
  }
  case TP_ACT_HARDSIGMOID:  /* -3 < x < 3 ? g * one_sixth : 0, with ATen's scalar_t one_sixth(1.0f / 6.0f): float64's too */
    d = where0(a, bin(a, TP_OP_LOGICAL_AND, cmp_s(a, TP_OP_GT, x, -3), cmp_s(a, TP_OP_LT, x, 3)), sc(a, TP_OP_MUL, g, (double)(1.0f / 6.0f)));
    break;
  case TP_ACT_HARDSWISH: {  /* x < -3 ? 0 : x <= 3 ? g (x / 3 + 0.5) : g */
    /* the scalar lambda in its order (NaN is neither, so gets g); the vectorised loop tests
     * x >= 3 first (g at 3, the middle branch's NaN at NaN): Note [Vectorised and scalar loops] */
    tp_tensor *inner = mul(a, g, sc(a, TP_OP_ADD, sc(a, TP_OP_DIV, x, 3), 0.5));
    tp_tensor *mid = where3(a, cmp_s(a, TP_OP_LE, x, 3), inner, g);
    tp_tensor *lanes = vector_lanes(a, x, g);
    if (lanes) mid = where3(a, lanes, where3(a, cmp_s(a, TP_OP_GE, x, 3), g, inner), mid);
    tp_tensor *lo = cmp_s(a, TP_OP_LT, x, -3);
    d = lo && mid ? K(a, tp_where(lo, NULL, mid, 0, TP_SCALAR_INT, 0, TP_SCALAR_NONE)) : NULL;
    break;
  }
  case TP_ACT_MISH: {  /* t = tanh(softplus(x)): g (t + x sigmoid(x) (1 - t^2)) */
    tp_tensor *t = un(a, TP_OP_TANH, un(a, TP_OP_LOG1P, un(a, TP_OP_EXP, x)));
    tp_tensor *one_m = rsc(a, TP_OP_SUB, 1, mul(a, t, t));
    d = mul(a, g, add(a, t, mul(a, mul(a, x, un(a, TP_OP_SIGMOID, x)), one_m)));
    break;
  }
  case TP_ACT_LOGSIGMOID: {  /* z = exp(-|x|): g (x < 0 ? 1 - z / (1 + z) : z / (1 + z)) */
    tp_tensor *z = un(a, TP_OP_EXP, neg(a, un(a, TP_OP_ABS, x)));
    tp_tensor *q = dv(a, z, sc(a, TP_OP_ADD, z, 1));
    tp_tensor *c = where3(a, cmp_s(a, TP_OP_LT, x, 0), rsc(a, TP_OP_SUB, 1, q), q);
    /* 1.13's log_sigmoid_double_backward is g sigmoid(x) (sigmoid(x) - 1), smooth at 0 (where
     * |x| would give 0): these values, with sigmoid(-x)'s derivative */
    d = mul(a, g, tp_grad_mode() ? with_derivative_of(a, c, un(a, TP_OP_SIGMOID, neg(a, x))) : c);
    break;
  }
  case TP_ACT_SOFTSHRINK:  /* -l <= x <= l ? 0 : g */
    d = where0(a, bin(a, TP_OP_LOGICAL_OR, cmp_s(a, TP_OP_LT, x, -p[0]), cmp_s(a, TP_OP_GT, x, p[0])), g);
    break;
  case TP_ACT_THRESHOLD:  /* x <= threshold ? 0 : g */
    d = where0(a, cmp_s(a, TP_OP_GT, x, p[0]), g);
    break;
  case TP_ACT_LEAKY_RELU:  /* leaky_relu_(x, slope): 1.13's result-based backward, which refuses a negative slope */
    if (p[0] < 0)
      return tp_fail_status("In-place leakyReLu backward calculation is triggered with a negative slope which is not supported. "
                            "This is caused by calling in-place forward function with a negative slope, please call out-of-place version "
                            "instead. File an issue at https://github.com/pytorch/pytorch if you do require supporting in-place leakRelu "
                            "backward calculation with negative slope");
    /* fall through: x > 0 ? g : g slope (the saved input, whose sign is the result's for slope >= 0) */
  case TP_ACT_RRELU:  /* training: g noise; eval: x > 0 ? g : g slope */
    d = p[2] != 0 && tp_node_nsaved(n) > 1 ? mul(a, g, unpack(a, n, 1)) : where3(a, cmp_s(a, TP_OP_GT, x, 0), g, sc(a, TP_OP_MUL, g, p[0]));
    break;
  case TP_ACT_GLU: {  /* a, b the halves, s = sigmoid(b): cat(g s, g a s (1 - s)) along dim */
    int64_t dim = n->iv[0], h = x->shape[dim] / 2;
    tp_tensor *ha = K(a, tp_narrow(x, (double)dim, 0, (double)h)), *hb = K(a, tp_narrow(x, (double)dim, (double)h, (double)h));
    tp_tensor *s = un(a, TP_OP_SIGMOID, hb);
    tp_tensor *parts[2] = {mul(a, g, s), mul(a, mul(a, mul(a, g, ha), s), rsc(a, TP_OP_SUB, 1, s))};
    d = parts[0] && parts[1] ? K(a, tp_cat(2, parts, (double)dim)) : NULL;
    break;
  }
  default: return tp_fail_status("tensorpad: no derivative for %s", n->name);
  }
  return (gi[0] = own(d)) ? 0 : -1;
}
