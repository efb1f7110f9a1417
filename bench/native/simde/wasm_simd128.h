/* wasm_simd128.h for a native build: SIMDe (Debian's libsimde-dev) maps every wasm SIMD
 * intrinsic onto SSE/AVX, so tensorpad's __wasm_simd128__ kernels run natively with the
 * same algorithm and 128-bit vectors; used only by bench/ (the tensorpad-native-simd peer),
 * so that the difference to the wasm build is the cost of wasm itself. */
#define SIMDE_ENABLE_NATIVE_ALIASES
#include <simde/wasm/simd128.h>
