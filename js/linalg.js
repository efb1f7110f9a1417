// Linear algebra operators (matmul, mm, bmm, mv, dot, outer): Tensor methods and torch.* functions.
// install(torch, Tensor) is called once by tensorpad.js before the namespace is frozen.

export function install(torch, Tensor) {}
