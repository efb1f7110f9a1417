# @ between vectors, matrices and batches.
import torch
v = torch.tensor([1., 2., 3.])
M = torch.arange(6.).reshape(2, 3)
print(v @ v)
print(M @ v)
print(M @ M.T)
print(v @ M.T)
B = torch.arange(12.).reshape(2, 2, 3)
print(B @ v)
print((B @ B.transpose(1, 2)).shape)
print(torch.matmul(M, v), torch.mm(M, M.t()), torch.mv(M, v))
print(torch.arange(4).reshape(2, 2) @ torch.arange(4).reshape(2, 2))
