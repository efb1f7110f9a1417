// Copying versus sharing memory: torch.tensor copies, from_numpy and numpy() share, views
// share, clone / deepcopy / contiguous copy. Run with `node examples/02-copy-and-sharing.mjs`;
// it prints what PyTorch 1.13 prints for the same program.
import torch from '../js/tensorpad.js';

// Python's print: True/False for booleans, [a, b] for lists, tensors as their repr.
const py = (x) => (typeof x === 'boolean' ? (x ? 'True' : 'False') : Array.isArray(x) && !(x instanceof torch.Size) && x.constructor === Array ? `[${x.map(py).join(', ')}]` : String(x));
const print = (...xs) => console.log(xs.map(py).join(' '));

print('# torch.tensor copies, from_numpy shares');
const arr = torch.heap_array(Float32Array, 3);
arr.set([1, 2, 3]);
const copied = torch.tensor(arr);
const shared = torch.from_numpy(arr);
arr[0] = 99;
print(copied);
print(shared);

print('# numpy() is a view of the same storage');
const t = torch.zeros(3);
const view = t.numpy();
view[1] = 5;
print(t);
t.fill_(2);
print(view[0] === 2, view[1] === 2);

print('# Views share storage');
const z = torch.arange(12);
const zv = z.view(3, 4);
const zt = zv.T;
zt.index_put_([0, 0], -1);
print(z);
print(zv.stride(), zt.stride(), zt.is_contiguous());
print(torch.shares_memory(z, zt));
const row = zv.index(1);
row.fill_(0);
print(zv);

print('# clone, contiguous and deepcopy copy');
const a = torch.tensor([1, 2, 3]);
const b = a.clone();
const c = torch.deepcopy(a);
b.index_put_([0], 100);
c.index_put_([1], 200);
print(a, b, c);
const m = torch.arange(6).view(2, 3).t();
const mc = m.contiguous();
print(m.is_contiguous(), mc.is_contiguous(), torch.shares_memory(m, mc));
print(m.clone().stride(), mc.stride());

print('# copy_ writes into an existing tensor (broadcasting, converting)');
const dst = torch.zeros(2, 3);
dst.copy_(torch.tensor([1, 2, 3]));
print(dst);

print('# detach shares storage');
const w = torch.ones(3, { requires_grad: true });
const wd = w.detach();
wd.index_put_([0], 5);
print(w);
print(wd.requires_grad, torch.shares_memory(w, wd));

print('# deepcopy of a leaf keeps requires_grad');
const leaf = torch.tensor([1.5, 2.5], { requires_grad: true });
print(torch.deepcopy(leaf));
