// The graph of the last backward, for the Graph tab. A training loop's loss lives inside the
// loop (or a torch.scope) and is gone when the run ends, so the top-level variables only
// show disconnected parameter boxes. The runtime's Tensor.prototype.backward is wrapped:
// each call keeps its root (torch.keep, so a scope does not release it; the previous root
// is left to the garbage collector). Both languages reach it: Python's Tensor.backward
// calls the JS method by name. torch.autograd.backward(...) is not seen (the namespace is
// frozen); loss.backward() is how tutorials write it.

let last = null;

/** Installs the wrapper once per runtime; resetBackward() forgets the root between runs. */
export function trackBackward(torch, Tensor) {
  const original = Tensor.prototype.backward;
  if (typeof original !== 'function' || original.__tracked) return;
  const backward = function backward(...args) {
    const r = original.apply(this, args);
    if (!this.is_disposed && this.grad_fn) last = torch.keep(this);
    return r;
  };
  backward.__tracked = true;
  Tensor.prototype.backward = backward;
}

export function resetBackward() { last = null; }

/** The root of the last backward of this run, if it is still usable. */
export function lastBackward() { return last && !last.is_disposed ? last : null; }

/**
 * The name the user gave the last backward's root: the identifier before the last
 * `.backward(` in the code (`loss.backward()` in JS and Python alike), else 'backward()'.
 */
export function backwardName(code) {
  const names = [...String(code ?? '').matchAll(/((?:[A-Za-z_$][\w$]*\.)*)([A-Za-z_$][\w$]*)\s*\.\s*backward\s*\(/g)]
    .filter((m) => m[2] !== 'autograd').map((m) => m[2]);   // torch.autograd.backward(t) names no tensor
  return names.length ? names[names.length - 1] : 'backward()';
}

/**
 * The [name, tensor] list the views draw, with the last backward's root added when the
 * named tensors alone have no function node (only parameters and data): then the Graph
 * tab shows the last forward/backward, its leaves keeping their parameter names.
 */
export function withLastBackward(named, code, Tensor) {
  const root = lastBackward();
  if (!root) return named;
  const tensors = named.map(([, t]) => t).filter((t) => t instanceof Tensor && !t.is_disposed);
  if (tensors.some((t) => t === root || t.grad_fn)) return named;
  return [...named.slice(0, 39), [backwardName(code), root]];   // describeGraph reads the first 40
}
