// Autograd from JS: grad_fn nodes, backward, torch.autograd.grad, grad modes, hooks,
// gradcheck / gradgradcheck and the graph export. The engine and every formula live in the
// core (src/autograd/engine.c, src/autograd/derivatives.c); this module passes handles and options.
import { W, check, checkStatus, cstr, setHookHandler, TensorError, withGradMode } from '../core/wasm.js';
import { bind, splitOptions, isOptions, attributeError } from '../core/args.js';
import { describe } from '../core/dtype.js';
import { Tensor, Tuple, wrap, wrapBorrowed, setNodeFactory, asTensor, joinScope, gradOf, ESCAPE } from '../tensor/tensor.js';
import { makeFunction } from './function.js';

const inspect = Symbol.for('nodejs.util.inspect.custom');

// ---- grad_fn nodes ---------------------------------------------------------------------
const nodeRegistry = new FinalizationRegistry((ptr) => W.tp_node_release_ptr(ptr));
const nodes = new Map();

/** A grad_fn: name(), next_functions, and (AccumulateGrad) variable, as in PyTorch. */
// Note [No public constructor takes a raw value] (js/tensor/tensor.js): only nodeOf below makes handles.
const MAKE = Symbol('Node.make');

export class Node {
  constructor(token, ptr) {
    if (token !== MAKE) throw new TypeError(`cannot create '${new.target?.name ?? 'Node'}' instances`);
    this._p = ptr;
    W.tp_node_retain_ptr(ptr);
    // Inside torch.scope a node handle is released with the scope (it keeps its graph,
    // saved tensors included, alive); elsewhere by the garbage collector.
    this._reg = !joinScope(this);
    if (this._reg) nodeRegistry.register(this, ptr, this);
  }
  [ESCAPE]() {
    if (this._reg || !this._p) return;
    this._reg = true;
    nodeRegistry.register(this, this._p, this);
  }
  dispose() {
    if (!this._p) return;
    if (this._reg) nodeRegistry.unregister(this);
    if (nodes.get(this._p)?.deref() === this) nodes.delete(this._p);
    W.tp_node_release_ptr(this._p);
    this._p = 0;
  }
  get _ptr() {
    if (!this._p) throw new TensorError('this grad_fn handle was released (torch.scope) and cannot be used any more');
    return this._p;
  }
  name() { return cstr(W.tp_node_name(this._ptr)); }
  get next_functions() {
    const out = new Tuple();
    const p = this._ptr, n = W.tp_node_ninputs(p);
    for (let i = 0; i < n; i++) {
      const f = W.tp_node_next_fn(p, i);
      const pair = [f ? nodeFor(f) : null, W.tp_node_next_nr(p, i)];
      pair.toString = () => `(${pair[0] ? String(pair[0]) : 'None'}, ${pair[1]})`;
      out.push(pair);
    }
    return out;
  }
  /** AccumulateGrad's leaf tensor (undefined for other nodes, as in PyTorch). */
  get variable() {
    const v = W.tp_node_variable(this._ptr);
    return v ? wrapBorrowed(v) : undefined;
  }
  /** Saved tensors as [name, tensor] pairs (empty once a backward freed them). */
  get saved_tensors() {
    const out = [];
    const p = this._ptr, n = W.tp_node_nsaved(p);
    for (let i = 0; i < n; i++) out.push([cstr(W.tp_node_saved_name(p, i)), wrapBorrowed(W.tp_node_saved(p, i))]);
    return out;
  }
  toString() { return `<${this.name().split('::').pop()} object>`; }
  [inspect]() { return this.toString(); }
}

function nodeFor(ptr) {
  const live = nodes.get(ptr)?.deref();
  if (live && live._p === ptr) return live;
  const n = new Node(MAKE, ptr);
  nodes.set(ptr, new WeakRef(n));
  return n;
}
setNodeFactory(nodeFor);

// ---- hooks ---------------------------------------------------------------------------------
let nextHookId = 1;
const hooks = new Map();
let hookError = null;

setHookHandler((id, gradPtr) => {
  const fn = hooks.get(id);
  if (!fn) return 0;
  try {
    W.tp_tensor_retain(gradPtr);
    const g = wrap(gradPtr), name = fn.name || '<lambda>';
    const r = fn(g);
    if (r === undefined || r === null) return 0;
    if (!(r instanceof Tensor)) throw new TypeError(`hook returned ${typeof r}; expected a Tensor or nothing`);
    if (r.ndim !== g.ndim || r.shape.some((n, d) => n !== g.shape[d])) throw new TensorError(`hook '${name}' has changed the size of value`);
    if (r.dtype !== g.dtype) {
      const title = (t) => `torch.${{ float32: 'Float', float64: 'Double', int32: 'Int', int64: 'Long', bool: 'Bool' }[t.dtype.name]}Tensor`;
      throw new TensorError(`hook '${name}' has changed the type of value (was ${title(g)} got ${title(r)})`);
    }
    W.tp_tensor_retain(r._ptr);  // ownership passes to the core
    return r._ptr;
  } catch (e) {
    hookError = e;
    return 1;
  }
});

/** checkStatus for calls that run hooks: a hook's own exception wins. */
function checkRun(rc) {
  if (rc < 0 && hookError) {
    const e = hookError;
    hookError = null;
    throw e;
  }
  hookError = null;
  return checkStatus(rc);
}

// ---- pointer lists for the engine ------------------------------------------------------------
/** Writes groups of tensor pointers (null -> 0) into the core's list scratch; returns addresses. */
function lists(...groups) {
  const total = groups.reduce((n, g) => n + g.length, 0);
  const base = check(W.tp_tensor_list(Math.max(total, 1)));
  const view = new Uint32Array(W.memory.buffer, base, Math.max(total, 1));
  let at = 0;
  return groups.map((g) => {
    const addr = base + at * 4;
    for (const t of g) view[at++] = t ? t._ptr : 0;
    return addr;
  });
}

const asList = (x) => (x instanceof Tensor ? [x] : Array.isArray(x) ? x : x === null || x === undefined ? [] : [x]);

function runBackward(tensors, grads, retain_graph, create_graph) {
  tensors.forEach((t, i) => asTensor(t, 'backward', 'tensors', i + 1));
  grads = grads.map((g) => (g === undefined ? null : g));
  // one gradient per tensor, as PyTorch's _make_grads (the core reads grads[i] for each root)
  if (grads.length !== tensors.length) throw new TensorError(`got ${tensors.length} tensors and ${grads.length} gradients`);
  const bad = grads.find((g) => g !== null && !(g instanceof Tensor));
  if (bad !== undefined) throw new TypeError(`gradients can be either Tensors or None, but got ${describe(bad)}`);
  const keep = create_graph || !!retain_graph;
  const [roots, gs] = lists(tensors, grads);
  checkRun(W.tp_backward(tensors.length, roots, gs, keep ? 1 : 0, create_graph ? 1 : 0));
}

/** backward(inputs=[...]): gradients of the roots reach only these tensors' .grad (accumulated). */
function runBackwardInputs(tensors, grads, inputs, retain_graph, create_graph) {
  inputs = asList(inputs);
  if (!inputs.length) throw new TensorError("'inputs' argument to backward() cannot be empty.");
  inputs.forEach((t, i) => asTensor(t, 'backward', 'inputs', i + 1));
  if (inputs.some((t) => !t.requires_grad)) throw new TensorError("can't retain_grad on Tensor that has requires_grad=False");
  const gs = grad(tensors, inputs, { grad_outputs: grads, retain_graph: create_graph || !!retain_graph, create_graph, allow_unused: true });
  inputs.forEach((t, i) => {
    const g = gs[i];
    if (!g) return;
    if (t.grad === null) t.grad = create_graph ? g : g.detach();
    else if (create_graph) t.grad = t.grad.add(g);
    else withMode(false, () => t.grad.add_(g));
  });
}

/** torch.autograd.grad(outputs, inputs, {grad_outputs, retain_graph, create_graph, allow_unused}). */
function grad(...a) {
  const o = bind('grad', a, ['outputs', 'inputs', 'grad_outputs', 'retain_graph', 'create_graph', 'only_inputs', 'allow_unused', 'is_grads_batched']);
  const outputs = asList(o.outputs), inputs = asList(o.inputs);
  if (!inputs.length) throw Object.assign(new TensorError('grad requires non-empty inputs.'), { pythonType: 'ValueError' });
  const gouts = o.grad_outputs === undefined || o.grad_outputs === null ? outputs.map(() => null) : asList(o.grad_outputs);
  if (gouts.length !== outputs.length) throw new TensorError(`got ${outputs.length} tensors and ${gouts.length} gradients`);
  outputs.forEach((t, i) => asTensor(t, 'grad', 'outputs', i + 1));
  inputs.forEach((t, i) => asTensor(t, 'grad', 'inputs', i + 1));
  const create = !!o.create_graph;
  const keep = o.retain_graph === undefined || o.retain_graph === null ? create : !!o.retain_graph;
  const [roots, gs, ins, outs] = lists(outputs, gouts, inputs, inputs.map(() => null));
  checkRun(W.tp_autograd_grad(outputs.length, roots, gs, inputs.length, ins, keep ? 1 : 0, create ? 1 : 0, o.allow_unused ? 1 : 0, outs));
  const view = new Uint32Array(W.memory.buffer, outs, inputs.length);
  return Tuple.from(Array.from(view, (p) => (p ? wrap(p) : null)));
}

// ---- grad modes ----------------------------------------------------------------------------
function withMode(enabled, fn) {
  if (typeof fn !== 'function') throw new TypeError(`torch.${enabled ? 'enable_grad' : 'no_grad'}(fn): fn must be the function to run (the body of Python's \`with\` block), not ${describe(fn)}`);
  return withGradMode(enabled, fn);
}

// ---- gradcheck -------------------------------------------------------------------------------
// Numerical Jacobians by central differences against the analytical ones from
// autograd.grad, entry by entry, as torch.autograd.gradcheck does (float64 inputs advised).
/** fn's outputs as a list of tensors; 1.13 reads .requires_grad of each (AttributeError's text). */
function tensorOutputs(outs) {
  for (const t of outs) if (!(t instanceof Tensor)) throw attributeError(t, 'requires_grad');
  return outs;
}

function jacobians(fn, inputs, eps) {
  const outputs = tensorOutputs(asList(withMode(true, () => fn(...inputs))));
  const diff = inputs.map((x, i) => (x instanceof Tensor && x.requires_grad ? i : -1)).filter((i) => i >= 0);
  const numerical = [], analytical = [];
  // Analytical first: the numerical pass perturbs the inputs in place, which would
  // (rightly) invalidate the tensors the graph saved.
  outputs.forEach((out, j) => {
    const rows = diff.map(() => []);
    const m = out.numel();
    for (let e = 0; e < m; e++) {
      const go = torchRef.zeros(m, { dtype: out.dtype });
      go.index_put_([e], 1);
      // an output that does not require grad depends on no input: its Jacobian is zero
      const gs = out.requires_grad
        ? grad(out, diff.map((i) => inputs[i]), { grad_outputs: go.view(out.shape), retain_graph: true, allow_unused: true })
        : diff.map(() => null);
      gs.forEach((g, r) => rows[r].push(g ? g.reshape(-1) : torchRef.zeros(inputs[diff[r]].numel(), { dtype: out.dtype })));
    }
    rows.forEach((r, k) => {
      analytical[k] = analytical[k] || [];
      analytical[k][j] = m ? torchRef.stack(r, 1) : torchRef.zeros(inputs[diff[k]].numel(), 0, { dtype: out.dtype });
    });
  });
  for (const i of diff) {
    const x = inputs[i];
    const xd = x.detach();  // shares x's storage, whatever its strides
    const shape = Array.from(x.shape);
    const n = x.numel();
    const cols = outputs.map(() => []);
    // fn runs with grad enabled, as the user wrote it (it may register hooks)
    const run = () => asList(withMode(true, () => fn(...inputs))).map((t) => t.detach().reshape(-1).clone());
    for (let k = 0; k < n; k++) {
      let el = xd;  // the 0-d view of element k (row-major)
      for (let d = 0, rest = k, size = n; d < shape.length; d++) {
        size /= shape[d];
        el = el.select(0, Math.floor(rest / size));
        rest %= size;
      }
      const orig = el.item();
      el.fill_(orig + eps);
      const plus = run();
      el.fill_(orig - eps);
      const minus = run();
      el.fill_(orig);
      plus.forEach((p, j) => cols[j].push(p.sub(minus[j]).div(2 * eps)));
    }
    numerical.push(cols.map((c) => torchRef.stack(c, 0)));  // [n_in, n_out]
  }
  return { outputs, diff, numerical, analytical };
}

function gradcheck(fn, inputs, ...a) {
  if (typeof fn !== 'function') throw new TypeError(`gradcheck(): func must be a function, not ${describe(fn)}`);
  const [, o] = splitOptions('gradcheck', a, ['eps', 'atol', 'rtol', 'raise_exception', 'check_undefined_grad', 'fast_mode', 'nondet_tol', 'check_grad_dtypes', 'check_batched_grad', 'check_forward_ad', 'check_backward_ad']);
  const eps = o.eps ?? 1e-6, atol = o.atol ?? 1e-5, rtol = o.rtol ?? 1e-3, raise = o.raise_exception ?? true;
  const ins = asList(inputs);
  if (!ins.some((x) => x instanceof Tensor && x.requires_grad)) {
    throw new TensorError('gradcheck expects at least one input tensor to require gradient, but none of the them have requires_grad=True.');
  }
  return torchRef.scope(() => {
    const { diff, numerical, analytical } = jacobians(fn, ins, eps);
    for (let k = 0; k < diff.length; k++) {
      for (let j = 0; j < numerical[k].length; j++) {
        const num = numerical[k][j], ana = analytical[k][j].to(num.dtype);
        const ok = ana.sub(num).abs().le(num.abs().mul(rtol).add(atol)).all().item();
        if (!ok) {
          if (!raise) return false;
          throw new TensorError(`Jacobian mismatch for output ${j} with respect to input ${diff[k]},\nnumerical:${num}\nanalytical:${ana}\n`);
        }
      }
    }
    return true;
  });
}

/** Checks second derivatives: gradcheck of the function inputs -> autograd.grad(outputs, inputs). */
function gradgradcheck(fn, inputs, ...a) {
  if (typeof fn !== 'function') throw new TypeError(`gradgradcheck(): func must be a function, not ${describe(fn)}`);
  const [pos, o] = splitOptions('gradgradcheck', a, ['eps', 'atol', 'rtol', 'raise_exception', 'gen_non_contig_grad_outputs', 'check_undefined_grad', 'check_grad_dtypes', 'check_batched_grad', 'check_fwd_over_rev', 'check_rev_over_rev', 'fast_mode']);
  const ins = asList(inputs);
  const diff = ins.filter((x) => x instanceof Tensor && x.requires_grad);
  const outs = tensorOutputs(asList(withMode(true, () => fn(...ins))));
  const gouts = pos.length && pos[0] ? asList(pos[0]) : outs.map((t) => torchRef.randn_like(t.detach(), { dtype: t.dtype }).requires_grad_());
  const n = ins.length;
  // Runs with grad enabled even in gradcheck's numerical pass (which runs under no_grad):
  // the first derivatives are needed there as values.
  const second = (...xs) => withMode(true, () => {
    const args = xs.slice(0, n), gos = xs.slice(n);
    const ys = asList(fn(...args));
    const d = args.filter((x) => x instanceof Tensor && x.requires_grad);
    return grad(ys, d, { grad_outputs: gos, create_graph: true, allow_unused: true }).filter((g) => g !== null);
  });
  void diff;
  return gradcheck(second, [...ins, ...gouts], o);
}

// ---- graph export ------------------------------------------------------------------------
function preview(t) {
  try {
    return String(t);
  } catch {
    return null;
  }
}

/** The autograd graph behind t as plain JSON (docs/graph-format.md). */
function graph(t) {
  asTensor(t, 'graph', 'tensor');
  const out = { format: 'tensorpad-graph/1', root: `t${t._ptr}`, nodes: [], edges: [] };
  const seen = new Set();
  const tensorNode = (x, id) => {
    if (seen.has(id)) return;
    seen.add(id);
    const g = gradOf(x);
    out.nodes.push({
      id, kind: 'tensor', label: x.name ?? null, shape: Array.from(x.shape), dtype: x.dtype.name,
      requires_grad: x.requires_grad, is_leaf: x.is_leaf, retains_grad: x.retains_grad,
      value: preview(x), grad: g ? preview(g) : null,
      grad_norm: g && g.dtype.is_floating_point ? withMode(false, () => g.norm().item()) : null,
    });
  };
  tensorNode(t, out.root);
  const root = W.tp_tensor_grad_fn(t._ptr);
  if (!root) return out;
  out.edges.push({ from: `f${root}`, to: out.root });
  const stack = [root];
  const order = [];
  while (stack.length) {
    const p = stack.pop();
    const id = `f${p}`;
    if (seen.has(id)) continue;
    seen.add(id);
    order.push(p);
    const saved = [];
    const ns = W.tp_node_nsaved(p);
    for (let i = 0; i < ns; i++) {
      const s = W.tp_node_saved(p, i);
      const st = wrapBorrowed(s);
      saved.push({ name: cstr(W.tp_node_saved_name(p, i)), shape: Array.from(st.shape), dtype: st.dtype.name, value: preview(st) });
    }
    out.nodes.push({ id, kind: 'function', name: cstr(W.tp_node_name(p)), saved });
    const n = W.tp_node_ninputs(p);
    for (let i = 0; i < n; i++) {
      const c = W.tp_node_next_fn(p, i);
      if (!c) continue;
      const v = W.tp_node_variable(c);
      if (v) {  // AccumulateGrad: the leaf takes its place
        const leaf = wrapBorrowed(v);
        tensorNode(leaf, `t${v}`);
        out.edges.push({ from: `t${v}`, to: id });
      } else {
        out.edges.push({ from: `f${c}`, to: id });
        stack.push(c);
      }
    }
  }
  out.backward_order = order.sort((x, y) => W.tp_node_seq(y) - W.tp_node_seq(x)).map((p) => `f${p}`);
  return out;
}

/** The same graph as Graphviz DOT text. */
function to_dot(t) {
  const g = graph(t);
  const esc = (s) => String(s).replace(/\\/g, '\\\\').replace(/"/g, '\\"').replace(/\n/g, '\\n');
  const lines = ['digraph autograd {', '  rankdir=TB;', '  node [fontname="monospace", fontsize=10];'];
  for (const n of g.nodes) {
    if (n.kind === 'tensor') {
      const label = `${n.label ? `${n.label}\n` : ''}(${n.shape.join(', ')}) ${n.dtype}${n.grad ? `\ngrad: ${n.grad}` : ''}`;
      lines.push(`  "${n.id}" [shape=box, style=filled, fillcolor="${n.is_leaf ? 'lightblue' : 'darkolivegreen1'}", label="${esc(label)}"];`);
    } else {
      lines.push(`  "${n.id}" [shape=ellipse, label="${esc(n.name)}"];`);
    }
  }
  for (const e of g.edges) lines.push(`  "${e.from}" -> "${e.to}";`);
  lines.push('}');
  return `${lines.join('\n')}\n`;
}

let torchRef = null;

export function install(torch, TensorClass) {
  torchRef = torch;
  Object.assign(TensorClass.prototype, {
    /** backward(gradient?, {retain_graph, create_graph, inputs}); an options object alone is allowed. */
    backward(...a) {
      let gradient = null, opts = {};
      if (a.length && isOptions(a[a.length - 1])) opts = a.pop();
      for (const k of Object.keys(opts)) {
        if (!['gradient', 'retain_graph', 'create_graph', 'inputs'].includes(k)) throw new TypeError(`backward() got an unexpected keyword argument '${k}'`);
      }
      if (a.length) gradient = a[0];
      if (opts.gradient !== undefined) gradient = opts.gradient;
      // a JS array is Python's sequence of gradients (one per output: here one)
      const grads = Array.isArray(gradient) ? gradient.slice(0, 1) : [gradient];
      if (opts.inputs !== undefined && opts.inputs !== null) runBackwardInputs([this], grads, opts.inputs, opts.retain_graph, !!opts.create_graph);
      else runBackward([this], grads, opts.retain_graph, !!opts.create_graph);
    },
    retain_grad() { checkStatus(W.tp_tensor_retain_grad(this._ptr)); },
    /** register_hook(fn): fn(grad) may return a new gradient; returns a handle with remove(). */
    register_hook(fn) {
      if (typeof fn !== 'function') throw new TypeError('register_hook(): expected a function');
      const id = nextHookId++;
      checkStatus(W.tp_tensor_register_hook(this._ptr, id));
      hooks.set(id, fn);
      const ptr = this._ptr;
      W.tp_tensor_retain(ptr);
      return {
        id,
        remove() {
          if (!hooks.delete(id)) return;
          W.tp_tensor_remove_hook(ptr, id);
          W.tp_tensor_release(ptr);
        },
      };
    },
  });
  // a custom Function's backward that throws is reported as a hook's exception is (checkRun)
  const { Function, FunctionCtx } = makeFunction({ torch, reportError: (e) => { hookError = e; } });
  torch.autograd = Object.freeze({
    grad, Function, function: Object.freeze({ Function, FunctionCtx }),
    backward: (tensors, grad_tensors, ...a) => {
      if (a.length === 0 && isOptions(grad_tensors)) [grad_tensors, a] = [undefined, [grad_tensors]];  // backward(t, {retain_graph})
      const [, o] = splitOptions('backward', a, ['grad_tensors', 'retain_graph', 'create_graph', 'grad_variables', 'inputs']);
      if (o.grad_tensors !== undefined) grad_tensors = o.grad_tensors;
      const ts = asList(tensors);
      const gs = grad_tensors === undefined || grad_tensors === null ? ts.map(() => null) : asList(grad_tensors);
      if (o.inputs !== undefined && o.inputs !== null) runBackwardInputs(ts, gs, o.inputs, o.retain_graph, !!o.create_graph);
      else runBackward(ts, gs, o.retain_graph, !!o.create_graph);
    },
    gradcheck, gradgradcheck, graph, to_dot, Node,
    no_grad: (fn) => withMode(false, fn),
    enable_grad: (fn) => withMode(true, fn),
  });
  torch.no_grad = (fn) => {
    if (typeof fn !== 'function') throw new TypeError('torch.no_grad(fn): pass the function to run without gradient tracking');
    return withMode(false, fn);
  };
  torch.enable_grad = (fn) => {
    if (typeof fn !== 'function') throw new TypeError('torch.enable_grad(fn): pass the function to run with gradient tracking');
    return withMode(true, fn);
  };
  torch.inference_mode = torch.no_grad;
  torch.set_grad_enabled = (b) => { W.tp_set_grad_enabled(b ? 1 : 0); };
  torch.is_grad_enabled = () => !!W.tp_is_grad_enabled();
}
