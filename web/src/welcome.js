// The code a first-time visitor sees: a Node program (it runs unchanged under `node`).
export const WELCOME = `// tensorpad: PyTorch 1.13 tensors in JavaScript + WebAssembly.
// Press Run (Ctrl/Cmd+Enter): the output is what PyTorch prints.
import torch from '../js/tensorpad.js';

const x = torch.arange(6, {dtype: torch.float32}).view(2, 3);
console.log(x);
console.log(x.shape, x.dtype, x.stride());

// Python's operators are methods (x @ x.T is x.matmul(x.T)).
console.log(x.matmul(x.T));

// Views share memory with x; clone() copies (open the Memory tab).
const xt = x.T;
const c = x.clone();
x.index(0).fill_(7);
console.log(xt);
console.log(c);

// Autograd (open the Graph tab; hover a node for its .grad).
const w = torch.tensor([0.5, -1.5, 2.5], {requires_grad: true});
const b = torch.tensor(0.1, {requires_grad: true});
const loss = c.index(1).mul(w).add(b).tanh().pow(2).sum();
loss.backward();
console.log(loss);
console.log(w.grad, b.grad);
`;
