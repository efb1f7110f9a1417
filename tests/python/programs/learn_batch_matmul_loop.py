# A loop of matrix products equals one bmm / einsum.
import torch
torch.manual_seed(0)
A = torch.randn(3, 2, 4)
B = torch.randn(3, 4, 5)
loop = torch.stack([A[i] @ B[i] for i in range(3)])
print(torch.allclose(loop, torch.bmm(A, B), atol=1e-6), torch.allclose(loop, torch.einsum('bij,bjk->bik', A, B), atol=1e-6))
print(loop.shape, loop.sum().round(decimals=3))
