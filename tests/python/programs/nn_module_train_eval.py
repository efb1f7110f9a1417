# train()/eval() set .training everywhere; Dropout and BatchNorm behave accordingly.
import torch
import torch.nn as nn
torch.manual_seed(0)
model = nn.Sequential(nn.Linear(4, 4), nn.Dropout(0.5), nn.BatchNorm1d(4))
print([m.training for m in model.modules()])
x = torch.randn(3, 4)
y_train = model(x)
print(y_train)
print(model.eval() is model, [m.training for m in model.modules()])
y_eval = model(x)
print(y_eval)
model.train()
model[1].eval()
print([m.training for m in model.modules()])
try:
    model.train(1)
except ValueError as e:
    print('ValueError:', e)
with torch.no_grad():
    print(model(x).requires_grad)
