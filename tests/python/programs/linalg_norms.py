# torch.linalg norms.
import torch
x = torch.tensor([3., -4.])
M = torch.tensor([[1., 2.], [3., 4.]])
print(torch.linalg.norm(x), torch.linalg.vector_norm(x, ord=1), torch.linalg.vector_norm(x, ord=float('inf')))
print(torch.linalg.norm(M), torch.linalg.matrix_norm(M), torch.linalg.matrix_norm(M, ord=1))
print(torch.linalg.norm(M, dim=1), torch.linalg.vector_norm(M, dim=0))
print(torch.linalg.matrix_norm(M, ord='nuc'))
