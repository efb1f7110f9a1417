# cross, cdist, cosine similarity, pairwise distances.
import torch
a = torch.tensor([1., 0., 0.])
b = torch.tensor([0., 1., 0.])
print(torch.linalg.cross(a, b), torch.cross(a.view(1, 3), b.view(1, 3), dim=1))
P = torch.tensor([[0., 0.], [3., 4.]])
print(torch.cdist(P, P))
print(torch.nn.functional.cosine_similarity(torch.tensor([[1., 0.]]), torch.tensor([[1., 1.]])))
print(torch.nn.functional.pairwise_distance(torch.tensor([[0., 0.]]), torch.tensor([[3., 4.]])))
print(torch.dist(P[0], P[1]), torch.dist(P[0], P[1], p=1))
