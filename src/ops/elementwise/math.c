/* math.c — elementwise math functions and predicates beyond the core arithmetic:
 * isnan/isinf/..., sgn, erfc/erfinv/lgamma/digamma, acosh/asinh/atanh, sinc, deg2rad, the
 * bitwise and integer ops, atan2/fmod/hypot/logaddexp/xlogy/copysign/fmax/fmin/..., and the
 * ops with parameters or three operands (nan_to_num, logit, addcmul, addcdiv, lerp, isclose).
 *
 * Off the hot path, so compiled for size: one generic strided loop per arity that loads each
 * operand in its own dtype as a double (int64 for the integer ops), applies the op through a
 * switch and stores in the output's dtype. The ops.def rows go through tp_unary/tp_binary
 * (elementwise.c asks here for their dtypes and kernels); the others have entry points below.
 */
#include <math.h>
#include <float.h>
#include <string.h>
#include "ops.h"
#include "math_kernels.h"

#define PI 3.14159265358979323846
#define INV_LN2 1.44269504088896340736

/* ---- special functions, as PyTorch's ATen/native/Math.h computes them ------------------- */
static double polevl(double x, const double *c, int n) {
  double r = c[0];
  for (int i = 1; i <= n; i++) r = r * x + c[i];
  return r;
}

double tp_digamma(double x) {
  static const double PSI_10 = 2.25175258906672110764;
  static const double A[] = {8.33333333333333333333E-2, -2.10927960927960927961E-2, 7.57575757575757575758E-3,
                             -4.16666666666666666667E-3, 3.96825396825396825397E-3, -8.33333333333333333333E-3,
                             8.33333333333333333333E-2};
  if (x == 0) return copysign(INFINITY, -x);
  if (x < 0) {
    if (x == trunc(x)) return NAN;
    double q, r = modf(x, &q);
    return tp_digamma(1 - x) - PI / tan(PI * r);
  }
  double result = 0;
  while (x < 10) { result -= 1 / x; x += 1; }
  if (x == 10) return result + PSI_10;
  double y = 0;
  if (x < 1.0e17) {
    double z = 1.0 / (x * x);
    y = z * polevl(z, A, 6);
  }
  return result + log(x) - (0.5 / x) - y;
}

/* float32 as PyTorch computes it: in float, which loses digits near digamma's root. */
static float digamma_f(float x) {
  static const float A[] = {8.33333333333333333333E-2f, -2.10927960927960927961E-2f, 7.57575757575757575758E-3f,
                            -4.16666666666666666667E-3f, 3.96825396825396825397E-3f, -8.33333333333333333333E-3f,
                            8.33333333333333333333E-2f};
  if (x == 0) return copysignf(INFINITY, -x);
  if (x < 0) {
    if (x == truncf(x)) return NAN;
    double q, r = modf(x, &q);
    return digamma_f(1 - x) - (float)(PI / tan(PI * r));
  }
  float result = 0;
  while (x < 10) { result -= 1 / x; x += 1; }
  if (x == 10) return result + 2.25175258906672110764f;
  float y = 0;
  if (x < 1.0e17f) {
    float z = 1 / (x * x), pz = A[0];
    for (int i = 1; i <= 6; i++) pz = pz * z + A[i];
    y = z * pz;
  }
  return result + logf(x) - (0.5f / x) - y;
}

double tp_trigamma(double x) {
  double sign = +1, result = 0;
  if (x < 0.5) {
    sign = -1;
    double s = sin(PI * x);
    result -= (PI * PI) / (s * s);
    x = 1 - x;
  }
  for (int i = 0; i < 6; ++i) { result += 1 / (x * x); x += 1; }
  double ixx = 1 / (x * x);
  result += (1 + 1 / (2 * x) + ixx * (1. / 6 - ixx * (1. / 30 - ixx * (1. / 42)))) / x;
  return sign * result;
}

/* Hurwitz zeta(x, q), Cephes' algorithm as PyTorch has it. */
static double zeta(double x, double q) {
  static const double MACHEP = 1.11022302462515654042E-16;
  static const double A[] = {12.0, -720.0, 30240.0, -1209600.0, 47900160.0, -1.8924375803183791606e9, 7.47242496e10,
                             -2.950130727918164224e12, 1.1646782814350067249e14, -4.5979787224074726105e15,
                             1.8152105401943546773e17, -7.1661652561756670113e18};
  if (x == 1) return INFINITY;
  if (x < 1) return NAN;
  if (q <= 0) {
    if (q == floor(q)) return INFINITY;
    if (x != floor(x)) return NAN;
  }
  double s = pow(q, -x), a = q, b = 0;
  int i = 0;
  while (i < 9 || a <= 9.0) {
    i += 1;
    a += 1;
    b = pow(a, -x);
    s += b;
    if (-MACHEP * s < b && b < MACHEP * s) return s;
  }
  double w = a, k = 0;
  s += b * w / (x - 1);
  s -= 0.5 * b;
  a = 1;
  for (int j = 0; j < 12; j++) {
    a *= x + k;
    b /= w;
    double t = a * b / A[j];
    s = s + t;
    if (fabs(t / s) < MACHEP) return s;
    k += 1;
    a *= x + k;
    b /= w;
    k += 1;  /* the series' next factors are x + 2j, x + 2j + 1 */
  }
  return s;
}

/* polygamma(n, x): digamma, trigamma, else (-1)^(n+1) n! zeta(n + 1, x). */
static double polygamma(int64_t n, double x) {
  if (n == 0) return tp_digamma(x);
  if (n == 1) return tp_trigamma(x);
  return ((n % 2) ? 1.0 : -1.0) * exp(lgamma((double)n + 1.0)) * zeta((double)n + 1, x);
}

static double erfinv_d(double y) {
  static const double a[4] = {0.886226899, -1.645349621, 0.914624893, -0.140543331};
  static const double b[4] = {-2.118377725, 1.442710462, -0.329097515, 0.012229801};
  static const double c[4] = {-1.970840454, -1.624906493, 3.429567803, 1.641345311};
  static const double d[2] = {3.543889200, 1.637067800};
  double ya = fabs(y), x;
  if (ya > 1.0) return NAN;
  if (ya == 1.0) return copysign(INFINITY, y);
  if (ya <= 0.7) {
    double z = y * y;
    x = y * (((a[3] * z + a[2]) * z + a[1]) * z + a[0]) / ((((b[3] * z + b[2]) * z + b[1]) * z + b[0]) * z + 1.0);
  } else {
    double z = sqrt(-log((1.0 - ya) / 2.0));
    x = copysign(((c[3] * z + c[2]) * z + c[1]) * z + c[0], y) / ((d[1] * z + d[0]) * z + 1.0);
  }
  x = x - (erf(x) - y) / ((2.0 / sqrt(PI)) * exp(-x * x));  /* two Newton steps */
  x = x - (erf(x) - y) / ((2.0 / sqrt(PI)) * exp(-x * x));
  return x;
}

/* ---- unary ------------------------------------------------------------------------------ */
static int is_float(int dt) { return dt == TP_FLOAT32 || dt == TP_FLOAT64; }

static int is_predicate(int op) {
  switch (op) {
  case TP_OP_ISNAN: case TP_OP_ISINF: case TP_OP_ISFINITE: case TP_OP_ISPOSINF: case TP_OP_ISNEGINF:
  case TP_OP_ISREAL: case TP_OP_SIGNBIT:
    return 1;
  default:
    return 0;
  }
}

int tp_elemw_unary_types(int op, int dt, int *out) {
  switch (op) {
  case TP_OP_SGN: *out = dt; return dt;
  case TP_OP_BITWISE_NOT:
    if (is_float(dt)) return tp_fail_status("\"bitwise_not_cpu\" not implemented for '%s'", tp_dtype_title(dt));
    *out = dt;
    return dt;
  default:
    if (is_predicate(op)) { *out = TP_BOOL; return dt; }
    return -2;
  }
}

int tp_elemw_unary_out(int op, int ct) { return is_predicate(op) ? TP_BOOL : ct; }

static double unary_f(int op, double x, const double *p, int dt) {
  if (dt == TP_FLOAT32) {  /* the ops whose float32 PyTorch computes in float and rounds visibly otherwise */
    float f = (float)x;
    switch (op) {
    case TP_OP_DIGAMMA: return digamma_f(f);
    case TP_OP_SINC: {
      if (f == 0) return 1;
      float px = (float)PI * f;
      return sinf(px) / px;
    }
    case TP_OP_DEG2RAD: return f * (float)(PI / 180);
    case TP_OP_RAD2DEG: return f * (float)(180 / PI);
    case TP_OP_SPECIAL_ENTR: return f != f ? f : f > 0 ? -f * logf(f) : f == 0 ? 0.0f : -INFINITY;
    case TP_EW_LOGIT: {
      float e = (float)p[0];
      if (p[0] >= 0) f = f < e ? e : f > 1 - e ? 1 - e : f;
      return logf(f / (1 - f));
    }
    default: break;
    }
  }
  switch (op) {
  case TP_OP_ISNAN: return x != x;
  case TP_OP_ISINF: return isinf(x) != 0;
  case TP_OP_ISFINITE: return isfinite(x) != 0;
  case TP_OP_ISPOSINF: return x == INFINITY;
  case TP_OP_ISNEGINF: return x == -INFINITY;
  case TP_OP_ISREAL: return 1;
  case TP_OP_SIGNBIT: return signbit(x) != 0;
  case TP_OP_SGN: return (0 < x) - (x < 0);
  case TP_OP_ERFC: return erfc(x);
  case TP_OP_ERFINV: return erfinv_d(x);
  case TP_OP_LGAMMA: return lgamma(x);
  case TP_OP_DIGAMMA: return tp_digamma(x);
  case TP_OP_ACOSH: return acosh(x);
  case TP_OP_ASINH: return asinh(x);
  case TP_OP_ATANH: return atanh(x);
  case TP_OP_SINC: {
    if (x == 0) return 1;
    double px = PI * x;
    return sin(px) / px;
  }
  case TP_OP_DEG2RAD: return x * (PI / 180);
  case TP_OP_RAD2DEG: return x * (180 / PI);
  case TP_OP_SPECIAL_ENTR: return x != x ? x : x > 0 ? -x * log(x) : x == 0 ? 0 : -INFINITY;  /* -x ln x */
  case TP_EW_LOGIT: {
    if (p[0] >= 0) x = x < p[0] ? p[0] : x > 1 - p[0] ? 1 - p[0] : x;
    return log(x / (1 - x));
  }
  case TP_EW_POLYGAMMA: return polygamma(tp_clamp_i64(p[0]), x);
  case TP_EW_NAN_TO_NUM: {
    if (x != x) return p[0];
    if (x == INFINITY) return isnan(p[1]) ? (dt == TP_FLOAT32 ? FLT_MAX : DBL_MAX) : p[1];
    if (x == -INFINITY) return isnan(p[2]) ? (dt == TP_FLOAT32 ? -FLT_MAX : -DBL_MAX) : p[2];
    return x;
  }
  default: return NAN;
  }
}

/* ctx: tp_elemw_ctx; operands p[0] = out, p[1] = in, each in its own dtype (dt[0], dt[1]). */
static void unary_loop(char **p, const int64_t *s, int64_t n, void *ctx) {
  const tp_elemw_ctx *c = ctx;
  char *o = p[0];
  const char *in = p[1];
  if (c->op == TP_OP_BITWISE_NOT) {
    for (int64_t k = 0; k < n; k++, o += s[0], in += s[1]) {
      int64_t x = tp_load_i64(in, c->dt[1]);
      tp_store_i64(o, c->dt[0], c->dt[0] == TP_BOOL ? !x : ~x);
    }
    return;
  }
  if (!is_float(c->dt[1]) && (c->op == TP_OP_SGN || c->op == TP_EW_NAN_TO_NUM)) {  /* integers: exact */
    for (int64_t k = 0; k < n; k++, o += s[0], in += s[1]) {
      int64_t x = tp_load_i64(in, c->dt[1]);
      tp_store_i64(o, c->dt[0], c->op == TP_OP_SGN ? (0 < x) - (x < 0) : x);
    }
    return;
  }
  for (int64_t k = 0; k < n; k++, o += s[0], in += s[1])
    tp_store_f64(o, c->dt[0], unary_f(c->op, tp_load_f64(in, c->dt[1]), c->p, c->dt[0]));
}

tp_inner_fn tp_elemw_unary_kernel(int op, int out_dt, int ct, tp_elemw_ctx *c) {
  c->op = op;
  c->dt[0] = (int8_t)out_dt;
  c->dt[1] = (int8_t)ct;
  return unary_loop;
}

/* ---- binary ----------------------------------------------------------------------------- */
int tp_elemw_binary_types(int op, int common, int da, int db, int *out) {
  const char *t = tp_dtype_title(common);
  int ct = common;
  switch (op) {
  case TP_OP_ATAN2: case TP_OP_XLOGY: case TP_OP_COPYSIGN:
    if (!is_float(common)) ct = tp_default_float;
    break;
  case TP_OP_FMOD:
    if (common == TP_BOOL) return tp_fail_status("\"fmod_cpu\" not implemented for 'Bool'");
    break;
  case TP_OP_HYPOT: case TP_OP_LOGADDEXP: case TP_OP_LOGADDEXP2: case TP_OP_NEXTAFTER:
    if (!is_float(common)) return tp_fail_status("\"%s_cpu\" not implemented for '%s'", tp_op_name(op), t);
    break;
  case TP_OP_FMAX: case TP_OP_FMIN: break;
  case TP_OP_HEAVISIDE:
    if (da != db) return tp_fail_status("heaviside is not yet implemented for tensors with different dtypes.");
    break;
  case TP_OP_GCD: case TP_OP_LCM:
    if (is_float(common) || common == TP_BOOL) return tp_fail_status("\"%s_cpu\" not implemented for '%s'", tp_op_name(op), t);
    break;
  case TP_OP_BITWISE_AND: case TP_OP_BITWISE_OR: case TP_OP_BITWISE_XOR:
    if (is_float(common)) return tp_fail_status("\"%s_cpu\" not implemented for '%s'", tp_op_name(op), t);
    break;
  case TP_OP_BITWISE_LEFT_SHIFT: case TP_OP_BITWISE_RIGHT_SHIFT:
    if (is_float(common) || common == TP_BOOL)
      return tp_fail_status("\"%s_cpu\" not implemented for '%s'", op == TP_OP_BITWISE_LEFT_SHIFT ? "lshift" : "rshift", t);
    break;
  default:
    return -2;
  }
  *out = ct;
  return ct;
}

static double binary_f(int op, double a, double b, int dt) {
  if (dt == TP_FLOAT32 && (op == TP_OP_LOGADDEXP || op == TP_OP_LOGADDEXP2 || op == TP_OP_XLOGY)) {  /* in float, as PyTorch */
    float x = (float)a, y = (float)b;
    if (op == TP_OP_XLOGY) return y != y ? NAN : x == 0 ? 0 : x * logf(y);
    if (isinf(x) && x == y) return x;
    if (x != x || y != y) return NAN;
    float m = x > y ? x : y, d = -fabsf(x - y);
    return op == TP_OP_LOGADDEXP ? m + log1pf(expf(d)) : m + log1pf(exp2f(d)) * (float)INV_LN2;
  }
  switch (op) {
  case TP_OP_ATAN2: return atan2(a, b);
  case TP_OP_FMOD: return fmod(a, b);
  case TP_OP_HYPOT: return hypot(a, b);
  case TP_OP_LOGADDEXP: case TP_OP_LOGADDEXP2: {
    if (isinf(a) && a == b) return a;
    double m = a > b ? a : b, d = -fabs(a - b);  /* NaN: m is b or a, d is NaN */
    if (a != a || b != b) return NAN;
    return op == TP_OP_LOGADDEXP ? m + log1p(exp(d)) : m + log1p(exp2(d)) * INV_LN2;
  }
  case TP_OP_XLOGY:
    if (b != b) return NAN;
    return a == 0 ? 0 : a * log(b);
  case TP_OP_COPYSIGN: return copysign(a, b);
  case TP_OP_FMAX: return a != a ? b : b != b ? a : a > b ? a : b;
  case TP_OP_FMIN: return a != a ? b : b != b ? a : a < b ? a : b;
  case TP_OP_HEAVISIDE: return a == 0 ? b : a > 0;
  case TP_OP_NEXTAFTER: return dt == TP_FLOAT32 ? (double)nextafterf((float)a, (float)b) : nextafter(a, b);
  default: return NAN;
  }
}

static int64_t gcd64(int64_t a, int64_t b) {
  uint64_t x = a < 0 ? 0 - (uint64_t)a : (uint64_t)a, y = b < 0 ? 0 - (uint64_t)b : (uint64_t)b;
  while (x) { uint64_t c = x; x = y % x; y = c; }
  return (int64_t)y;
}

/* The integer ops in the compute dtype dt (int32 wraps and shifts as int32, as on x86). */
static int64_t binary_i(int op, int64_t a, int64_t b, int dt) {
  int bits = dt == TP_INT32 ? 32 : 64;
  switch (op) {
  case TP_OP_FMOD: return b == -1 ? 0 : a % b;  /* b == 0 was refused before */
  case TP_OP_FMAX: return a > b ? a : b;
  case TP_OP_FMIN: return a < b ? a : b;
  case TP_OP_HEAVISIDE: return a == 0 ? b : a > 0;
  case TP_OP_GCD: return gcd64(a, b);
  case TP_OP_LCM: {
    int64_t g = gcd64(a, b);
    if (g == 0) return 0;
    int64_t r = (int64_t)((uint64_t)(a / g) * (uint64_t)b);
    return r < 0 ? (int64_t)(0 - (uint64_t)r) : r;
  }
  case TP_OP_BITWISE_AND: return a & b;
  case TP_OP_BITWISE_OR: return a | b;
  case TP_OP_BITWISE_XOR: return a ^ b;
  case TP_OP_BITWISE_LEFT_SHIFT:
    if (bits == 32) return (int32_t)((uint32_t)a << (b & 31));
    return (int64_t)((uint64_t)a << (b & 63));
  case TP_OP_BITWISE_RIGHT_SHIFT:
    if (bits == 32) return (int32_t)a >> (b & 31);
    return a >> (b & 63);
  default: return 0;
  }
}

/* ctx: tp_elemw_ctx; p[0] = out, p[1] = a, p[2] = b in dtypes dt[0..2]. */
static void binary_loop(char **p, const int64_t *s, int64_t n, void *ctx) {
  const tp_elemw_ctx *c = ctx;
  char *o = p[0];
  const char *pa = p[1], *pb = p[2];
  int ct = c->dt[3];
  if (!is_float(ct)) {
    for (int64_t k = 0; k < n; k++, o += s[0], pa += s[1], pb += s[2]) {
      int64_t r = binary_i(c->op, tp_load_i64(pa, c->dt[1]), tp_load_i64(pb, c->dt[2]), ct);
      tp_store_i64(o, c->dt[0], ct == TP_BOOL ? r != 0 : r);
    }
    return;
  }
  for (int64_t k = 0; k < n; k++, o += s[0], pa += s[1], pb += s[2])
    tp_store_f64(o, c->dt[0], binary_f(c->op, tp_load_f64(pa, c->dt[1]), tp_load_f64(pb, c->dt[2]), ct));
}

tp_inner_fn tp_elemw_binary_kernel(int op, int out_dt, int ct, tp_elemw_ctx *c) {
  c->op = op;
  c->dt[0] = (int8_t)out_dt;
  c->dt[1] = c->dt[2] = c->dt[3] = (int8_t)ct;
  return binary_loop;
}

/* ---- ops with parameters: nan_to_num, logit ----------------------------------------------- */
tp_tensor *tp_unary_param(int op, tp_tensor *x, const double *p) {
  int ct = op != TP_EW_NAN_TO_NUM && !is_float(x->dtype) ? tp_default_float : x->dtype;
  tp_tensor *out = tp_tensor_make(ct, x->ndim, x->shape);
  if (!out) return NULL;
  tp_elemw_ctx c = {.op = op, .dt = {(int8_t)ct, x->dtype}};
  memcpy(c.p, p, sizeof c.p);
  tp_iter it;
  tp_tensor *ops[2] = {out, x};
  tp_iter_init(&it, 2, ops);
  tp_iter_run(&it, unary_loop, &c);
  return out;
}

const char *tp_param_grad(int op) {
  return op == TP_EW_LOGIT ? "LogitBackward0" : op == TP_EW_POLYGAMMA ? "PolygammaBackward0" : "NanToNumBackward0";
}

/* ---- three operands: addcmul, addcdiv, lerp ------------------------------------------------ */
static double ternary_f(int op, double a, double b, double c, double v) {
  switch (op) {
  case TP_EW_ADDCMUL: return a + v * b * c;
  case TP_EW_ADDCDIV: return a + v * b / c;
  default: {  /* lerp: a + w (b - a), computed from the nearer end as PyTorch does */
    double w = op == TP_EW_LERP_T ? c : v;
    return fabs(w) < 0.5 ? a + w * (b - a) : b - (b - a) * (1 - w);
  }
  }
}

static void ternary_loop(char **p, const int64_t *s, int64_t n, void *ctx) {
  const tp_elemw_ctx *c = ctx;
  char *o = p[0];
  const char *pa = p[1], *pb = p[2], *pc = p[3];
  if (!is_float(c->dt[0])) {  /* integer addcmul: value is taken as an integer */
    int64_t v = tp_clamp_i64(c->p[0]);
    for (int64_t k = 0; k < n; k++, o += s[0], pa += s[1], pb += s[2], pc += s[3]) {
      uint64_t r = (uint64_t)tp_load_i64(pa, c->dt[1]) +
                   (uint64_t)v * (uint64_t)tp_load_i64(pb, c->dt[2]) * (uint64_t)tp_load_i64(pc, c->dt[3]);
      tp_store_i64(o, c->dt[0], (int64_t)r);
    }
    return;
  }
  if (c->dt[0] == TP_FLOAT32) {  /* in float, in PyTorch's order, fused where x86 builds fuse */
    float v = (float)c->p[0];
    for (int64_t k = 0; k < n; k++, o += s[0], pa += s[1], pb += s[2], pc += s[3]) {
      float a = (float)tp_load_f64(pa, c->dt[1]), b = (float)tp_load_f64(pb, c->dt[2]);
      float d = c->op == TP_EW_LERP ? v : (float)tp_load_f64(pc, c->dt[3]);
      float r;
      if (c->op == TP_EW_ADDCMUL) r = fmaf(v * b, d, a);
      else if (c->op == TP_EW_ADDCDIV) r = a + v * b / d;
      else r = fabsf(d) < 0.5f ? fmaf(d, b - a, a) : fmaf(a - b, 1 - d, b);  /* lerp, weight d */
      *(float *)o = r;
    }
    return;
  }
  for (int64_t k = 0; k < n; k++, o += s[0], pa += s[1], pb += s[2], pc += s[3])
    tp_store_f64(o, c->dt[0], ternary_f(c->op, tp_load_f64(pa, c->dt[1]), tp_load_f64(pb, c->dt[2]),
                                        c->dt[3] < 0 ? 0 : tp_load_f64(pc, c->dt[3]), c->p[0]));
}

static const char *ctype(int dt) {  /* as PyTorch's lerp messages name dtypes */
  static const char *const n[TP_NDTYPES] = {"float", "double", "int", "long int", "bool"};
  return n[dt];
}

static const char *ternary_name(int op) {
  return op == TP_EW_ADDCMUL ? "addcmul" : op == TP_EW_ADDCDIV ? "addcdiv" : "lerp";
}

/* The result dtype, or -1 with PyTorch's message. c is NULL for lerp with a scalar weight. */
static int ternary_types(int op, tp_tensor *a, tp_tensor *b, tp_tensor *c) {
  if (op == TP_EW_LERP || op == TP_EW_LERP_T) {
    if (b->dtype != a->dtype)
      return tp_fail_status("expected dtype %s for `end` but got dtype %s", ctype(a->dtype), ctype(b->dtype));
    if (c && c->dtype != a->dtype)
      return tp_fail_status("expected dtype %s for `weight` but got dtype %s", ctype(a->dtype), ctype(c->dtype));
    if (!is_float(a->dtype))
      return tp_fail_status("\"lerp_kernel_%s\" not implemented for '%s'", c ? "tensor" : "scalar", tp_dtype_title(a->dtype));
    return a->dtype;
  }
  if (op == TP_EW_ADDCDIV && !is_float(b->dtype) && !is_float(c->dtype))
    return tp_fail_status("Integer division with addcdiv is no longer supported, and in a future  release addcdiv will perform a true division of tensor1 and tensor2. The historic addcdiv behavior can be implemented as (input + value * torch.trunc(tensor1 / tensor2)).to(input.dtype) for integer inputs and as (input + value * tensor1 / tensor2) for float inputs. The future addcdiv behavior is just the latter implementation: (input + value * tensor1 / tensor2), for all dtypes.");
  tp_tensor *ts[3] = {a, b, c};
  int ct = tp_result_type(3, ts, NULL);
  if (ct == TP_BOOL) return tp_fail_status("\"%s_cpu_out\" not implemented for 'Bool'", ternary_name(op));
  return ct;
}

tp_tensor *tp_ternary_run(int op, tp_tensor *a, tp_tensor *b, tp_tensor *c, double v, tp_tensor *dst) {
  int ct = ternary_types(op, a, b, c);
  if (ct < 0) return NULL;
  tp_tensor *ts[3] = {a, b, c};
  int64_t shape[TP_MAX_DIMS];
  int nd = tp_broadcast_shape(c ? 3 : 2, ts, shape);
  if (nd < 0) return NULL;
  if (dst && (nd != dst->ndim || memcmp(shape, dst->shape, sizeof(int64_t) * nd))) {
    char x[200], y[200];
    tp_format_shape(x, sizeof x, dst->ndim, dst->shape);
    tp_format_shape(y, sizeof y, nd, shape);
    return tp_fail("output with shape %s doesn't match the broadcast shape %s", x, y);
  }
  if (dst && ct != dst->dtype && tp_can_cast(ct, dst->dtype))
    /* 1.13's addcmul_/addcdiv_ kernels (cpu_kernel_vec) refuse to cast: an in-place write whose
     * operands promote past self's dtype (float32 self, a float64 tensor1) fails its assert */
    return tp_fail("!needs_dynamic_casting<func_t>::check(iter) INTERNAL ASSERT FAILED at \"./aten/src/ATen/native/cpu/Loops.h\":347, please report a bug to PyTorch. ");
  tp_tensor *out = tp_tensor_make(ct, nd, shape);
  if (!out) return NULL;
  tp_elemw_ctx ctx = {.op = op, .dt = {(int8_t)ct, a->dtype, b->dtype, c ? c->dtype : -1}, .p = {v}};
  tp_iter it;
  tp_tensor *ops[4] = {out, a, b, c ? c : b};
  tp_iter_init(&it, 4, ops);
  tp_iter_run(&it, ternary_loop, &ctx);
  return out;
}

const char *tp_ternary_grad(int op) {
  return op == TP_EW_ADDCMUL ? "AddcmulBackward0" : op == TP_EW_ADDCDIV ? "AddcdivBackward0"
         : op == TP_EW_LERP ? "LerpBackward0" : "LerpBackward1";
}

/* ---- comparisons of whole tensors: isclose, allclose, equal -------------------------------- */
static void isclose_loop(char **p, const int64_t *s, int64_t n, void *ctx) {
  const tp_elemw_ctx *c = ctx;
  char *o = p[0];
  const char *pa = p[1], *pb = p[2];
  double rtol = c->p[0], atol = c->p[1];
  int equal_nan = c->p[2] != 0;
  for (int64_t k = 0; k < n; k++, o += s[0], pa += s[1], pb += s[2]) {
    double a = tp_load_f64(pa, c->dt[1]), b = tp_load_f64(pb, c->dt[2]);
    int r = a == b || (equal_nan && a != a && b != b);
    if (!r && c->dt[1] == TP_FLOAT32) {  /* PyTorch's composite, in the tensors' dtype */
      float err = fabsf((float)a - (float)b), allowed = (float)atol + fabsf((float)rtol * (float)b);
      r = isfinite(err) && err <= allowed;
    } else if (!r) {
      double err = fabs(a - b);
      r = isfinite(err) && err <= atol + fabs(rtol * b);
    }
    *(uint8_t *)o = (uint8_t)r;
  }
}

TP_API tp_tensor *tp_isclose(tp_tensor *a, tp_tensor *b, double rtol, double atol, int equal_nan) {
  if (a->dtype != b->dtype)
    return tp_fail("%s did not match %s", tp_dtype_title(a->dtype), tp_dtype_title(b->dtype));
  if (rtol < 0) return tp_fail("rtol must be greater than or equal to zero, but got %.17g", rtol);
  if (atol < 0) return tp_fail("atol must be greater than or equal to zero, but got %.17g", atol);
  tp_tensor *ts[2] = {a, b};
  int64_t shape[TP_MAX_DIMS];
  int nd = tp_broadcast_shape(2, ts, shape);
  if (nd < 0) return NULL;
  tp_tensor *out = tp_tensor_make(TP_BOOL, nd, shape);
  if (!out) return NULL;
  tp_elemw_ctx c = {.dt = {TP_BOOL, a->dtype, b->dtype}, .p = {rtol, atol, equal_nan}};
  tp_iter it;
  tp_tensor *ops[3] = {out, a, b};
  tp_iter_init(&it, 3, ops);
  tp_iter_run(&it, isclose_loop, &c);
  return out;
}

static void all_true(char **p, const int64_t *s, int64_t n, void *ctx) {
  int *ok = ctx;
  for (int64_t k = 0; k < n && *ok; k++) *ok = p[0][k * s[0]] != 0;
}

/* 1 or 0, or -1 with PyTorch's message. */
TP_API int tp_allclose(tp_tensor *a, tp_tensor *b, double rtol, double atol, int equal_nan) {
  tp_tensor *r = tp_isclose(a, b, rtol, atol, equal_nan);
  if (!r) return -1;
  int ok = 1;
  tp_iter it;
  tp_iter_init(&it, 1, &r);
  tp_iter_run(&it, all_true, &ok);
  tp_tensor_release(r);
  return ok;
}

static void all_equal(char **p, const int64_t *s, int64_t n, void *ctx) {
  tp_elemw_ctx *c = ctx;
  for (int64_t k = 0; k < n && c->op; k++) {
    int eq = is_float(c->dt[1]) || is_float(c->dt[2])
                 ? tp_load_f64(p[0] + k * s[0], c->dt[1]) == tp_load_f64(p[1] + k * s[1], c->dt[2])
                 : tp_load_i64(p[0] + k * s[0], c->dt[1]) == tp_load_i64(p[1] + k * s[1], c->dt[2]);
    if (!eq) c->op = 0;
  }
}

/* torch.equal: same shape and the same values (NaN is never equal). */
TP_API int tp_equal(tp_tensor *a, tp_tensor *b) {
  if (a->ndim != b->ndim || memcmp(a->shape, b->shape, sizeof(int64_t) * a->ndim)) return 0;
  tp_elemw_ctx c = {.op = 1, .dt = {0, a->dtype, b->dtype}};
  tp_iter it;
  tp_tensor *ops[2] = {a, b};
  tp_iter_init(&it, 2, ops);
  tp_iter_run(&it, all_equal, &c);
  return c.op;
}
