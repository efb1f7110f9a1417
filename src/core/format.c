/* format.c — tp_snprintf / tp_vsnprintf: the part of snprintf the core uses, in 1/3 of the
 * code musl's printf links (its vfprintf with %a, widths, flags, positional arguments and
 * wide characters, ~8 KB of wasm). Conversions: %s (with a precision: %.400s), %d, %lld, %%,
 * and %e / %f / %g of a double with an optional precision (%.17g, %.*e, %.0f). No flags and
 * no widths: nothing in src/ passes them (tests/native/test_format.c compares every form
 * with the C library's snprintf).
 *
 * The floating-point conversion is musl's fmt_fp (src/stdio/vfprintf.c, MIT licence,
 * Copyright © 2005-2020 Rich Felker, et al.) for a double, as emscripten builds it, with the
 * hexadecimal form, the flags and the padding taken out: the digits are the exact decimal
 * expansion of the double in base-10^9 limbs, rounded to nearest (ties to even) by probing
 * the FPU, so the output is that of a correctly rounding printf, byte for byte.
 *
 * musl's licence for that part: Permission is hereby granted, free of charge, to any person
 * obtaining a copy of this software and associated documentation files (the "Software"), to
 * deal in the Software without restriction, including without limitation the rights to use,
 * copy, modify, merge, publish, distribute, sublicense, and/or sell copies of the Software,
 * and to permit persons to whom the Software is furnished to do so, subject to the following
 * conditions: The above copyright notice and this permission notice shall be included in all
 * copies or substantial portions of the Software. THE SOFTWARE IS PROVIDED "AS IS", WITHOUT
 * WARRANTY OF ANY KIND, EXPRESS OR IMPLIED, INCLUDING BUT NOT LIMITED TO THE WARRANTIES OF
 * MERCHANTABILITY, FITNESS FOR A PARTICULAR PURPOSE AND NONINFRINGEMENT. IN NO EVENT SHALL THE
 * AUTHORS OR COPYRIGHT HOLDERS BE LIABLE FOR ANY CLAIM, DAMAGES OR OTHER LIABILITY, WHETHER IN AN
 * ACTION OF CONTRACT, TORT OR OTHERWISE, ARISING FROM, OUT OF OR IN CONNECTION WITH THE SOFTWARE
 * OR THE USE OR OTHER DEALINGS IN THE SOFTWARE. */
#include <float.h>
#include <limits.h>
#include <math.h>
#include <stdarg.h>
#include <stdint.h>
#include <string.h>
#include "internal.h"

typedef struct {
  char *buf;
  size_t cap, len;  /* len: what a large enough buffer would hold */
} sink;

/* What does not fit is only counted: a hostile precision (%.2000000000f) costs the buffer's
 * size, not its own (libFuzzer: a timeout). */
static void out(sink *s, const char *x, size_t n) {
  size_t room = s->len + 1 < s->cap ? s->cap - 1 - s->len : 0, k = n < room ? n : room;
  if (k) memcpy(s->buf + s->len, x, k);
  s->len += n;
}

static void zeros(sink *s, int n) {
  if (n <= 0) return;
  size_t room = s->len + 1 < s->cap ? s->cap - 1 - s->len : 0, k = (size_t)n < room ? (size_t)n : room;
  if (k) memset(s->buf + s->len, '0', k);
  s->len += (size_t)n;
}

static char *fmt_u(uint64_t x, char *s) {
  for (; x; x /= 10) *--s = (char)('0' + x % 10);
  return s;
}

#define MAX(a, b) ((a) > (b) ? (a) : (b))
#define MIN(a, b) ((a) < (b) ? (a) : (b))

/* musl's fmt_fp with w = 0, fl = 0 and t one of 'e', 'f', 'g'. */
static void fmt_fp(sink *f, double y, int p, int t) {
  uint32_t big[(DBL_MANT_DIG + 28) / 29 + 1 + (DBL_MAX_EXP + DBL_MANT_DIG + 28 + 8) / 9];
  uint32_t *a, *d, *r, *z;
  int e2 = 0, e, i, j;
  char buf[9 + DBL_MANT_DIG / 4];
  char ebuf0[3 * sizeof(int)], *ebuf = &ebuf0[3 * sizeof(int)], *estr = ebuf;
  int neg = !!signbit(y);

  if (neg) y = -y;
  if (!isfinite(y)) {
    if (neg) out(f, "-", 1);
    out(f, y != y ? "nan" : "inf", 3);
    return;
  }

  y = frexp(y, &e2) * 2;
  if (y) e2--;
  if (p < 0) p = 6;
  if (y) y *= 0x1p28, e2 -= 28;

  if (e2 < 0) a = r = z = big;
  else a = r = z = big + sizeof(big) / sizeof(*big) - DBL_MANT_DIG - 1;

  do {
    *z = (uint32_t)y;
    y = 1000000000 * (y - *z++);
  } while (y);

  while (e2 > 0) {
    uint32_t carry = 0;
    int sh = MIN(29, e2);
    for (d = z - 1; d >= a; d--) {
      uint64_t x = ((uint64_t)*d << sh) + carry;
      *d = (uint32_t)(x % 1000000000);
      carry = (uint32_t)(x / 1000000000);
    }
    if (carry) *--a = carry;
    while (z > a && !z[-1]) z--;
    e2 -= sh;
  }
  while (e2 < 0) {
    uint32_t carry = 0, *b;
    int sh = MIN(9, -e2), need = 1 + (int)((p + DBL_MANT_DIG / 3U + 8) / 9);
    for (d = a; d < z; d++) {
      uint32_t rm = *d & ((1u << sh) - 1);
      *d = (*d >> sh) + carry;
      carry = (1000000000u >> sh) * rm;
    }
    if (!*a) a++;
    if (carry) *z++ = carry;
    /* Avoid (slow!) computation past requested precision */
    b = t == 'f' ? r : a;
    if (z - b > need) z = b + need;
    e2 += sh;
  }

  if (a < z) for (i = 10, e = 9 * (int)(r - a); *a >= (uint32_t)i; i *= 10, e++);
  else e = 0;

  /* Perform rounding: j is precision after the radix (possibly neg) */
  j = p - (t != 'f') * e - (t == 'g' && p);
  if (j < 9 * (z - r - 1)) {
    uint32_t x;
    /* We avoid C's broken division of negative numbers */
    d = r + 1 + ((j + 9 * DBL_MAX_EXP) / 9 - DBL_MAX_EXP);
    j += 9 * DBL_MAX_EXP;
    j %= 9;
    for (i = 10, j++; j < 9; i *= 10, j++);
    x = *d % (uint32_t)i;
    /* Are there any significant digits past j? */
    if (x || d + 1 != z) {
      double round = 2 / DBL_EPSILON;
      double small;
      if ((*d / (uint32_t)i & 1) || (i == 1000000000 && d > a && (d[-1] & 1))) round += 2;
      if (x < (uint32_t)i / 2) small = 0x0.8p0;
      else if (x == (uint32_t)i / 2 && d + 1 == z) small = 0x1.0p0;
      else small = 0x1.8p0;
      if (neg) round *= -1, small *= -1;
      *d -= x;
      /* Decide whether to round by probing round+small */
      if (round + small != round) {
        *d = *d + (uint32_t)i;
        while (*d > 999999999) {
          *d-- = 0;
          if (d < a) *--a = 0;
          (*d)++;
        }
        for (i = 10, e = 9 * (int)(r - a); *a >= (uint32_t)i; i *= 10, e++);
      }
    }
    if (z > d + 1) z = d + 1;
  }
  for (; z > a && !z[-1]; z--);

  if (t == 'g') {
    if (!p) p++;
    if (p > e && e >= -4) {
      t = 'f';
      p -= e + 1;
    } else {
      t = 'e';
      p--;
    }
    /* Count trailing zeros in last place */
    if (z > a && z[-1]) for (i = 10, j = 0; z[-1] % (uint32_t)i == 0; i *= 10, j++);
    else j = 9;
    if (t == 'f') p = MIN(p, MAX(0, 9 * (int)(z - r - 1) - j));
    else p = MIN(p, MAX(0, 9 * (int)(z - r - 1) + e - j));
  }
  if (t != 'f') {
    estr = fmt_u((uint64_t)(e < 0 ? -e : e), ebuf);
    while (ebuf - estr < 2) *--estr = '0';
    *--estr = e < 0 ? '-' : '+';
    *--estr = 'e';
  }

  if (neg) out(f, "-", 1);
  if (t == 'f') {
    if (a > r) a = r;
    for (d = a; d <= r; d++) {
      char *s = fmt_u(*d, buf + 9);
      if (d != a) while (s > buf) *--s = '0';
      else if (s == buf + 9) *--s = '0';
      out(f, s, (size_t)(buf + 9 - s));
    }
    if (p) out(f, ".", 1);
    for (; d < z && p > 0; d++, p -= 9) {
      char *s = fmt_u(*d, buf + 9);
      while (s > buf) *--s = '0';
      out(f, s, (size_t)MIN(9, p));
    }
    zeros(f, p);
  } else {
    if (z <= a) z = a + 1;
    for (d = a; d < z && p >= 0; d++) {
      char *s = fmt_u(*d, buf + 9);
      if (s == buf + 9) *--s = '0';
      if (d != a) while (s > buf) *--s = '0';
      else {
        out(f, s++, 1);
        if (p > 0) out(f, ".", 1);
      }
      out(f, s, (size_t)MIN(buf + 9 - s, p));
      p -= (int)(buf + 9 - s);
    }
    zeros(f, p);
    out(f, estr, (size_t)(ebuf - estr));
  }
}

int tp_vsnprintf(char *buf, size_t cap, const char *fmt, va_list ap) {
  sink s = {buf, cap, 0};
  for (const char *c = fmt; *c; c++) {
    if (*c != '%') {
      out(&s, c, 1);
      continue;
    }
    int p = -1, ll = 0;
    if (*++c == '.') {
      if (*++c == '*') {
        p = va_arg(ap, int);
        c++;
      } else
        for (p = 0; *c >= '0' && *c <= '9'; c++) p = 10 * p + (*c - '0');
    }
    while (*c == 'l') ll++, c++;
    char num[24], *e = num + sizeof num;
    switch (*c) {
    case 's': {
      const char *str = va_arg(ap, const char *);
      if (!str) str = "(null)";
      size_t n = 0;
      while ((p < 0 || n < (size_t)p) && str[n]) n++;
      out(&s, str, n);
      break;
    }
    case 'd': case 'i': {
      long long v = ll >= 2 ? va_arg(ap, long long) : ll ? va_arg(ap, long) : va_arg(ap, int);
      uint64_t u = v < 0 ? 0 - (uint64_t)v : (uint64_t)v;
      char *b = u ? fmt_u(u, e) : e;
      if (!u) *--b = '0';
      if (v < 0) *--b = '-';
      out(&s, b, (size_t)(e - b));
      break;
    }
    case 'e': case 'f': case 'g': fmt_fp(&s, va_arg(ap, double), p, *c); break;
    case '%': out(&s, "%", 1); break;
    default: /* not used in src/ (see the header): written as it stands */
      if (!*c) c--;
      else out(&s, c - 1, 2);
    }
  }
  if (cap) buf[s.len < cap ? s.len : cap - 1] = 0;
  return s.len > INT_MAX ? -1 : (int)s.len;
}

int tp_snprintf(char *buf, size_t cap, const char *fmt, ...) {
  va_list ap;
  va_start(ap, fmt);
  int n = tp_vsnprintf(buf, cap, fmt, ap);
  va_end(ap);
  return n;
}
