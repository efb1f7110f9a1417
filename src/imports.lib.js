// The functions the wasm module imports from its host (read by emcc --js-library at link
// time). The JS glue (js/core/wasm.js) supplies the real ones when it instantiates the module.
mergeInto(LibraryManager.library, {
  // Calls the JS hook `id` on a gradient during backward (register_hook).
  tp_hook: function (id, grad) { return 0; },
  // Runs the backward of JS custom Function `id` (torch.autograd.Function); nout -1: forget it.
  tp_custom: function (id, nout, gout, nin, gin) { return 0; },
});
