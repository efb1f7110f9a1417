/* A tiny test harness for the native C tests (built with ASan+UBSan by `make test-native`).
 * CHECK records a failure and goes on; main() returns the failure count via TEST_MAIN_END,
 * which prints the closing line "N passed, N failed". */
#ifndef TP_CHECK_H
#define TP_CHECK_H
#include <math.h>
#include <stdio.h>
#include <string.h>

static int check_passed, check_failed;

#define CHECK(cond) do { \
    if (cond) check_passed++; \
    else { check_failed++; fprintf(stderr, "%s:%d: CHECK failed: %s\n", __FILE__, __LINE__, #cond); } \
  } while (0)

#define CHECK_STR(got, want) do { \
    const char *g_ = (got), *w_ = (want); \
    if (g_ && !strcmp(g_, w_)) check_passed++; \
    else { check_failed++; fprintf(stderr, "%s:%d: got\n%s\nwant\n%s\n", __FILE__, __LINE__, g_ ? g_ : "(null)", w_); } \
  } while (0)

#define CHECK_NEAR(got, want, tol) do { \
    double g_ = (got), w_ = (want); \
    if (fabs(g_ - w_) <= (tol)) check_passed++; \
    else { check_failed++; fprintf(stderr, "%s:%d: %.9g != %.9g\n", __FILE__, __LINE__, g_, w_); } \
  } while (0)

#define TEST_MAIN_END() do { \
    printf("%d passed, %d failed\n", check_passed, check_failed); \
    return check_failed ? 1 : 0; \
  } while (0)

#endif
