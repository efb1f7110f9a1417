// The code a first-time visitor sees: a Node program (it runs unchanged under `node`).
export const WELCOME = `// tensorpad: PyTorch 1.13 tensors in JavaScript + WebAssembly.
// Press Run (Ctrl/Cmd+Enter): the output is what PyTorch prints.
import torch from '../js/tensorpad.js';

const x = torch.arange(6, {dtype: torch.float32}).view(2, 3);
console.log(x);
console.log(x.shape, x.dtype, x.stride());

// Python's operators are methods (x @ x.T is x.matmul(x.T)).
console.log(x.matmul(x.T));
console.log(torch.cat([x, x.flip(1)], 0));

// Views share memory with x; clone() copies (open the Memory tab).
const xt = x.T;
const c = x.clone();
x.index(0).fill_(7);
console.log(xt);
console.log(c);

torch.manual_seed(0);
const r = torch.randn(2, 2);
console.log(r);
`;
