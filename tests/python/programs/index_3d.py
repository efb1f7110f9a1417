# A batch of images: channels, crops and flips by indexing.
import torch
imgs = torch.arange(2 * 3 * 4 * 4).reshape(2, 3, 4, 4)
print(imgs[0, 0])
print(imgs[:, 1, 1:3, 1:3])
print(imgs[1, :, 0, 0], imgs[..., 3].shape, imgs[:, [2, 0]].shape)
print(imgs[0].flip(-1)[0])
print(imgs[:, :, ::2, ::2].shape, imgs[-1, -1, -1, -1])
