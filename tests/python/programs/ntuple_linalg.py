# Named tuples from linalg: slogdet, eigh, qr, lstsq fields.
import torch
A = torch.tensor([[2., 1.], [1., 3.]])
r = torch.linalg.slogdet(A)
print(r.sign, r.logabsdet, type(r).__name__)
e = torch.linalg.eigh(A)
print(e.eigenvalues)
q = torch.linalg.qr(A)
print(q.Q.shape, q.R.shape)
print(torch.linalg.lstsq(A, torch.tensor([[1.], [2.]])).solution)
