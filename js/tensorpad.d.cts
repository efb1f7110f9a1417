// Types of the CommonJS entry (dist/tensorpad.cjs): `const torch = require('tensorpad')` is the
// same torch namespace as the ES module's default export (js/tensorpad.d.ts).
import type * as esm from './tensorpad.js' with { 'resolution-mode': 'import' };

declare const torch: esm.Torch;
declare namespace torch {
  export type Tensor = esm.Tensor;
  export type Size = esm.Size;
  export type dtype = esm.dtype;
  export type Generator = esm.Generator;
  export type TensorError = esm.TensorError;
}
export = torch;
