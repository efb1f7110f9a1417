# print() of the built-in modules, with their non-default arguments.
import torch.nn as nn
mods = [nn.Linear(3, 4), nn.Linear(2, 1, bias=False), nn.Bilinear(2, 3, 4), nn.Identity(), nn.Flatten(),
        nn.Flatten(0, 2), nn.Unflatten(1, (2, 5)), nn.ReLU(), nn.ReLU(inplace=True), nn.Tanh(), nn.Sigmoid(),
        nn.LeakyReLU(), nn.LeakyReLU(0.2, inplace=True), nn.ELU(alpha=0.5), nn.CELU(), nn.SELU(), nn.GELU(),
        nn.GELU(approximate='tanh'), nn.SiLU(), nn.Mish(), nn.Hardswish(), nn.Hardsigmoid(), nn.Hardtanh(-2, 2),
        nn.ReLU6(), nn.Softplus(beta=2), nn.Softshrink(), nn.Hardshrink(0.3), nn.Tanhshrink(), nn.Softsign(),
        nn.LogSigmoid(), nn.Threshold(0.1, 20.0), nn.GLU(), nn.PReLU(), nn.PReLU(3), nn.RReLU(),
        nn.Softmax(dim=1), nn.Softmax(), nn.LogSoftmax(dim=-1), nn.Softmin(0), nn.Softmax2d(),
        nn.Dropout(), nn.Dropout(0.1), nn.Dropout2d(0.3), nn.AlphaDropout(0.2),
        nn.Conv1d(2, 4, 3), nn.Conv2d(1, 6, 5), nn.Conv2d(3, 8, (3, 5), stride=(2, 1), padding=(1, 2)),
        nn.Conv2d(4, 4, 3, groups=2, padding='same', bias=False), nn.Conv2d(2, 2, 3, padding=1, padding_mode='reflect'),
        nn.ConvTranspose2d(4, 2, 3, stride=2, padding=1, output_padding=1), nn.ConvTranspose1d(2, 3, 3),
        nn.MaxPool2d(2), nn.MaxPool2d(3, stride=2, padding=1), nn.MaxPool1d(2), nn.AvgPool2d(2),
        nn.AvgPool1d(3), nn.AdaptiveAvgPool2d((1, 1)), nn.AdaptiveMaxPool2d(2), nn.AdaptiveAvgPool1d(4),
        nn.BatchNorm1d(5), nn.BatchNorm2d(3, momentum=None), nn.BatchNorm1d(4, affine=False),
        nn.LayerNorm(5), nn.LayerNorm([2, 3], elementwise_affine=False), nn.GroupNorm(2, 4),
        nn.Embedding(10, 3), nn.Embedding(5, 2, padding_idx=0), nn.ZeroPad2d(1), nn.ConstantPad1d(2, 3.5),
        nn.ReflectionPad2d((1, 1, 2, 0)), nn.ReplicationPad1d(1), nn.CosineSimilarity(), nn.PairwiseDistance(),
        nn.Upsample(scale_factor=2), nn.Upsample(size=(4, 4), mode='bilinear'), nn.UpsamplingNearest2d(scale_factor=2)]
for m in mods:
    print(m)
