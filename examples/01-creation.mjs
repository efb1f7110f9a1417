// Creating tensors: from lists, from TypedArrays, special initialisers, from existing
// tensors, and ranges. Run with `node examples/01-creation.mjs`; it prints what
// PyTorch 1.13 prints for the same program (the Python twin is examples/01-creation.py).
import torch from '../js/tensorpad.js';

// Python's print: True/False for booleans, [a, b] for lists, tensors as their repr.
const py = (x) => (typeof x === 'boolean' ? (x ? 'True' : 'False') : Array.isArray(x) && !(x instanceof torch.Size) && x.constructor === Array ? `[${x.map(py).join(', ')}]` : String(x));
const print = (...xs) => console.log(xs.map(py).join(' '));

print('# From lists');
const t1 = torch.tensor([1, 2, 3]);                 // integers -> int64
const t2 = torch.tensor([[1.5, 2], [3, 4]]);        // a non-integral value -> float32
const t3 = torch.tensor([[1, 2], [3, 4]], { dtype: torch.float32 });  // JS has no 1.0: say float
print(t1, t1.dtype);
print(t2, t2.dtype);
print(t3);

print('# From TypedArrays');
const f64 = torch.tensor(new Float64Array([0.5, 1.5]));
print(f64);
const arr = torch.heap_array(Int32Array, 3);        // lives on the tensorpad heap
arr.set([1, 2, 3]);
const shared = torch.from_numpy(arr);               // shares arr's memory
arr[0] = 99;
print(shared);

print('# Special initialisers');
torch.manual_seed(0);
print(torch.zeros(2, 3));
print(torch.ones(2, 3));
print(torch.rand(2, 3));
print(torch.randn(2, 3));
print(torch.arange(0, 10, 2));
print(torch.full([2, 2], 7));
print(torch.randint(0, 10, [2, 4]));

print('# From existing tensors');
const x = torch.tensor([1, 2, 3]);
print(x.new_tensor([4, 5, 6]));
print(torch.zeros_like(x));
print(torch.ones_like(x, { dtype: torch.float64 }));
print(torch.randn_like(x.float()));
try {
  torch.randn_like(x);
} catch (e) {
  print('randn_like(int64) raises:', e.message);
}

print('# eye, linspace, logspace');
print(torch.eye(3));
print(torch.linspace(0, 1, 5));
print(torch.logspace(0, 2, 3));

print('# Attributes');
const d = torch.rand(3, 4);
print(`shape: ${d.shape}`);
print(`dtype: ${d.dtype}`);
print(`device: ${d.device}`);
print(d.stride(), d.ndim, d.numel(), d.is_contiguous());
