# inverse, det, solve and a linear system check.
import torch
A = torch.tensor([[4., 7.], [2., 6.]])
print(torch.linalg.inv(A))
print(torch.inverse(A) @ A)
print(torch.linalg.det(A), torch.det(A), A.det())
b = torch.tensor([1., 2.])
x = torch.linalg.solve(A, b)
print(x, A @ x)
print(torch.linalg.matrix_rank(A), torch.linalg.matrix_rank(torch.ones(3, 3)))
print(torch.linalg.slogdet(A))
