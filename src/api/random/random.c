/* random.c — the entry points of src/ops/random/random.c:
 * each validates, runs the kernel (random_kernels.h) and records the autograd node. */
#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include "internal.h"
#include "autograd.h"
#include "derivatives.h"
#include "random_kernels.h"

TP_API int tp_uniform_(tp_tensor *t, double from, double to, tp_generator *g) {
  struct tp_node *n;  /* UniformBackward0: a zero gradient, as PyTorch records it */
  if (tp_inplace_kind_begin(TP_GRAD_FILL, "UniformBackward0", t, 0, NULL, 0, NULL, 0, NULL, &n)) return -1;
  int rc = 0;
  if (!tp_dtype_table[t->dtype].is_floating)
    rc = tp_fail_status("\"check_uniform_bounds\" not implemented for '%s'", tp_dtype_title(t->dtype));
  else if (from > to)
    rc = tp_fail_status("uniform_ expects to return a [from, to) range, but found from=%g > to=%g", from, to);
  else
    rc = tp_check_no_internal_overlap(t);
  if (rc) {
    tp_inplace_abort(n);
    return rc;
  }
  draw_ctx c = {tp_generator_resolve(g), from, to};
  tp_for_each_in_memory_order(t, tp_visit_uniform, &c);
  t->version->value++;
  tp_inplace_commit(t, n);
  return 0;
}

TP_API int tp_normal_(tp_tensor *t, double mean, double std, tp_generator *g) {
  struct tp_node *node;  /* NormalBackward0: a zero gradient, as PyTorch records it */
  if (tp_inplace_kind_begin(TP_GRAD_FILL, "NormalBackward0", t, 0, NULL, 0, NULL, 0, NULL, &node)) return -1;
  int rc = 0;
  if (!tp_dtype_table[t->dtype].is_floating)
    rc = tp_fail_status("\"normal_kernel_cpu\" not implemented for '%s'", tp_dtype_title(t->dtype));
  else if (std < 0)
    rc = tp_fail_status("normal expects std >= 0.0, but found std %g", std);
  else
    rc = tp_check_no_internal_overlap(t);
  if (rc) {
    tp_inplace_abort(node);
    return rc;
  }
  g = tp_generator_resolve(g);
  int64_t n = tp_shape_numel(t->ndim, t->shape);
  if (n >= 16 && tp_tensor_is_contiguous(t)) {
    if (t->dtype == TP_FLOAT32) {
      float *d = (float *)tp_ptr(t);
      for (int64_t i = 0; i < n; i++) d[i] = tp_uniform_f32(g, 0, 1);
      for (int64_t i = 0; i + 16 <= n; i += 16) tp_normal_fill_16_f32(d + i, (float)mean, (float)std);
      if (n % 16) {
        d += n - 16;
        for (int i = 0; i < 16; i++) d[i] = tp_uniform_f32(g, 0, 1);
        tp_normal_fill_16_f32(d, (float)mean, (float)std);
      }
    } else {
      double *d = (double *)tp_ptr(t);
      for (int64_t i = 0; i < n; i++) d[i] = tp_uniform_f64(g, 0, 1);
      for (int64_t i = 0; i + 16 <= n; i += 16) tp_normal_fill_16_f64(d + i, mean, std);
      if (n % 16) {
        d += n - 16;
        for (int i = 0; i < 16; i++) d[i] = tp_uniform_f64(g, 0, 1);
        tp_normal_fill_16_f64(d, mean, std);
      }
    }
  } else {
    draw_ctx c = {g, mean, std};
    tp_for_each_in_memory_order(t, tp_visit_normal, &c);
  }
  t->version->value++;
  tp_inplace_commit(t, node);
  return 0;
}

/* random_(from, to) is RandomBackward0, random_(to) RandomBackward1 (zero gradients). */
/* from and to are int64 (a Python int beyond is "Overflow when unpacking long"), to > from,
 * and for int32/bool both from and to - 1 within the dtype (ATen's check_from_to_in_range);
 * the range to - from is taken in uint64, so [-2^63, 2^63 - 1] draws whole 64-bit words. */
static int random_range(tp_tensor *t, double low, double high, const char *grad_fn, tp_generator *g) {
  int64_t from, to;
  if (tp_int_arg(low, "from", &from) || tp_int_arg(high, "to", &to)) return -1;
  if (tp_check_no_internal_overlap(t)) return -1;  /* (1.13 checks it before the range) */
  if (from >= to)
    return tp_fail_status("random_ expects 'from' to be less than 'to', but got from=%lld >= to=%lld", (long long)from, (long long)to);
  if (t->dtype == TP_INT32 || t->dtype == TP_BOOL) {
    int64_t lo = t->dtype == TP_BOOL ? 0 : INT32_MIN, hi = t->dtype == TP_BOOL ? 1 : INT32_MAX;
    const char *name = t->dtype == TP_BOOL ? "bool" : "int";
    if (from < lo || from > hi) return tp_fail_status("from is out of bounds for %s", name);
    if (to - 1 < lo || to - 1 > hi) return tp_fail_status("to - 1 is out of bounds for %s", name);
  }
  struct tp_node *n;
  if (tp_inplace_kind_begin(TP_GRAD_FILL, grad_fn, t, 0, NULL, 0, NULL, 0, NULL, &n)) return -1;
  range_draw c = {tp_generator_resolve(g), from, (uint64_t)to - (uint64_t)from};
  tp_for_each_in_memory_order(t, tp_visit_random, &c);
  t->version->value++;
  tp_inplace_commit(t, n);
  return 0;
}

TP_API int tp_random_(tp_tensor *t, double low, double high, tp_generator *g) {
  return random_range(t, low, high, "RandomBackward0", g);
}

TP_API int tp_random_to_(tp_tensor *t, double high, tp_generator *g) { return random_range(t, 0, high, "RandomBackward1", g); }

/* The in-place draw as PyTorch records it: a node named grad_fn (ExponentialBackward0, ...)
 * whose gradient is zero (kind TP_GRAD_FILL), made after the leaf check and before the
 * kernel's own checks (dtype, then parameters), so a failed call changes nothing. */
static int dist_fill(tp_tensor *t, tp_generator *g, int kind, double a, double b, const char *grad_fn, const char *kernel,
                     const char *bad) {
  struct tp_node *n;
  if (tp_inplace_kind_begin(TP_GRAD_FILL, grad_fn, t, 0, NULL, 0, NULL, 0, NULL, &n)) return -1;
  if (kernel && !tp_dtype_table[t->dtype].is_floating) {
    tp_inplace_abort(n);
    return tp_fail_status("\"%s\" not implemented for '%s'", kernel, tp_dtype_title(t->dtype));
  }
  if (bad) {
    tp_inplace_abort(n);
    return tp_fail_status("%s", bad);
  }
  if (tp_check_no_internal_overlap(t)) {
    tp_inplace_abort(n);
    return -1;
  }
  dist_ctx c = {tp_generator_resolve(g), kind, a, b};
  tp_for_each_in_memory_order(t, tp_visit_dist, &c);
  t->version->value++;
  tp_inplace_commit(t, n);
  return 0;
}

#define BAD(cond, ...) ((cond) ? (tp_snprintf(tp_bad_msg, sizeof tp_bad_msg, __VA_ARGS__), tp_bad_msg) : NULL)

TP_API int tp_bernoulli_(tp_tensor *t, double p, tp_generator *g) {
  return dist_fill(t, g, DIST_BERNOULLI, p, 0, "BernoulliBackward2", NULL,
                   BAD(!(p >= 0 && p <= 1), "bernoulli_ expects p to be in [0, 1], but got p=%g", p));
}

TP_API int tp_exponential_(tp_tensor *t, double lambd, tp_generator *g) {
  return dist_fill(t, g, DIST_EXPONENTIAL, lambd, 0, "ExponentialBackward0", "exponential_cpu",
                   BAD(!(lambd >= 0), "exponential_ expects lambda >= 0.0, but found lambda=%g", lambd));
}

TP_API int tp_geometric_(tp_tensor *t, double p, tp_generator *g) {
  return dist_fill(t, g, DIST_GEOMETRIC, p, 0, "GeometricBackward0", NULL,
                   BAD(!(p > 0 && p < 1), "geometric_ expects p to be in (0, 1), but got p=%g", p));
}

TP_API int tp_log_normal_(tp_tensor *t, double mean, double std, tp_generator *g) {
  return dist_fill(t, g, DIST_LOG_NORMAL, mean, std, "LogNormalBackward0", "log_normal_cpu",
                   BAD(!(std > 0), "log_normal_ expects std > 0.0, but found std=%g", std));
}

TP_API int tp_cauchy_(tp_tensor *t, double median, double sigma, tp_generator *g) {
  return dist_fill(t, g, DIST_CAUCHY, median, sigma, "CauchyBackward0", "cauchy_cpu", NULL);
}

TP_API int tp_random_full_(tp_tensor *t, tp_generator *g) {
  return dist_fill(t, g, DIST_RANDOM, 0, 0, "RandomBackward2", NULL, NULL);
}

/* bernoulli_(p) with a tensor p broadcast to self: one uniform per element of self, 53-bit
 * for a float64 p and 24-bit otherwise (at::bernoulli_distribution<float>). */
TP_API int tp_bernoulli_tensor_(tp_tensor *t, tp_tensor *p, tp_generator *g) {
  struct tp_node *n;
  if (tp_inplace_kind_begin(TP_GRAD_FILL, "BernoulliBackward1", t, 1, &p, 0, NULL, 0, NULL, &n)) return -1;
  if (tp_check_no_internal_overlap(t) || tp_bernoulli_tensor_fill(t, p, g)) {
    tp_inplace_abort(n);
    return -1;
  }
  tp_inplace_commit(t, n);
  return 0;
}

/* torch.bernoulli(p): draws like p (BernoulliBackward0 over p, a zero gradient). */
TP_API tp_tensor *tp_bernoulli(tp_tensor *p, tp_generator *g) {
  tp_tensor *out = tp_empty_like(p, p->dtype);
  if (!out) return NULL;
  int mode = tp_set_grad_enabled(0);
  int rc = tp_bernoulli_tensor_fill(out, p, g);
  tp_set_grad_enabled(mode);
  if (rc) {
    tp_tensor_release(out);
    return NULL;
  }
  return tp_record_kind(TP_GRAD_FILL, "BernoulliBackward0", 1, &p, out, 0, NULL, 0, NULL);
}

TP_API tp_tensor *tp_poisson(tp_tensor *rates, tp_generator *g) {
  if (!tp_dtype_table[rates->dtype].is_floating)
    return tp_fail("\"poisson_cpu\" not implemented for '%s'", tp_dtype_title(rates->dtype));
  if (tp_any_outside(rates, 0, INFINITY)) return tp_fail("invalid Poisson rate, expected rate to be non-negative");
  double sizes[TP_MAX_DIMS];  /* a contiguous result (1.13 allocates at::zeros(sizes)) */
  for (int d = 0; d < rates->ndim; d++) sizes[d] = (double)rates->shape[d];
  tp_tensor *out = tp_empty(rates->ndim, sizes, rates->dtype);
  if (!out) return NULL;
  tp_for_each_pair(out, rates, tp_visit_poisson, tp_generator_resolve(g));
  return tp_record_kind(TP_GRAD_FILL, "PoissonBackward0", 1, &rates, out, 0, NULL, 0, NULL);
}

/* torch.normal's tensor forms, as 1.13's normal_out_impl: standard normals (normal_(0, std)
 * for a scalar std) drawn into a new tensor of the broadcast shape, then mul_(std) and
 * add_(mean) — the values PyTorch gives for the same seed. A NULL mean/std stands for the
 * scalar m/s. Recorded as NormalBackward1 (tensor mean), 2 (tensor std) or 3 (both), whose
 * gradients are zero. */
TP_API tp_tensor *tp_normal_tensor(tp_tensor *mean, tp_tensor *std, double m, double s, tp_generator *g) {
  if (!std && !(s >= 0)) return tp_fail("normal expects std >= 0.0, but found std %g", s);
  if (std && tp_any_outside(std, 0, INFINITY)) return tp_fail("normal expects all elements of std >= 0.0");
  tp_tensor *shape_of = mean ? mean : std;
  int nd = shape_of->ndim;
  int64_t shape[TP_MAX_DIMS];
  memcpy(shape, shape_of->shape, sizeof(int64_t) * (size_t)nd);
  if (mean && std) {  /* infer_size */
    nd = mean->ndim > std->ndim ? mean->ndim : std->ndim;
    for (int i = nd - 1; i >= 0; i--) {
      int ia = i - nd + mean->ndim, ib = i - nd + std->ndim;
      int64_t da = ia >= 0 ? mean->shape[ia] : 1, db = ib >= 0 ? std->shape[ib] : 1;
      if (da != db && da != 1 && db != 1)
        return tp_fail("The size of tensor a (%lld) must match the size of tensor b (%lld) at non-singleton dimension %d",
                       (long long)da, (long long)db, i);
      shape[i] = da == 1 ? db : da;
    }
  }
  double sizes[TP_MAX_DIMS];
  for (int i = 0; i < nd; i++) sizes[i] = (double)shape[i];
  tp_tensor *out = tp_empty(nd, sizes, shape_of->dtype);
  if (!out) return NULL;
  int mode = tp_set_grad_enabled(0);
  int rc = tp_normal_(out, 0, std ? 1 : s, g);
  if (!rc && std) rc = tp_binary_(TP_OP_MUL, out, std, 1);
  if (!rc) rc = mean ? tp_binary_(TP_OP_ADD, out, mean, 1) : tp_binary_scalar_(TP_OP_ADD, out, m, TP_SCALAR_FLOAT, 1);
  tp_set_grad_enabled(mode);
  if (rc) {
    tp_tensor_release(out);
    return NULL;
  }
  tp_tensor *ins[2] = {mean ? mean : std, std};
  const char *name = mean && std ? "NormalBackward3" : mean ? "NormalBackward1" : "NormalBackward2";
  return tp_record_kind(TP_GRAD_FILL, name, mean && std ? 2 : 1, ins, out, 0, NULL, 0, NULL);
}
