import numpy as np
print(np.concatenate([np.arange(2), np.arange(3)]))
print(np.concatenate([np.ones((1, 2)), np.zeros((1, 2))], axis=1))
print(np.concatenate([np.ones((1, 2)), np.zeros((2, 2))]))
print(np.stack([np.arange(2), np.arange(2) * 10]), np.stack([np.arange(2), np.arange(2)], axis=1))
print(np.vstack([np.arange(2), np.arange(2)]), np.hstack([np.arange(2), np.arange(3)]))
print(repr(np.concatenate([np.ones(2, np.float32), np.ones(1, np.int32)])), repr(np.stack([np.ones(2, np.int32), np.ones(2, np.int32)])))
try:
    np.concatenate([np.ones((1, 2)), np.ones((1, 3))])
except ValueError as e:
    print('ValueError:', e)
