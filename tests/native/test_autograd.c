/* Native tests of the autograd engine through the C entry points, under ASan+UBSan: a
 * chain of 2*10^5 nodes backwards and frees without recursion (Note [Engine order], Note
 * [Freeing long graphs]), a diamond graph, retain_graph and the second-backward error,
 * autograd.grad leaving .grad alone, a failed backward changing nothing, and every test
 * ending with tp_live_tensors() back where it started. */
#include <pthread.h>
#include <stdlib.h>
#include "check.h"
#include "internal.h"
#include "autograd.h"

static tp_tensor *scalar_leaf(double v) {
  tp_tensor *t = tp_full(0, NULL, TP_FLOAT64, v);
  tp_tensor_set_requires_grad(t, 1);
  return t;
}

static double grad_of(tp_tensor *t) {
  tp_tensor *g = tp_tensor_grad(t);
  return g ? tp_item(g) : NAN;
}

static int backward(tp_tensor *root, int retain) { return tp_backward(1, &root, NULL, retain, 0); }

/* y <- 0.999 y + x, N times: two nodes per step (MulBackward0 with a scalar, AddBackward0). */
static void test_long_chain(void) {
  double live = tp_live_tensors();
  const int N = 100000;
  tp_tensor *x = scalar_leaf(1.0);
  tp_tensor *y = x;
  tp_tensor_retain(y);
  for (int i = 0; i < N; i++) {
    tp_tensor *m = tp_binary_scalar(TP_OP_MUL, y, 0.999, TP_SCALAR_FLOAT, 0, 1);
    tp_tensor_release(y);
    y = tp_binary(TP_OP_ADD, m, x, 1);
    tp_tensor_release(m);
    if (!y) break;
  }
  CHECK(y != NULL);
  CHECK(backward(y, 0) == 0);
  double q = pow(0.999, N), want = q + (1 - q) / 0.001;
  CHECK_NEAR(grad_of(x), want, 1e-9 * want);
  /* the saved scalars were freed: a second backward fails, and changes nothing */
  CHECK(backward(y, 0) == -1);
  CHECK(strstr(tp_last_error(), "Trying to backward through the graph a second time") != NULL);
  CHECK_NEAR(grad_of(x), want, 1e-9 * want);
  tp_tensor_release(y);
  tp_tensor_release(x);
  CHECK(tp_live_tensors() == live);
}

/* x * w * w ... (n multiplications): n MulBackward0 nodes, each saving the tensor before it. */
static tp_tensor *mul_chain(tp_tensor *x, tp_tensor *w, int n) {
  tp_tensor *y = tp_binary(TP_OP_MUL, x, w, 1);
  for (int i = 1; i < n && y; i++) {
    tp_tensor *next = tp_binary(TP_OP_MUL, y, w, 1);
    tp_tensor_release(y);
    y = next;
  }
  return y;
}

/* y <- y * w (both saved by every node: a chain of saved tensors with grad_fns), freed
 * without any backward, then again after one. */
static void test_long_saved_chain(void) {
  double live = tp_live_tensors();
  const int N = 100000;
  for (int pass = 0; pass < 2; pass++) {
    tp_tensor *x = scalar_leaf(1.5), *w = scalar_leaf(1.0);
    tp_tensor *y = mul_chain(x, w, N);
    CHECK(y != NULL);
    if (pass == 1) {
      CHECK(backward(y, 1) == 0);
      CHECK_NEAR(grad_of(x), 1.0, 1e-12);
      CHECK_NEAR(grad_of(w), 1.5 * N, 1e-6);
    }
    tp_tensor_release(y);
    tp_tensor_release(x);
    tp_tensor_release(w);
    CHECK(tp_live_tensors() == live);
  }
}

/* a = 3x; d = sin(a) cos(a) + a: dd/dx = 3 (cos^2 a - sin^2 a) + 3 */
static void test_diamond(void) {
  double live = tp_live_tensors();
  tp_tensor *x = scalar_leaf(0.5);
  tp_tensor *a = tp_binary_scalar(TP_OP_MUL, x, 3, TP_SCALAR_INT, 0, 1);
  tp_tensor *b = tp_unary(TP_OP_SIN, a), *c = tp_unary(TP_OP_COS, a);
  tp_tensor *bc = tp_binary(TP_OP_MUL, b, c, 1);
  tp_tensor *d = tp_binary(TP_OP_ADD, bc, a, 1);
  CHECK(d && backward(d, 0) == 0);
  double av = 1.5, want = 3 * (cos(av) * cos(av) - sin(av) * sin(av)) + 3;
  CHECK_NEAR(grad_of(x), want, 1e-12);
  tp_tensor *all[] = {a, b, c, bc, d, x};
  for (int i = 0; i < 6; i++) tp_tensor_release(all[i]);
  CHECK(tp_live_tensors() == live);
}

/* y = x * x: retain_graph keeps the saved x; gradients accumulate; the third backward,
 * after one without retain_graph, fails with PyTorch's message and changes nothing. */
static void test_retain_graph(void) {
  double live = tp_live_tensors();
  tp_tensor *x = scalar_leaf(1.5);
  tp_tensor *y = tp_binary(TP_OP_MUL, x, x, 1);
  CHECK(backward(y, 1) == 0);
  CHECK_NEAR(grad_of(x), 3.0, 1e-12);
  CHECK(backward(y, 0) == 0);
  CHECK_NEAR(grad_of(x), 6.0, 1e-12);
  CHECK(backward(y, 0) == -1);
  CHECK_STR(tp_last_error(),
            "Trying to backward through the graph a second time (or directly access saved tensors after they have "
            "already been freed). Saved intermediate values of the graph are freed when you call .backward() or "
            "autograd.grad(). Specify retain_graph=True if you need to backward through the graph a second time or "
            "if you need to access saved tensors after calling backward.");
  CHECK_NEAR(grad_of(x), 6.0, 1e-12);
  /* a non-scalar root needs a gradient */
  tp_tensor *v = tp_full(1, (double[]){3}, TP_FLOAT64, 2);
  tp_tensor_set_requires_grad(v, 1);
  tp_tensor *e = tp_unary(TP_OP_EXP, v);
  CHECK(backward(e, 0) == -1);
  CHECK_STR(tp_last_error(), "grad can be implicitly created only for scalar outputs");
  CHECK(tp_tensor_grad(v) == NULL);
  tp_tensor *all[] = {y, x, e, v};
  for (int i = 0; i < 4; i++) tp_tensor_release(all[i]);
  CHECK(tp_live_tensors() == live);
}

/* autograd.grad returns new references and leaves .grad alone; allow_unused. */
static void test_autograd_grad(void) {
  double live = tp_live_tensors();
  tp_tensor *x = scalar_leaf(2.0), *u = scalar_leaf(1.0);
  tp_tensor *y = tp_binary_scalar(TP_OP_POW, x, 3, TP_SCALAR_INT, 0, 1);
  tp_tensor *ins[2] = {x, u}, *out[2];
  CHECK(tp_autograd_grad(1, &y, NULL, 2, ins, 1, 0, 0, out) == -1);
  CHECK(strstr(tp_last_error(), "appears to not have been used in the graph") != NULL);
  CHECK(tp_autograd_grad(1, &y, NULL, 2, ins, 0, 1, 1, out) == 0);
  CHECK(out[0] && out[1] == NULL);
  CHECK_NEAR(tp_item(out[0]), 12.0, 1e-12);
  CHECK(tp_tensor_grad(x) == NULL);
  /* create_graph: the gradient is differentiable again (d2/dx2 x^3 = 6x) */
  tp_tensor *out2[1];
  CHECK(tp_autograd_grad(1, &out[0], NULL, 1, &x, 0, 0, 0, out2) == 0);
  CHECK_NEAR(tp_item(out2[0]), 12.0, 1e-12);
  tp_tensor *all[] = {out[0], out2[0], y, x, u};
  for (int i = 0; i < 5; i++) tp_tensor_release(all[i]);
  CHECK(tp_live_tensors() == live);
}

/* Note [Failed backward]: a saved tensor modified in place fails the pass before any leaf
 * is written, even leaves whose gradients were already computed. */
static void test_failed_backward(void) {
  double live = tp_live_tensors();
  tp_tensor *x = scalar_leaf(0.5), *w = scalar_leaf(2.0);
  tp_tensor *e = tp_unary(TP_OP_EXP, x);
  tp_tensor *s = tp_binary(TP_OP_ADD, e, w, 1);
  CHECK(tp_binary_scalar_(TP_OP_ADD, e, 1, TP_SCALAR_INT, 1) == 0);
  CHECK(backward(s, 0) == -1);
  CHECK(strstr(tp_last_error(), "has been modified by an inplace operation") != NULL);
  CHECK(tp_tensor_grad(x) == NULL && tp_tensor_grad(w) == NULL);
  /* the leaf check */
  CHECK(tp_binary_scalar_(TP_OP_ADD, x, 1, TP_SCALAR_INT, 1) == -1);
  CHECK_STR(tp_last_error(), "a leaf Variable that requires grad is being used in an in-place operation.");
  CHECK_NEAR(tp_item(x), 0.5, 0);
  tp_tensor *all[] = {s, e, x, w};
  for (int i = 0; i < 4; i++) tp_tensor_release(all[i]);
  CHECK(tp_live_tensors() == live);
}

/* An in-place op on a view of a non-leaf rebases the base (CopySlices). */
static void test_copy_slices(void) {
  double live = tp_live_tensors();
  tp_tensor *x = tp_full(1, (double[]){3}, TP_FLOAT64, 1.5);
  tp_tensor_set_requires_grad(x, 1);
  tp_tensor *y = tp_binary_scalar(TP_OP_MUL, x, 1, TP_SCALAR_INT, 0, 1);
  tp_tensor *v = tp_select(y, 0, 1);
  CHECK(tp_binary_scalar_(TP_OP_MUL, v, 4, TP_SCALAR_INT, 1) == 0);
  CHECK_STR(tp_node_name(tp_tensor_grad_fn(y)), "torch::autograd::CopySlices");
  CHECK_STR(tp_node_name(tp_tensor_grad_fn(v)), "AsStridedBackward0");
  tp_tensor *s = tp_reduce(TP_OP_SUM, y, -1, NULL, 0, 0, -1);
  CHECK(s && backward(s, 0) == 0);
  tp_tensor *g = tp_tensor_grad(x);
  CHECK(g && ((double *)tp_tensor_data(g))[0] == 1 && ((double *)tp_tensor_data(g))[1] == 4 && ((double *)tp_tensor_data(g))[2] == 1);
  tp_tensor *all[] = {s, v, y, x};
  for (int i = 0; i < 4; i++) tp_tensor_release(all[i]);
  CHECK(tp_live_tensors() == live);
}

/* create_graph through CopySlices (permuted base) and matmul's composite: the second
 * derivative is right and everything is freed. f = sum(y^3) with y = (x^T clone), y[0] *= 2,
 * and g = sum(A @ x3) for a 3-D x3 (folded mm). */
static void test_double_backward(void) {
  double live = tp_live_tensors();
  tp_tensor *x = tp_arange(1, 7, 1, TP_FLOAT64);
  tp_tensor_set_requires_grad(x, 1);
  tp_tensor *x2 = tp_view(x, 2, (double[]){2, 3});
  tp_tensor *t = tp_t(x2), *y = tp_clone(t);
  tp_tensor *row = tp_select(y, 0, 0);
  CHECK(tp_binary_scalar_(TP_OP_MUL, row, 2, TP_SCALAR_INT, 1) == 0);
  tp_tensor *c = tp_binary_scalar(TP_OP_POW, y, 3, TP_SCALAR_INT, 0, 1);
  tp_tensor *f = tp_reduce(TP_OP_SUM, c, -1, NULL, 0, 0, -1);
  tp_tensor *g1[1], *g2[1];
  CHECK(tp_autograd_grad(1, &f, NULL, 1, &x, 1, 1, 0, g1) == 0);
  tp_tensor *s1 = tp_reduce(TP_OP_SUM, g1[0], -1, NULL, 0, 0, -1);
  CHECK(tp_autograd_grad(1, &s1, NULL, 1, &x, 0, 0, 0, g2) == 0);
  /* x[0] and x[3] were doubled: d/dx sum(3 k^3 x^2) = 6 k^3 x with k = 2 there, 1 elsewhere */
  const double *d = tp_tensor_data(g2[0]);
  for (int i = 0; i < 6; i++) CHECK_NEAR(d[i], 6 * (i % 3 == 0 ? 8 : 1) * (i + 1), 1e-9);
  tp_tensor *a3 = tp_reshape(x, 3, (double[]){1, 2, 3});
  tp_tensor *w = tp_full(2, (double[]){3, 2}, TP_FLOAT64, 0.5);
  tp_tensor *mm = tp_linalg(TP_LINALG_MATMUL, a3, w);
  CHECK_STR(tp_node_name(tp_tensor_grad_fn(mm)), "UnsafeViewBackward0");
  tp_tensor *sq = tp_binary(TP_OP_MUL, mm, mm, 1);
  tp_tensor *h = tp_reduce(TP_OP_SUM, sq, -1, NULL, 0, 0, -1), *h1[1], *h2[1];
  CHECK(tp_autograd_grad(1, &h, NULL, 1, &x, 1, 1, 0, h1) == 0);
  tp_tensor *hs = tp_reduce(TP_OP_SUM, h1[0], -1, NULL, 0, 0, -1);
  CHECK(tp_autograd_grad(1, &hs, NULL, 1, &x, 0, 0, 0, h2) == 0);
  CHECK_NEAR(((const double *)tp_tensor_data(h2[0]))[0], 3.0, 1e-12);  /* 2 * 2 * 0.5 * (3 * 0.5) */
  tp_tensor *all[] = {x, x2, t, y, row, c, f, g1[0], s1, g2[0], a3, w, mm, sq, h, h1[0], hs, h2[0]};
  for (int i = 0; i < 18; i++) tp_tensor_release(all[i]);
  CHECK(tp_live_tensors() == live);
}

/* Hooks through the native hook pointer: 1 doubles the gradient, 2 fails. */
extern tp_tensor *(*tp_native_hook)(int32_t id, tp_tensor *grad);
static tp_tensor *native_hook(int32_t id, tp_tensor *grad) {
  if (id == 2) return TP_HOOK_ERROR;
  return tp_binary_scalar(TP_OP_MUL, grad, 2, TP_SCALAR_INT, 0, 1);
}

static void test_hooks(void) {
  double live = tp_live_tensors();
  tp_native_hook = native_hook;
  tp_tensor *x = scalar_leaf(1.5), *w = scalar_leaf(0.5);
  tp_tensor *h = tp_binary(TP_OP_MUL, x, w, 1);
  CHECK(tp_tensor_register_hook(h, 1) == 0);
  CHECK(tp_tensor_register_hook(x, 1) == 0);
  tp_tensor *y = tp_unary(TP_OP_EXP, h);
  CHECK(backward(y, 1) == 0);
  CHECK_NEAR(grad_of(x), 4 * 0.5 * exp(0.75), 1e-12);  /* doubled at h, again at x */
  CHECK_NEAR(grad_of(w), 2 * 1.5 * exp(0.75), 1e-12);
  CHECK(tp_tensor_register_hook(w, 2) == 0);
  CHECK(backward(y, 1) == -1);  /* the failing hook: nothing accumulates */
  CHECK_NEAR(grad_of(x), 4 * 0.5 * exp(0.75), 1e-12);
  CHECK_NEAR(grad_of(w), 2 * 1.5 * exp(0.75), 1e-12);
  tp_tensor_remove_hook(w, 2);
  tp_tensor_remove_hook(h, 1);
  tp_tensor_remove_hook(x, 1);
  CHECK(backward(y, 0) == 0);
  CHECK_NEAR(grad_of(x), 5 * 0.5 * exp(0.75), 1e-12);
  tp_native_hook = NULL;
  tp_tensor *all[] = {y, h, x, w};
  for (int i = 0; i < 4; i++) tp_tensor_release(all[i]);
  CHECK(tp_live_tensors() == live);
}

/* Note [Stale views]: a view made before its base is written in place (through the base
 * or a sibling view) gets a fresh AsStridedBackward0 of the base's new history; a view made
 * in no_grad mode refuses, again at each use, and nothing leaks either way. */
static void test_stale_view(void) {
  double live = tp_live_tensors();
  tp_tensor *x = tp_full(1, (double[]){3}, TP_FLOAT64, 1);
  tp_tensor_set_requires_grad(x, 1);
  tp_tensor *y = tp_binary_scalar(TP_OP_MUL, x, 2, TP_SCALAR_INT, 0, 1);
  tp_tensor *v = tp_slice(y, 0, 0, 2, 1), *u = tp_slice(y, 0, 1, 3, 1);
  CHECK_STR(tp_node_name(tp_tensor_grad_fn(v)), "SliceBackward0");
  CHECK(tp_binary_scalar_(TP_OP_MUL, y, 3, TP_SCALAR_INT, 1) == 0);
  tp_tensor *e = tp_select(y, 0, 0);  /* a sibling view written: y[0] *= 5 */
  CHECK(tp_binary_scalar_(TP_OP_MUL, e, 5, TP_SCALAR_INT, 1) == 0);
  CHECK_STR(tp_node_name(tp_tensor_grad_fn(v)), "AsStridedBackward0");
  CHECK(tp_node_next_fn(tp_tensor_grad_fn(v), 0) == tp_tensor_grad_fn(y));
  tp_tensor *s = tp_reduce(TP_OP_SUM, v, -1, NULL, 0, 0, -1);
  CHECK(s && backward(s, 0) == 0);
  const double *g = tp_tensor_data(tp_tensor_grad(x));
  CHECK(g[0] == 30 && g[1] == 6 && g[2] == 0);
  tp_tensor *p = tp_binary(TP_OP_MUL, u, u, 1);  /* u was never read: it regenerates on use */
  CHECK(p && !strcmp(tp_node_name(tp_node_next_fn(tp_tensor_grad_fn(p), 0)), "AsStridedBackward0"));
  tp_tensor *all[] = {p, s, e, u, v, y, x};
  for (int i = 0; i < 7; i++) tp_tensor_release(all[i]);
  CHECK(tp_live_tensors() == live);

  x = tp_full(1, (double[]){3}, TP_FLOAT64, 1);
  tp_tensor_set_requires_grad(x, 1);
  y = tp_binary_scalar(TP_OP_MUL, x, 2, TP_SCALAR_INT, 0, 1);
  int mode = tp_set_grad_enabled(0);
  v = tp_slice(y, 0, 0, 2, 1);
  tp_set_grad_enabled(mode);
  CHECK(tp_tensor_refresh_grad_fn(v) == 0 && !tp_tensor_grad_fn(v));
  CHECK(tp_binary_scalar_(TP_OP_MUL, y, 3, TP_SCALAR_INT, 1) == 0);
  for (int i = 0; i < 2; i++) {
    CHECK(tp_tensor_refresh_grad_fn(v) == -1 && strstr(tp_last_error(), "A view was created in no_grad mode and its base"));
    tp_clear_error();
  }
  CHECK(tp_binary(TP_OP_MUL, v, v, 1) == NULL && strstr(tp_last_error(), "its base or another view of its base"));
  tp_clear_error();
  tp_tensor_release(v);
  tp_tensor_release(y);
  tp_tensor_release(x);
  CHECK(tp_live_tensors() == live);
}

/* cumprod at zeros: the masked path (backward) and the differentiable one (create_graph)
 * agree, d/dx sum(cumprod([2, 0, 3])) = [1, 8, 0], and nothing leaks. */
static void test_cumprod_zeros(void) {
  double live = tp_live_tensors();
  const double v[3] = {2, 0, 3};
  tp_tensor *x = tp_from_buffer(v, TP_FLOAT64, 1, (double[]){3}, TP_FLOAT64);
  tp_tensor_set_requires_grad(x, 1);
  for (int create = 0; create < 2; create++) {
    tp_tensor *c = tp_dimop(TP_OP_CUMPROD, x, 0, -1), *s = tp_reduce(TP_OP_SUM, c, -1, NULL, 0, 0, -1), *g[1];
    CHECK(tp_autograd_grad(1, &s, NULL, 1, &x, 0, create, 0, g) == 0);
    const double *d = tp_tensor_data(g[0]);
    CHECK(d[0] == 1 && d[1] == 8 && d[2] == 0);
    tp_tensor *all[] = {g[0], s, c};
    for (int i = 0; i < 3; i++) tp_tensor_release(all[i]);
  }
  tp_tensor_release(x);
  CHECK(tp_live_tensors() == live);
}

/* Note [One owner]: releasing a long graph takes constant stack. The last release runs on a
 * thread with a 256 KB stack (under ASan a recursive release of these chains needs far more):
 * a chain of 100,000 MulBackward0 nodes each saving the tensor before it (tensor -> node ->
 * saved tensor -> node ...), and a chain of 100,000 leaves each holding the one before as
 * its .grad (tensor -> tensor ...). */
static void *release_on_thread(void *t) {
  tp_tensor_release(t);
  return NULL;
}

static int release_on_small_stack(tp_tensor *t) {
  pthread_attr_t a;
  pthread_t th;
  if (pthread_attr_init(&a) || pthread_attr_setstacksize(&a, 256 * 1024)) return -1;
  int rc = pthread_create(&th, &a, release_on_thread, t);
  pthread_attr_destroy(&a);
  return rc ? -1 : pthread_join(th, NULL);
}

static void test_deep_release(void) {
  double live = tp_live_tensors();
  const int N = 100000;
  tp_tensor *x = scalar_leaf(1.5), *w = scalar_leaf(1.0);
  tp_tensor *y = mul_chain(x, w, N);
  CHECK(y != NULL);
  tp_tensor_release(x);
  tp_tensor_release(w);
  CHECK(tp_live_tensors() >= live + N);
  CHECK(release_on_small_stack(y) == 0);
  CHECK(tp_live_tensors() == live);

  tp_tensor *z = scalar_leaf(0.0);
  int set = 0;
  for (int i = 1; i < N; i++) {
    tp_tensor *n = scalar_leaf((double)i);
    set += tp_tensor_set_grad(n, z) == 0;
    tp_tensor_release(z);
    z = n;
  }
  CHECK(set == N - 1);
  CHECK(tp_live_tensors() >= live + N);
  CHECK(release_on_small_stack(z) == 0);
  CHECK(tp_live_tensors() == live);
}

int main(void) {
  test_cumprod_zeros();
  test_stale_view();
  test_hooks();
  test_double_backward();
  test_long_chain();
  test_long_saved_chain();
  test_deep_release();
  test_diamond();
  test_retain_graph();
  test_autograd_grad();
  test_failed_backward();
  test_copy_slices();
  TEST_MAIN_END();
}
