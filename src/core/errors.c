/* The one road for errors: a failing function formats PyTorch's message into the
 * last-error slot and returns NULL or -1; the JS layer reads it and throws. */
#include <stdarg.h>
#include <stdio.h>
#include "internal.h"

static char last_error[1024];

TP_API const char *tp_last_error(void) { return last_error; }

void tp_clear_error(void) { last_error[0] = 0; }

static void set_error(const char *fmt, va_list ap) {
  tp_vsnprintf(last_error, sizeof last_error, fmt, ap);
}

void *tp_fail(const char *fmt, ...) {
  va_list ap;
  va_start(ap, fmt);
  set_error(fmt, ap);
  va_end(ap);
  return NULL;
}

int tp_fail_status(const char *fmt, ...) {
  va_list ap;
  va_start(ap, fmt);
  set_error(fmt, ap);
  va_end(ap);
  return -1;
}

void tp_format_shape(char *buf, size_t cap, int n, const int64_t *shape) {
  size_t k = (size_t)tp_snprintf(buf, cap, "[");
  for (int d = 0; d < n && k < cap; d++) k += (size_t)tp_snprintf(buf + k, cap - k, "%s%lld", d ? ", " : "", (long long)shape[d]);
  if (k < cap) tp_snprintf(buf + k, cap - k, "]");
}

static double args[64];
TP_API double *tp_args(void) { return args; }
