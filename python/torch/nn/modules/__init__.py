"""torch.nn.modules: every built-in module class, gathered from its file as in PyTorch."""
from .module import Module
from .container import Sequential, ModuleList, ModuleDict, ParameterList, ParameterDict
from .linear import Identity, Linear, Bilinear, NonDynamicallyQuantizableLinear
from .activation import (Threshold, ReLU, RReLU, Hardtanh, ReLU6, Sigmoid, Hardsigmoid, Tanh, SiLU, Mish,
                         Hardswish, ELU, CELU, SELU, GLU, GELU, Hardshrink, LeakyReLU, LogSigmoid, Softplus,
                         Softshrink, PReLU, Softsign, Tanhshrink, Softmin, Softmax, Softmax2d, LogSoftmax,
                         MultiheadAttention)
from .loss import (L1Loss, NLLLoss, NLLLoss2d, PoissonNLLLoss, GaussianNLLLoss, KLDivLoss, MSELoss, BCELoss,
                   BCEWithLogitsLoss, HingeEmbeddingLoss, MultiLabelMarginLoss, SmoothL1Loss, HuberLoss,
                   SoftMarginLoss, CrossEntropyLoss, MultiLabelSoftMarginLoss, CosineEmbeddingLoss,
                   MarginRankingLoss, MultiMarginLoss, TripletMarginLoss, TripletMarginWithDistanceLoss)
from .dropout import Dropout, Dropout1d, Dropout2d, Dropout3d, AlphaDropout, FeatureAlphaDropout
from .flatten import Flatten, Unflatten
from .conv import Conv1d, Conv2d, Conv3d, ConvTranspose1d, ConvTranspose2d, ConvTranspose3d
from .pooling import (MaxPool1d, MaxPool2d, MaxPool3d, AvgPool1d, AvgPool2d, AvgPool3d, AdaptiveMaxPool1d,
                      AdaptiveMaxPool2d, AdaptiveMaxPool3d, AdaptiveAvgPool1d, AdaptiveAvgPool2d, AdaptiveAvgPool3d,
                      LPPool1d, LPPool2d)
from .batchnorm import BatchNorm1d, BatchNorm2d, BatchNorm3d
from .normalization import LayerNorm, GroupNorm
from .instancenorm import InstanceNorm1d, InstanceNorm2d, InstanceNorm3d
from .sparse import Embedding
from .rnn import RNNBase, RNN, LSTM, GRU, RNNCellBase, RNNCell, LSTMCell, GRUCell
from .padding import (ConstantPad1d, ConstantPad2d, ConstantPad3d, ZeroPad2d, ReflectionPad1d, ReflectionPad2d,
                      ReflectionPad3d, ReplicationPad1d, ReplicationPad2d, ReplicationPad3d)
from .distance import PairwiseDistance, CosineSimilarity
from .upsampling import Upsample, UpsamplingNearest2d, UpsamplingBilinear2d
from .transformer import (Transformer, TransformerEncoder, TransformerDecoder, TransformerEncoderLayer,
                          TransformerDecoderLayer)
