# Softmax regression written from scratch, with cross-entropy by hand.
import torch
torch.manual_seed(1)
X = torch.randn(60, 4)
W_true = torch.randn(4, 3)
y = (X @ W_true).argmax(1)
W = torch.zeros(4, 3, requires_grad=True)
for step in range(60):
    logits = X @ W
    logp = logits - logits.logsumexp(1, keepdim=True)
    loss = -logp[torch.arange(60), y].mean()
    loss.backward()
    with torch.no_grad():
        W -= 1.0 * W.grad
        W.grad.zero_()
    if step % 15 == 0:
        print(step, round(loss.item(), 4))
print('train accuracy', ((X @ W).argmax(1) == y).float().mean().item())
