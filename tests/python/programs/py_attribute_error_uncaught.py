# A misspelt tensor method, uncaught: AttributeError naming it.
import torch
x = torch.ones(2)
print(x.sum())
x.summ()
