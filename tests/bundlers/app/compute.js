// What each bundled app computes; tests/browser/bundlers.test.mjs runs the same function in
// Node on js/tensorpad.js for the expected text.
export function compute(torch) {
  const x = torch.tensor([[1, 2], [3, 4]], { dtype: torch.float32, requires_grad: true });
  const y = x.matmul(x).tanh().sum();
  y.backward();
  return `${y.item().toFixed(6)} ${String(x.grad)} ${torch.arange(6).reshape(2, 3).sum(1)}`;
}
