# state_dict() into a fresh model with load_state_dict(): same outputs.
import torch
import torch.nn as nn
class Net(nn.Module):
    def __init__(self):
        super().__init__()
        self.fc1 = nn.Linear(3, 4)
        self.act = nn.Tanh()
        self.fc2 = nn.Linear(4, 2)

    def forward(self, x):
        return self.fc2(self.act(self.fc1(x)))

torch.manual_seed(0)
a = Net()
torch.manual_seed(1)
b = Net()
x = torch.randn(2, 3)
print(torch.equal(a(x), b(x)))
sd = a.state_dict()
print(list(sd.keys()))
print(type(sd).__name__, sd['fc1.bias'])
result = b.load_state_dict(sd)
print(result)
print(torch.equal(a(x), b(x)))
print(sd['fc1.weight'].requires_grad, a.state_dict(keep_vars=True)['fc1.weight'].requires_grad)
