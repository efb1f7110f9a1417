/* tensorpad.h — the one public header of the tensorpad C core.
 *
 * tensorpad implements PyTorch 1.13's tensors in C11 and is compiled to a standalone
 * WebAssembly module (and natively, for tests). A short tour:
 *
 *   double *a = tp_args();               // scratch for sizes and other vectors
 *   a[0] = 2; a[1] = 3;
 *   tp_tensor *x = tp_full(2, a, TP_FLOAT32, 1.5);     // tensor([[1.5, 1.5, 1.5], ...])
 *   tp_tensor *y = tp_transpose(x, 0, 1);             // a view: shares x's storage
 *   puts(tp_repr(y));                                  // PyTorch's repr text
 *   tp_tensor_release(y); tp_tensor_release(x);
 *
 * Conventions:
 * - Every function that can fail returns NULL (pointers) or a negative number (status)
 *   and leaves PyTorch's message in tp_last_error(). A failed call changes nothing.
 * - Sizes, indices and seeds cross the API as doubles (exact up to 2^53), so that the
 *   wasm32 boundary never needs BigInt. Vectors (sizes, dims) are passed through the
 *   static scratch area tp_args().
 * - Tensors are refcounted: each returned tensor holds one reference that its caller owns
 *   and gives back with tp_tensor_release. Views hold a reference to the storage.
 */
#ifndef TENSORPAD_H
#define TENSORPAD_H

#include <stdint.h>

#ifdef __EMSCRIPTEN__
#include <emscripten.h>
#define TP_API EMSCRIPTEN_KEEPALIVE
#else
#define TP_API __attribute__((visibility("default")))
#endif

typedef struct tp_tensor tp_tensor;
typedef struct tp_generator tp_generator;

/* dtypes, in the order the JS layer reads them from tp_dtype_name. */
enum { TP_FLOAT32, TP_FLOAT64, TP_INT32, TP_INT64, TP_BOOL, TP_NDTYPES };

/* ---- errors, scratch, memory ------------------------------------------------------ */
TP_API const char *tp_last_error(void);            /* message of the last failure */
TP_API double *tp_args(void);                      /* 64 doubles of scratch for vector arguments */
TP_API void *tp_malloc(double nbytes);             /* heap memory for the JS layer (NULL + error) */
TP_API void tp_free(void *p);
TP_API const char *tp_dtype_name(int dtype);       /* "float32", ...; NULL past the last */
TP_API int tp_dtype_itemsize(int dtype);
TP_API int tp_dtype_is_floating(int dtype);
TP_API int tp_promote_types(int a, int b);         /* PyTorch's type promotion of two dtypes */
TP_API double tp_live_tensors(void);               /* tensor headers not yet released */
TP_API double tp_live_bytes(void);                 /* bytes of live storages, each once */
TP_API double tp_peak_bytes(void);                 /* the largest tp_live_bytes seen */
/* The largest block allocatable now (bisection with probes up to limit bytes; 0: no limit). */
TP_API double tp_largest_allocatable(double limit);
/* math.sin / cos / tan as glibc rounds them (Note [float64 sin/cos/tan] in src/ops/random/random.c) */
TP_API double tp_math_sin(double x);
TP_API double tp_math_cos(double x);
TP_API double tp_math_tan(double x);

/* ---- tensor lifetime and attributes ---------------------------------------------- */
TP_API void tp_tensor_retain(tp_tensor *t);
TP_API void tp_tensor_release(tp_tensor *t);       /* frees the header at refcount 0 */
TP_API int tp_tensor_dtype(const tp_tensor *t);
TP_API double tp_tensor_serial(const tp_tensor *t);          /* unique per tensor header */
TP_API int tp_tensor_ndim(const tp_tensor *t);
TP_API void tp_set_default_dtype(int d);   /* float32 or float64 */
TP_API int tp_get_default_dtype(void);
TP_API int tp_tensor_same_shape(const tp_tensor *a, const tp_tensor *b);  /* 1 when the sizes are equal */
TP_API double tp_tensor_size(const tp_tensor *t, int dim);
TP_API double tp_tensor_stride(const tp_tensor *t, int dim);
TP_API double tp_tensor_offset(const tp_tensor *t);          /* storage offset, in elements */
TP_API double tp_tensor_numel(const tp_tensor *t);
TP_API int tp_tensor_is_contiguous(const tp_tensor *t);
TP_API void *tp_tensor_data(const tp_tensor *t);             /* address of element [0,...,0] */
TP_API void *tp_tensor_storage(const tp_tensor *t);          /* identity of the storage */
TP_API void *tp_tensor_storage_data(const tp_tensor *t);
TP_API double tp_tensor_storage_nbytes(const tp_tensor *t);
TP_API int tp_tensor_version(const tp_tensor *t);
/* Resets a fresh tensor's version counter to 0 after the library initialised it in place. */
TP_API void tp_tensor_created(tp_tensor *t);
TP_API int tp_tensor_requires_grad(const tp_tensor *t);
TP_API int tp_tensor_set_requires_grad(tp_tensor *t, int b);   /* floating dtypes only */
TP_API double tp_item(tp_tensor *t);                         /* the one element, as a double */
TP_API int tp_shares_memory(const tp_tensor *a, const tp_tensor *b);  /* byte ranges overlap */
/* The live storage that contains [addr, addr+nbytes), or NULL: how from_numpy finds
 * whether a TypedArray lies in tensorpad's memory. */
TP_API void *tp_storage_find(const void *addr, double nbytes);
TP_API void *tp_storage_data(void *storage);
TP_API void tp_storage_retain_ptr(void *storage);
TP_API void tp_storage_release_ptr(void *storage);

/* ---- creation (sizes in tp_args()) ---------------------------------------------- */
TP_API tp_tensor *tp_empty(int ndim, const double *sizes, int dtype);
/* A zero-filled tensor shaped as src, laid out as empty_like(preserve_format) lays it out
 * (the *_like functions): dense strides kept, otherwise dense in src's dim order. */
TP_API tp_tensor *tp_empty_like(tp_tensor *src, int dtype);
/* Filled with value, which must fit dtype (PyTorch's "value cannot be converted" otherwise). */
TP_API tp_tensor *tp_full(int ndim, const double *sizes, int dtype, double value);
TP_API tp_tensor *tp_arange(double start, double end, double step, int dtype);
TP_API tp_tensor *tp_linspace(double start, double end, double steps, int dtype);
TP_API tp_tensor *tp_logspace(double start, double end, double steps, double base, int dtype);
TP_API tp_tensor *tp_eye(double n, double m, int dtype);
/* A new tensor of dtype, filled from a dense buffer of src_dtype elements (copied). */
TP_API tp_tensor *tp_from_buffer(const void *src, int src_dtype, int ndim, const double *sizes, int dtype);
/* A 1-D tensor over nbytes of the given storage from byte_offset: shares the memory. */
TP_API tp_tensor *tp_from_storage(void *storage, double byte_offset, double numel, int dtype);

/* ---- views: share the storage ---------------------------------------------------- */
TP_API tp_tensor *tp_alias(tp_tensor *t);                   /* detach: same storage and version counter */
TP_API tp_tensor *tp_alias_view(tp_tensor *t);              /* at::alias (x[...]): a view, AliasBackward0 */
TP_API tp_tensor *tp_variable_data(tp_tensor *t);           /* t.data: same storage, a version counter of its own */
TP_API tp_tensor *tp_alias_keep_version(tp_tensor *src, tp_tensor *x);  /* x.data = src: src's data, x's counter */
TP_API tp_tensor *tp_view(tp_tensor *t, int ndim, const double *sizes);   /* one -1 allowed */
TP_API tp_tensor *tp_reshape(tp_tensor *t, int ndim, const double *sizes); /* view if possible */
TP_API tp_tensor *tp_as_strided(tp_tensor *t, int ndim, const double *sizes_then_strides, double offset);
TP_API tp_tensor *tp_transpose(tp_tensor *t, double d0, double d1);
TP_API tp_tensor *tp_t(tp_tensor *t);                       /* t(): <= 2-D only */
TP_API tp_tensor *tp_permute(tp_tensor *t, int ndim, const double *dims);
TP_API tp_tensor *tp_squeeze(tp_tensor *t);
TP_API tp_tensor *tp_squeeze_dim(tp_tensor *t, double dim);
TP_API tp_tensor *tp_unsqueeze(tp_tensor *t, double dim);
TP_API tp_tensor *tp_expand(tp_tensor *t, int ndim, const double *sizes);  /* -1 keeps a size */
TP_API tp_tensor *tp_narrow(tp_tensor *t, double dim, double start, double length);
TP_API tp_tensor *tp_select(tp_tensor *t, double dim, double index);
TP_API tp_tensor *tp_slice(tp_tensor *t, double dim, double start, double end, double step);
TP_API tp_tensor *tp_flatten(tp_tensor *t, double start_dim, double end_dim);

/* ---- copies ---------------------------------------------------------------------- */
TP_API tp_tensor *tp_contiguous(tp_tensor *t);              /* t itself (retained) if contiguous */
TP_API tp_tensor *tp_clone(tp_tensor *t);
TP_API tp_tensor *tp_to_dtype(tp_tensor *t, int dtype, int copy);   /* t itself if same dtype and !copy */
TP_API int tp_copy_(tp_tensor *dst, tp_tensor *src);        /* broadcast + convert; 0 or -1 */

/* ---- random: PyTorch's CPU generator (mt19937) ----------------------------------- */
/* Every draw takes a generator; NULL is the default one (torch.default_generator). */
TP_API void tp_manual_seed(double seed);             /* seeds the default generator */
TP_API double tp_initial_seed(void);                 /* the default generator's seed */
TP_API int tp_uniform_(tp_tensor *t, double from, double to, tp_generator *g);
TP_API int tp_normal_(tp_tensor *t, double mean, double std, tp_generator *g);
TP_API int tp_random_(tp_tensor *t, double low, double high, tp_generator *g);    /* integers in [low, high) */
TP_API int tp_fill_(tp_tensor *t, double value);
TP_API int tp_fill_tensor_(tp_tensor *t, tp_tensor *value);   /* a 0-d value: FillBackward3 (value's gradient: grad.sum()) */
TP_API int tp_zero_(tp_tensor *t);                    /* fill_(0), recorded as ZeroBackward0 */
/* More of PyTorch's distributions (random.c), the same draws as its CPU kernels. */
TP_API int tp_bernoulli_(tp_tensor *t, double p, tp_generator *g);                /* 1 with probability p */
TP_API int tp_bernoulli_tensor_(tp_tensor *t, tp_tensor *p, tp_generator *g);     /* p broadcast to t */
TP_API tp_tensor *tp_bernoulli(tp_tensor *p, tp_generator *g);                    /* torch.bernoulli(p): draws like p */
TP_API tp_tensor *tp_normal_tensor(tp_tensor *mean, tp_tensor *std, double m, double s, tp_generator *g);  /* NULL: the scalar */
TP_API int tp_exponential_(tp_tensor *t, double lambd, tp_generator *g);
TP_API int tp_geometric_(tp_tensor *t, double p, tp_generator *g);
TP_API int tp_log_normal_(tp_tensor *t, double mean, double std, tp_generator *g);
TP_API int tp_cauchy_(tp_tensor *t, double median, double sigma, tp_generator *g);
TP_API int tp_random_full_(tp_tensor *t, tp_generator *g);                        /* random_(): the dtype's whole range */
TP_API int tp_random_to_(tp_tensor *t, double high, tp_generator *g);            /* random_(to): [0, to) */
TP_API tp_tensor *tp_randperm(double n, int dtype, tp_generator *g);
TP_API tp_tensor *tp_multinomial(tp_tensor *p, double num_samples, int replacement, tp_generator *g);  /* int64 indices */
TP_API tp_tensor *tp_poisson(tp_tensor *rates, tp_generator *g);
/* torch.Generator objects (generator.c). Seeds cross as two 32-bit halves (exact uint64). */
TP_API tp_generator *tp_generator_new(void);         /* seeded with PyTorch's default seed; NULL when out of memory */
TP_API void tp_generator_free(tp_generator *g);      /* never the default generator */
TP_API tp_generator *tp_default_generator(void);
TP_API void tp_generator_manual_seed(tp_generator *g, double hi, double lo);  /* seed = hi * 2^32 + lo */
TP_API double tp_generator_initial_seed(tp_generator *g, int hi);             /* the seed's high or low half */
TP_API tp_tensor *tp_generator_get_state(tp_generator *g);   /* the 5056 bytes of CPUGeneratorImplState, int64 */
TP_API int tp_generator_set_state(tp_generator *g, tp_tensor *state);  /* 5056 or legacy 5048 byte values */

/* ---- printing: PyTorch's repr ---------------------------------------------------- */
/* sci_mode: -1 = automatic (None), 0 = False, 1 = True. */
TP_API void tp_set_printoptions(int precision, double threshold, int edgeitems, int linewidth, int sci_mode);
/* The repr text, valid until the next call. grad_fn may be NULL. */
TP_API const char *tp_repr(tp_tensor *t, const char *grad_fn);
TP_API int tp_fail_with_tensor(const char *prefix, tp_tensor *t);  /* error text: prefix, then t as ATen's C++ operator<< prints it; -1 */

/* ---- autograd (src/autograd/engine.c, src/autograd/derivatives.c) ------------------------------------ */
TP_API int tp_is_grad_enabled(void);
TP_API int tp_set_grad_enabled(int enabled);          /* returns the previous mode */
TP_API tp_tensor *tp_tensor_grad(tp_tensor *t);       /* borrowed; NULL for None */
TP_API int tp_tensor_set_grad(tp_tensor *t, tp_tensor *grad);   /* grad may be NULL */
TP_API void *tp_tensor_grad_fn(tp_tensor *t);         /* borrowed node; NULL for leaves */
/* A view written through its base since its grad_fn was set gets a fresh one (as PyTorch's
 * grad_fn getter): 0, or -1 + PyTorch's error (views made in no_grad mode, multi-output views). */
TP_API int tp_tensor_refresh_grad_fn(tp_tensor *t);
TP_API int tp_tensor_output_nr(tp_tensor *t);
TP_API int tp_tensor_is_leaf(tp_tensor *t);
TP_API int tp_tensor_retains_grad(tp_tensor *t);
TP_API int tp_tensor_requires_grad_(tp_tensor *t, int b);   /* PyTorch's rules for non-leaves */
TP_API int tp_tensor_detach_(tp_tensor *t);
TP_API int tp_tensor_retain_grad(tp_tensor *t);
/* Hooks: id names a JS callback, called through the import env.tp_hook(id, grad). */
TP_API int tp_tensor_register_hook(tp_tensor *t, int id);
TP_API void tp_tensor_remove_hook(tp_tensor *t, int id);
/* backward of n roots (grads[i] NULL: implicit 1 for a scalar root); 0 or -1. */
TP_API int tp_backward(int n, tp_tensor *const *roots, tp_tensor *const *grads, int retain_graph, int create_graph);
/* autograd.grad: out[ninputs] receives new references, NULL where unused (allow_unused). */
TP_API int tp_autograd_grad(int n, tp_tensor *const *roots, tp_tensor *const *grads, int ninputs,
                            tp_tensor *const *inputs, int retain_graph, int create_graph, int allow_unused, tp_tensor **out);
/* grad_fn nodes, for t.grad_fn, next_functions and graph export. */
TP_API void tp_node_retain_ptr(void *node);
TP_API void tp_node_release_ptr(void *node);
TP_API const char *tp_node_name(void *node);
TP_API int tp_node_ninputs(void *node);
TP_API void *tp_node_next_fn(void *node, int i);       /* borrowed; NULL: no gradient */
TP_API int tp_node_next_nr(void *node, int i);
TP_API tp_tensor *tp_node_variable(void *node);        /* AccumulateGrad's leaf, borrowed */
TP_API int tp_node_nsaved(void *node);                 /* 0 once freed by backward */
TP_API tp_tensor *tp_node_saved(void *node, int i);    /* borrowed */
TP_API int tp_node_released(void *node);
TP_API double tp_node_seq(void *node);
TP_API const char *tp_node_saved_name(void *node, int i);  /* "self", "other", "result", ... */

/* ---- elementwise and reduction ops (src/ops.def, src/ops/elementwise/elementwise.c, src/ops/reduce/reduce.c) ----- */
/* The op table (src/ops.def): TP_OP_ADD, ... and the entry point each kind goes through. */
enum {
#define TP_OP(id, name, kind, grad_fn, grad_fn_alt) TP_OP_##id,
#include "ops.def"
  TP_OP_COUNT
};
enum { TP_KIND_UNARY, TP_KIND_BINARY, TP_KIND_WHERE, TP_KIND_CLAMP, TP_KIND_REDUCE, TP_KIND_DIMOP };
/* What a JS number stands for, so PyTorch's wrapped-number promotion applies; NONE = absent. */
enum { TP_SCALAR_NONE = -1, TP_SCALAR_BOOL = 0, TP_SCALAR_INT = 1, TP_SCALAR_FLOAT = 2 };

TP_API int tp_op_count(void);
TP_API const char *tp_op_name(int op);                /* "add"; NULL past the last */
TP_API int tp_op_kind(int op);                        /* TP_KIND_* */
TP_API const char *tp_op_grad_fn(int op, int alt);    /* PyTorch's grad_fn name ("" if none) */
/* Elementwise: a new tensor, or in place (0 / -1; writes through views, bumps the version). */
TP_API tp_tensor *tp_unary(int op, tp_tensor *x);
TP_API int tp_unary_(int op, tp_tensor *x);
/* round(x, decimals=d) (RoundBackward1 even for d == 0), and in place. */
TP_API tp_tensor *tp_round_decimals(tp_tensor *x, double decimals);
TP_API int tp_round_decimals_(tp_tensor *x, double decimals);
/* a op b with broadcasting and PyTorch's promotion; alpha scales b (add/sub only). */
TP_API tp_tensor *tp_binary(int op, tp_tensor *a, tp_tensor *b, double alpha);
/* a op s, s a scalar of the given TP_SCALAR_* kind; `form` (TP_FORM_*) says how it was called,
 * which decides the grad_fn PyTorch records. */
enum {
  TP_FORM_PY = 0,       /* x.mul(2) from Python: 2 is wrapped into a tensor (MulBackward0, edges [x, None]) */
  TP_FORM_REVERSED = 1, /* torch.mul(2, x): s op a (MulBackward0, edges [None, x]) */
  TP_FORM_RSUB = 2,     /* rsub(x, 2) = 2 - x (RsubBackward1) */
  TP_FORM_ATEN = 3      /* ATen's Scalar overload as C++ composites call it (at::mul(x, 2): MulBackward1, edge [x]) */
};
TP_API tp_tensor *tp_binary_scalar(int op, tp_tensor *a, double s, int kind, int form, double alpha);
TP_API int tp_binary_(int op, tp_tensor *self, tp_tensor *other, double alpha);
TP_API int tp_binary_scalar_(int op, tp_tensor *self, double s, int kind, double alpha);
/* where(cond, a, b): a NULL tensor stands for the scalar next to it (kind TP_SCALAR_*). */
/* torch.result_type(a, b): a NULL tensor stands for a Python number of kind TP_SCALAR_*. */
TP_API int tp_result_type2(tp_tensor *a, int ka, tp_tensor *b, int kb);
TP_API tp_tensor *tp_where(tp_tensor *cond, tp_tensor *a, tp_tensor *b, double sa, int ka, double sb, int kb);
/* clamp(x, lo, hi) for op TP_OP_CLAMP, TP_OP_CLAMP_MIN (lo only) or TP_OP_CLAMP_MAX (hi only):
 * a bound is the tensor if given, else the scalar, or absent (TP_SCALAR_NONE). */
TP_API tp_tensor *tp_clamp(int op, tp_tensor *x, tp_tensor *lo, tp_tensor *hi, double slo, int klo, double shi, int khi);
TP_API int tp_clamp_(int op, tp_tensor *x, tp_tensor *lo, tp_tensor *hi, double slo, int klo, double shi, int khi);
/* Reduction over dims (ndims < 0: all dims; dims in tp_args()). param: correction for
 * var/std, p for norm. dtype < 0: PyTorch's default result dtype. */
TP_API tp_tensor *tp_reduce(int op, tp_tensor *x, int ndims, const double *dims, int keepdim, double param, int dtype);
/* max/min/... over one dim with indices: out[0] = values, out[1] = indices (int64). */
TP_API int tp_reduce_indexed(int op, tp_tensor *x, double dim, int keepdim, tp_tensor **out);
/* var_mean / std_mean (op TP_OP_VAR / TP_OP_STD): out[0] var (std), out[1] mean, as 1.13's Welford pass */
TP_API int tp_var_mean(int op, tp_tensor *x, int ndims, const double *dims, int keepdim, double correction, tp_tensor **out);
/* softmax, log_softmax, cumsum, cumprod along dim; dtype < 0: the default. */
TP_API tp_tensor *tp_dimop(int op, tp_tensor *x, double dim, int dtype);

/* ---- elementwise math with parameters or three operands (src/ops/elementwise/math.c) ------------------- */
/* nan_to_num(x, nan, posinf, neginf): a NaN posinf/neginf means None (the dtype's largest). */
TP_API tp_tensor *tp_nan_to_num(tp_tensor *x, double nan, double posinf, double neginf);
TP_API int tp_nan_to_num_(tp_tensor *x, double nan, double posinf, double neginf);
TP_API tp_tensor *tp_logit(tp_tensor *x, double eps);          /* eps NaN: None */
TP_API int tp_logit_(tp_tensor *x, double eps);
TP_API tp_tensor *tp_polygamma(double n, tp_tensor *x);      /* PolygammaBackward0 */
TP_API int tp_polygamma_(tp_tensor *x, double n);
/* self + value * t1 * t2 (AddcmulBackward0), self + value * t1 / t2 (AddcdivBackward0). */
TP_API tp_tensor *tp_addcmul(tp_tensor *self, tp_tensor *t1, tp_tensor *t2, double value);
TP_API int tp_addcmul_(tp_tensor *self, tp_tensor *t1, tp_tensor *t2, double value);
TP_API tp_tensor *tp_addcdiv(tp_tensor *self, tp_tensor *t1, tp_tensor *t2, double value);
TP_API int tp_addcdiv_(tp_tensor *self, tp_tensor *t1, tp_tensor *t2, double value);
/* self + weight (end - self): the tensor weight, or (weight NULL) the number w. */
TP_API tp_tensor *tp_lerp(tp_tensor *self, tp_tensor *end, tp_tensor *weight, double w);
TP_API int tp_lerp_(tp_tensor *self, tp_tensor *end, tp_tensor *weight, double w);
/* isclose (bool tensor), allclose and equal (1 / 0, or -1 + error). */
TP_API tp_tensor *tp_isclose(tp_tensor *a, tp_tensor *b, double rtol, double atol, int equal_nan);
TP_API int tp_allclose(tp_tensor *a, tp_tensor *b, double rtol, double atol, int equal_nan);
TP_API int tp_equal(tp_tensor *a, tp_tensor *b);

/* ---- linear algebra (src/ops/linalg/gemm.c, src/ops/linalg/matmul.c) ----------------------------------------- */
/* Every linear-algebra op goes through tp_linalg(op, a, b), PyTorch's torch.<name>(a, b):
 * the one place autograd records them. JS reads the names with tp_linalg_name. */
enum { TP_LINALG_MATMUL, TP_LINALG_MM, TP_LINALG_BMM, TP_LINALG_MV, TP_LINALG_DOT, TP_LINALG_OUTER, TP_LINALG_NOPS };
TP_API const char *tp_linalg_name(int op);                 /* "matmul", ...; NULL past the last */
TP_API tp_tensor *tp_linalg(int op, tp_tensor *a, tp_tensor *b);   /* a new tensor, or NULL + error */
/* Small dense linear algebra (src/ops/linalg/det_inverse.c): float32/float64, batched over leading dims. */
TP_API tp_tensor *tp_linalg_det(tp_tensor *A);                 /* LinalgDetBackward0 */
TP_API int tp_linalg_slogdet(tp_tensor *A, tp_tensor **out);   /* out[0] sign, out[1] logabsdet; 0 or -1 */
TP_API tp_tensor *tp_logdet(tp_tensor *A);                     /* where(sign == -1, nan, logabsdet) */
TP_API tp_tensor *tp_linalg_inv(tp_tensor *A);                 /* LinalgInvExBackward0; singular: error */
/* Decompositions and solvers (src/ops/linalg/decomp.c), batched; errors and grad_fn names PyTorch's. */
TP_API tp_tensor *tp_linalg_solve(tp_tensor *A, tp_tensor *B);   /* X with A X = B (LinalgSolveExBackward0) */
TP_API tp_tensor *tp_cholesky(tp_tensor *A, int upper, int linalg); /* CholeskyBackward0 / LinalgCholeskyExBackward0 */
TP_API tp_tensor *tp_linalg_solve_triangular(tp_tensor *A, tp_tensor *B, int upper, int left, int unitriangular);
TP_API int tp_triangular_solve(tp_tensor *b, tp_tensor *A, int upper, int transpose, int unitriangular, tp_tensor **out);
TP_API tp_tensor *tp_cholesky_solve(tp_tensor *B, tp_tensor *L, int upper);  /* X with L L^T X = B */
TP_API tp_tensor *tp_cholesky_inverse(tp_tensor *L, int upper);              /* (L L^T)^-1 */
TP_API int tp_lu_factor(tp_tensor *A, int linalg, tp_tensor **out);          /* out: LU, pivots (int32, 1-based), info */
TP_API tp_tensor *tp_lu_solve(tp_tensor *LU, tp_tensor *pivots, tp_tensor *B, int adjoint);  /* LinalgLuSolveBackward0 */
TP_API int tp_linalg_qr(tp_tensor *A, int mode, tp_tensor **out);  /* out: Q, R; mode 0 reduced, 1 complete, 2 r */
TP_API int tp_linalg_eigh(tp_tensor *A, int upper, tp_tensor **out);  /* out: eigenvalues (ascending), eigenvectors */
/* svd and what is built on it (decomp.c's last sections). out: U, S (descending), Vh; compute_uv
 * 0: U and Vh are empty, 2: computed only when A requires grad (svdvals). */
TP_API int tp_linalg_svd(tp_tensor *A, int full_matrices, int compute_uv, tp_tensor **out);
/* pinv with tol = max(atol, rtol * s_max); NaN atol/rtol: PyTorch's defaults. */
TP_API tp_tensor *tp_linalg_pinv(tp_tensor *A, double atol, double rtol, int hermitian);
TP_API tp_tensor *tp_linalg_matrix_exp(tp_tensor *A);
TP_API int tp_symeig(tp_tensor *A, int eigenvectors, int upper, tp_tensor **out);  /* out: eigenvalues, eigenvectors (or empty) */
/* LAPACK's Householder representation: geqrf (out: a, tau), orgqr, ormqr (op(Q) C or C op(Q)). */
TP_API int tp_geqrf(tp_tensor *A, tp_tensor **out);
TP_API tp_tensor *tp_householder_product(tp_tensor *A, tp_tensor *tau);
TP_API tp_tensor *tp_ormqr(tp_tensor *A, tp_tensor *tau, tp_tensor *C, int left, int transpose);
/* lstsq: out solution, residuals, rank, singular_values; rcond NaN: eps * max(m, n); driver 0 gelsy, 1 gels, 2 gelsd, 3 gelss. */
TP_API int tp_linalg_lstsq(tp_tensor *A, tp_tensor *B, double rcond, int driver, tp_tensor **out);

/* ---- shape and indexing ops (src/ops/shape/shape.c, src/ops/shape/index.c) -------------------------------- */
/* Tensor lists cross the API through one scratch array of tensor pointers: the caller
 * fills tp_tensor_list(n) for cat/stack/index; the split family writes its views there
 * (the caller owns them) and returns how many. The array may move when it grows. */
TP_API tp_tensor **tp_tensor_list(int n);           /* room for n pointers (NULL + error) */
TP_API tp_tensor *tp_cat(int n, tp_tensor *const *ts, double dim);    /* dtypes promoted */
TP_API tp_tensor *tp_stack(int n, tp_tensor *const *ts, double dim);
TP_API int tp_split(tp_tensor *t, double split_size, double dim);      /* views -> list */
TP_API int tp_split_with_sizes(tp_tensor *t, int n, const double *sizes, double dim);
TP_API int tp_chunk(tp_tensor *t, double chunks, double dim);
TP_API int tp_unbind(tp_tensor *t, double dim);
TP_API tp_tensor *tp_flip(tp_tensor *t, int n, const double *dims);
/* shifts_then_dims: nshifts shifts followed by ndims dims (ndims 0: roll the flattened tensor). */
TP_API tp_tensor *tp_roll(tp_tensor *t, int nshifts, int ndims, const double *shifts_then_dims);
TP_API tp_tensor *tp_repeat(tp_tensor *t, int n, const double *repeats);
TP_API tp_tensor *tp_tile(tp_tensor *t, int n, const double *reps);
TP_API tp_tensor *tp_tril(tp_tensor *t, double diagonal);
TP_API tp_tensor *tp_triu(tp_tensor *t, double diagonal);
TP_API int tp_tril_(tp_tensor *t, double diagonal);
TP_API int tp_triu_(tp_tensor *t, double diagonal);
TP_API tp_tensor *tp_gather(tp_tensor *t, double dim, tp_tensor *index);
/* scatter(_add): src, or (src NULL) the scalar value; add != 0 accumulates (src required). */
TP_API tp_tensor *tp_scatter(tp_tensor *t, double dim, tp_tensor *index, tp_tensor *src, double value, int add);
TP_API int tp_scatter_(tp_tensor *t, double dim, tp_tensor *index, tp_tensor *src, double value, int add);
TP_API tp_tensor *tp_index_select(tp_tensor *t, double dim, tp_tensor *index);
/* masked_fill(_): value is a 0-d tensor, or NULL to use v. */
TP_API tp_tensor *tp_masked_fill(tp_tensor *t, tp_tensor *mask, tp_tensor *value, double v);
TP_API int tp_masked_fill_(tp_tensor *t, tp_tensor *mask, tp_tensor *value, double v);
TP_API tp_tensor *tp_masked_select(tp_tensor *t, tp_tensor *mask);
TP_API tp_tensor *tp_nonzero(tp_tensor *t);                  /* (count, ndim) int64 */
/* Advanced indexing (at::index): indices[i] is an int64 or bool tensor, or NULL for a whole
 * dim; the result is a copy. index_put_ writes values (same dtype, broadcast) there. */
TP_API tp_tensor *tp_index(tp_tensor *t, int n, tp_tensor *const *indices);
TP_API int tp_index_put_(tp_tensor *t, int n, tp_tensor *const *indices, tp_tensor *values, int accumulate);
TP_API tp_tensor *tp_index_put(tp_tensor *t, int n, tp_tensor *const *indices, tp_tensor *values, int accumulate);
/* Whole slices along dim: self[..., index[i], ...] += alpha * source[..., i, ...] (add),
 * = source[..., i, ...] (copy), = value (fill; value a 0-d tensor or NULL to use v). */
TP_API int tp_index_add_(tp_tensor *t, double dim, tp_tensor *index, tp_tensor *source, double alpha);
TP_API tp_tensor *tp_index_add(tp_tensor *t, double dim, tp_tensor *index, tp_tensor *source, double alpha);
TP_API int tp_index_copy_(tp_tensor *t, double dim, tp_tensor *index, tp_tensor *source);
TP_API tp_tensor *tp_index_copy(tp_tensor *t, double dim, tp_tensor *index, tp_tensor *source);
TP_API int tp_index_fill_(tp_tensor *t, double dim, tp_tensor *index, tp_tensor *value, double v);
TP_API tp_tensor *tp_index_fill(tp_tensor *t, double dim, tp_tensor *index, tp_tensor *value, double v);

/* ---- nn ops (src/nn/functional.c) ------------------------------------------------------------------ */
/* PyTorch's Reduction enum, as F.mse_loss / F.nll_loss take it. */
enum { TP_REDUCTION_NONE, TP_REDUCTION_MEAN, TP_REDUCTION_SUM };
/* addmm: beta * self + alpha * (mat1 @ mat2), self broadcast to the product (AddmmBackward0). */
TP_API tp_tensor *tp_addmm(tp_tensor *self, tp_tensor *mat1, tp_tensor *mat2, double beta, double alpha);
/* mse_loss(input, target, reduction): mean/sum/none of (input - target)^2 (MseLossBackward0). */
TP_API tp_tensor *tp_mse_loss(tp_tensor *input, tp_tensor *target, int reduction);
/* nll_loss(input [N, C] or [C], target int64 [N] or [], weight [C] or NULL) (NllLossBackward0). */
TP_API tp_tensor *tp_nll_loss(tp_tensor *input, tp_tensor *target, tp_tensor *weight, int reduction, double ignore_index);
/* nll_loss2d(input [N, C, H, W], target int64 [N, H, W], weight [C] or NULL) (NllLoss2DBackward0). */
TP_API tp_tensor *tp_nll_loss2d(tp_tensor *input, tp_tensor *target, tp_tensor *weight, int reduction, double ignore_index);
/* binary_cross_entropy(input in [0, 1], target, weight or NULL) (BinaryCrossEntropyBackward0). */
TP_API tp_tensor *tp_binary_cross_entropy(tp_tensor *input, tp_tensor *target, tp_tensor *weight, int reduction);
/* binary_cross_entropy_with_logits(input, target, weight, pos_weight; NULL for none)
 * (BinaryCrossEntropyWithLogitsBackward0). */
TP_API tp_tensor *tp_binary_cross_entropy_with_logits(tp_tensor *input, tp_tensor *target, tp_tensor *weight, tp_tensor *pos_weight, int reduction);
/* leaky_relu(x, negative_slope) (LeakyReluBackward0); softplus(x, beta, threshold) (SoftplusBackward0). */
TP_API tp_tensor *tp_leaky_relu(tp_tensor *x, double negative_slope);
TP_API tp_tensor *tp_softplus(tp_tensor *x, double beta, double threshold);

/* ---- sorting and selection along a dim (src/ops/reduce/sort.c) ------------------------------------- */
/* out[0] = values, out[1] = indices (int64); ties broken as PyTorch 1.13's CPU kernels do. */
TP_API int tp_sort(tp_tensor *x, double dim, int descending, int stable, tp_tensor **out);
TP_API int tp_topk(tp_tensor *x, double k, double dim, int largest, int sorted, tp_tensor **out);
TP_API int tp_kthvalue(tp_tensor *x, double k, double dim, int keepdim, tp_tensor **out);
/* which: 0 median, 1 nanmedian, 2 mode, 3 cummax, 4 cummin (keepdim ignored for the last two). */
TP_API int tp_select_dim(int which, tp_tensor *x, double dim, int keepdim, tp_tensor **out);
/* median() / nanmedian() of all elements (the lower median), a 0-d tensor. */
TP_API tp_tensor *tp_median(tp_tensor *x, int ignore_nan);

/* ---- reductions, scans and counts around sorting (src/ops/reduce/stats.c) ------------------------- */
/* dims in tp_args() as for tp_reduce (ndims <= 0: all); dtype < 0: the default. */
TP_API tp_tensor *tp_nansum(tp_tensor *x, int ndims, const double *dims, int keepdim, int dtype);
TP_API tp_tensor *tp_nanmean(tp_tensor *x, int ndims, const double *dims, int keepdim, int dtype);
TP_API tp_tensor *tp_count_nonzero(tp_tensor *x, int ndims, const double *dims);
TP_API int tp_aminmax(tp_tensor *x, int has_dim, double dim, int keepdim, tp_tensor **out);  /* out: min, max */
TP_API tp_tensor *tp_logcumsumexp(tp_tensor *x, double dim);
/* cumsum_ / cumprod_ (op TP_OP_CUMSUM or TP_OP_CUMPROD) in place; dtype < 0: none given. */
TP_API int tp_cumop_(int op, tp_tensor *x, double dim, int dtype);
/* quantile (ignore_nan 0) / nanquantile: q a 0-d or 1-d tensor, or NULL for the scalar qs;
 * interpolation 0 linear, 1 lower, 2 higher, 3 midpoint, 4 nearest. */
TP_API tp_tensor *tp_quantile(tp_tensor *x, tp_tensor *q, double qs, int has_dim, double dim, int keepdim,
                              int interpolation, int ignore_nan);
TP_API tp_tensor *tp_diff(tp_tensor *x, double n, double dim, tp_tensor *prepend, tp_tensor *append);  /* NULL: none */
TP_API tp_tensor *tp_dist(tp_tensor *x, tp_tensor *y, double p);
TP_API tp_tensor *tp_histc(tp_tensor *x, double bins, double min, double max);
TP_API tp_tensor *tp_bincount(tp_tensor *x, tp_tensor *weights, double minlength);      /* weights may be NULL */
/* unique (in 1.13's hash set order, or sorted) or unique_consecutive (sorted ignored) of the
 * flattened x: out = values, inverse, counts. */
TP_API int tp_unique(tp_tensor *x, int sorted, int consecutive, tp_tensor **out);
/* unique(dim) / unique_consecutive(dim): distinct slices along dim; out as for tp_unique (inverse 1-d). */
TP_API int tp_unique_dim(tp_tensor *x, double dim, int consecutive, tp_tensor **out);

/* ---- more shape and view ops (src/ops/shape/diag_views_scatter.c) ------------------------------------------- */
/* Views: diagonal (DiagonalBackward0), unfold (UnfoldBackward0), unflatten (a view). */
TP_API tp_tensor *tp_diagonal(tp_tensor *t, double offset, double dim1, double dim2);
TP_API tp_tensor *tp_unfold(tp_tensor *t, double dim, double size, double step);
TP_API tp_tensor *tp_unflatten(tp_tensor *t, double dim, int n, const double *sizes);
/* movedim: nsrc source dims then ndst destination dims in the vector (a permute). */
TP_API tp_tensor *tp_movedim_lists(tp_tensor *t, int nsrc, int ndst, const double *src_then_dst);
TP_API tp_tensor *tp_movedim(tp_tensor *t, int n, const double *src_then_dst);
/* Copies: diag (a vector onto a matrix's diagonal or a matrix's diagonal), trace, diag_embed, diagflat. */
TP_API tp_tensor *tp_diag(tp_tensor *t, double diagonal);
TP_API tp_tensor *tp_trace(tp_tensor *t);
TP_API tp_tensor *tp_diag_embed(tp_tensor *t, double offset, double dim1, double dim2);
TP_API tp_tensor *tp_diagflat(tp_tensor *t, double offset);
/* In-place views: t takes the view's geometry (0 / -1). squeeze_'s dim NaN: every size-1 dim. */
TP_API int tp_transpose_(tp_tensor *t, double d0, double d1);
TP_API int tp_t_(tp_tensor *t);
TP_API int tp_squeeze_(tp_tensor *t, double dim);
TP_API int tp_unsqueeze_(tp_tensor *t, double dim);
TP_API int tp_as_strided_(tp_tensor *t, int ndim, const double *sizes_then_strides, double offset);
/* tensor_split (nidx < 0: `sections` parts, else the pieces between nidx indices) and
 * v/h/dsplit (which = 0, 1, 2): slices into tp_tensor_list; returns how many. */
TP_API int tp_tensor_split(tp_tensor *t, int nidx, const double *idx, double sections, double dim);
TP_API int tp_hvdsplit(tp_tensor *t, int which, int nidx, const double *idx, double sections);
/* repeat_interleave: repeats a tensor or (NULL) the number r; dim NaN: flattened; t NULL:
 * torch.repeat_interleave(repeats). */
TP_API tp_tensor *tp_repeat_interleave(tp_tensor *t, tp_tensor *repeats, double r, double dim);
TP_API tp_tensor *tp_rot90(tp_tensor *t, double k, int ndims, const double *dims);
TP_API tp_tensor *tp_take(tp_tensor *t, tp_tensor *index);
/* sum_to_size: t itself (retained) when nothing is summed. */
TP_API tp_tensor *tp_sum_to_size(tp_tensor *t, int n, const double *sizes);

/* Scatters into a clone (src must have the view's shape): SelectScatterBackward0, ... */
TP_API tp_tensor *tp_select_scatter(tp_tensor *t, tp_tensor *src, double dim, double index);
TP_API tp_tensor *tp_slice_scatter(tp_tensor *t, tp_tensor *src, double dim, double start, double end, double step);
TP_API tp_tensor *tp_diagonal_scatter(tp_tensor *t, tp_tensor *src, double offset, double dim1, double dim2);
/* masked_scatter: source's elements in order where mask (broadcast) is true. */
TP_API tp_tensor *tp_masked_scatter(tp_tensor *t, tp_tensor *mask, tp_tensor *source);
TP_API int tp_masked_scatter_(tp_tensor *t, tp_tensor *mask, tp_tensor *source);
/* put_: t.flatten()[index] = source (accumulate: +=); index int64 of source's numel. */
TP_API int tp_put_(tp_tensor *t, tp_tensor *index, tp_tensor *source, int accumulate);
TP_API tp_tensor *tp_put(tp_tensor *t, tp_tensor *index, tp_tensor *source, int accumulate);
TP_API tp_tensor *tp_narrow_copy(tp_tensor *t, double dim, double start, double length);  /* not differentiable, as 1.13 */
/* A zero-filled tensor of sizes then strides (ndim each) over a storage of its own. */
TP_API tp_tensor *tp_empty_strided(int ndim, const double *sizes_then_strides, int dtype);
/* scatter_reduce: reduce 0 sum, 1 prod, 2 mean, 3 amax, 4 amin (else PyTorch's error) of src into
 * t's places along dim; include_self: t's own values take part (ScatterReduceBackward0). */
TP_API tp_tensor *tp_scatter_reduce(tp_tensor *t, double dim, tp_tensor *index, tp_tensor *src, int reduce, int include_self);
TP_API int tp_scatter_reduce_(tp_tensor *t, double dim, tp_tensor *index, tp_tensor *src, int reduce, int include_self);
/* index_reduce: reduce 1 prod, 2 mean, 3 amax, 4 amin of source's slices into t's slices index[i]
 * along dim (IndexReduceBackward0). */
TP_API tp_tensor *tp_index_reduce(tp_tensor *t, double dim, tp_tensor *index, tp_tensor *source, int reduce, int include_self);
TP_API int tp_index_reduce_(tp_tensor *t, double dim, tp_tensor *index, tp_tensor *source, int reduce, int include_self);

/* ---- more linear algebra (src/ops/linalg/products.c) ------------------------------------------------ */
/* beta * self + alpha * (mat @ vec | outer(vec1, vec2) | bmm(b1, b2) | sum_b bmm(b1, b2)[b]):
 * AddmvBackward0, AddrBackward0, BaddbmmBackward0, AddbmmBackward0. The in-place forms need the
 * result to have self's shape (0 / -1). */
TP_API tp_tensor *tp_addmv(tp_tensor *self, tp_tensor *mat, tp_tensor *vec, double beta, double alpha);
TP_API tp_tensor *tp_addr(tp_tensor *self, tp_tensor *vec1, tp_tensor *vec2, double beta, double alpha);
TP_API tp_tensor *tp_baddbmm(tp_tensor *self, tp_tensor *b1, tp_tensor *b2, double beta, double alpha);
TP_API tp_tensor *tp_addbmm(tp_tensor *self, tp_tensor *b1, tp_tensor *b2, double beta, double alpha);
TP_API int tp_addmv_(tp_tensor *self, tp_tensor *mat, tp_tensor *vec, double beta, double alpha);
TP_API int tp_addr_(tp_tensor *self, tp_tensor *vec1, tp_tensor *vec2, double beta, double alpha);
TP_API int tp_baddbmm_(tp_tensor *self, tp_tensor *b1, tp_tensor *b2, double beta, double alpha);
TP_API int tp_addbmm_(tp_tensor *self, tp_tensor *b1, tp_tensor *b2, double beta, double alpha);
TP_API int tp_addmm_(tp_tensor *self, tp_tensor *m1, tp_tensor *m2, double beta, double alpha);
TP_API tp_tensor *tp_vdot(tp_tensor *a, tp_tensor *b);                 /* VdotBackward0 */
/* linalg.cross along dim; dim < -1000: the first dim of size 3 (torch.cross without dim). */
TP_API tp_tensor *tp_cross(tp_tensor *a, tp_tensor *b, double dim);
/* Composites, with the graphs of the ops they call: inner (tensordot over the last dims),
 * kron, matrix_power (n >= 0). */
TP_API tp_tensor *tp_inner(tp_tensor *a, tp_tensor *b);
TP_API tp_tensor *tp_kron(tp_tensor *a, tp_tensor *b);
TP_API tp_tensor *tp_matrix_power(tp_tensor *a, double n);

/* ---- the remaining Tensor methods (src/ops/shape/shape.c tail) ---- */
/* unsafe_split / unsafe_split_with_sizes / unsafe_chunk: split's pieces under PyTorch's
 * UnsafeSplit* grad_fn names. */
TP_API int tp_unsafe_split(tp_tensor *t, double split_size, double dim);
TP_API int tp_unsafe_split_with_sizes(tp_tensor *t, int n, const double *sizes, double dim);
TP_API int tp_unsafe_chunk(tp_tensor *t, double chunks, double dim);

/* src/ops/tensor_methods.c: composites of the entry points above, with PyTorch's graphs. cov(x, correction)
 * and corrcoef(x) (observations along dim 1); fill_diagonal_(x, value, wrap) (0 / -1). */
TP_API tp_tensor *tp_cov(tp_tensor *t, double correction);
TP_API tp_tensor *tp_corrcoef(tp_tensor *t);
TP_API int tp_fill_diagonal_(tp_tensor *t, double value, int wrap);

/* src/ops/tensor_methods.c, one node each: hardshrink(x, lambd) (floating x), angle(x) (real x: pi below 0,
 * NaN for NaN, else 0; integers give float32), prelu(x, weight) (one weight or one per channel). */
TP_API tp_tensor *tp_hardshrink(tp_tensor *x, double lambd);
TP_API tp_tensor *tp_angle(tp_tensor *x);
TP_API tp_tensor *tp_prelu(tp_tensor *x, tp_tensor *weight);
/* mvlgamma(x, p) (p >= 1; integers give float32) and its in-place form (no graph). */
TP_API tp_tensor *tp_mvlgamma(tp_tensor *x, double p);
TP_API int tp_mvlgamma_(tp_tensor *x, double p);
/* frexp(x): out[0] mantissa (FrexpBackward0), out[1] int32 exponent; 0 or -1. */
TP_API int tp_frexp(tp_tensor *x, tp_tensor **out);
/* resize_, set_, renorm, i0, igamma (src/ops/tensor_methods.c): resize_(sizes) (contiguous strides; the storage grows, never shrinks;
 * no version bump; 0 or -1); set_(self, src, form, offset, ndim, nstride, sizes then strides)
 * with form 0 (), 1 (Tensor), 2 (src's whole storage), 3 (Storage geometry), 4 (Tensor
 * geometry); resize(x, sizes): the deprecated autograd Resize (ResizeBackward). */
TP_API int tp_resize_(tp_tensor *t, int ndim, const double *sizes);
TP_API int tp_set_(tp_tensor *self, tp_tensor *src, int form, double offset, int ndim, int nstride, const double *sz_st);
TP_API tp_tensor *tp_resize(tp_tensor *x, int ndim, const double *sizes);
/* renorm(x, p, dim, maxnorm) (RenormBackward0) and its in-place form; floating x, ndim >= 2. */
TP_API tp_tensor *tp_renorm(tp_tensor *x, double p, double dim, double maxnorm);
TP_API int tp_renorm_(tp_tensor *x, double p, double dim, double maxnorm);
/* histogram(x, edges or NULL with bins, range (has_range, lo, hi), weight or NULL, density):
 * out[0] hist, out[1] bin edges (ATen's histogramdd for one dimension); 0 or -1. */
TP_API int tp_histogram(tp_tensor *x, tp_tensor *edges, double bins, int has_range, double lo, double hi,
                        tp_tensor *weight, int density, tp_tensor **out);
/* src/ops/elementwise/special.c: i0(x) (I0Backward0; integers give float32), igamma(a, x) / igammac(a, x)
 * (broadcast, floating; gradient for x only), and in place: which 0 i0_, 1 igamma_, 2 igammac_. */
TP_API tp_tensor *tp_i0(tp_tensor *x);
TP_API tp_tensor *tp_igamma(tp_tensor *a, tp_tensor *x);
TP_API tp_tensor *tp_igammac(tp_tensor *a, tp_tensor *x);
TP_API int tp_special_(int which, tp_tensor *self, tp_tensor *other);

/* torch.autograd.Function (Note [Custom Functions], derivatives.c): outs[j] (NULL: not
 * differentiable) become the outputs of one node named `name` with edges to ins[nin]; its
 * backward calls the host's env.tp_custom(id, nout, gout, nin, gin). 0 or -1 + error. */
TP_API int tp_custom_record(double id, const char *name, int nin, tp_tensor *const *ins, int nout, tp_tensor *const *outs);

/* ---- src/nn/normalization.c: layer_norm / batch_norm and embedding ---------------------------------- */
/* (x - mean) * rstd [* w] [+ b], statistics over the dims in bit mask `mask`: bn 0 layer_norm
 * (NativeLayerNormBackward0), bn 1 batch_norm along dim 1 (NativeBatchNormBackward0), using
 * rmean/rvar when given (eval mode), else x's own (biased) statistics. w, b may be NULL. */
TP_API tp_tensor *tp_native_norm(tp_tensor *x, tp_tensor *w, tp_tensor *b, tp_tensor *rmean, tp_tensor *rvar, int bn,
                                 double eps, double mask);
/* batch_norm's running mean/var (either may be NULL) updated in place after training on x, as
 * ATen in float32; 1 (nothing done) when x or them are not contiguous float32. */
TP_API int tp_batch_norm_update(tp_tensor *x, tp_tensor *rmean, tp_tensor *rvar, double momentum);
/* weight[indices] (EmbeddingBackward0); padding_idx < 0: None (else that row gets no gradient). */
TP_API tp_tensor *tp_embedding(tp_tensor *w, tp_tensor *idx, double padding_idx);
/* ---- convolution and pooling (src/nn/conv.c) -------------------------------------------------- */
/* convolution(x, w, bias or NULL, k, params, groups): k = 1 or 2 spatial dims, x (N, C, *) and
 * w (O, C / groups, *) of k + 2 dims, params = {stride[k], padding[k], dilation[k]}
 * (ConvolutionBackward0). float32 / float64. */
TP_API tp_tensor *tp_convolution(tp_tensor *x, tp_tensor *w, tp_tensor *b, int k, const double *params, double groups);
/* Pooling of a (N, C, H, W) or (C, H, W) input; params = {kH, kW, sH, sW, padH, padW,
 * dilH, dilW, ceil_mode, count_include_pad, divisor_override, has_divisor}.
 * max_pool2d: out[0] values, out[1] int64 indices within each plane (MaxPool2DWithIndicesBackward0);
 * avg_pool2d (AvgPool2DBackward0); adaptive_avg_pool2d to (oh, ow) (AdaptiveAvgPool2DBackward0). */
TP_API int tp_max_pool2d(tp_tensor *x, const double *params, tp_tensor **out);
TP_API tp_tensor *tp_avg_pool2d(tp_tensor *x, const double *params);
TP_API tp_tensor *tp_adaptive_avg_pool2d(tp_tensor *x, double oh, double ow);
/* adaptive_max_pool2d of a (N, C, H, W) or (C, H, W) input to (oh, ow): out[0] values, out[1]
 * int64 indices within each plane (AdaptiveMaxPool2DBackward0). */
TP_API int tp_adaptive_max_pool2d(tp_tensor *x, double oh, double ow, tp_tensor **out);
/* conv_transpose(x, w, bias or NULL, k, params, groups): x (N, Cin, *), w (Cin, Cout / groups, *)
 * of k + 2 dims, params = {stride[k], padding[k], dilation[k], output_padding[k]}
 * (ConvolutionBackward0). float32 / float64. */
TP_API tp_tensor *tp_conv_transpose(tp_tensor *x, tp_tensor *w, tp_tensor *b, int k, const double *params, double groups);
/* upsample of a (N, C, W) (k = 1) or (N, C, H, W) (k = 2) input to (oh, ow) (oh ignored for k = 1):
 * mode 0 nearest, 1 (bi)linear, 2 bicubic (k = 2 only), 3 nearest-exact; sh, sw the scale factors given (<= 0:
 * none), used as ATen does (1 / scale instead of in / out). UpsampleNearest{1,2}DBackward1,
 * UpsampleLinear1DBackward1, UpsampleBilinear2DBackward1, UpsampleBicubic2DBackward1,
 * UpsampleNearestExact{1,2}DBackward1. float32 / float64. */
TP_API tp_tensor *tp_upsample(tp_tensor *x, int mode, int align_corners, double oh, double ow, double sh, double sw);

/* ---- losses with a node of their own (src/nn/loss.c) ---------------------------------------- */
/* Which tp_pointwise_loss: smooth_l1_loss (p = beta), huber_loss (p = delta), soft_margin_loss. */
enum { TP_NNLOSS_SMOOTH_L1, TP_NNLOSS_HUBER, TP_NNLOSS_SOFT_MARGIN, TP_NNLOSS_MULTI_MARGIN, TP_NNLOSS_MULTILABEL_MARGIN };
/* The loss of (input, target) reduced by a TP_REDUCTION_* (SmoothL1LossBackward0,
 * HuberLossBackward0, SoftMarginLossBackward0); input and target of one shape for the first two. */
TP_API tp_tensor *tp_pointwise_loss(int which, tp_tensor *input, tp_tensor *target, double p, int reduction);
/* multi_margin_loss (which TP_NNLOSS_MULTI_MARGIN: p 1 or 2, margin, weight or NULL) and
 * multilabel_margin_loss (TP_NNLOSS_MULTILABEL_MARGIN) of a (C) or (N, C) input and int64
 * targets (MultiMarginLossBackward0, MultilabelMarginLossBackward0; first-order only). */
TP_API tp_tensor *tp_margin_loss(int which, tp_tensor *input, tp_tensor *target, tp_tensor *weight, double p, double margin, int reduction);
/* ---- torch.nn activations (src/nn/activation.c) ---------------------------------------------------- */
enum { TP_ACT_ELU, TP_ACT_CELU, TP_ACT_HARDTANH, TP_ACT_HARDSIGMOID, TP_ACT_HARDSWISH, TP_ACT_MISH, TP_ACT_LOGSIGMOID,
       TP_ACT_SOFTSHRINK, TP_ACT_THRESHOLD, TP_ACT_RRELU, TP_ACT_LEAKY_RELU, TP_ACT_GLU, TP_ACT_PAD, TP_ACT_INDEX_PAD, TP_ACT_COUNT };
/* The TP_ACT_* activation of x (below TP_ACT_GLU) with its scalars: elu (alpha, scale, input_scale), celu
 * (alpha, 1, 1 / alpha), hardtanh (min, max), softshrink (lambda), threshold (threshold, value),
 * rrelu in eval mode (slope); the others take none. One node (EluBackward0, ...). */
TP_API tp_tensor *tp_nn_act(int which, tp_tensor *x, double p0, double p1, double p2);
/* The same in place (EluBackward1, ...): 0, or -1 with x unchanged. */
TP_API int tp_nn_act_(int which, tp_tensor *x, double p0, double p1, double p2);
/* rrelu in training mode: x * noise (RreluWithNoiseBackward0), noise drawn by the caller. */
TP_API tp_tensor *tp_nn_rrelu_noise(tp_tensor *x, tp_tensor *noise);
/* glu(x, dim): first half * sigmoid(second half) along dim (GluBackward0). */
TP_API tp_tensor *tp_nn_glu(tp_tensor *x, double dim);
/* constant_pad_nd(x, pad[n], value): (left, right) pairs from the last dim back; negative pads
 * crop (ConstantPadNdBackward0). */
TP_API tp_tensor *tp_nn_constant_pad(tp_tensor *x, int n, const double *pad, double value);
/* Reflection (mode 1) or replication (mode 2) padding of the last n / 2 (1 or 2) dims
 * (ReflectionPad1DBackward0, ReplicationPad2DBackward0, ...). */
TP_API tp_tensor *tp_nn_index_pad(tp_tensor *x, int mode, int n, const double *pad);

#endif
