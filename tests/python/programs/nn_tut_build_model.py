# The "Build the Neural Network" tutorial: layers one by one, then the model's parameters.
import torch
from torch import nn
torch.manual_seed(0)
input_image = torch.rand(3, 28, 28)
print(input_image.size())
flatten = nn.Flatten()
flat_image = flatten(input_image)
print(flat_image.size())
layer1 = nn.Linear(in_features=28*28, out_features=20)
hidden1 = layer1(flat_image)
print(hidden1.size())
print(f"Before ReLU: {hidden1[0, :5]}\n\n")
hidden1 = nn.ReLU()(hidden1)
print(f"After ReLU: {hidden1[0, :5]}")
seq_modules = nn.Sequential(flatten, layer1, nn.ReLU(), nn.Linear(20, 10))
logits = seq_modules(torch.rand(3, 28, 28))
softmax = nn.Softmax(dim=1)
pred_probab = softmax(logits)
print(pred_probab.argmax(1))
print(f"Model structure: {seq_modules}\n\n")
for name, param in seq_modules.named_parameters():
    print(f"Layer: {name} | Size: {param.size()} | Values : {param[:2, :3] if param.dim() == 2 else param[:2]} \n")
