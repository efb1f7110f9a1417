/* random_kernels.h — what the kernels of src/ops/random/random.c give its entry points
 * (src/api/random/random.c), which validate, run them and record the node; not exported. */
#ifndef TP_RANDOM_KERNELS_H
#define TP_RANDOM_KERNELS_H
#include "internal.h"

/* Calls visit(ptr) for every element of t in memory order (dims sorted by stride). */
typedef void (*visit_fn)(char *p, int dtype, void *ctx);

/* What a visit needs: the generator and the distribution's two parameters. */
typedef struct { tp_generator *g; double a, b; } draw_ctx;

typedef struct { tp_generator *g; int64_t low; uint64_t range; } range_draw;

enum { DIST_BERNOULLI, DIST_EXPONENTIAL, DIST_GEOMETRIC, DIST_LOG_NORMAL, DIST_CAUCHY, DIST_RANDOM };

typedef struct { tp_generator *g; int kind; double a, b; } dist_ctx;

/* Calls visit(out, in) for every element of t in t's memory order (as TensorIterator orders
 * a single output), with in the element of p (t's shape, any strides) at the same index. */
typedef void (*visit2_fn)(char *out, int odt, const char *in, int idt, void *ctx);

/* True when an element of t lies outside [lo, hi] or is NaN (validation before any write). */
typedef struct { double lo, hi; int bad; } range_ctx;

float tp_uniform_f32(tp_generator *g, float from, float to);
double tp_uniform_f64(tp_generator *g, double from, double to);
void tp_for_each_in_memory_order(tp_tensor *t, visit_fn visit, void *ctx);
void tp_visit_uniform(char *p, int dtype, void *ctx);
void tp_normal_fill_16_f32(float *d, float mean, float std);
void tp_normal_fill_16_f64(double *d, double mean, double std);
void tp_visit_normal(char *p, int dtype, void *ctx);
void tp_visit_random(char *p, int dtype, void *ctx);
void tp_visit_dist(char *p, int dtype, void *ctx);
extern char tp_bad_msg[128];
void tp_for_each_pair(tp_tensor *t, tp_tensor *p, visit2_fn visit, void *ctx);
int tp_any_outside(tp_tensor *t, double lo, double hi);
int tp_bernoulli_tensor_fill(tp_tensor *t, tp_tensor *p, tp_generator *g);
void tp_visit_poisson(char *o, int odt, const char *in, int idt, void *ctx);

#endif
