"""Writes the seed corpus of tests/fuzz/fuzz_capi.c (run once; the files are committed).

Each seed creates a few small tensors of several dtypes in slots 0-3 (int64 index-like
values in slot 2, so index ops and aliasing are reached quickly), then runs one opcode of
the harness with random operand bytes, for every opcode, a few times each.
"""
import os
import random

HERE = os.path.dirname(os.path.abspath(__file__))
OUT = os.path.join(HERE, 'corpus')
NOPS = 40


def create(slot, sizes, dtype, value_byte):
    # opcode 0: tp_full(n, sizes, dtype, num); sizes < 200 map to b % 5
    return bytes([0, slot, 0, len(sizes)] + sizes + [dtype, value_byte])


def arange(slot, end_byte, dtype):
    # opcode 1: arange(num, num, num, dtype); small bytes b < 160 map to b % 8 - 2
    return bytes([1, slot, 0, 2, end_byte, 3, dtype])


def main():
    os.makedirs(OUT, exist_ok=True)
    rng = random.Random(1)
    prefix = (create(0, [2, 3], 0, 5) + create(1, [3], 1, 4) + arange(2, 7, 3)
              + create(3, [2, 3], 3, 2) + create(4, [4], 4, 3))
    for op in range(NOPS):
        for k in range(3):
            body = bytes([op, 5 + k % 3, rng.randrange(5)] + [rng.randrange(256) if rng.random() < 0.3 else rng.randrange(160) for _ in range(24)])
            tail = bytes([21, 7, 5 + k % 3, 4, 160, 0, 0, 0, 0])  # print the result
            with open(os.path.join(OUT, f'op{op:02d}_{k}'), 'wb') as f:
                f.write(prefix + body + tail)


if __name__ == '__main__':
    main()
