// What the worker sends to the views, checked in Node (no browser): the graph of several
// variables merged and named after them, and the memory layout from the public API.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { readFileSync } from 'node:fs';
import torch from '../../js/tensorpad.js';
import { describeGraph, describeMemory } from '../../web/src/capture.js';

const sample = JSON.parse(readFileSync(new URL('./fixtures/graph-sample.json', import.meta.url), 'utf8'));

test('describeGraph says so when torch.autograd.graph is missing', () => {
  const fake = { ...torch, autograd: undefined };
  assert.match(describeGraph(fake, torch.Tensor, [['x', torch.ones(2)]]).unavailable, /autograd/);
});

test('describeGraph merges graph(t) of each variable and names the roots after the variables', () => {
  // A stand-in for torch.autograd.graph over the sample: the sub-graph rooted at a node.
  const x = torch.ones(3, { requires_grad: true }), out = torch.ones(1, { requires_grad: true });
  const rootOf = new Map([[x, 't6'], [out, 't0']]);
  const graph = (t) => {
    const root = rootOf.get(t);
    const keep = new Set([root]);
    for (let changed = true; changed;) {
      changed = false;
      for (const e of sample.edges) if (keep.has(e.to) && !keep.has(e.from)) { keep.add(e.from); changed = true; }
    }
    return { root, nodes: sample.nodes.filter((n) => keep.has(n.id)).map((n) => ({ ...n, label: null })), edges: sample.edges.filter((e) => keep.has(e.to)) };
  };
  const g = describeGraph({ ...torch, autograd: { graph } }, torch.Tensor, [['input', x], ['result', out], ['n', 3]]);
  assert.equal(g.nodes.length, sample.nodes.length);
  assert.equal(g.edges.length, sample.edges.length);
  assert.equal(g.root, 't0');
  assert.equal(g.nodes.find((n) => n.id === 't6').label, 'input');
  assert.equal(g.nodes.find((n) => n.id === 't0').label, 'result');
});

test('describeMemory groups views, numpy() arrays and clones by storage', () => {
  const x = torch.arange(6, { dtype: torch.float32 }).view(2, 3);
  const named = [['x', x], ['xt', x.T], ['row', x.index(1)], ['c', x.clone()], ['arr', x.numpy()], ['other', new Float32Array(2)], ['k', 5]];
  const m = describeMemory(torch, torch.Tensor, named);
  assert.equal(m.storages.length, 2);
  assert.deepEqual(m.storages[0].owners, ['x', 'xt', 'row', 'arr']);
  assert.deepEqual(m.storages[0].values, [0, 1, 2, 3, 4, 5]);
  assert.deepEqual(m.storages[1].owners, ['c']);
  const row = m.tensors.find((t) => t.name === 'row');
  assert.deepEqual([row.shape, row.stride, row.offset], [[3], [1], 3]);
  const xt = m.tensors.find((t) => t.name === 'xt');
  assert.deepEqual([xt.shape, xt.stride, xt.contiguous], [[3, 2], [1, 3], false]);
  assert.equal(m.tensors.find((t) => t.name === 'arr').array, 'Float32Array(6)');
});

test('describeMemory shows a leaf and its .grad as separate storages', () => {
  const w = torch.ones(2, { requires_grad: true });
  w.grad = torch.full([2], 0.5);
  const m = describeMemory(torch, torch.Tensor, [['w', w]]);
  assert.deepEqual(m.tensors.map((t) => [t.name, t.kind, t.requires_grad]), [['w', 'tensor', true], ['w.grad', 'grad', false]]);
  assert.equal(m.storages.length, 2);
  assert.deepEqual(m.storages[1].values, [0.5, 0.5]);
});
