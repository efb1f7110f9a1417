# qr, cholesky, eigh, svd of small matrices (sign-stable quantities printed).
import torch
A = torch.tensor([[4., 2.], [2., 3.]], dtype=torch.float64)
L = torch.linalg.cholesky(A)
print(L, L @ L.T)
w, V = torch.linalg.eigh(A)
print(w)
print(torch.allclose(V @ torch.diag(w) @ V.T, A))
Q, R = torch.linalg.qr(A)
print(torch.allclose(Q @ R, A), R.abs())
U, S, Vh = torch.linalg.svd(A)
print(S, torch.linalg.svdvals(A))
print(torch.linalg.eigvalsh(A))
