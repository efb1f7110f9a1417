# meshgrid, cartesian_prod, combinations, outer, kron.
import torch
gx, gy = torch.meshgrid(torch.tensor([1, 2, 3]), torch.tensor([4, 5]), indexing='ij')
print(gx, gy)
gx, gy = torch.meshgrid(torch.tensor([1, 2]), torch.tensor([4, 5, 6]), indexing='xy')
print(gx.shape, gy)
print(torch.cartesian_prod(torch.tensor([1, 2]), torch.tensor([3, 4])))
print(torch.combinations(torch.tensor([1, 2, 3])))
print(torch.outer(torch.tensor([1, 2]), torch.tensor([1, 10, 100])))
print(torch.kron(torch.eye(2), torch.ones(2, 2)))
