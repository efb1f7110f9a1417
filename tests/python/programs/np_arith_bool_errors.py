import numpy as np
for text in ['-np.array([True])', 'np.array([True]) - np.array([True])', 'np.arange(3) ** -1',
             'np.array([1.5]) & 1', 'np.ones((2, 3)) @ np.ones(4)', 'np.ones(3) @ 2']:
    try:
        print(eval(text))
    except Exception as e:
        print(text, '->', type(e).__name__ + ':', e)
