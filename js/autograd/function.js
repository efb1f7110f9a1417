// torch.autograd.Function: a custom forward/backward pair written in JS. `apply` runs the
// subclass's static forward(ctx, ...args) under no_grad and records one core node, named
// "<ClassName>Backward" as PyTorch names it, whose formula calls back here with the output
// gradients (Note [Custom Functions] in src/autograd/derivatives.c). backward(ctx, ...grads)
// runs under the engine's grad mode, so with create_graph its ops record a graph of their own
// (double backward). ctx holds save_for_backward/saved_tensors, needs_input_grad,
// mark_dirty, mark_non_differentiable and set_materialize_grads, as 1.13's FunctionCtx.
import { W, check, checkStatus, setCustomHandler, TensorError } from '../core/wasm.js';
import { describe } from '../core/dtype.js';
import { Tensor, wrap, keep } from '../tensor/tensor.js';

const SECOND_BACKWARD = 'Trying to backward through the graph a second time (or directly access saved tensors after they have ' +
  'already been freed). Saved intermediate values of the graph are freed when you call .backward() or autograd.grad(). ' +
  'Specify retain_graph=True if you need to backward through the graph a second time or if you need to access saved ' +
  'tensors after calling backward.';

class FunctionCtx {
  save_for_backward(...tensors) {
    for (const t of tensors) {
      if (t !== null && t !== undefined && !(t instanceof Tensor)) {
        throw new TypeError(`save_for_backward can only save variables, but argument ${tensors.indexOf(t)} is of type ${describe(t)}`);
      }
    }
    this._saved = tensors.map((t) => (t instanceof Tensor ? keep(t) : null));
  }
  get saved_tensors() {
    if (this._freed && this._saved && this._saved.length) throw new TensorError(SECOND_BACKWARD);
    return this._saved ? [...this._saved] : [];
  }
  mark_dirty(...tensors) { this._dirty = tensors; }
  mark_non_differentiable(...tensors) { this._nondiff = tensors; }
  set_materialize_grads(value) { this._materialize = !!value; }
}

// the live custom nodes: id -> {cls, ctx, nargs, tensorArg (node input k -> arg index), outs}
const live = new Map();
let nextId = 1;

export function makeFunction({ torch, reportError }) {
  setCustomHandler((id, nout, goutPtr, nin, ginPtr) => {
    const e = live.get(id);
    if (nout === -1) { live.delete(id); return 0; }
    if (!e) return -1;
    if (nout === -2) {
      e.ctx._freed = true;
      return 0;
    }
    try {
      runBackward(torch, e, nout, goutPtr, nin, ginPtr);
      return 0;
    } catch (err) {
      reportError(err);
      return -1;
    }
  });

  class Function {
    constructor() {
      throw new TensorError('Legacy autograd function with non-static forward method is deprecated. Please use new-style autograd ' +
        'function with static forward method. (Example: https://pytorch.org/docs/stable/autograd.html#torch.autograd.Function)');
    }
    static forward() { throw new TensorError('You must implement the forward function for custom autograd.Function.'); }
    static backward() {
      throw new TensorError('You must implement either the backward or vjp method for your custom autograd.Function to use it with backward mode AD.');
    }
    static apply(...args) { return applyFunction(torch, this, args); }
  }
  return { Function, FunctionCtx };
}

function applyFunction(torch, cls, args) {
  const ctx = new FunctionCtx();
  const grad = torch.is_grad_enabled();
  ctx.needs_input_grad = args.map((a) => grad && a instanceof Tensor && a.requires_grad);
  const executable = ctx.needs_input_grad.some(Boolean);
  const result = torch.no_grad(() => cls.forward(ctx, ...args));
  if (!executable) return result;
  const multi = Array.isArray(result);
  const outs = multi ? [...result] : [result];
  const inputs = [], tensorArg = [];
  args.forEach((a, i) => { if (a instanceof Tensor) { inputs.push(a); tensorArg.push(i); } });
  const dirty = new Set(ctx._dirty ?? []), nondiff = new Set(ctx._nondiff ?? []);
  for (const t of dirty) {
    if (!inputs.includes(t)) throw new TensorError('Some elements marked as dirty during the forward method were not returned as output. The inputs that are modified inplace must all be outputs of the Function.');
    if (t.is_leaf && t.requires_grad) throw new TensorError('a leaf Variable that requires grad is being used in an in-place operation.');
  }
  const attach = outs.map((o, j) => {
    if (!(o instanceof Tensor)) return null;
    if (nondiff.has(o) || !o.dtype.is_floating_point) return null;
    // an input returned unchanged becomes a view of itself (1.13's _wrap_outputs)
    if (inputs.includes(o) && !dirty.has(o)) outs[j] = torch.no_grad(() => o.view_as(o));
    return outs[j];
  });
  const id = nextId++;
  live.set(id, { cls, ctx, nargs: args.length, tensorArg, inShapes: inputs.map((t) => [...t.shape]), outs: outs.map((o) => (o instanceof Tensor ? { shape: [...o.shape], dtype: o.dtype } : null)) });
  const name = `${cls.name}Backward`;
  const bytes = new TextEncoder().encode(name + '\0');
  const namePtr = check(W.tp_malloc(bytes.length));
  new Uint8Array(W.memory.buffer, namePtr, bytes.length).set(bytes);
  const list = check(W.tp_tensor_list(Math.max(inputs.length + outs.length, 1)));
  const view = new Uint32Array(W.memory.buffer, list, inputs.length + outs.length);
  inputs.forEach((t, k) => { view[k] = t._ptr; });
  attach.forEach((t, j) => { view[inputs.length + j] = t ? t._ptr : 0; });
  try {
    checkStatus(W.tp_custom_record(id, namePtr, inputs.length, list, outs.length, list + 4 * inputs.length));
  } catch (err) {
    live.delete(id);
    throw err;
  } finally {
    W.tp_free(namePtr);
  }
  return multi ? outs : outs[0];
}

const fmtShape = (s) => `[${Array.from(s).join(', ')}]`;

function runBackward(torch, e, nout, goutPtr, nin, ginPtr) {
  const { cls, ctx, nargs, tensorArg, inShapes, outs } = e;
  const gout = new Uint32Array(W.memory.buffer, goutPtr, nout);
  const grads = outs.map((m, j) => {
    const p = gout[j];
    if (p) {
      W.tp_tensor_retain(p);
      return wrap(p);
    }
    return m && ctx._materialize !== false ? torch.zeros(m.shape, { dtype: m.dtype }) : null;
  });
  let r = cls.backward(ctx, ...grads);
  if (!Array.isArray(r)) r = [r];
  const name = `${cls.name}Backward`;
  if (r.length > nargs) {
    if (r.slice(nargs).some((g) => g !== null && g !== undefined)) {
      throw new TensorError(`function ${name} returned an incorrect number of gradients (expected ${nargs}, got ${r.length})`);
    }
    r = r.slice(0, nargs);
  }
  if (r.length < nargs) throw new TensorError(`function ${name} returned an incorrect number of gradients (expected ${nargs}, got ${r.length})`);
  r.forEach((g, i) => {
    if (g !== null && g !== undefined && !tensorArg.includes(i)) {
      throw new TensorError(`function ${name} returned a gradient different than None at position ${i + 1}, but the corresponding forward input was not a Variable`);
    }
  });
  const gin = new Uint32Array(W.memory.buffer, ginPtr, nin);
  tensorArg.forEach((i, k) => {
    const g = r[i];
    if (g === null || g === undefined) return;
    if (!(g instanceof Tensor)) throw new TypeError(`expected Tensor or None as the gradient of input ${i} of ${name}, got ${describe(g)}`);
    // 1.13's validate_outputs: the input's shape must expand to the gradient's (which is then summed)
    const want = inShapes[k], got = Array.from(g.shape), lead = got.length - want.length;
    if (lead < 0 || want.some((n, d) => n !== 1 && n !== got[lead + d])) {
      throw new TensorError(`Function ${name} returned an invalid gradient at index ${k} - got ${fmtShape(got)} but expected shape compatible with ${fmtShape(want)}`);
    }
    W.tp_tensor_retain(g._ptr);
    gin[k] = g._ptr;
  });
}
