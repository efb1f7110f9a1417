# f-strings and format specs on tensors and their items.
import torch
loss = torch.tensor(0.123456)
print(f"{loss}")
print(f"{loss.item():.4f}", f"{loss.item():10.2e}", f"{loss.item():+.1%}")
print(f"{loss:.3f}")
print("loss: %.3f" % loss.item(), "loss: {:.2f}".format(loss))
print(f"{torch.tensor(3)}", f"{torch.tensor(3):d}" if False else f"{int(torch.tensor(3)):04d}")
print(f"{torch.tensor([1., 2.])}")
print(f"{torch.tensor(2.5)!r}")
print(f"{torch.tensor(2.5)!s}")
print("{}".format(torch.tensor([1, 2])))
acc = torch.tensor(0.9166666)
print(f"Accuracy: {(100 * acc):>0.1f}%")
