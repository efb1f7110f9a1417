import numpy as np
for vals in [[float('nan'), 1.5, float('-inf')], [float('nan'), float('inf')], [float('nan')],
             [1e-5, float('nan')], [float('inf')], [-float('inf'), 1e-8], [np.nan, 0.0]]:
    a = np.array(vals)
    print(repr(a))
    print(a)
print(np.nan, np.inf, -np.inf, np.array([np.nan]) == np.nan)
print(np.isnan(np.array([1.0, np.nan])), np.isinf(np.array([np.inf, 1.0])), np.isfinite(np.array([np.nan, 2.0, -np.inf])))
print(np.array([1.0, 0.0]) / 0.0)
