# normal_, uniform_, random_, exponential_, bernoulli_ under a seed.
import torch
torch.manual_seed(7)
t = torch.empty(4)
print(t.normal_())
print(t.normal_(mean=5, std=0.1))
print(t.uniform_())
print(t.uniform_(-1, 1))
print(torch.empty(4, dtype=torch.int64).random_(0, 100))
print(torch.empty(3).exponential_())
print(torch.empty(5).bernoulli_(0.3))
print(torch.empty(2, 3).fill_(0).normal_(0, 2))
