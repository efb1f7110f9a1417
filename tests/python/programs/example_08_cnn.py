# The Python twin of examples/08-cnn.mjs, written by tests/fixtures/gen_python_programs.py
# from EXAMPLES in tests/fixtures/gen_examples_conv.py: edit it there.
import torch
import torch.nn as nn
torch.manual_seed(0)
n = 64
Y = torch.randint(0, 2, (n,))
pos = torch.randint(1, 7, (n,)).view(n, 1, 1, 1)
idx = torch.arange(8)
vertical = idx.view(1, 1, 1, 8).eq(pos).float()
horizontal = idx.view(1, 1, 8, 1).eq(pos).float()
isV = Y.view(n, 1, 1, 1).float()
X = torch.randn(n, 1, 8, 8).mul(0.8).add(vertical.mul(isV)).add(horizontal.mul(isV.neg().add(1)))
print('# 64 images of 8x8 pixels, a bar in noise; labels (1 = vertical):')
print(X.shape, Y[:8])
print(X[0, 0].gt(0.5).long())

model = nn.Sequential(
    nn.Conv2d(1, 4, 3, padding=1), nn.ReLU(), nn.MaxPool2d(2),
    nn.Conv2d(4, 8, 3), nn.ReLU(), nn.AdaptiveAvgPool2d(1),
    nn.Flatten(), nn.Linear(8, 2))
print(model)
print(sum(p.numel() for p in model.parameters()), 'parameters')
print('after the first conv:', model[0](X).shape)
optimizer = torch.optim.Adam(model.parameters(), lr=0.01)
loss_fn = nn.CrossEntropyLoss()

for step in range(61):
    optimizer.zero_grad()
    loss = loss_fn(model(X), Y)
    loss.backward()
    optimizer.step()
    if step % 10 == 0:
        print(f"step {step:2d}  loss {loss.item():.4f}")

with torch.no_grad():
    accuracy = (model(X).argmax(1) == Y).float().mean()
print(f"accuracy {accuracy.item():.3f}")
