# A 3-class classifier with CrossEntropyLoss; loss and accuracy per epoch.
import torch
import torch.nn as nn
import torch.nn.functional as F
torch.manual_seed(0)
centers = torch.tensor([[0.0, 2.0], [2.0, -1.0], [-2.0, -1.0]])
labels = torch.arange(3).repeat_interleave(30)
X = centers[labels] + 0.8 * torch.randn(90, 2)
class Classifier(nn.Module):
    def __init__(self):
        super().__init__()
        self.hidden = nn.Linear(2, 8)
        self.out = nn.Linear(8, 3)

    def forward(self, x):
        return self.out(F.relu(self.hidden(x)))
model = Classifier()
opt = torch.optim.Adam(model.parameters(), lr=0.05)
for epoch in range(30):
    logits = model(X)
    loss = F.cross_entropy(logits, labels)
    opt.zero_grad()
    loss.backward()
    opt.step()
    if epoch % 5 == 4:
        acc = (logits.argmax(1) == labels).float().mean().item()
        print(f"epoch {epoch + 1}: loss={loss.item():.4f} acc={acc:.3f}")
model.eval()
with torch.no_grad():
    print(model(centers).argmax(dim=1))
