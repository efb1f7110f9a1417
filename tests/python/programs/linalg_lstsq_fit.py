# Least squares line fit with the normal equations and linalg.lstsq.
import torch
x = torch.tensor([0., 1., 2., 3., 4.])
y = torch.tensor([1.1, 2.9, 5.2, 7.1, 8.8])
X = torch.stack([x, torch.ones(5)], dim=1)
coef = torch.linalg.solve(X.T @ X, X.T @ y)
print(coef)
print(torch.linalg.lstsq(X, y.unsqueeze(1)).solution.squeeze(1))
print(torch.linalg.pinv(X) @ y)
