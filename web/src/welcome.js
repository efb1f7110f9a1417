// The code a first-time visitor sees (when examples/ has no file to show first).
export const WELCOME = `// tensorpad: PyTorch 1.13's tensor API in JavaScript, running in WebAssembly.
// Press Run (or Ctrl/Cmd+Enter). Output is exactly what PyTorch prints.
import torch from '../js/tensorpad.js';

const x = torch.arange(6).view(2, 3);
console.log(String(x));
console.log(x.shape.toString(), x.dtype.toString(), x.stride());

// Views share memory with x; clone() copies (see the Memory tab).
const xt = x.T;
const c = x.clone();
x.index(0).fill_(7);
console.log(String(xt));
console.log(String(c));

torch.manual_seed(0);
const r = torch.randn(2, 2);
console.log(r);
`;
