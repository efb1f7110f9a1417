/* Native tests of src/core/format.c: tp_snprintf against the C library's snprintf (glibc
 * here; musl's, which the wasm linked before, when this file is built with emcc) on every
 * conversion src/ uses: %s, %.400s, %d, %lld, %%, %g, %.17g, %.0f, %.*e, %.*f, %.*g, over
 * doubles that reach each branch of the exact conversion (random bit patterns, ties such as
 * 0.125 and 2.5, integers, powers of ten and their neighbours, subnormals, infinities, NaN,
 * -0), plus the return value and the truncation to a small buffer. */
#include <float.h>
#include <stdint.h>
#include <stdlib.h>
#include "check.h"
#include "internal.h"

#if defined(__GNUC__) && !defined(__clang__)
#pragma GCC diagnostic ignored "-Wformat-truncation"  /* test_truncation means it */
#endif

static uint64_t rng = 0x9E3779B97F4A7C15ull;
static uint64_t next(void) { rng ^= rng << 13; rng ^= rng >> 7; rng ^= rng << 17; return rng; }

static double pick(int kind) {
  double d;
  uint64_t u = next();
  switch (kind) {
  case 0: memcpy(&d, &u, 8); return d;                                    /* any bit pattern */
  case 1: return (double)((int64_t)(u % 2000001) - 1000000) / (double)(1 << (next() % 12));  /* ties */
  case 2: return (double)(int64_t)(u >> (next() % 64)) * (next() & 1 ? -1 : 1);              /* integers */
  case 3: return pow(10, (int)(next() % 40) - 20) * (1 + ((int)(next() % 5) - 2) * DBL_EPSILON);
  case 4: u = (u & 0x800FFFFFFFFFFFFFull) | ((uint64_t)(1023 + (int)(next() % 140) - 70) << 52); memcpy(&d, &u, 8); return d;
  case 5: u &= 0x800FFFFFFFFFFFFFull; memcpy(&d, &u, 8); return d;        /* subnormals */
  default: {
    static const double special[] = {0.0, -0.0, INFINITY, -INFINITY, NAN, 0.5, 1.5, 2.5, -0.5, 0.05, 0.25, 1e21, 1e22,
                                     9.5, 99.5, 999999.5, 0.000095, 1e-5, 123456789012345678.0, DBL_MAX, DBL_MIN, DBL_TRUE_MIN, 1.0 / 3};
    return special[u % (sizeof special / sizeof special[0])];
  }
  }
}

static int same(const char *want, int nwant, const char *got, int ngot) {
  if (nwant == ngot && !strcmp(want, got)) return 1;
  fprintf(stderr, "want %d \"%s\", got %d \"%s\"\n", nwant, want, ngot, got);
  return 0;
}

static void test_doubles(void) {
  char want[512], got[512];
  int bad = 0;
  for (int it = 0; it < 300000; it++) {
    double x = pick(it % 7);
    int p = (int)(next() % 22);
    int nw, ng;
    switch (it % 9) {
    case 0: nw = snprintf(want, sizeof want, "%g", x); ng = tp_snprintf(got, sizeof got, "%g", x); break;
    case 1: nw = snprintf(want, sizeof want, "%.17g", x); ng = tp_snprintf(got, sizeof got, "%.17g", x); break;
    case 2: nw = snprintf(want, sizeof want, "%.0f", x); ng = tp_snprintf(got, sizeof got, "%.0f", x); break;
    case 3: nw = snprintf(want, sizeof want, "%.*e", p, x); ng = tp_snprintf(got, sizeof got, "%.*e", p, x); break;
    case 4: nw = snprintf(want, sizeof want, "%.*f", p, x); ng = tp_snprintf(got, sizeof got, "%.*f", p, x); break;
    case 5: nw = snprintf(want, sizeof want, "%.*g", p, x); ng = tp_snprintf(got, sizeof got, "%.*g", p, x); break;
    case 6: nw = snprintf(want, sizeof want, "%e|%f", x, x); ng = tp_snprintf(got, sizeof got, "%e|%f", x, x); break;
    case 7: nw = snprintf(want, sizeof want, "%.*e", -1, x); ng = tp_snprintf(got, sizeof got, "%.*e", -1, x); break;
    default: nw = snprintf(want, sizeof want, "a %g b %.0f c", x, x); ng = tp_snprintf(got, sizeof got, "a %g b %.0f c", x, x);
    }
    if (!same(want, nw, got, ng) && ++bad > 20) break;
  }
  CHECK(bad == 0);
  /* %.0f of large integers and %.17g of every power of two: the longest expansions */
  bad = 0;
  for (int e = -1074; e <= 1023; e++) {
    double x = ldexp(1, e);
    int nw = snprintf(want, sizeof want, "%.17g %.0f", x, x), ng = tp_snprintf(got, sizeof got, "%.17g %.0f", x, x);
    bad += !same(want, nw, got, ng);
    nw = snprintf(want, sizeof want, "%.*f", 40, x);
    ng = tp_snprintf(got, sizeof got, "%.*f", 40, x);
    bad += !same(want, nw, got, ng);
  }
  CHECK(bad == 0);
}

static void test_ints_strings(void) {
  char want[600], got[600], big[500];
  memset(big, 'x', sizeof big - 1);
  big[sizeof big - 1] = 0;
  int bad = 0;
  const long long ll[] = {0, 1, -1, 9, 10, -10, 2147483647LL, -2147483647LL - 1, 9223372036854775807LL, -9223372036854775807LL - 1};
  for (size_t i = 0; i < sizeof ll / sizeof ll[0]; i++) {
    int nw = snprintf(want, sizeof want, "%lld|%d", ll[i], (int)ll[i]), ng = tp_snprintf(got, sizeof got, "%lld|%d", ll[i], (int)ll[i]);
    bad += !same(want, nw, got, ng);
  }
  for (int it = 0; it < 20000; it++) {
    long long v = (long long)next() >> (next() % 64);
    int nw = snprintf(want, sizeof want, "x%lldy%dz", v, (int)v), ng = tp_snprintf(got, sizeof got, "x%lldy%dz", v, (int)v);
    bad += !same(want, nw, got, ng);
  }
  int nw = snprintf(want, sizeof want, "<%s> <%.400s> <%s> 100%%", "abc", big, ""),
      ng = tp_snprintf(got, sizeof got, "<%s> <%.400s> <%s> 100%%", "abc", big, "");
  bad += !same(want, nw, got, ng);
  CHECK(bad == 0);
}

/* A buffer too small keeps cap - 1 characters and a NUL; the count is what would be written. */
static void test_truncation(void) {
  for (size_t cap = 0; cap < 24; cap++) {
    char want[32], got[32];
    memset(want, '#', sizeof want);
    memset(got, '#', sizeof got);
    int nw = snprintf(want, cap, "%s=%lld (%.3e)", "value", -1234567LL, 6.02214076e23);
    int ng = tp_snprintf(got, cap, "%s=%lld (%.3e)", "value", -1234567LL, 6.02214076e23);
    CHECK(nw == ng && !memcmp(want, got, sizeof want));
  }
}

int main(void) {
  test_doubles();
  test_ints_strings();
  test_truncation();
  TEST_MAIN_END();
}
