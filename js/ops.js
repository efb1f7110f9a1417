// Elementwise and reduction operators: Tensor methods and torch.* functions over the core's op table.
// install(torch, Tensor) is called once by tensorpad.js before the namespace is frozen.

export function install(torch, Tensor) {}
