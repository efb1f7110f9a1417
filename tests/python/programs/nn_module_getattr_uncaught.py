# A typo in an attribute name ends the program in AttributeError naming the class.
import torch
import torch.nn as nn
class Model(nn.Module):
    def __init__(self):
        super().__init__()
        self.layer = nn.Linear(2, 2)

    def forward(self, x):
        return self.layr(x)
m = Model()
print(m)
m(torch.ones(1, 2))
