// The SVD and what is built on it (src/ops/linalg/decomp.c's last sections, js/linalg/svd.js): gradcheck and
// gradgradcheck in float64 of sign-invariant functions of svd, pinv, matrix_exp and symeig,
// and what the PyTorch fixtures (svd.json) cannot hold: that results are orthogonal on larger
// random matrices, and that a failed call changes nothing.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import torch from '../../js/tensorpad.js';

const f64 = { dtype: torch.float64 };
const TALL = [[3.0, 1.0, -0.5], [1.0, -2.0, 0.3], [0.2, 0.5, 1.0], [1.5, -0.4, 0.8]];
const SQ = [[4.0, -1.0, 0.5], [2.0, 5.0, -1.5], [-0.5, 1.0, 3.0]];
const SYM = [[1.0, 2.0, 0.5], [2.0, -1.0, 0.3], [0.5, 0.3, 0.2]];
const leaf = (v) => torch.tensor(v, f64).requires_grad_();
const wide = () => leaf(TALL).detach().mT.contiguous().requires_grad_();

function check(label, fn, inputs) {
  torch.scope(() => {
    assert.equal(torch.autograd.gradcheck(fn, inputs), true, `gradcheck ${label}`);
    assert.equal(torch.autograd.gradgradcheck(fn, inputs), true, `gradgradcheck ${label}`);
  });
}

// U u^T-like products and squares do not depend on the singular vectors' signs.
const signFree = (U, S, Vh) => {
  const k = S.shape[S.dim() - 1];
  const Uk = U.narrow(-1, 0, k), Vk = Vh.narrow(-2, 0, k);
  return torch.cat([S.flatten(), Uk.pow(2).flatten(), Vk.pow(2).flatten(), Uk.mul(S.sqrt().unsqueeze(-2)).matmul(Vk).flatten()]);
};
const CASES = [
  ['linalg.svd tall, reduced', (A) => signFree(...torch.linalg.svd(A, false)), () => [leaf(TALL)]],
  ['linalg.svd tall, full', (A) => signFree(...torch.linalg.svd(A)), () => [leaf(TALL)]],
  ['linalg.svd wide', (A) => signFree(...torch.linalg.svd(A, false)), () => [wide()]],
  ['linalg.svd square batch', (A) => signFree(...torch.linalg.svd(A)), () => [leaf([SQ, SYM])]],
  ['linalg.svdvals', (A) => torch.linalg.svdvals(A), () => [leaf(TALL)]],
  ['torch.svd V', (A) => { const [U, S, V] = torch.svd(A); return V.pow(2).add(S.sum()).add(U.pow(2).sum()); }, () => [wide()]],
  ['linalg.pinv tall', (A) => torch.linalg.pinv(A), () => [leaf(TALL)]],
  ['linalg.pinv wide batch', (A) => torch.linalg.pinv(A), () => [torch.stack([wide(), wide().detach().mul(2)]).detach().requires_grad_()]],
  ['linalg.lstsq tall, A and B', (A, B) => torch.linalg.lstsq(A, B).solution, () => [leaf(TALL), leaf([[1, 0], [2, 1], [4, -1], [0.5, 2]])]],
  ['linalg.lstsq wide, gelsd', (A, B) => torch.linalg.lstsq(A, B, { driver: 'gelsd' }).solution, () => [wide(), leaf([[1, 0], [2, 1], [4, -1]])]],
  ['matrix_exp', (A) => torch.linalg.matrix_exp(A), () => [leaf(SQ).detach().div(2).requires_grad_()]],
  ['matrix_exp batch', (A) => A.matrix_exp(), () => [leaf([SQ, SYM]).detach().div(3).requires_grad_()]],
  ['symeig', (A) => { const [L, V] = torch.symeig(A.add(A.mT), true); return torch.cat([L, V.pow(2).flatten()]); }, () => [leaf(SYM)]],
];
for (const [label, fn, inputs] of CASES) {
  test(`gradcheck + gradgradcheck: ${label}`, () => check(label, fn, inputs()));
}

test('svd of random matrices: U diag(S) Vh = A, orthonormal U and V, S descending', () => {
  torch.manual_seed(0);
  torch.scope(() => {
    for (const shape of [[7, 5], [5, 7], [3, 6, 6], [1, 9], [9, 1]]) {
      const A = torch.randn(shape, f64);
      const { U, S, Vh } = torch.linalg.svd(A);
      const k = S.shape[S.dim() - 1];
      const m = A.shape[A.dim() - 2], n = A.shape[A.dim() - 1];
      const rec = U.narrow(-1, 0, k).mul(S.unsqueeze(-2)).matmul(Vh.narrow(-2, 0, k));
      assert.ok(rec.sub(A).abs().max().item() < 1e-12, `reconstruction ${shape}`);
      assert.ok(U.mT.matmul(U).sub(torch.eye(m, f64)).abs().max().item() < 1e-12, `U orthogonal ${shape}`);
      assert.ok(Vh.matmul(Vh.mT).sub(torch.eye(n, f64)).abs().max().item() < 1e-12, `V orthogonal ${shape}`);
      assert.ok(S.diff().le(0).all().item(), `descending ${shape}`);
    }
  });
});

test('a rank-deficient matrix gets a full orthonormal U and Vh', () => {
  torch.scope(() => {
    const A = torch.ones(4, 3, f64).mul(torch.tensor([1, 2, 3], f64));
    const { U, S, Vh } = torch.linalg.svd(A);
    assert.ok(U.mT.matmul(U).sub(torch.eye(4, f64)).abs().max().item() < 1e-12);
    assert.ok(Vh.matmul(Vh.mT).sub(torch.eye(3, f64)).abs().max().item() < 1e-12);
    assert.ok(Math.abs(S.tolist()[0] - Math.sqrt(4 * 14)) < 1e-12);
    assert.ok(S.narrow(0, 1, 2).abs().max().item() < 1e-12);
  });
});

test('pinv satisfies the Moore-Penrose conditions on a rank-deficient matrix', () => {
  torch.scope(() => {
    const A = torch.tensor([[1, 2, 3], [2, 4, 6], [1, 0, 1], [0, 1, 1]], f64);
    const P = torch.linalg.pinv(A);
    assert.ok(A.matmul(P).matmul(A).sub(A).abs().max().item() < 1e-12);
    assert.ok(P.matmul(A).matmul(P).sub(P).abs().max().item() < 1e-12);
    const AP = A.matmul(P);
    assert.ok(AP.sub(AP.mT).abs().max().item() < 1e-12);
  });
});

test('matrix_exp: exp(A) exp(-A) = I, and exp of a diagonal matrix', () => {
  torch.scope(() => {
    const A = torch.tensor([[1, 2, 0.5], [-3, 0.5, 1], [2, -1, 2.5]], f64).mul(4);
    const I = torch.linalg.matrix_exp(A).matmul(torch.linalg.matrix_exp(A.neg()));
    assert.ok(I.sub(torch.eye(3, f64)).abs().max().item() < 1e-8);
    const D = torch.linalg.matrix_exp(torch.diag(torch.tensor([-1, 0, 2.5], f64)));
    assert.deepEqual(D.diagonal().tolist().map((x) => +x.toPrecision(15)), [Math.exp(-1), 1, Math.exp(2.5)].map((x) => +x.toPrecision(15)));
  });
});

test('failed calls change nothing and keep the module usable', () => {
  const A = torch.tensor([[NaN, 1], [1, 1]], { requires_grad: true });
  const before = A._version;
  assert.throws(() => torch.linalg.svd(A), /non-finite/);
  assert.throws(() => torch.linalg.pinv(torch.ones(3)), /linalg\.pinv\(Float\{\[3\]\}\)/);
  assert.throws(() => torch.linalg.matrix_exp(torch.ones(2, 3)), /square/);
  assert.throws(() => torch.symeig(torch.ones(2, 2, { dtype: torch.int64 })), /symeig_cpu/);
  assert.equal(A._version, before);
  assert.equal(A.grad, null);
  assert.deepEqual(torch.linalg.svdvals(torch.eye(2)).tolist(), [1, 1]);
});

test('geqrf + householder_product give linalg.qr\'s Q', () => {
  torch.scope(() => {
    const A = torch.tensor(TALL, f64);
    const { a, tau } = torch.geqrf(A);
    assert.ok(torch.linalg.householder_product(a, tau).sub(torch.linalg.qr(A).Q).abs().max().item() < 1e-12);
  });
});

test('gradcheck + gradgradcheck: householder_product, both inputs, fewer reflectors than columns', () => {
  const A = leaf(TALL), tau = torch.tensor([1.2, 0.5], f64).requires_grad_();
  check('householder_product', (x, t) => torch.linalg.householder_product(x, t), [A, tau]);
  const B = leaf([TALL, TALL.map((r) => r.map((x) => x / 2))]), tb = torch.tensor([[1.2, 0.5, 0.3], [0.7, 1.5, 0]], f64).requires_grad_();
  check('householder_product batch', (x, t) => torch.orgqr(x, t), [B, tb]);
});
