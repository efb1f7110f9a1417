# std, var (unbiased and not), median, quantile, norm, logsumexp.
import torch
x = torch.tensor([[2., 4., 4., 4.], [5., 5., 7., 9.]])
print(x.std(), x.std(unbiased=False), x.var(1), x.var(1, unbiased=False))
print(x.std(dim=1, keepdim=True))
print(x.median(), x.flatten().quantile(torch.tensor([0.25, 0.5, 0.75])))
print(x.norm(), x.norm(p=1), x.norm(dim=1), torch.norm(x, float('inf')))
print(x.logsumexp(1), torch.logsumexp(x, dim=0))
print(torch.var(x, dim=0, correction=0) if False else torch.var(x, dim=0, unbiased=False))
