/* The autograd engine: grad mode, graph nodes, saved tensors with version checks, hooks,
 * and backward / autograd.grad.
 *
 * Note [Engine order]: backward first discovers every node reachable from the roots and
 * counts, per node, the edges that lead into it. A node runs once all of them have
 * delivered their gradient; among the ready nodes the most recently created runs first,
 * as in PyTorch. Nothing is recursive — graphs of 10^5 nodes neither overflow the stack
 * when they run nor when they are freed.
 * Note [Views and CopySlices]: a differentiable view keeps its base (the tensor it looks
 * into). An in-place op on a view changes the base too, so, as in PyTorch, the base's
 * history becomes a CopySlices node (gradient: the base's, with the view's region replaced
 * by what the op's own node gives for it) and the view's a fresh AsStridedBackward0 of the
 * base. An in-place op on a view of a leaf that requires grad is refused.
 * Note [Failed backward]: gradients reach leaves (.grad) and retain_grad tensors, and saved
 * tensors are freed, only once the whole pass has succeeded, so a backward that fails
 * (a hook throws, a saved tensor was modified) changes no tensor.
 */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include "autograd.h"
#include "ops.h"
#include "shape.h"

static int grad_enabled = 1;
static int64_t next_seq;

int tp_grad_mode(void) { return grad_enabled; }
TP_API int tp_is_grad_enabled(void) { return grad_enabled; }
TP_API int tp_set_grad_enabled(int b) {
  int old = grad_enabled;
  grad_enabled = b != 0;
  return old;
}

int tp_any_requires_grad(int n, tp_tensor *const *inputs) {
  if (!grad_enabled) return 0;
  for (int i = 0; i < n; i++) {
    tp_tensor *x = inputs[i];
    if (!x) continue;
    /* a stale view that refuses: say yes, so that tp_node_new reports the error */
    if (x->base && x->attr_version != x->version->value && tp_view_refresh(x)) return 1;
    if (x->requires_grad) return 1;
  }
  return 0;
}

/* ---- hooks into JS -------------------------------------------------------------------- */
#ifdef __EMSCRIPTEN__
__attribute__((import_module("env"), import_name("tp_hook"))) tp_tensor *tp_js_hook(int32_t id, tp_tensor *grad);
tp_tensor *tp_call_hook(int32_t id, tp_tensor *grad) { return tp_js_hook(id, grad); }
__attribute__((import_module("env"), import_name("tp_custom"))) int32_t tp_js_custom(int32_t id, int32_t nout, tp_tensor **gout,
                                                                                     int32_t nin, tp_tensor **gin);
int tp_call_custom(int32_t id, int32_t nout, tp_tensor **gout, int32_t nin, tp_tensor **gin) {
  return tp_js_custom(id, nout, gout, nin, gin);
}
#else
tp_tensor *(*tp_native_hook)(int32_t id, tp_tensor *grad);  /* set by native tests */
tp_tensor *tp_call_hook(int32_t id, tp_tensor *grad) { return tp_native_hook ? tp_native_hook(id, grad) : NULL; }
int tp_call_custom(int32_t id, int32_t nout, tp_tensor **gout, int32_t nin, tp_tensor **gin) {
  return nout < 0 ? 0 : tp_fail_status("custom Functions need the JS host");
}
#endif

/* ---- nodes ---------------------------------------------------------------------------- */
static void meta_of(tp_meta *m, const tp_tensor *t) {
  m->ndim = t->ndim;
  m->dtype = t->dtype;
  memcpy(m->shape, t->shape, sizeof(int64_t) * t->ndim);
}

void tp_node_retain(tp_node *n) { n->refcount++; }

/* A node and its next/in_meta/out_meta arrays are one block (Note [Small blocks]). */
#define ALIGN16(n) (((n) + 15) & ~(size_t)15)
static size_t node_bytes(int ninputs, int noutputs) {
  return ALIGN16(sizeof(tp_node)) + ALIGN16(sizeof(tp_edge) * (size_t)ninputs) +
         ALIGN16(sizeof(tp_meta) * (size_t)ninputs) + sizeof(tp_meta) * (size_t)noutputs;
}

/* Note [One owner], Note [Freeing long graphs]: each object frees what it holds, top down.
 * A tensor holds its grad_fn, its .grad, its base and its hooks (and, below autograd, its
 * storage and version counter: tp_tensor_free_shell, storage.c); a node holds its next
 * nodes, its saved tensors, an AccumulateGrad's leaf and a CopySlices' inner node. What
 * reaches a count of 0 goes on one work list, tensors and nodes alike, drained here: no
 * object frees another in place, so a graph of any length is freed without recursion and
 * without calls back and forth between the tensor's and the node's code. A tensor without
 * autograd fields never comes here (tp_tensor_release frees it at once). */
static uintptr_t *doomed;          /* tensors, and nodes tagged with bit 0 */
static int doomed_len, doomed_cap, draining;

static void free_tensor(tp_tensor *t);
static void free_node(tp_node *n);

static void free_doomed(uintptr_t x) {
  if (x & 1) free_node((tp_node *)(x - 1));
  else free_tensor((tp_tensor *)x);
}

/* Queues an object whose count reached 0 (without memory for the list, frees it now). */
static void doom(uintptr_t x) {
  if (doomed_len == doomed_cap) {
    int cap = doomed_cap ? doomed_cap * 2 : 256;
    uintptr_t *p = realloc(doomed, sizeof *p * (size_t)cap);
    if (!p) { free_doomed(x); return; }  /* degrade to recursion */
    doomed = p;
    doomed_cap = cap;
  }
  doomed[doomed_len++] = x;
}

static void drain(void) {
  if (draining) return;  /* an outer call is draining the list */
  draining = 1;
  while (doomed_len) free_doomed(doomed[--doomed_len]);
  draining = 0;
}

static void drop_tensor(tp_tensor *t) { if (t && --t->refcount == 0) doom((uintptr_t)t); }
static void drop_node(tp_node *n) { if (n && --n->refcount == 0) doom((uintptr_t)n | 1); }

static void free_tensor(tp_tensor *t) {
  if (t->grad_fn && t->retains_grad && t->grad_fn->retain) t->grad_fn->retain[t->output_nr] = NULL;
  drop_node(t->grad_fn);
  drop_tensor(t->grad);
  drop_tensor(t->base);
  free(t->hooks);
  tp_tensor_free_shell(t);
}

static void free_node(tp_node *n) {
  for (int i = 0; i < n->ninputs; i++) drop_node(n->next[i].fn);
  if (!n->released)  /* a backward without retain_graph released them already */
    for (int i = 0; i < n->nsaved; i++) drop_tensor(n->saved[i].t);
  drop_node(n->inner);
  if (n->kind == TP_GRAD_CUSTOM) tp_call_custom((int32_t)n->iv[0], -1, NULL, 0, NULL);  /* JS drops its ctx */
  if (n->variable) {
    n->variable->grad_acc = NULL;
    drop_tensor(n->variable);
  }
  if (n->retain)
    for (int i = 0; i < n->noutputs; i++)
      if (n->retain[i]) n->retain[i]->retains_grad = 0;
  free(n->saved);
  free(n->hooks);
  free(n->retain);
  free(n->buf);
  tp_block_free(n, node_bytes(n->ninputs, n->noutputs));
}

void tp_node_release(tp_node *n) {
  drop_node(n);
  drain();
}

void tp_tensor_release_autograd(tp_tensor *t) {
  doom((uintptr_t)t);
  drain();
}

static tp_node *node_alloc(int kind, int op, const char *name, int ninputs, int noutputs) {
  size_t bytes = node_bytes(ninputs, noutputs);
  tp_node *n = tp_block_alloc(bytes);
  if (!n) return tp_fail("DefaultCPUAllocator: not enough memory to record the autograd graph");
  memset(n, 0, bytes);
  n->refcount = 1;
  n->kind = (int16_t)kind;
  n->op = (int16_t)op;
  n->name = name;
  n->seq = next_seq++;
  n->ninputs = ninputs;
  n->noutputs = noutputs;
  char *p = (char *)n + ALIGN16(sizeof *n);
  n->next = (tp_edge *)p;
  n->in_meta = (tp_meta *)(p += ALIGN16(sizeof(tp_edge) * (size_t)ninputs));
  n->out_meta = (tp_meta *)(p + ALIGN16(sizeof(tp_meta) * (size_t)ninputs));
  return n;
}

/* A leaf's AccumulateGrad, created on first use and shared by every edge into the leaf. */
static tp_node *grad_accumulator(tp_tensor *leaf) {
  if (leaf->grad_acc) {
    tp_node_retain(leaf->grad_acc);
    return leaf->grad_acc;
  }
  tp_node *n = node_alloc(TP_GRAD_ACCUMULATE, 0, "torch::autograd::AccumulateGrad", 0, 1);
  if (!n) return NULL;
  meta_of(&n->out_meta[0], leaf);
  n->variable = leaf;
  tp_tensor_retain(leaf);
  leaf->grad_acc = n;
  return n;
}

tp_node *tp_node_new(int kind, int op, const char *name, int ninputs, tp_tensor *const *inputs, int noutputs) {
  tp_node *n = node_alloc(kind, op, name, ninputs, noutputs);
  if (!n) return NULL;
  for (int i = 0; i < ninputs; i++) {
    tp_tensor *x = inputs[i];
    if (!x) continue;
    if (tp_view_refresh(x)) { tp_node_release(n); return NULL; }
    meta_of(&n->in_meta[i], x);
    if (!x->requires_grad) continue;
    if (x->grad_fn) {
      n->next[i].fn = x->grad_fn;
      n->next[i].input_nr = x->output_nr;
      tp_node_retain(x->grad_fn);
    } else {
      n->next[i].fn = grad_accumulator(x);
      if (!n->next[i].fn) { tp_node_release(n); return NULL; }
    }
  }
  return n;
}

int tp_node_save(tp_node *n, tp_tensor *t, int output_nr) {
  tp_saved *p = realloc(n->saved, sizeof *p * (size_t)(n->nsaved + 1));
  if (!p) return tp_fail_status("DefaultCPUAllocator: not enough memory to record the autograd graph");
  n->saved = p;
  tp_tensor *keep = t;
  if (output_nr >= 0) {  /* an output refers to this node: keep an alias without grad_fn */
    keep = tp_tensor_alias(t);
    if (!keep) return -1;
  } else {
    tp_tensor_retain(t);
  }
  n->saved[n->nsaved].t = keep;
  n->saved[n->nsaved].version = t->version->value;
  n->saved[n->nsaved].output_nr = output_nr;
  n->saved[n->nsaved].stale_nr = 0;
  n->saved[n->nsaved].stale_name = NULL;
  n->nsaved++;
  return 0;
}

void tp_node_set_iv(tp_node *n, int count, const int64_t *v) {
  n->niv = count;
  memcpy(n->iv, v, sizeof(int64_t) * (size_t)count);
}

void tp_node_set_output(tp_node *n, tp_tensor *out, int output_nr) {
  if (out->grad_fn) tp_node_release(out->grad_fn);
  out->grad_fn = n;
  tp_node_retain(n);
  out->output_nr = output_nr;
  out->requires_grad = 1;
  if (out->base) out->attr_version = out->version->value;  /* as set_gradient_edge (Note [Stale views]) */
  meta_of(&n->out_meta[output_nr], out);
}

static void type_desc(char *buf, size_t cap, const tp_tensor *t) {
  char shape[200];
  tp_format_shape(shape, sizeof shape, t->ndim, t->shape);
  tp_snprintf(buf, cap, "[%s %s]", tp_type_string(t->dtype), shape);
}

static const char *const SECOND_BACKWARD =
    "Trying to backward through the graph a second time (or directly access saved tensors after they have "
    "already been freed). Saved intermediate values of the graph are freed when you call .backward() or "
    "autograd.grad(). Specify retain_graph=True if you need to backward through the graph a second time or "
    "if you need to access saved tensors after calling backward.";

tp_tensor *tp_node_unpack(tp_node *n, int i) {
  if (n->released) return tp_fail("%s", SECOND_BACKWARD);
  tp_saved *s = &n->saved[i];
  if (s->t->version->value != s->version) {
    char desc[300];
    type_desc(desc, sizeof desc, s->t);
    if (s->output_nr == TP_SAVED_STALE && !s->stale_name)
      return tp_fail("one of the variables needed for gradient computation has been modified by an inplace operation: "
                     "%s is at version %d; expected version %d instead. Hint: enable anomaly detection to find the "
                     "operation that failed to compute its gradient, with torch.autograd.set_detect_anomaly(True).",
                     desc, s->t->version->value, s->version);
    if (s->output_nr >= 0 || s->output_nr == TP_SAVED_STALE)
      return tp_fail("one of the variables needed for gradient computation has been modified by an inplace operation: "
                     "%s, which is output %d of %s, is at version %d; expected version %d instead. Hint: enable anomaly "
                     "detection to find the operation that failed to compute its gradient, with "
                     "torch.autograd.set_detect_anomaly(True).",
                     desc, s->output_nr >= 0 ? s->output_nr : s->stale_nr, s->output_nr >= 0 ? n->name : s->stale_name,
                     s->t->version->value, s->version);
    tp_tensor *t = s->t;
    if (tp_view_refresh(t)) tp_clear_error();  /* a stale view names its fresh AsStridedBackward0, as PyTorch */
    if (t->grad_fn)
      return tp_fail("one of the variables needed for gradient computation has been modified by an inplace operation: "
                     "%s, which is output %d of %s, is at version %d; expected version %d instead. Hint: enable anomaly "
                     "detection to find the operation that failed to compute its gradient, with "
                     "torch.autograd.set_detect_anomaly(True).",
                     desc, t->output_nr, t->grad_fn->name, t->version->value, s->version);
    return tp_fail("one of the variables needed for gradient computation has been modified by an inplace operation: "
                   "%s is at version %d; expected version %d instead. Hint: enable anomaly detection to find the "
                   "operation that failed to compute its gradient, with torch.autograd.set_detect_anomaly(True).",
                   desc, t->version->value, s->version);
  }
  if (s->output_nr < 0) {
    tp_tensor_retain(s->t);
    return s->t;
  }
  /* A saved output comes back as this node's output, so that create_graph differentiates
   * through it. */
  tp_tensor *a = tp_tensor_alias(s->t);
  if (!a) return NULL;
  if (grad_enabled) {
    a->grad_fn = n;
    tp_node_retain(n);
    a->output_nr = s->output_nr;
    a->requires_grad = 1;
  }
  return a;
}

/* ---- in-place ops ---------------------------------------------------------------------- */
/* PyTorch's check_inplace, in its order: a view first (made under no_grad; of a leaf: the
 * base has no grad_fn, whether or not the base itself requires grad, as for
 * `linspace(...).reshape(2, 3).requires_grad_()` and its views), then a leaf. */
int tp_check_inplace(tp_tensor *self) {
  if (grad_enabled && self->base && self->view_no_grad && self->base->requires_grad)
    return tp_fail_status("A view was created in no_grad mode and is being modified inplace with grad mode enabled. Given "
                          "that this use case is ambiguous and error-prone, it is forbidden. You can clarify your code by "
                          "moving both the view and the inplace either both inside the no_grad block (if you don't want the "
                          "inplace to be tracked) or both outside (if you want the inplace to be tracked).");
  if (grad_enabled && tp_view_refresh(self)) return -1;
  /* a view requires grad when its base does, also when the base was made to require grad after
   * the view was taken (1.13's view requires_grad() reads the base's) */
  if (grad_enabled && self->base && (self->requires_grad || self->base->requires_grad) && !self->base->grad_fn)
    return tp_fail_status("a view of a leaf Variable that requires grad is being used in an in-place operation.");
  if (grad_enabled && self->requires_grad && !self->grad_fn)
    return tp_fail_status("a leaf Variable that requires grad is being used in an in-place operation.");
  if (grad_enabled && self->base && self->grad_fn && self->grad_fn->kind == TP_GRAD_SPLIT)
    return tp_fail_status("Output %d of %s is a view and is being modified inplace. This view is the output of a function "
                          "that returns multiple views. Such functions do not allow the output views to be modified "
                          "inplace. You should replace the inplace operation by an out-of-place one.",
                          self->output_nr, self->grad_fn->name);
  return 0;
}

void tp_set_view_base(tp_tensor *view, tp_tensor *of) {
  tp_tensor *b = of->base ? of->base : of;
  if (view->storage != b->storage) return;
  view->view_no_grad = of->view_no_grad || (!grad_enabled && of->requires_grad);
  view->attr_version = view->version->value;
  if (view->base == b) return;
  tp_tensor_retain(b);
  if (view->base) tp_tensor_release(view->base);
  view->base = b;
}

/* Views' histories (in-place ops on views, Note [Stale views]): off the per-op path, compiled
 * for size (TP_COLD_BEGIN, src/core/internal.h). */
TP_COLD_BEGIN

/* The dims of t from the largest stride to the smallest; 1 when t is dense in that order
 * (a contiguous tensor, or a permutation of one). */
static int dense_order(const tp_tensor *t, int64_t *perm) {
  for (int d = 0; d < t->ndim; d++) perm[d] = d;
  for (int i = 1; i < t->ndim; i++)  /* stable insertion sort, stride descending */
    for (int j = i; j > 0 && t->stride[perm[j]] > t->stride[perm[j - 1]]; j--) {
      int64_t k = perm[j]; perm[j] = perm[j - 1]; perm[j - 1] = k;
    }
  int64_t want = 1;
  for (int i = t->ndim - 1; i >= 0; i--) {
    int64_t d = perm[i];
    if (t->shape[d] > 1 && t->stride[d] != want) return 0;
    want *= t->shape[d] > 1 ? t->shape[d] : 1;
  }
  return 1;
}

/* self's geometry as an as_strided of its dense base (TP_VIEW_AS_STRIDED's iv, the base's
 * permutation to storage order after it when the base is permuted): niv, or -1 when the
 * base is not dense. */
static int as_strided_iv(const tp_tensor *self, const tp_tensor *base, int64_t *iv) {
  int64_t perm[TP_MAX_DIMS];
  if (!dense_order(base, perm)) return -1;
  int identity = 1;
  for (int d = 0; d < base->ndim; d++) identity &= perm[d] == d;
  iv[0] = 3 /* TP_VIEW_AS_STRIDED */, iv[1] = self->ndim, iv[2] = self->offset - base->offset;
  for (int d = 0; d < self->ndim; d++) {
    iv[3 + d] = self->shape[d];
    iv[3 + self->ndim + d] = self->stride[d];
  }
  int niv = 3 + 2 * self->ndim;
  if (!identity)
    for (int d = 0; d < base->ndim; d++) iv[niv++] = perm[d];
  return niv;
}

/* The view's history as a fresh AsStridedBackward0 of its base's: 0, or -1 + error. A
 * retain_grad moves to the new node. */
static int view_from_base(tp_tensor *self, tp_tensor *base, const int64_t *iv, int niv) {
  tp_node *v = tp_node_new(TP_GRAD_AS_STRIDED, 0, "AsStridedBackward0", 1, &base, 1);
  if (!v) return -1;
  tp_node_set_iv(v, niv, iv);
  tp_node *old = self->grad_fn;
  if (self->retains_grad && old && old->retain) {
    v->retain = calloc(1, sizeof *v->retain);
    if (!v->retain) { tp_node_release(v); return tp_fail_status("DefaultCPUAllocator: not enough memory"); }
    old->retain[self->output_nr] = NULL;
    v->retain[0] = self;
  }
  tp_node_set_output(v, self, 0);
  tp_node_release(v);
  return 0;
}

/* Note [Stale views]: as PyTorch's VariableHooks::grad_fn, a view whose version moved since
 * its history was set (its base, or another view of it, was written in place) gets a fresh
 * AsStridedBackward0 of the base's current history when its grad_fn is next used; a view
 * made in no_grad mode, or an output of a multi-output view op, refuses instead (that
 * refusal stays until the view is gone). A base that is not dense keeps the old history. */
int tp_view_refresh(tp_tensor *t) {
  if (!t->base || t->attr_version == t->version->value || t->storage != t->base->storage) return 0;
  if (!t->grad_fn && !t->base->requires_grad) return 0;
  if (t->view_no_grad)
    return tp_fail_status("A view was created in no_grad mode and its base or another view of its base has been modified "
                          "inplace with grad mode enabled. Given that this use case is ambiguous and error-prone, it is "
                          "forbidden. You can clarify your code by moving both the view and the inplace either both inside "
                          "the no_grad block (if you don't want the inplace to be tracked) or both outside (if you want the "
                          "inplace to be tracked).");
  if (t->grad_fn && t->grad_fn->kind == TP_GRAD_SPLIT)
    return tp_fail_status("Output %d of %s is a view and its base or another view of its base has been modified inplace. "
                          "This view is the output of a function that returns multiple views. Such functions do not allow "
                          "the output views to be modified inplace. You should replace the inplace operation by an "
                          "out-of-place one.",
                          t->output_nr, t->grad_fn->name);
  int64_t iv[3 * TP_MAX_DIMS + 4];
  int niv = as_strided_iv(t, t->base, iv);
  if (niv < 0) { t->attr_version = t->version->value; return 0; }
  return view_from_base(t, t->base, iv, niv);
}

TP_API int tp_tensor_refresh_grad_fn(tp_tensor *t) { return tp_view_refresh(t); }

/* Note [Views and CopySlices]. Falls back to the view's own history when the base is not
 * dense (a permuted dense base is handled through its permutation) or memory runs out. */
static int rebase_view(tp_tensor *self, tp_tensor *base, tp_node *n) {
  int64_t iv[3 * TP_MAX_DIMS + 4];
  int niv = as_strided_iv(self, base, iv);
  if (niv < 0) return -1;
  tp_node *cs = node_alloc(TP_GRAD_COPY_SLICES, 0, "torch::autograd::CopySlices", n->ninputs, 1);
  if (!cs) { tp_clear_error(); return -1; }
  tp_node *e0 = NULL;
  if (base->requires_grad) {
    e0 = base->grad_fn ? base->grad_fn : grad_accumulator(base);
    if (!e0) { tp_clear_error(); tp_node_release(cs); return -1; }
    if (base->grad_fn) tp_node_retain(e0);
  }
  cs->next[0].fn = e0;
  cs->next[0].input_nr = base->grad_fn ? base->output_nr : 0;
  meta_of(&cs->in_meta[0], base);
  for (int i = 1; i < n->ninputs; i++) {
    cs->next[i] = n->next[i];
    if (cs->next[i].fn) tp_node_retain(cs->next[i].fn);
    cs->in_meta[i] = n->in_meta[i];
  }
  tp_node_set_iv(cs, niv, iv);
  meta_of(&n->out_meta[0], self);
  cs->inner = n;
  tp_node_retain(n);
  tp_node_set_output(cs, base, 0);
  tp_node_release(cs);
  /* the view: a fresh AsStridedBackward0 of the base's new history */
  if (view_from_base(self, base, iv, niv)) { tp_clear_error(); tp_node_set_output(n, self, 0); }
  return 0;
}

void tp_rebase_history(tp_tensor *self, tp_node *n) {
  if (self->base && self->storage == self->base->storage && rebase_view(self, self->base, n) == 0) return;
  tp_node_set_output(n, self, 0);
}

TP_COLD_END

/* ---- tensor-side autograd state ----------------------------------------------------------- */
TP_API tp_tensor *tp_tensor_grad(tp_tensor *t) { return t->grad; }  /* borrowed; NULL: None */
/* JS calls tp_tensor_refresh_grad_fn first where PyTorch's getter raises (Note [Stale views]). */
TP_API void *tp_tensor_grad_fn(tp_tensor *t) { if (tp_view_refresh(t)) tp_clear_error(); return t->grad_fn; }  /* borrowed */
TP_API int tp_tensor_output_nr(tp_tensor *t) { if (tp_view_refresh(t)) tp_clear_error(); return t->output_nr; }
/* a view's requires_grad follows its base once it is stale (Note [Stale views]) */
TP_API int tp_tensor_requires_grad(const tp_tensor *t) {
  if (tp_view_refresh((tp_tensor *)t)) tp_clear_error();
  return t->requires_grad;
}
TP_API int tp_tensor_is_leaf(tp_tensor *t) { if (tp_view_refresh(t)) tp_clear_error(); return t->grad_fn == NULL; }
TP_API int tp_tensor_retains_grad(tp_tensor *t) { return t->retains_grad; }

TP_API int tp_tensor_set_grad(tp_tensor *t, tp_tensor *g) {
  if (g) {
    if (g->dtype != t->dtype) return tp_fail_status("assigned grad has data of a different type");
    if (g->ndim != t->ndim || memcmp(g->shape, t->shape, sizeof(int64_t) * t->ndim))
      return tp_fail_status("assigned grad has data of a different size");
    tp_tensor_retain(g);
  }
  if (t->grad) tp_tensor_release(t->grad);
  t->grad = g;
  return 0;
}

TP_API int tp_tensor_requires_grad_(tp_tensor *t, int b) {
  if (t->grad_fn) {
    if (!b)
      return tp_fail_status("you can only change requires_grad flags of leaf variables. If you want to use a computed "
                            "variable in a subgraph that doesn't require differentiation use var_no_grad = var.detach().");
    return 0;
  }
  return tp_tensor_set_requires_grad(t, b);
}

TP_API int tp_tensor_detach_(tp_tensor *t) {
  if (t->base)
    return tp_fail_status("Can't detach views in-place. Use detach() instead. If you are using DistributedDataParallel (DDP) "
                          "for training, and gradient_as_bucket_view is set as True, gradients are views of DDP buckets, "
                          "and hence detach_() cannot be called on these gradients. To fix this error, please refer to the "
                          "Optimizer.zero_grad() function in torch/optim/optimizer.py as the solution.");
  if (t->grad_fn) {
    if (t->retains_grad && t->grad_fn->retain) t->grad_fn->retain[t->output_nr] = NULL;
    tp_node_release(t->grad_fn);
    t->grad_fn = NULL;
  }
  t->retains_grad = 0;
  t->output_nr = 0;
  t->requires_grad = 0;
  return 0;
}

TP_API int tp_tensor_retain_grad(tp_tensor *t) {
  if (tp_view_refresh(t)) return -1;
  if (!t->requires_grad) return tp_fail_status("can't retain_grad on Tensor that has requires_grad=False");
  if (!t->grad_fn || t->retains_grad) return 0;
  tp_node *n = t->grad_fn;
  if (!n->retain) {
    n->retain = calloc((size_t)n->noutputs, sizeof *n->retain);
    if (!n->retain) return tp_fail_status("DefaultCPUAllocator: not enough memory");
  }
  n->retain[t->output_nr] = t;
  t->retains_grad = 1;
  return 0;
}

TP_API int tp_tensor_register_hook(tp_tensor *t, int id) {
  if (tp_view_refresh(t)) return -1;
  if (!t->requires_grad) return tp_fail_status("cannot register a hook on a tensor that doesn't require gradient");
  int32_t **list = t->grad_fn ? &t->grad_fn->hooks : &t->hooks;
  int32_t *count = t->grad_fn ? &t->grad_fn->nhooks : &t->nhooks;
  int32_t *p = realloc(*list, sizeof(int32_t) * 2 * (size_t)(*count + 1));
  if (!p) return tp_fail_status("DefaultCPUAllocator: not enough memory");
  p[2 * *count] = t->grad_fn ? t->output_nr : 0;
  p[2 * *count + 1] = id;
  *list = p;
  (*count)++;
  return 0;
}

static void remove_hook_from(int32_t *list, int32_t *count, int id) {
  for (int i = 0; i < *count; i++)
    if (list[2 * i + 1] == id) {
      memmove(list + 2 * i, list + 2 * i + 2, sizeof(int32_t) * 2 * (size_t)(*count - i - 1));
      (*count)--;
      return;
    }
}

TP_API void tp_tensor_remove_hook(tp_tensor *t, int id) {
  remove_hook_from(t->hooks, &t->nhooks, id);
  if (t->grad_fn) remove_hook_from(t->grad_fn->hooks, &t->grad_fn->nhooks, id);
}

/* ---- grad_fn access for JS (t.grad_fn, next_functions, graph export) --------------------- */
TP_API void tp_node_retain_ptr(void *n) { tp_node_retain(n); }
TP_API void tp_node_release_ptr(void *n) { tp_node_release(n); }
TP_API const char *tp_node_name(void *n) { return ((tp_node *)n)->name; }
TP_API int tp_node_ninputs(void *n) { return ((tp_node *)n)->ninputs; }
TP_API void *tp_node_next_fn(void *n, int i) { return ((tp_node *)n)->next[i].fn; }
TP_API int tp_node_next_nr(void *n, int i) { return ((tp_node *)n)->next[i].input_nr; }
TP_API tp_tensor *tp_node_variable(void *n) { return ((tp_node *)n)->variable; }  /* borrowed */
TP_API int tp_node_nsaved(void *n) { return ((tp_node *)n)->released ? 0 : ((tp_node *)n)->nsaved; }
TP_API tp_tensor *tp_node_saved(void *n, int i) { return ((tp_node *)n)->saved[i].t; }  /* borrowed */
TP_API int tp_node_released(void *n) { return ((tp_node *)n)->released; }
TP_API double tp_node_seq(void *n) { return (double)((tp_node *)n)->seq; }

TP_COLD_BEGIN
/* ---- the engine --------------------------------------------------------------------------- */
typedef struct {
  tp_node **v;
  int n, cap;
} node_vec;

static int vec_push(node_vec *s, tp_node *x) {
  if (s->n == s->cap) {
    int cap = s->cap ? s->cap * 2 : 64;
    tp_node **p = realloc(s->v, sizeof *p * (size_t)cap);
    if (!p) return tp_fail_status("DefaultCPUAllocator: not enough memory for backward");
    s->v = p;
    s->cap = cap;
  }
  s->v[s->n++] = x;
  return 0;
}

/* The ready queue: a max-heap on seq. */
static int heap_push(node_vec *h, tp_node *x) {
  if (vec_push(h, x)) return -1;
  int i = h->n - 1;
  while (i > 0) {
    int p = (i - 1) / 2;
    if (h->v[p]->seq >= h->v[i]->seq) break;
    tp_node *t = h->v[p]; h->v[p] = h->v[i]; h->v[i] = t;
    i = p;
  }
  return 0;
}

static tp_node *heap_pop(node_vec *h) {
  tp_node *top = h->v[0];
  h->v[0] = h->v[--h->n];
  for (int i = 0;;) {
    int l = 2 * i + 1, r = l + 1, m = i;
    if (l < h->n && h->v[l]->seq > h->v[m]->seq) m = l;
    if (r < h->n && h->v[r]->seq > h->v[m]->seq) m = r;
    if (m == i) break;
    tp_node *t = h->v[m]; h->v[m] = h->v[i]; h->v[i] = t;
    i = m;
  }
  return top;
}

typedef struct {
  tp_tensor *target;  /* a leaf (accumulate) or a retain_grad tensor */
  tp_tensor *grad;
  int retain;         /* retain_grad: always out of place */
} pending_grad;

static int epoch;

/* Sums grad to `m`'s shape (broadcast dims) and casts it to m's dtype; consumes grad. */
static tp_tensor *conform(tp_tensor *grad, const tp_meta *m) {
  if (grad->ndim != m->ndim || memcmp(grad->shape, m->shape, sizeof(int64_t) * m->ndim)) {
    double dims[TP_MAX_DIMS];
    int nd = 0, lead = grad->ndim - m->ndim;
    if (lead < 0) { tp_tensor_release(grad); return tp_fail("gradient has fewer dims than its input"); }
    for (int d = 0; d < lead; d++) dims[nd++] = d;
    for (int d = 0; d < m->ndim; d++)
      if (m->shape[d] == 1 && grad->shape[lead + d] != 1) dims[nd++] = lead + d;
    tp_tensor *r = grad;
    if (nd) {
      r = tp_reduce(TP_OP_SUM, grad, nd, dims, 1, 0, -1);
      tp_tensor_release(grad);
      if (!r) return NULL;
    }
    if (lead) {
      double sizes[TP_MAX_DIMS];
      for (int d = 0; d < m->ndim; d++) sizes[d] = (double)m->shape[d];
      tp_tensor *v = tp_view(r, m->ndim, sizes);
      tp_tensor_release(r);
      if (!v) return NULL;
      r = v;
    }
    grad = r;
  }
  if (grad->dtype != m->dtype) {
    tp_tensor *c = tp_to_dtype(grad, m->dtype, 0);
    tp_tensor_release(grad);
    grad = c;
  }
  return grad;
}

static int run_hooks(int32_t *hooks, int nhooks, int output_nr, tp_tensor **g) {
  for (int i = 0; i < nhooks && *g; i++) {
    if (hooks[2 * i] != output_nr) continue;
    tp_tensor *r = tp_call_hook(hooks[2 * i + 1], *g);
    if (r == TP_HOOK_ERROR) return tp_fail_status("a hook raised an error");
    if (r) {
      tp_tensor_release(*g);
      *g = r;
    }
  }
  return 0;
}

static tp_tensor *ones_like(tp_tensor *t) {
  double sizes[TP_MAX_DIMS];
  for (int d = 0; d < t->ndim; d++) sizes[d] = (double)t->shape[d];
  return tp_full(t->ndim, sizes, t->dtype, 1);
}

/* mode: accumulate into leaves (backward) when inputs == NULL, else capture the gradients
 * of `inputs` into out (autograd.grad). */
static int run_backward(int nroots, tp_tensor *const *roots, tp_tensor *const *grads, int ninputs, tp_tensor *const *inputs,
                        int retain_graph, int create_graph, int allow_unused, tp_tensor **out) {
  node_vec all = {0}, ready = {0}, stack = {0};
  pending_grad *pending = NULL;
  int npending = 0, rc = -1;
  tp_edge *root_edges = calloc((size_t)nroots + 1, sizeof *root_edges);
  tp_tensor **root_grads = calloc((size_t)nroots + 1, sizeof *root_grads);
  tp_edge *captures = calloc((size_t)ninputs + 1, sizeof *captures);
  int saved_mode = grad_enabled;
  epoch++;
  if (!root_edges || !root_grads || !captures) { tp_fail("DefaultCPUAllocator: not enough memory for backward"); goto done; }

  /* roots and their starting gradients */
  for (int i = 0; i < nroots; i++) {
    tp_tensor *r = roots[i];
    if (tp_view_refresh(r)) goto done;
    if (!r->requires_grad) {
      tp_fail("element %d of tensors does not require grad and does not have a grad_fn", i);
      goto done;
    }
    if (grads && grads[i]) {
      tp_tensor *g = grads[i];
      if (g->ndim != r->ndim || memcmp(g->shape, r->shape, sizeof(int64_t) * r->ndim)) {
        char gs[200], rs[200];
        tp_format_shape(gs, sizeof gs, g->ndim, g->shape);
        tp_format_shape(rs, sizeof rs, r->ndim, r->shape);
        tp_fail("Mismatch in shape: grad_output[%d] has a shape of torch.Size(%s) and output[%d] has a shape of torch.Size(%s).", i, gs, i, rs);
        goto done;
      }
      tp_tensor_retain(g);
      root_grads[i] = g;
    } else {
      if (tp_shape_numel(r->ndim, r->shape) != 1) {
        tp_fail("grad can be implicitly created only for scalar outputs");
        goto done;
      }
      if (!(root_grads[i] = ones_like(r))) goto done;
    }
    if (r->grad_fn) {
      root_edges[i].fn = r->grad_fn;
      root_edges[i].input_nr = r->output_nr;
      tp_node_retain(r->grad_fn);
    } else if (!(root_edges[i].fn = grad_accumulator(r))) {
      goto done;
    }
  }
  for (int j = 0; j < ninputs; j++) {
    tp_tensor *x = inputs[j];
    if (tp_view_refresh(x)) goto done;
    if (!x->requires_grad) { tp_fail("One of the differentiated Tensors does not require grad"); goto done; }
    captures[j].fn = x->grad_fn ? x->grad_fn : x->grad_acc;
    captures[j].input_nr = x->grad_fn ? x->output_nr : 0;
  }

  /* discover the graph (iterative DFS), counting the edges into each node */
  for (int i = 0; i < nroots; i++) {
    tp_node *n = root_edges[i].fn;
    if (n->epoch == epoch) continue;
    n->epoch = epoch;
    n->deps = 0;
    n->needed = inputs ? 0 : 1;
    n->queued = 0;
    if (vec_push(&stack, n) || vec_push(&all, n)) goto done;
  }
  while (stack.n) {
    tp_node *n = stack.v[--stack.n];
    for (int k = 0; k < n->ninputs; k++) {
      tp_node *c = n->next[k].fn;
      if (!c) continue;
      if (c->epoch != epoch) {
        c->epoch = epoch;
        c->deps = 0;
        c->needed = inputs ? 0 : 1;
        c->queued = 0;
        if (vec_push(&stack, c) || vec_push(&all, c)) goto done;
      }
    }
  }
  for (int i = 0; i < all.n; i++) {
    tp_node *n = all.v[i];
    n->buf = calloc((size_t)n->noutputs, sizeof *n->buf);
    if (!n->buf) { tp_fail("DefaultCPUAllocator: not enough memory for backward"); goto done; }
  }
  if (inputs) {
    /* needed = some captured input is reachable from the node; iterate to a fixed point in
     * reverse discovery order, which visits children before parents in most graphs. */
    for (int j = 0; j < ninputs; j++)
      if (captures[j].fn && captures[j].fn->epoch == epoch) captures[j].fn->needed = 1;
    for (int changed = 1; changed;) {
      changed = 0;
      for (int i = all.n - 1; i >= 0; i--) {
        tp_node *n = all.v[i];
        if (n->needed) continue;
        for (int k = 0; k < n->ninputs; k++)
          if (n->next[k].fn && n->next[k].fn->needed) { n->needed = 1; changed = 1; break; }
      }
    }
    for (int j = 0; j < ninputs; j++)
      if (!captures[j].fn || captures[j].fn->epoch != epoch) {
        if (!allow_unused) {
          tp_fail("One of the differentiated Tensors appears to not have been used in the graph. Set allow_unused=True if this is the desired behavior.");
          goto done;
        }
        captures[j].fn = NULL;
      }
  }
  for (int i = 0; i < all.n; i++) {
    tp_node *n = all.v[i];
    if (!n->needed) continue;
    for (int k = 0; k < n->ninputs; k++)
      if (n->next[k].fn && n->next[k].fn->needed) n->next[k].fn->deps++;
  }

  /* seed the roots' buffers */
  grad_enabled = create_graph;
  for (int i = 0; i < nroots; i++) {
    tp_node *n = root_edges[i].fn;
    int nr = root_edges[i].input_nr;
    tp_tensor *g = root_grads[i];
    root_grads[i] = NULL;
    if (n->buf[nr]) {
      tp_tensor *s = tp_binary(TP_OP_ADD, n->buf[nr], g, 1);
      tp_tensor_release(g);
      if (!s) goto done;
      tp_tensor_release(n->buf[nr]);
      g = s;
    }
    n->buf[nr] = g;
  }
  for (int i = 0; i < all.n; i++) {
    tp_node *n = all.v[i];
    if (n->needed && n->deps == 0 && !n->queued) {
      n->queued = 1;
      if (heap_push(&ready, n)) goto done;
    }
  }

  while (ready.n) {
    tp_node *n = heap_pop(&ready);
    /* captures first (the gradient before any hook, as 1.13's), then, on a node the pass goes on
     * through, the hooks on its outputs and retain_grad; a node reached only to be captured (an
     * input of autograd.grad) runs neither */
    int more = !inputs;
    if (inputs) {
      for (int j = 0; j < ninputs; j++)
        if (captures[j].fn == n && !out[j] && n->buf[captures[j].input_nr]) {
          out[j] = n->buf[captures[j].input_nr];
          tp_tensor_retain(out[j]);
        }
      for (int k = 0; k < n->ninputs; k++)
        if (n->next[k].fn && n->next[k].fn->needed) more = 1;
    }
    if (n->kind == TP_GRAD_ACCUMULATE) {
      if (more && n->buf[0] && run_hooks(n->variable->hooks, n->variable->nhooks, 0, &n->buf[0])) goto done;
    } else if (more) {
      for (int k = 0; k < n->noutputs; k++)
        if (n->buf[k] && run_hooks(n->hooks, n->nhooks, k, &n->buf[k])) goto done;
      if (n->retain)
        for (int k = 0; k < n->noutputs; k++)
          if (n->retain[k] && n->buf[k]) {
            pending_grad *p = realloc(pending, sizeof *p * (size_t)(npending + 1));
            if (!p) { tp_fail("DefaultCPUAllocator: not enough memory for backward"); goto done; }
            pending = p;
            pending[npending].target = n->retain[k];
            tp_tensor_retain(n->retain[k]);
            pending[npending].grad = n->buf[k];
            tp_tensor_retain(n->buf[k]);
            pending[npending].retain = 1;
            npending++;
          }
    }
    if (n->kind == TP_GRAD_ACCUMULATE) {
      if (!inputs && n->buf[0]) {
        pending_grad *p = realloc(pending, sizeof *p * (size_t)(npending + 1));
        if (!p) { tp_fail("DefaultCPUAllocator: not enough memory for backward"); goto done; }
        pending = p;
        pending[npending].target = n->variable;
        tp_tensor_retain(n->variable);
        pending[npending].grad = n->buf[0];
        n->buf[0] = NULL;
        pending[npending].retain = 0;
        npending++;
      }
      continue;
    }
    if (!more) continue;
    tp_tensor *gin_small[8], **gin = n->ninputs <= 8 ? gin_small : calloc((size_t)n->ninputs, sizeof *gin);
    if (!gin) { tp_fail("DefaultCPUAllocator: not enough memory for backward"); goto done; }
    memset(gin, 0, sizeof *gin * (size_t)n->ninputs);
    /* a built-in node that no gradient reached passes none on (1.13's generated backward:
     * any_grad_defined ? formula : undefined), so norm(p=0)'s None stays None through abs */
    int any = n->kind == TP_GRAD_CUSTOM;
    for (int k = 0; k < n->noutputs && !any; k++) any = n->buf[k] != NULL;
    int frc = any ? tp_formula_apply(n, n->buf, gin) : 0;
    for (int k = 0; k < n->noutputs; k++) {
      if (n->buf[k]) tp_tensor_release(n->buf[k]);
      n->buf[k] = NULL;
    }
    if (frc) {
      for (int k = 0; k < n->ninputs; k++) if (gin[k]) tp_tensor_release(gin[k]);
      if (gin != gin_small) free(gin);
      goto done;
    }
    for (int k = 0; k < n->ninputs; k++) {
      tp_node *c = n->next[k].fn;
      tp_tensor *g = gin[k];
      if (!c || !c->needed) { if (g) tp_tensor_release(g); continue; }
      if (g) {
        g = conform(g, &n->in_meta[k]);
        if (!g) { for (int q = k + 1; q < n->ninputs; q++) if (gin[q]) tp_tensor_release(gin[q]); if (gin != gin_small) free(gin); goto done; }
        int nr = n->next[k].input_nr;
        if (c->buf[nr]) {
          tp_tensor *s = tp_binary(TP_OP_ADD, c->buf[nr], g, 1);
          tp_tensor_release(g);
          if (!s) { for (int q = k + 1; q < n->ninputs; q++) if (gin[q]) tp_tensor_release(gin[q]); if (gin != gin_small) free(gin); goto done; }
          tp_tensor_release(c->buf[nr]);
          g = s;
        }
        c->buf[nr] = g;
      }
      if (--c->deps == 0 && !c->queued) {
        c->queued = 1;
        if (heap_push(&ready, c)) { for (int q = k + 1; q < n->ninputs; q++) if (gin[q]) tp_tensor_release(gin[q]); if (gin != gin_small) free(gin); goto done; }
      }
    }
    if (gin != gin_small) free(gin);
  }

  /* success: deliver gradients (Note [Failed backward]) and free what was saved */
  for (int i = 0; i < npending; i++) {
    tp_tensor *v = pending[i].target, *g = pending[i].grad, *ng;
    if (!v->grad) {
      if (create_graph && !pending[i].retain) {
        /* AccumulateGrad's clone_obey_contract: an empty tensor laid out as the variable,
         * then copy_ (recorded under create_graph: CopyBackwards, as PyTorch shows) */
        ng = tp_tensor_make(g->dtype, v->ndim, v->shape);
        if (ng) {
          tp_layout_like(v, ng->stride);
          if (tp_copy_(ng, g)) { tp_tensor_release(ng); ng = NULL; }
        }
      } else if (pending[i].retain || create_graph || g->refcount > 1 || g->grad_fn || !tp_tensor_is_contiguous(g)) ng = tp_clone(g);
      else { ng = g; tp_tensor_retain(g); }
      if (!ng) goto done;
      if (!create_graph || pending[i].retain) tp_tensor_detach_(ng);  /* a retained .grad has no history */
      v->grad = ng;
    } else if (!create_graph && !pending[i].retain) {
      if (tp_binary_(TP_OP_ADD, v->grad, g, 1)) goto done;
    } else {
      if (!(ng = tp_binary(TP_OP_ADD, v->grad, g, 1))) goto done;
      if (pending[i].retain) tp_tensor_detach_(ng);
      tp_tensor_release(v->grad);
      v->grad = ng;
    }
  }
  if (!retain_graph)
    for (int i = 0; i < all.n; i++) {
      tp_node *n = all.v[i];
      if (!n->needed || n->kind == TP_GRAD_ACCUMULATE) continue;
      for (tp_node *m = n; m; m = m->inner) {  /* a CopySlices frees its inner node's too */
        for (int k = 0; k < m->nsaved; k++) tp_tensor_release(m->saved[k].t);
        if (m->nsaved) m->released = 1;
        if (m->kind == TP_GRAD_CUSTOM) tp_call_custom((int32_t)m->iv[0], -2, NULL, 0, NULL);  /* frees ctx's saved tensors */
      }
    }
  if (inputs)
    for (int j = 0; j < ninputs; j++)
      if (!out[j] && !allow_unused) {
        tp_fail("One of the differentiated Tensors appears to not have been used in the graph. Set allow_unused=True if this is the desired behavior.");
        goto done;
      }
  rc = 0;

done:
  grad_enabled = saved_mode;
  if (rc && inputs)
    for (int j = 0; j < ninputs; j++)
      if (out[j]) { tp_tensor_release(out[j]); out[j] = NULL; }
  for (int i = 0; i < all.n; i++) {
    tp_node *n = all.v[i];
    if (n->buf)
      for (int k = 0; k < n->noutputs; k++)
        if (n->buf[k]) tp_tensor_release(n->buf[k]);
    free(n->buf);
    n->buf = NULL;
  }
  for (int i = 0; i < npending; i++) {
    tp_tensor_release(pending[i].target);
    tp_tensor_release(pending[i].grad);
  }
  free(pending);
  for (int i = 0; i < nroots; i++) {
    if (root_grads && root_grads[i]) tp_tensor_release(root_grads[i]);
    if (root_edges && root_edges[i].fn) tp_node_release(root_edges[i].fn);
  }
  free(root_edges);
  free(root_grads);
  free(captures);
  free(all.v);
  free(ready.v);
  free(stack.v);
  return rc;
}

/* tensor.backward(gradient) for several roots at once (torch.autograd.backward). */
TP_API int tp_backward(int n, tp_tensor *const *roots, tp_tensor *const *grads, int retain_graph, int create_graph) {
  return run_backward(n, roots, grads, 0, NULL, retain_graph, create_graph, 0, NULL);
}

/* torch.autograd.grad: out[ninputs] receives new references (NULL where unused). */
TP_API int tp_autograd_grad(int n, tp_tensor *const *roots, tp_tensor *const *grads, int ninputs, tp_tensor *const *inputs,
                            int retain_graph, int create_graph, int allow_unused, tp_tensor **out) {
  for (int j = 0; j < ninputs; j++) out[j] = NULL;
  return run_backward(n, roots, grads, ninputs, inputs, retain_graph, create_graph, allow_unused, out);
}
TP_COLD_END
