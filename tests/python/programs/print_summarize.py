# Summarisation with ... past 1000 elements.
import torch
print(torch.arange(1001))
print(torch.arange(2000.).reshape(40, 50))
print(torch.arange(10000).reshape(10, 10, 100))
print(torch.zeros(1000))
