# dot, mm, mv, bmm, outer, inner, matrix_power.
import torch
a = torch.tensor([1., 2., 3.])
b = torch.tensor([4., 5., 6.])
print(torch.dot(a, b), a.dot(b), torch.inner(a, b), torch.outer(a, b))
M = torch.tensor([[2., 0.], [1., 3.]])
print(torch.mm(M, M), torch.mv(M, torch.tensor([1., 1.])), torch.matrix_power(M, 3))
B = torch.arange(8.).reshape(2, 2, 2)
print(torch.bmm(B, B))
print(torch.einsum('ij,jk->ik', M, M), torch.einsum('i,i->', a, b), torch.einsum('bij->bji', B).shape)
print(torch.tensordot(B, B, dims=([1, 2], [1, 2])))
