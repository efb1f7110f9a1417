"""torch.optim for tensorpad's Python mode: optimizers and schedulers written in Python over
tensor methods, computing with the ops 1.13's single-tensor paths use, in the same order."""
from .optimizer import Optimizer
from .sgd import SGD
from .adam import Adam
from .adamw import AdamW
from .rmsprop import RMSprop
from .adagrad import Adagrad
from . import lr_scheduler
