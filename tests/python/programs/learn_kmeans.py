# k-means clustering with tensors.
import torch
torch.manual_seed(0)
pts = torch.cat([torch.randn(20, 2) * 0.3 + torch.tensor([2., 2.]),
                 torch.randn(20, 2) * 0.3 + torch.tensor([-2., 0.]),
                 torch.randn(20, 2) * 0.3 + torch.tensor([0., -2.])])
centers = pts[torch.tensor([0, 20, 40])].clone()
for it in range(5):
    d = torch.cdist(pts, centers)
    assign = d.argmin(1)
    centers = torch.stack([pts[assign == k].mean(0) for k in range(3)])
    print(it, torch.bincount(assign, minlength=3).tolist())
print(centers.round(decimals=2))
