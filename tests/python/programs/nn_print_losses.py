# print() of every loss module (the reduction is not shown, as in PyTorch).
import torch
import torch.nn as nn
for m in [nn.MSELoss(), nn.MSELoss(reduction='sum'), nn.L1Loss(), nn.CrossEntropyLoss(),
          nn.CrossEntropyLoss(weight=torch.ones(3), label_smoothing=0.1), nn.NLLLoss(ignore_index=0), nn.BCELoss(),
          nn.BCEWithLogitsLoss(pos_weight=torch.tensor([2.0])), nn.SmoothL1Loss(beta=0.5), nn.HuberLoss(delta=2.0),
          nn.KLDivLoss(reduction='batchmean'), nn.SoftMarginLoss(), nn.MarginRankingLoss(), nn.HingeEmbeddingLoss(),
          nn.CosineEmbeddingLoss(), nn.PoissonNLLLoss(), nn.GaussianNLLLoss(), nn.TripletMarginLoss(),
          nn.MultiLabelSoftMarginLoss(), nn.MultiMarginLoss()]:
    print(m, m.reduction, [k for k, _ in m.named_buffers()])
