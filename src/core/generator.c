/* torch.Generator: PyTorch 1.13's CPUGeneratorImpl as objects of their own. The draws
 * (random.c) take a generator pointer; this file makes, seeds, frees, saves and restores
 * them. get_state/set_state use the bytes of 1.13's CPUGeneratorImplState (5056: the legacy
 * 5048-byte TH state, then the float normal sample), so a state saved by PyTorch restores
 * here and the reverse. Compiled for size: nothing here is per element. */
#include <math.h>
#include <stdlib.h>
#include <string.h>
#include "internal.h"

/* at::mt19937's seeding (init_with_uint32 of the seed's low word), as CPUGeneratorImpl's
 * set_current_seed: the cached normals are dropped. */
void tp_generator_seed_state(tp_generator *g, uint64_t seed) {
  g->seed = seed;
  g->state[0] = (uint32_t)(seed & 0xffffffffu);
  for (uint32_t j = 1; j < TP_MT_N; j++)
    g->state[j] = 1812433253u * (g->state[j - 1] ^ (g->state[j - 1] >> 30)) + j;
  g->left = 1;
  g->next = 0;
  g->has_next_double = 0;
  g->has_next_float = 0;
}

TP_API tp_generator *tp_generator_new(void) {
  tp_generator *g = malloc(sizeof *g);
  if (!g) return tp_fail("tensorpad: out of memory");
  tp_generator_seed_state(g, TP_DEFAULT_SEED);
  return g;
}

TP_API void tp_generator_free(tp_generator *g) {
  if (g != tp_default_generator()) free(g);
}

TP_API tp_generator *tp_default_generator(void) { return tp_generator_resolve(NULL); }

TP_API void tp_generator_manual_seed(tp_generator *g, double hi, double lo) {
  tp_generator_seed_state(tp_generator_resolve(g), ((uint64_t)hi << 32) | (uint64_t)lo);
}

TP_API double tp_generator_initial_seed(tp_generator *g, int hi) {
  uint64_t s = tp_generator_resolve(g)->seed;
  return (double)(hi ? s >> 32 : s & 0xffffffffu);
}

TP_API void tp_manual_seed(double seed) {
  uint64_t s = seed < 0 ? (uint64_t)(int64_t)seed : (uint64_t)seed;
  tp_generator_seed_state(tp_generator_resolve(NULL), s);
}

TP_API double tp_initial_seed(void) { return (double)tp_generator_resolve(NULL)->seed; }

/* Note [RNG state bytes]: 1.13's CPUGeneratorImplState, little-endian, padding zeroed:
 *      0 uint64 the_initial_seed     8 int32 left     12 int32 seeded    16 uint64 next
 *     24 uint64 state[624] (each a 32-bit mt19937 word)
 *   5016 double normal_x (0)      5024 double normal_y (the cached double normal)
 *   5032 double normal_rho (0)    5040 int32 normal_is_valid
 *   5048 float next_float_normal_sample   5052 bool is_next_float_normal_sample_valid
 * The legacy layout is the first 5048 bytes; restoring it turns its (normal_x, normal_rho)
 * into the cached normal rho * sin(2 pi x), as CPUGeneratorImpl::set_state does. tensorpad
 * has no uint8 dtype, so the bytes travel as the values 0..255 of an int64 tensor. */
#define STATE_BYTES 5056
#define LEGACY_BYTES 5048
enum { OFF_SEED = 0, OFF_LEFT = 8, OFF_SEEDED = 12, OFF_NEXT = 16, OFF_STATE = 24, OFF_NORMAL_X = 5016,
       OFF_NORMAL_Y = 5024, OFF_NORMAL_RHO = 5032, OFF_NORMAL_VALID = 5040, OFF_FLOAT = 5048, OFF_FLOAT_VALID = 5052 };

static void put(uint8_t *b, int off, const void *v, size_t n) {
  const uint8_t *s = v;
  for (size_t i = 0; i < n; i++) b[off + (int)i] = s[i];  /* wasm and x86 are little-endian */
}
static void get(const uint8_t *b, int off, void *v, size_t n) {
  uint8_t *d = v;
  for (size_t i = 0; i < n; i++) d[i] = b[off + (int)i];
}

TP_API tp_tensor *tp_generator_get_state(tp_generator *g) {
  g = tp_generator_resolve(g);
  uint8_t b[STATE_BYTES] = {0};
  int32_t left = g->left, seeded = 1, valid = g->has_next_double;
  uint64_t next = (uint64_t)g->next;
  put(b, OFF_SEED, &g->seed, 8);
  put(b, OFF_LEFT, &left, 4);
  put(b, OFF_SEEDED, &seeded, 4);
  put(b, OFF_NEXT, &next, 8);
  for (int i = 0; i < TP_MT_N; i++) {
    uint64_t w = g->state[i];
    put(b, OFF_STATE + 8 * i, &w, 8);
  }
  if (valid) put(b, OFF_NORMAL_Y, &g->next_double, 8);
  put(b, OFF_NORMAL_VALID, &valid, 4);
  if (g->has_next_float) {
    put(b, OFF_FLOAT, &g->next_float, 4);
    b[OFF_FLOAT_VALID] = 1;
  }
  double size = STATE_BYTES;
  tp_tensor *t = tp_empty(1, &size, TP_INT64);
  if (!t) return NULL;
  int64_t *d = (int64_t *)tp_ptr(t);
  for (int i = 0; i < STATE_BYTES; i++) d[i] = b[i];
  return t;
}

TP_API int tp_generator_set_state(tp_generator *g, tp_tensor *state) {
  g = tp_generator_resolve(g);
  if (tp_dtype_table[state->dtype].is_floating || state->dtype == TP_BOOL)
    return tp_fail_status("RNG state must be a torch.ByteTensor");
  if (!tp_tensor_is_contiguous(state)) return tp_fail_status("RNG state must be contiguous");
  int64_t n = tp_shape_numel(state->ndim, state->shape);
  if (n != STATE_BYTES && n != LEGACY_BYTES)
    return tp_fail_status("Expected either a CPUGeneratorImplStateLegacy of size %d or a CPUGeneratorImplState of size %d "
                          "but found the input RNG state size to be %lld", LEGACY_BYTES, STATE_BYTES, (long long)n);
  uint8_t b[STATE_BYTES] = {0};
  const char *p = tp_ptr(state);
  int64_t item = tp_dtype_table[state->dtype].itemsize;
  for (int64_t i = 0; i < n; i++) {
    int64_t v = tp_load_i64(p + i * item, state->dtype);
    if (v < 0 || v > 255)
      return tp_fail_status("RNG state must be a torch.ByteTensor (in tensorpad: an int64 tensor of byte values 0..255), "
                            "but found the value %lld", (long long)v);
    b[i] = (uint8_t)v;
  }
  tp_generator ng;
  int32_t left, seeded, valid;
  uint64_t next, seed;
  get(b, OFF_SEED, &seed, 8);
  get(b, OFF_LEFT, &left, 4);
  get(b, OFF_SEEDED, &seeded, 4);
  get(b, OFF_NEXT, &next, 8);
  get(b, OFF_NORMAL_VALID, &valid, 4);
  uint32_t next32 = (uint32_t)next;  /* static_cast<uint32_t>, then at::mt19937::is_valid */
  if (!seeded || left <= 0 || left > TP_MT_N || next32 > TP_MT_N) return tp_fail_status("Invalid mt19937 state");
  for (int i = 0; i < TP_MT_N; i++) {
    uint64_t w;
    get(b, OFF_STATE + 8 * i, &w, 8);
    ng.state[i] = (uint32_t)w;
  }
  ng.seed = seed;
  ng.left = left;
  ng.next = (int)next32;
  ng.has_next_double = valid != 0;
  ng.next_double = 0;
  ng.has_next_float = 0;
  ng.next_float = 0;
  if (valid && n == LEGACY_BYTES) {
    double x, rho;
    get(b, OFF_NORMAL_X, &x, 8);
    get(b, OFF_NORMAL_RHO, &rho, 8);
    ng.next_double = rho * sin(2.0 * 3.14159265358979323846 * x);
  } else if (valid) {
    get(b, OFF_NORMAL_Y, &ng.next_double, 8);
  }
  if (n == STATE_BYTES && b[OFF_FLOAT_VALID]) {
    ng.has_next_float = 1;
    get(b, OFF_FLOAT, &ng.next_float, 4);
  }
  *g = ng;
  return 0;
}
