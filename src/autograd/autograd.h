/* autograd.h — the graph that records operations, shared by engine.c (the engine) and
 * derivatives.c (what each op saves and its backward formula). Not exported.
 *
 * As in PyTorch: every differentiable result points to its grad_fn node; a node's edges
 * point to the grad_fns of its inputs (or to a leaf's AccumulateGrad); saved tensors carry
 * the version (Note [Version counters], internal.h) they were saved at; backward walks the nodes in reverse creation
 * order, once every consumer of a node has given it its gradient.
 */
#ifndef TP_AUTOGRAD_H
#define TP_AUTOGRAD_H
#include "internal.h"

typedef struct tp_node tp_node;

typedef struct {
  tp_node *fn;          /* owning; NULL: that input needs no gradient */
  int32_t input_nr;     /* which output of fn the gradient is for */
} tp_edge;

typedef struct {
  int8_t ndim, dtype;
  int64_t shape[TP_MAX_DIMS];
} tp_meta;

typedef struct {
  tp_tensor *t;         /* owning; for a saved output, an alias without grad_fn (no cycle) */
  int32_t version;      /* t's version counter when saved */
  int32_t output_nr;    /* >= 0: this is output output_nr of the node itself; TP_SAVED_STALE: see below */
  int32_t stale_nr;     /* TP_SAVED_STALE: the output number and grad_fn name its error names */
  const char *stale_name;
} tp_saved;
/* Note [Saved aliases of self]: an input saved by an in-place node that shares self's version
 * counter (y.mul_(y[0]), y[0].mul_(y)) is stale once the write is done, so backward can only
 * raise. tp_inplace_commit fixes that error's text then (the input's history as PyTorch names
 * it at that point) and keeps the input as an alias without history or base, so that self's
 * history and the node do not hold each other. (PyTorch 1.13 keeps the input itself: the pair
 * is never freed.) */
#define TP_SAVED_STALE (-2)

/* Formula ids: one per backward formula in derivatives.c. */
enum {
  TP_GRAD_ACCUMULATE,   /* torch::autograd::AccumulateGrad */
  TP_GRAD_UNARY, TP_GRAD_BINARY, TP_GRAD_BINARY_SCALAR, TP_GRAD_WHERE, TP_GRAD_CLAMP,
  TP_GRAD_REDUCE, TP_GRAD_REDUCE_INDEXED, TP_GRAD_DIMOP, TP_GRAD_LINALG,
  TP_GRAD_VIEW, TP_GRAD_EXPAND, TP_GRAD_PERMUTE, TP_GRAD_SELECT, TP_GRAD_SLICE, TP_GRAD_AS_STRIDED,
  TP_GRAD_CLONE, TP_GRAD_TO, TP_GRAD_COPY, TP_GRAD_FILL, TP_GRAD_CAT, TP_GRAD_STACK, TP_GRAD_SPLIT,
  TP_GRAD_FLIP, TP_GRAD_ROLL, TP_GRAD_REPEAT, TP_GRAD_TRILU, TP_GRAD_GATHER, TP_GRAD_SCATTER,
  TP_GRAD_INDEX_SELECT, TP_GRAD_MASKED_FILL, TP_GRAD_MASKED_SELECT, TP_GRAD_INDEX, TP_GRAD_INDEX_PUT,
  TP_GRAD_INDEX_ADD, TP_GRAD_INDEX_COPY, TP_GRAD_INDEX_FILL,
  TP_GRAD_COPY_SLICES,  /* torch::autograd::CopySlices: an in-place op on a view, seen from its base */
  /* nn ops (src/nn/functional.c; formulas in the nn section at the end of derivatives.c) */
  TP_GRAD_ADDMM, TP_GRAD_MSE_LOSS, TP_GRAD_NLL_LOSS, TP_GRAD_BCE, TP_GRAD_BCE_LOGITS, TP_GRAD_LEAKY_RELU, TP_GRAD_SOFTPLUS,
  TP_GRAD_ELEMW,        /* math.c's ops with parameters or three operands (op: TP_EW_*) */
  /* the reductions and scans of src/ops/reduce/stats.c (nansum, logcumsumexp, dist, aminmax): op is TP_STATS_* */
  TP_GRAD_STATS,
  /* small dense linear algebra (src/ops/linalg/det_inverse.c; formulas at the end of derivatives.c) */
  TP_GRAD_LINALG_DET, TP_GRAD_LINALG_SLOGDET, TP_GRAD_LINALG_INV,
  /* more shape and linear-algebra ops (src/ops/shape/diag_views_scatter.c, src/ops/linalg/products.c): diag, trace,
   * diag_embed, rot90, take, addmv, addr, baddbmm, addbmm, vdot, cross (iv[0]: TP_SHL_*) */
  TP_GRAD_SHAPE_LINALG,
  /* the remaining Tensor methods (src/ops/tensor_methods.c: hardshrink, angle, prelu; iv[0]: TP_TM_*) */
  TP_GRAD_TENSOR_METHOD,
  /* matrix decompositions and solvers (src/ops/linalg/decomp.c): op is TP_DECOMP_* */
  TP_GRAD_DECOMP,
  /* layer_norm, batch_norm and embedding (src/nn/normalization.c; formulas at the end of derivatives.c) */
  TP_GRAD_NORM, TP_GRAD_EMBEDDING,
  /* convolution and pooling (src/nn/conv.c, which also holds their backward): iv[0] is TP_CONV_* */
  TP_GRAD_CONV,
  /* smooth_l1_loss, huber_loss, soft_margin_loss (src/nn/loss.c; iv[0]: TP_NNLOSS_*) */
  TP_GRAD_NNLOSS,
  /* torch.nn activations (src/nn/activation.c; formulas in its section at the end of derivatives.c): op is TP_ACT_* */
  TP_GRAD_NNACT,
  /* torch.autograd.Function subclasses written in JS: iv[0] is the JS side's id (tp_custom_record) */
  TP_GRAD_CUSTOM,
  TP_GRAD_COUNT
};
enum { TP_STATS_NANSUM, TP_STATS_LOGCUMSUMEXP, TP_STATS_DIST, TP_STATS_NOT_IMPLEMENTED, TP_STATS_LERP };
enum { TP_DECOMP_SOLVE, TP_DECOMP_CHOLESKY, TP_DECOMP_SOLVE_TRIANGULAR, TP_DECOMP_TRIANGULAR_SOLVE, TP_DECOMP_CHOLESKY_SOLVE,
       TP_DECOMP_CHOLESKY_INVERSE, TP_DECOMP_LU_FACTOR, TP_DECOMP_LU_SOLVE, TP_DECOMP_QR,
       TP_DECOMP_EIGH,
       /* svd and what is built on it (decomp.c's last sections) */
       TP_DECOMP_SVD, TP_DECOMP_PINV, TP_DECOMP_MATRIX_EXP, TP_DECOMP_NO_DERIVATIVE,
       TP_DECOMP_HOUSEHOLDER_PRODUCT, TP_DECOMP_LSTSQ };
enum { TP_CONV_CONV, TP_CONV_MAX_POOL, TP_CONV_AVG_POOL, TP_CONV_ADAPTIVE_AVG,
       TP_CONV_UPSAMPLE /* F.interpolate nearest / (bi)linear (conv.c's upsampling section) */,
       TP_CONV_ADAPTIVE_MAX /* adaptive_max_pool2d (iv as TP_CONV_ADAPTIVE_AVG; saves the indices) */,
       TP_CONV_TRANSPOSE /* conv_transpose1d/2d (conv.c's transposed convolution section) */ };
/* The backward of a TP_GRAD_CONV node: kernels in conv.c (no graph of its own). */
int tp_conv_backward(tp_node *n, tp_tensor *g, tp_tensor **gi);
/* multi_margin / multilabel_margin gradient coefficients for a gradient of 1 (src/nn/loss.c). */
tp_tensor *tp_margin_loss_coef(tp_node *n, tp_tensor *x, tp_tensor *target, tp_tensor *weight);

struct tp_node {
  int32_t refcount;
  int16_t kind;                 /* TP_GRAD_* */
  int16_t op;                   /* the op id within its kind (TP_OP_*, TP_LINALG_*) */
  const char *name;             /* PyTorch's grad_fn name: "MulBackward0" */
  int64_t seq;                  /* creation order: the engine runs later nodes first */
  uint8_t released;             /* saved tensors freed by a backward without retain_graph */
  int32_t ninputs, noutputs;
  tp_edge *next;                /* [ninputs] */
  tp_meta *in_meta;             /* [ninputs]: shapes and dtypes the gradients must have */
  tp_meta *out_meta;            /* [noutputs] */
  int32_t nsaved;
  tp_saved *saved;
  double s[4];                  /* scalars the formula needs (alpha, exponent, ...) */
  int32_t niv;
  int64_t iv[3 * TP_MAX_DIMS + 4];  /* integers the formula needs (dims, sizes, strides) */
  tp_tensor *variable;          /* AccumulateGrad: the leaf, owning */
  tp_node *inner;               /* CopySlices: the in-place op's own node, owning */
  int32_t nhooks;               /* hooks on outputs: pairs (output_nr, id) */
  int32_t *hooks;
  tp_tensor **retain;           /* [noutputs]: non-owning, outputs that retain_grad */
  /* engine scratch, valid during one backward */
  int32_t deps, epoch;
  uint8_t needed, queued;
  tp_tensor **buf;              /* [noutputs]: summed incoming gradients */
};

/* ---- grad mode ------------------------------------------------------------------------ */
int tp_grad_mode(void);
/* True when a result of these inputs must be recorded: grad mode on and one requires grad. */
int tp_any_requires_grad(int n, tp_tensor *const *inputs);

/* ---- building the graph (called by the ops' entry points, through derivatives.c) ------ */
/* A node for a result of `inputs`; edges to each input that requires grad. NULL + error
 * on out-of-memory. */
tp_node *tp_node_new(int kind, int op, const char *name, int ninputs, tp_tensor *const *inputs, int noutputs);
void tp_node_retain(tp_node *n);
void tp_node_release(tp_node *n);
int tp_node_save(tp_node *n, tp_tensor *t, int output_nr);   /* output_nr -1 for an input */
void tp_node_set_iv(tp_node *n, int count, const int64_t *v);
/* Makes out the output output_nr of n: out->grad_fn = n, requires_grad. */
void tp_node_set_output(tp_node *n, tp_tensor *out, int output_nr);
/* Unpacks saved tensor i (a new reference), checking that it was neither freed by an
 * earlier backward nor modified in place since; NULL + PyTorch's error otherwise. */
tp_tensor *tp_node_unpack(tp_node *n, int i);

/* In-place ops on tensors that take part in autograd: PyTorch's leaf check before writing
 * (0 or -1 + error), then, after writing, the new history of `self` (a node made with
 * tp_node_new whose first input is the old self). */
int tp_check_inplace(tp_tensor *self);
void tp_rebase_history(tp_tensor *self, tp_node *n);
/* A differentiable view records its base (Note [Views and CopySlices], engine.c). */
void tp_set_view_base(tp_tensor *view, tp_tensor *of);
/* A stale view's history regenerated from its base (Note [Stale views], engine.c): 0, or
 * -1 + PyTorch's error for a view that may not be rebased. */
int tp_view_refresh(tp_tensor *t);

/* ---- backward formulas (derivatives.c) ------------------------------------------------ */
/* grads_out[noutputs] (entries may be NULL: zero) -> grads_in[ninputs] (new references or
 * NULL where no gradient flows). Runs under the caller's grad mode: with create_graph the
 * formulas record a graph of their own. 0 or -1 + error. */
int tp_formula_apply(tp_node *n, tp_tensor **grads_out, tp_tensor **grads_in);

/* ---- hooks into JS ---------------------------------------------------------------------- */
/* Calls the JS hook `id` with grad; returns NULL to keep grad, a new tensor (ownership passes
 * to C) to replace it, or TP_HOOK_ERROR when the hook threw. */
#define TP_HOOK_ERROR ((tp_tensor *)1)
tp_tensor *tp_call_hook(int32_t id, tp_tensor *grad);
/* Runs the JS backward of custom Function `id`: gout[nout] (entries may be NULL) -> gin[nin]
 * (new references or NULL); 0, or -1 when it threw. nout -1: the node is freed, forget id;
 * -2: a backward without retain_graph ran through it, free what ctx saved. */
int tp_call_custom(int32_t id, int32_t nout, tp_tensor **gout, int32_t nin, tp_tensor **gin);

#endif
