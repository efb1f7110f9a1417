"""Native reference: PyTorch 1.13 CPU, one thread, driven by bench/run.mjs.

Run as `/usr/bin/python3 bench/torch_peer.py` (Debian's Python, the only one with torch).
Speaks the line protocol of bench/lib/worker.mjs: commands on stdin, one JSON answer per
command on a stdout line starting with "@@BENCH ". Inputs come from det(), the same
32-bit hash as bench/lib/common.mjs, so checksums are comparable with the JS peers.
Without torch every answer is {"status": "unavailable"} and the run goes on.

The same file is the `tensorpad-python` peer: run by bin/tensorpad-python.mjs (CPython in
WebAssembly over tensorpad's torch), it makes its inputs without numpy (PURE below) and adds
a `functional` variant of the training steps (tensor ops, autograd and a hand-written SGD
step), which it reports while Python's torch.nn / torch.optim are missing.
"""
import json
import sys
import time

PURE = sys.platform == "emscripten"   # tensorpad-python: no numpy, pure-Python inputs
NAME = "tensorpad-python" if PURE else "pytorch-native"

try:
    if not PURE:
        import numpy as np
    import torch
    torch.set_num_threads(1)
    torch.set_num_interop_threads(1)
    LOAD_ERROR = None
except Exception as e:  # noqa: BLE001 - any import failure means "no torch here"
    LOAD_ERROR = f"/usr/bin/python3 has no usable torch: {e}"

LR = 0.01
CHECK_STEPS = 3
TINY = dict(iters=5000, mul=1.0001, add=0.0001, x0=[0.5, -1.25, 2, 3.5])
CHAIN = dict(ops=1000, p=0.9, q=0.1)
MODELS = {
    "mlp_step": dict(batch=64, sizes=[784, 256, 10], act="relu", loss="cross_entropy",
                     x=(11, 1.0), layers=[(12, 13, 0.0625), (14, 15, 0.125)]),
    "playground_step": dict(batch=32, sizes=[2, 16, 16, 1], act="tanh", loss="mse",
                            x=(21, 2.0), y=(22, 1.0),
                            layers=[(23, 24, 1.0), (25, 26, 0.5), (27, 28, 0.5)]),
}
SIZES = {"add_1M": 1 << 20, "sum_1M": 1 << 20, "from_array_1M": 1 << 20, "bcast_add": 1024,
         "matmul_T_512": 512}


def det(n, seed, scale=1.0):
    """The values of det() in bench/lib/common.mjs, bit for bit."""
    if PURE:
        s = (seed * 0x9E3779B1) & 0xFFFFFFFF
        return torch.tensor([((((i ^ s) * 2654435761) & 0xFFFFFFFF) >> 8) / 16777216 - 0.5 for i in range(n)],
                            dtype=torch.float64).mul(scale).float()
    s = (seed * 0x9E3779B1) & 0xFFFFFFFF
    i = np.arange(n, dtype=np.uint64)
    h = ((i ^ np.uint64(s)) * np.uint64(2654435761)) & np.uint64(0xFFFFFFFF)
    return (((h >> np.uint64(8)).astype(np.float64) / 16777216 - 0.5) * scale).astype(np.float32)


def checksum(flat):
    if PURE:
        flat = flat.reshape(-1).double() if isinstance(flat, torch.Tensor) else torch.tensor(flat, dtype=torch.float64)
        w = (torch.arange(flat.numel()) % 13 - 6).double()
        a = flat.abs().sum().item()
        return {"values": [(flat * w).sum().item(), a], "scale": a}
    flat = np.asarray(flat, dtype=np.float64).ravel()
    w = (np.arange(flat.size) % 13 - 6).astype(np.float64)
    a = float(np.abs(flat).sum())
    return {"values": [float((flat * w).sum()), a], "scale": a}


def scalars(values):
    values = [float(v) for v in values]
    return {"values": values, "scale": max([1e-30] + [abs(v) for v in values])}


def t(data, *shape):
    if PURE:
        return data.view(*shape) if shape else data
    return torch.from_numpy(data).view(*shape) if shape else torch.from_numpy(data)


def make(name, variant):
    """(run, check) for a workload, or None when the variant does not apply."""
    if variant == "jit" or (variant == "functional" and not (PURE and name in MODELS)):
        return None
    if name.startswith("matmul"):
        n = SIZES.get(name) or int(name.split("_")[1])
        b_np = det(n * n, 3)
        A, B = t(det(n * n, 2), n, n), t(b_np, n, n)
        if variant == "A@B.T":
            f = lambda: A @ B.T
        elif variant == "A.T@B":
            f = lambda: A.T @ B
        elif variant == "new_B":
            f = lambda: A @ (b_np.clone() if PURE else torch.tensor(b_np)).view(n, n)
        else:
            f = lambda: A @ B
        return f, lambda: checksum(out(f()))
    if name == "from_array_1M":
        a = det(SIZES[name], 1)
        f = lambda: torch.tensor(a) if not PURE else a.clone()
        return f, lambda: checksum(out(f()))
    if name in ("add_1M", "bcast_add"):
        n = SIZES[name]
        A = t(det(n, 4)) if name == "add_1M" else t(det(n * n, 4), n, n)
        B = t(det(n, 5))
        f = lambda: A + B
        return f, lambda: checksum(out(f()))
    if name == "sum_1M":
        a = det(SIZES[name], 6)
        A = t(a)
        f = lambda: A.sum().item()
        scale = a.double().abs().sum().item() if PURE else float(np.abs(a.astype(np.float64)).sum())
        return f, lambda: {"values": [f()], "scale": scale}
    if name == "tiny_ops":
        x0 = torch.tensor(TINY["x0"], dtype=torch.float32)

        def f():
            x = x0
            for _ in range(TINY["iters"]):
                x = x.mul(TINY["mul"]).add(TINY["add"])
            return x.tolist()
        return f, lambda: checksum(f())
    if name == "scalar_chain":
        p = torch.tensor(CHAIN["p"], requires_grad=True)
        q = torch.tensor(CHAIN["q"], requires_grad=True)

        def f():
            x = p
            for i in range(CHAIN["ops"]):
                x = x.mul(p) if i % 3 == 0 else x.add(q) if i % 3 == 1 else x.tanh()
            x.backward()
            r = [x.item(), p.grad.item(), q.grad.item()]
            p.grad = None
            q.grad = None
            return r
        return f, lambda: scalars(f())
    if name in MODELS:
        return functional_trainer(name) if variant == "functional" else trainer(name)
    raise KeyError(f"unknown workload {name}")


def trainer(name):
    m = MODELS[name]
    sizes, layers = m["sizes"], []
    for i, (ws, bs, scale) in enumerate(m["layers"]):
        lin = torch.nn.Linear(sizes[i], sizes[i + 1])
        with torch.no_grad():
            lin.weight.copy_(t(det(sizes[i + 1] * sizes[i], ws, scale), sizes[i + 1], sizes[i]))
            lin.bias.copy_(t(det(sizes[i + 1], bs, scale)))
        layers.append(lin)
        if i < len(m["layers"]) - 1:
            layers.append(torch.nn.ReLU() if m["act"] == "relu" else torch.nn.Tanh())
    model = torch.nn.Sequential(*layers)
    x = t(det(m["batch"] * sizes[0], *m["x"]), m["batch"], sizes[0])
    if m["loss"] == "mse":
        y = t(det(m["batch"], *m["y"]), m["batch"], 1)
        loss_fn = torch.nn.MSELoss()
    else:
        y = torch.tensor([(7 * i + 3) % sizes[-1] for i in range(m["batch"])])
        loss_fn = torch.nn.CrossEntropyLoss()
    opt = torch.optim.SGD(model.parameters(), lr=LR)

    def step():
        opt.zero_grad()
        loss = loss_fn(model(x), y)
        loss.backward()
        opt.step()
        return loss.item()

    def check():
        losses = [step() for _ in range(CHECK_STEPS)]
        return scalars(losses + [layers[-1].weight.detach().sum().item()])
    return step, check


def out(x):
    return x if PURE else x.numpy()


def functional_trainer(name):
    """The step with tensor ops and autograd only, as a tutorial writes it before nn."""
    m = MODELS[name]
    sizes, params = m["sizes"], []
    for i, (ws, bs, scale) in enumerate(m["layers"]):
        w = t(det(sizes[i + 1] * sizes[i], ws, scale), sizes[i + 1], sizes[i]).clone().requires_grad_()
        b = t(det(sizes[i + 1], bs, scale)).clone().requires_grad_()
        params += [w, b]
    import torch.nn.functional as F
    x = t(det(m["batch"] * sizes[0], *m["x"]), m["batch"], sizes[0])
    act = torch.relu if m["act"] == "relu" else torch.tanh
    if m["loss"] == "mse":
        y = t(det(m["batch"], *m["y"]), m["batch"], 1)
        loss_fn = lambda out, y: ((out - y) ** 2).mean()
    else:
        y = torch.tensor([(7 * i + 3) % sizes[-1] for i in range(m["batch"])])
        loss_fn = F.cross_entropy

    def step():
        h = x
        for i in range(0, len(params), 2):
            h = F.linear(h, params[i], params[i + 1])
            if i + 2 < len(params):
                h = act(h)
        loss = loss_fn(h, y)
        for p in params:
            p.grad = None
        loss.backward()
        with torch.no_grad():
            for p in params:
                p.add_(p.grad, alpha=-LR)
        return loss.item()

    def check():
        losses = [step() for _ in range(CHECK_STEPS)]
        return scalars(losses + [params[-2].detach().sum().item()])
    return step, check


def capability():
    if PURE:
        return "wasm"
    """The SIMD level ATen dispatches to ("AVX2", ...), from torch's build summary."""
    for ln in torch.__config__.show().splitlines():
        if "CPU capability usage" in ln:
            return ln.split(":", 1)[1].strip()
    return "?"


def main():
    out = sys.stdout
    reply = lambda obj: (out.write("@@BENCH " + json.dumps(obj) + "\n"), out.flush())
    run, iters = None, 1

    def time_runs(k):
        t0 = time.perf_counter()
        for _ in range(k):
            run()
        return (time.perf_counter() - t0) * 1e3

    for line in sys.stdin:
        cmd, *args = line.split()
        if cmd == "quit":
            break
        if LOAD_ERROR:
            reply({"status": "unavailable", "missing": LOAD_ERROR})
            continue
        try:
            if cmd == "info":
                if PURE:
                    reply({"status": "ok", "name": NAME, "version": f"torch {torch.__version__} on tensorpad, "
                           f"CPython {sys.version.split()[0]} (Pyodide)", "backend": "tensorpad wasm", "threads": 1})
                    continue
                torch.ones(64, 64) @ torch.ones(64, 64)   # loads the BLAS, to name it
                with open("/proc/self/maps") as maps:
                    libs = sorted({ln.split()[-1].rsplit("/", 2)[-2] + "/" + ln.split()[-1].rsplit("/", 1)[-1]
                                   for ln in maps if "blas" in ln.lower() and "/" in ln})
                reply({"status": "ok", "name": "pytorch-native", "version": torch.__version__,
                       "backend": f"CPU, {capability()}, BLAS {', '.join(libs) or '?'}",
                       "threads": torch.get_num_threads()})
            elif cmd == "setup":
                name, variant, target = args[0], "" if args[1] == "-" else args[1], float(args[2])
                made = make(name, variant)
                if made is None:
                    reply({"status": "skip"})
                    continue
                run, check = made
                t0 = time.perf_counter()
                c = check()
                first = (time.perf_counter() - t0) * 1e3
                far = len(args) > 3 and first > 3 * float(args[3])
                one = first if far else max(time_runs(1), 1e-3)
                if len(args) > 3 and one > float(args[3]):
                    run = None
                    reply({"status": "skipped", "single_call_ms": one,
                           "message": f"one call takes {one:.0f} ms, over the {args[3]} ms per-call budget"})
                    continue
                iters = max(1, min(10 ** 6, int(-(-target // one))))
                reps, spent = 0, 0.0   # warm-up: >= 3 repetitions and >= 300 ms, at most 3 s
                while (reps < 3 or spent < 300) and spent + one * iters < 3000:
                    spent += time_runs(iters)
                    reps += 1
                reply({"status": "ok", "check": c, "iters": iters})
            elif cmd == "rep":
                cpu0 = time.process_time()
                ms = time_runs(iters)
                reply({"ms": ms / iters, "wall_ms": ms, "cpu_ms": (time.process_time() - cpu0) * 1e3})
            elif cmd == "teardown":
                run = None
                reply({"status": "ok"})
            else:
                reply({"status": "error", "message": f"unknown command {cmd}"})
        except Exception as e:  # noqa: BLE001 - reported per workload, the run goes on
            reply({"status": "error", "message": f"{type(e).__name__}: {e}"[:300]})


if __name__ == "__main__":
    main()
