// Shape and indexing operators (cat, stack, gather, scatter, advanced indexing, ...): Tensor methods and torch.* functions.
// install(torch, Tensor) is called once by tensorpad.js before the namespace is frozen.

export function install(torch, Tensor) {}
