// Matrix decompositions and solvers (src/ops/linalg/decomp.c): gradcheck and gradgradcheck in float64
// for every differentiable one, and what the PyTorch fixtures (decomp.json) cannot hold:
// tensorpad's own messages (complex results) and that a failed call changes nothing.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import torch from '../../js/tensorpad.js';

const f64 = { dtype: torch.float64 };
const M3 = [[4.0, -1.0, 0.5], [2.0, 5.0, -1.5], [-0.5, 1.0, 3.0]];
const SPD = [[4.0, 1.0, 0.5], [1.0, 3.0, -0.2], [0.5, -0.2, 2.0]];
const leaf = (v) => torch.tensor(v, f64).requires_grad_();

function check(label, fn, inputs) {
  torch.scope(() => {
    assert.equal(torch.autograd.gradcheck(fn, inputs), true, `gradcheck ${label}`);
    assert.equal(torch.autograd.gradgradcheck(fn, inputs), true, `gradgradcheck ${label}`);
  });
}

// cholesky reads one triangle of A: symmetrising inside the function keeps the perturbed
// input symmetric, as PyTorch's own gradcheck of cholesky does.
const sym = (A) => A.add(A.mT).div(2);
const CASES = [
  ['linalg.solve(A, B)', (A, B) => torch.linalg.solve(A, B), () => [leaf(M3), leaf([[1, -2], [0.5, 3], [-1.5, 2.5]])]],
  ['linalg.solve(A, b) vector', (A, b) => torch.linalg.solve(A, b), () => [leaf(M3), leaf([1, -2, 0.5])]],
  ['linalg.solve batch A, broadcast B', (A, B) => torch.linalg.solve(A, B),
    () => [leaf([M3, SPD]), leaf([[1, -2], [0.5, 3], [-1.5, 2.5]])]],
  ['linalg.cholesky(A)', (A) => torch.linalg.cholesky(sym(A)), () => [leaf(SPD)]],
  ['linalg.cholesky(A, upper)', (A) => torch.linalg.cholesky(sym(A), { upper: true }), () => [leaf(SPD)]],
  ['linalg.solve_triangular lower', (A, B) => torch.linalg.solve_triangular(A, B, { upper: false }), () => [leaf(M3), leaf([[1, -2], [0.5, 3], [-1.5, 2.5]])]],
  ['linalg.solve_triangular upper, unit, right', (A, B) => torch.linalg.solve_triangular(A, B, { upper: true, unitriangular: true, left: false }),
    () => [leaf(M3), leaf([[1, -2, 0.5], [3, -1.5, 2.5]])]],
  ['triangular_solve both outputs, transpose', (B, A) => {
    const [x, m] = B.triangular_solve(A, true, true);
    return x.sum().add(m.pow(2).sum());
  }, () => [leaf([[1, -2], [0.5, 3], [-1.5, 2.5]]), leaf(M3)]],
  ['cholesky_solve', (B, L) => torch.cholesky_solve(B, L.tril()), () => [leaf([[1, -2], [0.5, 3], [-1.5, 2.5]]), leaf(SPD)]],
  ['cholesky_solve upper', (B, L) => torch.cholesky_solve(B, L.triu(), true), () => [leaf([[1, -2], [0.5, 3], [-1.5, 2.5]]), leaf(SPD)]],
  ['cholesky_inverse', (L) => torch.cholesky_inverse(L.tril()), () => [leaf(SPD)]],
  ['cholesky_inverse upper batch', (L) => torch.cholesky_inverse(L.triu(), true), () => [leaf([SPD, M3])]],
  ['linalg.lu_factor LU (square, clear pivots)', (A) => torch.linalg.lu_factor(A).LU, () => [leaf([[1, 2, 0], [3, 1, 1], [0, 2, 4]])]],
  ['lu_solve through lu_factor', (A, B) => {
    const [LU, p] = A.lu();
    return torch.lu_solve(B, LU, p);
  }, () => [leaf([[1, 2, 0], [3, 1, 1], [0, 2, 4]]), leaf([[1, -2], [0.5, 3], [-1.5, 2.5]])]],
  ['linalg.lu_solve adjoint, LU and B leaves', (LU, B) => torch.linalg.lu_solve(LU, torch.tensor([2, 3, 3], { dtype: torch.int32 }), B, { adjoint: true }),
    () => [leaf([[3, 1, 1], [0, 2, 4], [0.3, 0.8, -3.6]]), leaf([[1, -2], [0.5, 3], [-1.5, 2.5]])]],
  ['linalg.qr Q and R, tall', (A) => {
    const { Q, R } = torch.linalg.qr(A);
    return torch.cat([Q.flatten(), R.flatten()]);
  }, () => [leaf([[1, 2], [3, 4], [5, -6]])]],
  ['linalg.qr square batch', (A) => A.qr().Q, () => [leaf([M3, SPD])]],
  // eigh: functions of the eigenvectors that do not depend on their signs
  ['linalg.eigh eigenvalues and V V-squared', (A) => {
    const { eigenvalues: L, eigenvectors: V } = torch.linalg.eigh(sym(A));
    return torch.cat([L, V.pow(2).flatten(), V.mul(L.unsqueeze(-2)).matmul(V.mT).flatten()]);
  }, () => [leaf(SPD)]],
  ['linalg.eigvalsh batch, UPLO U', (A) => torch.linalg.eigvalsh(sym(A), 'U'), () => [leaf([SPD, M3])]],
  ['Tensor.cholesky batch', (A) => sym(A).cholesky(), () => [leaf([SPD, [[2, 0.3, 0], [0.3, 1, 0.1], [0, 0.1, 3]]])]],
];
for (const [label, fn, inputs] of CASES) {
  test(`gradcheck + gradgradcheck: ${label}`, () => check(label, fn, inputs()));
}

test('linalg.eig and eigvals throw: tensorpad has no complex dtypes', () => {
  for (const name of ['eig', 'eigvals']) {
    assert.throws(() => torch.linalg[name](torch.eye(2)), { name: 'TensorError', message: /no complex dtypes/ });
  }
});

test('linalg.solve left=False is refused, not silently solved as left=True', () => {
  assert.throws(() => torch.linalg.solve(torch.eye(2), torch.ones(2, 2), { left: false }), /left=False is not supported/);
  assert.equal(torch.linalg.solve(torch.eye(2), torch.ones(2, 2), { left: true }).shape[0], 2);
});

test('a failed solve or cholesky leaves its inputs and later calls intact', () => {
  const A = torch.tensor([[1, 2], [2, 1]], { dtype: torch.float32, requires_grad: true });
  const before = A.tolist();
  assert.throws(() => torch.linalg.cholesky(A), /not positive-definite/);
  assert.throws(() => torch.linalg.solve(torch.zeros(2, 2), A), /singular/);
  assert.deepEqual(A.tolist(), before);
  assert.equal(A.grad, null);
  const L = torch.linalg.cholesky(torch.tensor([[4, 2], [2, 5]], { dtype: torch.float32 }));
  assert.deepEqual(L.tolist(), [[2, 0], [1, 2]]);
});

test('solve: a batch of 0 matrices and a 0x0 system give empty results', () => {
  assert.deepEqual(Array.from(torch.linalg.solve(torch.zeros(0, 3, 3), torch.zeros(3, 2)).shape), [0, 3, 2]);
  assert.deepEqual(Array.from(torch.linalg.cholesky(torch.zeros(0, 0)).shape), [0, 0]);
});
