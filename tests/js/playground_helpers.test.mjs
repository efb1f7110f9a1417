// The playground's helpers that need no browser (in Node): repeated structure in real autograd graphs
// (web/src/graph_groups.js, on torch.autograd.graph of an LSTM and of a layer stack), the
// completion's call parsing and parameter names (web/src/complete.js), the API description
// built from the library (web/api_names.mjs), and the name of the last backward's root.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import torch from '../../js/tensorpad.js';
import { normalizeGraph } from '../../web/src/graph.js';
import { findRepeats, collapse, forwardOrder } from '../../web/src/graph_groups.js';
import { enclosingCall, paramNames, createApi, lookup } from '../../web/src/complete.js';
import { describeApi } from '../../web/api_names.mjs';
import { backwardName } from '../../web/src/lastgraph.js';
import { EditorState } from '@codemirror/state';
import { StreamLanguage, LanguageSupport } from '@codemirror/language';
import { CompletionContext } from '@codemirror/autocomplete';
import { javascript } from '@codemirror/lang-javascript';
import { torchCompletionSource } from '../../web/src/complete.js';

test('an LSTM over 12 steps: 11 equal groups (the first step, from zeros, differs), collapsed to a chain', () => {
  torch.manual_seed(0);
  const lstm = new torch.nn.LSTM(1, 4, { batch_first: true });
  const [out] = lstm.call(torch.randn(2, 12, 1));
  const G = normalizeGraph(torch.autograd.graph(out.sum()));
  const groups = findRepeats(G);
  assert.equal(groups.length, 11);
  assert.ok(groups.every((g) => g.members.length === groups[0].members.length && g.count === 11));
  assert.deepEqual(groups.map((g) => g.index), [...Array(11)].map((_, i) => i + 1));
  const all = new Set(groups.flatMap((g) => g.members));
  assert.equal(all.size, 11 * groups[0].members.length, 'no function in two groups');
  const fns = new Set(G.nodes.filter((n) => n.kind === 'function').map((n) => n.id));
  for (const id of all) assert.ok(fns.has(id), 'only function nodes are grouped');
  const V = collapse(G, groups);
  assert.equal(V.nodes.length, G.nodes.length - all.size + 11);
  const ids = new Set(V.nodes.map((n) => n.id));
  for (const e of V.edges) assert.ok(ids.has(e.from) && ids.has(e.to) && e.from !== e.to);
  // consecutive steps are joined (h and c flow from one to the next)
  for (let i = 0; i + 1 < groups.length; i++) assert.ok(V.edges.some((e) => e.from === groups[i].id && e.to === groups[i + 1].id), `step ${i + 1} -> ${i + 2}`);
  // opening one group puts its members back
  const V1 = collapse(G, groups, new Set([groups[3].id]));
  assert.equal(V1.nodes.length, V.nodes.length - 1 + groups[3].members.length);
});

test('a stack of identical layers is grouped; an MLP with no repeat is not', () => {
  const layers = [];
  for (let i = 0; i < 4; i++) layers.push(new torch.nn.Linear(3, 3), new torch.nn.Tanh());
  const stack = new torch.nn.Sequential(...layers);
  const G = normalizeGraph(torch.autograd.graph(stack.call(torch.ones(2, 3)).sum()));
  const groups = findRepeats(G);
  assert.ok(groups.length >= 3, JSON.stringify(groups.map((g) => g.names)));
  assert.deepEqual([...new Set(groups[0].names)].sort(), ['AddmmBackward0', 'TBackward0', 'TanhBackward0']);
  const mlp = new torch.nn.Sequential(new torch.nn.Linear(2, 4), new torch.nn.ReLU(), new torch.nn.Linear(4, 1));
  assert.deepEqual(findRepeats(normalizeGraph(torch.autograd.graph(mlp.call(torch.ones(1, 2)).sum()))), []);
});

test('forwardOrder puts every function after the functions it consumes', () => {
  const x = torch.ones(3, { requires_grad: true });
  const y = x.mul(2).sin().add(x.exp()).sum();
  const G = normalizeGraph(torch.autograd.graph(y));
  const order = forwardOrder(G);
  assert.equal(order.length, G.nodes.filter((n) => n.kind === 'function').length);
  const at = new Map(order.map((id, i) => [id, i]));
  for (const e of G.edges) if (at.has(e.from) && at.has(e.to)) assert.ok(at.get(e.from) < at.get(e.to));
});

test('completion: the enclosing call, through a JS options object, skipping strings and nested brackets', () => {
  assert.deepEqual(enclosingCall('const t = torch.zeros(2, {requ'), { callee: 'torch.zeros', inObject: true });
  assert.deepEqual(enclosingCall('t = torch.zeros(2, 3, '), { callee: 'torch.zeros', inObject: false });
  assert.deepEqual(enclosingCall('x = nn.Linear(f(1, [2, 3]), "a(b", '), { callee: 'nn.Linear', inObject: false });
  assert.deepEqual(enclosingCall('y = x . view ( 2, '), { callee: 'x.view', inObject: false });
  assert.equal(enclosingCall('const a = [1, 2, '), null);
  assert.equal(enclosingCall('const o = {a: {b'), null);
  assert.deepEqual(paramNames('zeros(IntArrayRef size, *, ScalarType? dtype=None, bool? requires_grad=False)  |  zeros(SymIntArrayRef size, *, Device? device=None)'),
    ['size', 'dtype', 'requires_grad', 'device']);
  assert.deepEqual(paramNames('Linear(in_features, out_features, bias=…)'), ['in_features', 'out_features', 'bias']);
  assert.equal(backwardName('for (...) { const loss = f(); loss.backward(); }\nfinal.backward({retain_graph: true})'), 'final');
  assert.equal(backwardName('torch.autograd.backward(y)'), 'backward()');
});

test('the API description comes from the library: namespaces, Tensor members, PyTorch signatures', async () => {
  const a = describeApi();
  const names = (p) => a.namespaces[p].map(([n]) => n);
  for (const k of Object.keys(torch)) if (!k.startsWith('_')) assert.ok(names('torch').includes(k), k);
  assert.ok(names('torch.nn').includes('Linear') && names('torch.nn.functional').includes('relu') && names('torch.optim').includes('Adam'));
  for (const m of ['backward', 'matmul', 'view', 'grad', 'shape']) assert.ok(a.tensor.some(([n]) => n === m), m);
  const api = createApi(() => a);
  const idx = await api.ready();
  assert.match(lookup(idx, 'torch.zeros').sig, /^zeros\(IntArrayRef size, \*, .*requires_grad=False\)/);
  assert.doesNotMatch(lookup(idx, 'torch.add').sig, /out=None/);
  assert.equal(lookup(idx, 'x.matmul').sig, 'matmul(Tensor other)');
  assert.equal(lookup(idx, 'nn.Linear').kind, 'class');
  assert.equal(lookup(idx, 'F.relu').sig, 'relu(input, inplace=…)');
  assert.equal(lookup(idx, 'x.grad').kind, 'property');
  assert.equal(lookup(idx, 'torch.no_such_thing'), null);
});

test('one completion source for both languages: keywords as `name: ` in a JS options object, `name=` in a Python call', async () => {
  // A stand-in for CodeMirror's Python language: the source only reads the language's name.
  const python = new LanguageSupport(StreamLanguage.define({ name: 'python', token: (st) => { st.next(); return null; } }));
  const source = torchCompletionSource(createApi(() => describeApi()));
  const at = async (doc, lang) => {
    const r = await source(new CompletionContext(EditorState.create({ doc, extensions: lang }), doc.length, false));
    return r && { from: r.from, labels: r.options.map((o) => o.label), apply: r.options.map((o) => o.apply) };
  };
  const py = await at('t = torch.zeros(2, requ', python);
  assert.equal(py.from, 't = torch.zeros(2, '.length);
  assert.ok(py.labels.includes('requires_grad') && py.labels.includes('dtype'));
  assert.equal(py.apply[py.labels.indexOf('requires_grad')], 'requires_grad=');
  assert.equal(await at('t = torch.zeros(2, requ', javascript()), null, 'JS keywords only inside the options object');
  const js = await at('t = torch.zeros(2, {requ', javascript());
  assert.equal(js.apply[js.labels.indexOf('requires_grad')], 'requires_grad: ');
  const members = await at('import torch.nn as nn\nl = nn.Lin', python);
  assert.ok(members.labels.includes('Linear') && !members.labels.includes('zeros'));
  const methods = await at('y = x.sum().back', python);
  assert.ok(methods.labels.includes('backward') && methods.labels.includes('matmul'));
});
