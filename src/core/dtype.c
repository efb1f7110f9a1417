/* The dtype table, PyTorch's type promotion, and element loads/stores by dtype.
 * Float-to-integer conversion follows what PyTorch does on x86 (out-of-range and NaN give
 * the "integer indefinite" value, INT64_MIN or INT32_MIN) instead of trapping, as a plain C
 * cast would in wasm. */
#include <math.h>
#include <string.h>
#include "internal.h"

const tp_dtype_info tp_dtype_table[TP_NDTYPES] = {
  [TP_FLOAT32] = {"float32", 4, 1},
  [TP_FLOAT64] = {"float64", 8, 1},
  [TP_INT32] = {"int32", 4, 0},
  [TP_INT64] = {"int64", 8, 0},
  [TP_BOOL] = {"bool", 1, 0},
};

/* PyTorch's scalar type names, as its messages spell them ("expected scalar type Float"). */
const char *tp_dtype_title(int dtype) {
  static const char *const titles[TP_NDTYPES] = {"Float", "Double", "Int", "Long", "Bool"};
  return titles[dtype];
}

/* A tensor's type as a C++ message prints it (Tensor::toString) and the Python binding then
 * renames it: "torch.FloatTensor", ...; Bool has no legacy Python type there, so it stays
 * "CPUBoolType". */
const char *tp_type_string(int dtype) {
  static const char *const names[TP_NDTYPES] = {"torch.FloatTensor", "torch.DoubleTensor", "torch.IntTensor", "torch.LongTensor", "CPUBoolType"};
  return names[dtype];
}

/* torch.set_default_dtype: the dtype a float result takes when nothing else decides it (a Python
 * float scalar, int / int, a float op on an integer tensor). float32 or float64. */
int tp_default_float = TP_FLOAT32;
TP_API void tp_set_default_dtype(int d) { if (d == TP_FLOAT32 || d == TP_FLOAT64) tp_default_float = d; }
TP_API int tp_get_default_dtype(void) { return tp_default_float; }

TP_API const char *tp_dtype_name(int d) { return d >= 0 && d < TP_NDTYPES ? tp_dtype_table[d].name : NULL; }
TP_API int tp_dtype_itemsize(int d) { return tp_dtype_table[d].itemsize; }
TP_API int tp_dtype_is_floating(int d) { return tp_dtype_table[d].is_floating; }

/* bool < integers < floating; within a kind the wider one wins. */
TP_API int tp_promote_types(int a, int b) {
  if (a == b) return a;
  int fa = tp_dtype_table[a].is_floating, fb = tp_dtype_table[b].is_floating;
  if (fa && fb) return TP_FLOAT64;
  if (fa) return a;
  if (fb) return b;
  if (a == TP_BOOL) return b;
  if (b == TP_BOOL) return a;
  return TP_INT64;  /* int32 with int64 */
}

/* c10::checked_convert of a Python scalar (fill_, full): NaN, infinities and values out of
 * range do not fit an integer dtype; a finite value beyond FLT_MAX does not fit float32.
 * The message names the C++ type, as PyTorch's does. */
int tp_check_scalar(double v, int dtype) {
  int bad = 0;
  const char *cname = NULL;
  switch (dtype) {
  case TP_INT32: bad = !(v >= -2147483648.0 && v <= 2147483647.0); cname = "int"; break;
  case TP_INT64: bad = !(v >= -9223372036854775808.0 && v <= 9223372036854775808.0); cname = "int64_t"; break;
  case TP_FLOAT32: bad = isfinite(v) && (v < -3.4028234663852886e38 || v > 3.4028234663852886e38); cname = "float"; break;
  default: break;  /* bool and float64 take any double */
  }
  if (bad) return tp_fail_status("value cannot be converted to type %s without overflow", cname);
  return 0;
}

int64_t tp_f64_to_i64(double v) {
  if (!(v >= -9223372036854775808.0 && v < 9223372036854775808.0)) return INT64_MIN;
  return (int64_t)v;
}

int32_t tp_f64_to_i32(double v) {
  /* x86's cvttsd2si/cvttss2si into 32 bits, as PyTorch 1.13 (x86) converts float -> int32:
   * NaN and anything that does not truncate into int32 give INT32_MIN, not a wrapped value. */
  if (!(v > -2147483649.0 && v < 2147483648.0)) return INT32_MIN;
  return (int32_t)v;
}

double tp_load_f64(const void *p, int dtype) {
  switch (dtype) {
  case TP_FLOAT32: return *(const float *)p;
  case TP_FLOAT64: return *(const double *)p;
  case TP_INT32: return *(const int32_t *)p;
  case TP_INT64: return (double)*(const int64_t *)p;
  default: return *(const uint8_t *)p ? 1.0 : 0.0;
  }
}

int64_t tp_load_i64(const void *p, int dtype) {
  switch (dtype) {
  case TP_FLOAT32: return tp_f64_to_i64(*(const float *)p);
  case TP_FLOAT64: return tp_f64_to_i64(*(const double *)p);
  case TP_INT32: return *(const int32_t *)p;
  case TP_INT64: return *(const int64_t *)p;
  default: return *(const uint8_t *)p ? 1 : 0;
  }
}

void tp_store_f64(void *p, int dtype, double v) {
  switch (dtype) {
  case TP_FLOAT32: *(float *)p = (float)v; break;
  case TP_FLOAT64: *(double *)p = v; break;
  case TP_INT32: *(int32_t *)p = tp_f64_to_i32(v); break;
  case TP_INT64: *(int64_t *)p = tp_f64_to_i64(v); break;
  default: *(uint8_t *)p = v != 0; break;  /* NaN is true, as in PyTorch */
  }
}

void tp_store_i64(void *p, int dtype, int64_t v) {
  switch (dtype) {
  case TP_FLOAT32: *(float *)p = (float)v; break;
  case TP_FLOAT64: *(double *)p = (double)v; break;
  case TP_INT32: *(int32_t *)p = (int32_t)(uint32_t)(uint64_t)v; break;
  case TP_INT64: *(int64_t *)p = v; break;
  default: *(uint8_t *)p = v != 0; break;
  }
}
