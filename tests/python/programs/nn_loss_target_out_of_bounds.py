# CrossEntropyLoss with a class index outside [0, C): IndexError, uncaught.
import torch
import torch.nn as nn
loss = nn.CrossEntropyLoss()
print(loss(torch.zeros(2, 3), torch.tensor([0, 2])))
loss(torch.zeros(2, 3), torch.tensor([0, 3]))
