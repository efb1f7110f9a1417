# The Python twin of examples/07-train-mlp.mjs, written by tests/fixtures/gen_python_programs.py
# from EXAMPLES in tests/fixtures/gen_examples_autograd.py: edit it there.
import torch
import torch.nn as nn
torch.manual_seed(0)
corners = torch.randint(0, 2, (128, 2))
Y = (corners[:, 0] != corners[:, 1]).long()
X = corners.float() + 0.15 * torch.randn(128, 2)
print('# XOR: 128 noisy points around the corners of the unit square')
print(X[:4])
print(Y[:4])

model = nn.Sequential(nn.Linear(2, 16), nn.Tanh(), nn.Linear(16, 2))
print(model)
print(sum(p.numel() for p in model.parameters()), 'parameters')
optimizer = torch.optim.Adam(model.parameters(), lr=0.05)
loss_fn = nn.CrossEntropyLoss()

for step in range(201):
    optimizer.zero_grad()
    loss = loss_fn(model(X), Y)
    loss.backward()
    optimizer.step()
    if step % 25 == 0:
        print(f"step {step:3d}  loss {loss.item():.4f}")

with torch.no_grad():
    accuracy = (model(X).argmax(1) == Y).float().mean()
    probs = model(torch.tensor([[0.0, 0.0], [0.0, 1.0], [1.0, 0.0], [1.0, 1.0]])).softmax(1)
print(f"accuracy {accuracy.item():.3f}")
print(probs[:, 1] > 0.5)
