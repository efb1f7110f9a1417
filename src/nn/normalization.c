/* normalization.c — layer_norm, batch_norm and embedding as the single ATen ops PyTorch records
 * (NativeLayerNormBackward0, NativeBatchNormBackward0, EmbeddingBackward0). The forwards
 * compose existing entry points below autograd (Note [Below autograd]); one node each, whose
 * formulas (also composed, so create_graph works) are in the nnmore section at the end of
 * derivatives.c. Argument checks with PyTorch's messages live in js/nn.js, which knows the
 * Python-level names; compiled for size, no kernels of its own.
 */
#include <math.h>
#include <string.h>
#include "internal.h"
#include "tensorpad.h"
#include "normalization_kernels.h"

tp_tensor *tp_normalization_rel(tp_tensor *r, tp_tensor *a, tp_tensor *b, tp_tensor *c) {
  tp_tensor *t[3] = {a, b, c};
  for (int i = 0; i < 3; i++)
    if (t[i]) tp_tensor_release(t[i]);
  return r;
}

/* The view of a [C] parameter that broadcasts along dim 1 of an ndim input: [C, 1, ...]. */
tp_tensor *tp_norm_channel_view(tp_tensor *p, int ndim) {
  double sizes[TP_MAX_DIMS];
  sizes[0] = -1;
  for (int d = 1; d < ndim - 1; d++) sizes[d] = 1;
  return tp_view(p, ndim > 1 ? ndim - 1 : 1, sizes);
}

