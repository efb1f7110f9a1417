/* driver.c — tensorpad's C kernels run natively, driven by bench/run.mjs over the line
 * protocol of bench/lib/worker.mjs, so that the cost of wasm itself is visible.
 * Only the public C API is called, each operator through a macro (TP_BENCH_MATMUL(a, b), ...)
 * that run.mjs defines only when src/tensorpad.h has its prototype (NATIVE_PROBES): without
 * it the workload answers "unavailable", never a crash. Built twice: as the C compiles
 * natively (its SIMD paths are wasm-only) and with native/simde/ (wasm SIMD via SIMDe). */
#define _POSIX_C_SOURCE 199309L
#include <math.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <time.h>

#include "tensorpad.h"

#define MAX_ITERS 1000000

#ifdef __wasm_simd128__
#define SIMD_NOTE ", wasm SIMD paths via SIMDe"
#else
#define SIMD_NOTE ", SIMD paths compiled out (wasm-only)"
#endif

static double now_ms(void) {
    struct timespec ts;
    clock_gettime(CLOCK_MONOTONIC, &ts);
    return ts.tv_sec * 1e3 + ts.tv_nsec / 1e6;
}

/* The values of det() in bench/lib/common.mjs, bit for bit. */
static void det(float *out, int64_t n, uint32_t seed, float scale) {
    uint32_t s = seed * 0x9e3779b1u;
    for (int64_t i = 0; i < n; i++) {
        uint32_t h = ((uint32_t)i ^ s) * 2654435761u;
        out[i] = (float)(((double)(h >> 8) / 16777216.0 - 0.5) * scale);
    }
}

__attribute__((unused)) static tp_tensor *det_tensor(int64_t rows, int64_t cols, uint32_t seed) {
    int64_t n = cols ? rows * cols : rows;
    float *buf = malloc((size_t)n * sizeof *buf);
    if (!buf) return NULL;
    det(buf, n, seed, 1.0f);
    double sizes[2] = {(double)rows, (double)cols};
    tp_tensor *t = tp_from_buffer(buf, TP_FLOAT32, cols ? 2 : 1, sizes, TP_FLOAT32);
    free(buf);
    return t;
}

static double sum_scale;   /* > 0: the check is the one value, on this scale (sum_1M) */

/* Weighted and absolute sums of a contiguous float32 result (see checksum in common.mjs). */
static void checksum(const tp_tensor *t, char *json, size_t cap) {
    const float *p = tp_tensor_data(t);
    int64_t n = (int64_t)tp_tensor_numel(t);
    if (sum_scale > 0) {
        snprintf(json, cap, "{\"values\":[%.17g],\"scale\":%.17g}", (double)p[0], sum_scale);
        return;
    }
    double w = 0, a = 0;
    for (int64_t i = 0; i < n; i++) {
        w += p[i] * (double)((i % 13) - 6);
        a += fabs(p[i]);
    }
    snprintf(json, cap, "{\"values\":[%.17g,%.17g],\"scale\":%.17g}", w, a, a);
}

/* ---- the workloads ------------------------------------------------------------------ */
/* One timed call returns the tensor it made (released by the caller), or NULL on error. */
static tp_tensor *A, *B, *BT, *AT, *X0;
static const float *array_src;
static int64_t array_n;
static tp_tensor *(*call)(void);

static tp_tensor *call_from_array(void) {
    double size = (double)array_n;
    return tp_from_buffer(array_src, TP_FLOAT32, 1, &size, TP_FLOAT32);
}
#ifdef TP_BENCH_MATMUL
static const float *newb_src;
static int64_t newb_n;
static tp_tensor *call_matmul(void) { return TP_BENCH_MATMUL(A, B); }
static tp_tensor *call_matmul_bt(void) { return TP_BENCH_MATMUL(A, BT); }
static tp_tensor *call_matmul_at(void) { return TP_BENCH_MATMUL(AT, B); }
static tp_tensor *call_matmul_newb(void) {
    double sizes[2] = {(double)newb_n, (double)newb_n};
    tp_tensor *b = tp_from_buffer(newb_src, TP_FLOAT32, 2, sizes, TP_FLOAT32);
    tp_tensor *c = b ? TP_BENCH_MATMUL(A, b) : NULL;
    tp_tensor_release(b);
    return c;
}
#endif
#ifdef TP_BENCH_ADD
static tp_tensor *call_add(void) { return TP_BENCH_ADD(A, B); }
#endif
#ifdef TP_BENCH_SUM
static tp_tensor *call_sum(void) { return TP_BENCH_SUM(A); }
#endif
#if defined(TP_BENCH_MUL_SCALAR) && defined(TP_BENCH_ADD_SCALAR)
static tp_tensor *call_tiny(void) {
    tp_tensor *x = X0;
    tp_tensor_retain(x);
    for (int i = 0; i < 5000; i++) {
        tp_tensor *y = TP_BENCH_MUL_SCALAR(x, 1.0001);
        tp_tensor_release(x);
        if (!y) return NULL;
        x = TP_BENCH_ADD_SCALAR(y, 0.0001);
        tp_tensor_release(y);
        if (!x) return NULL;
    }
    return x;
}
#endif

#ifdef TP_BENCH_AUTOGRAD
/* ---- training natively: the same models as bench/lib/common.mjs MODELS, written with the
 * C entry points autograd records (PyTorch's layout: y = x W^T + b), plain SGD. -------- */
enum { MAX_LAYERS = 3, CHECK_STEPS = 3 };
static tp_tensor *W[MAX_LAYERS], *Bias[MAX_LAYERS], *X, *Y, *P, *Q;
static int nlayers, batch, is_mlp;
static const double LR = 0.01;

static tp_tensor *det_leaf(int ndim, int64_t d0, int64_t d1, uint32_t seed, float scale) {
    int64_t n = ndim == 2 ? d0 * d1 : ndim == 1 ? d0 : 1;
    float *buf = malloc((size_t)n * sizeof *buf);
    if (!buf) return NULL;
    det(buf, n, seed, scale);
    double sizes[2] = {(double)d0, (double)d1};
    tp_tensor *t = tp_from_buffer(buf, TP_FLOAT32, ndim, sizes, TP_FLOAT32);
    free(buf);
    return t;
}

/* Releases a and b (either may be NULL) and returns r: keeps the step's code linear. */
static tp_tensor *drop2(tp_tensor *r, tp_tensor *a, tp_tensor *b) {
    tp_tensor_release(a);
    tp_tensor_release(b);
    return r;
}

static int setup_model(int mlp) {
    static const int sizes_mlp[] = {784, 256, 10}, sizes_pg[] = {2, 16, 16, 1};
    static const uint32_t seeds_mlp[][2] = {{12, 13}, {14, 15}}, seeds_pg[][2] = {{23, 24}, {25, 26}, {27, 28}};
    static const float scales_mlp[] = {0.0625f, 0.125f}, scales_pg[] = {1.0f, 0.5f, 0.5f};
    const int *sizes = mlp ? sizes_mlp : sizes_pg;
    is_mlp = mlp;
    nlayers = mlp ? 2 : 3;
    batch = mlp ? 64 : 32;
    for (int i = 0; i < nlayers; i++) {
        const uint32_t *sd = mlp ? seeds_mlp[i] : seeds_pg[i];
        float sc = mlp ? scales_mlp[i] : scales_pg[i];
        W[i] = det_leaf(2, sizes[i + 1], sizes[i], sd[0], sc);
        Bias[i] = det_leaf(1, sizes[i + 1], 0, sd[1], sc);
        if (!W[i] || !Bias[i] || tp_tensor_set_requires_grad(W[i], 1) < 0 || tp_tensor_set_requires_grad(Bias[i], 1) < 0) return -1;
    }
    X = det_leaf(2, batch, sizes[0], mlp ? 11 : 21, mlp ? 1.0f : 2.0f);
    if (mlp) {   /* one-hot labels (7 i + 3) mod 10 */
        float onehot[64 * 10] = {0};
        for (int i = 0; i < 64; i++) onehot[i * 10 + (7 * i + 3) % 10] = 1;
        double s[2] = {64, 10};
        Y = tp_from_buffer(onehot, TP_FLOAT32, 2, s, TP_FLOAT32);
    } else {
        Y = det_leaf(2, batch, 1, 22, 1.0f);
    }
    return X && Y ? 0 : -1;
}

/* One SGD step; returns the loss (a new reference) or NULL. */
static tp_tensor *call_train(void) {
    tp_tensor *h = X;
    tp_tensor_retain(h);
    for (int i = 0; i < nlayers && h; i++) {
        tp_tensor_set_grad(W[i], NULL);
        tp_tensor_set_grad(Bias[i], NULL);
        tp_tensor *wt = tp_t(W[i]);
        tp_tensor *z = wt ? drop2(tp_linalg(TP_LINALG_MATMUL, h, wt), h, wt) : drop2(NULL, h, NULL);
        h = z ? drop2(tp_binary(TP_OP_ADD, z, Bias[i], 1.0), z, NULL) : NULL;
        if (h && i < nlayers - 1) h = drop2(tp_unary(is_mlp ? TP_OP_RELU : TP_OP_TANH, h), h, NULL);
    }
    if (!h) return NULL;
    tp_tensor *loss;
    if (is_mlp) {   /* cross-entropy: -sum(onehot * log_softmax(h)) / batch */
        tp_tensor *ls = drop2(tp_dimop(TP_OP_LOG_SOFTMAX, h, 1, -1), h, NULL);
        tp_tensor *m = ls ? drop2(tp_binary(TP_OP_MUL, ls, Y, 1.0), ls, NULL) : NULL;
        tp_tensor *s = m ? drop2(tp_reduce(TP_OP_SUM, m, -1, tp_args(), 0, 0, -1), m, NULL) : NULL;
        loss = s ? drop2(tp_binary_scalar(TP_OP_MUL, s, -1.0 / batch, TP_SCALAR_FLOAT, 0, 1.0), s, NULL) : NULL;
    } else {        /* mean squared error */
        tp_tensor *d = drop2(tp_binary(TP_OP_SUB, h, Y, 1.0), h, NULL);
        tp_tensor *sq = d ? drop2(tp_binary(TP_OP_MUL, d, d, 1.0), d, NULL) : NULL;
        loss = sq ? drop2(tp_reduce(TP_OP_MEAN, sq, -1, tp_args(), 0, 0, -1), sq, NULL) : NULL;
    }
    if (!loss || tp_backward(1, &loss, NULL, 0, 0) < 0) return drop2(NULL, loss, NULL);
    int prev = tp_set_grad_enabled(0);
    int rc = 0;
    for (int i = 0; i < nlayers && rc == 0; i++) {
        rc = tp_binary_(TP_OP_ADD, W[i], tp_tensor_grad(W[i]), -LR);
        if (rc == 0) rc = tp_binary_(TP_OP_ADD, Bias[i], tp_tensor_grad(Bias[i]), -LR);
    }
    tp_set_grad_enabled(prev);
    return rc == 0 ? loss : drop2(NULL, loss, NULL);
}

static int check_train(char *json, size_t cap) {
    double v[CHECK_STEPS + 1], scale = 1e-30;
    for (int s = 0; s < CHECK_STEPS; s++) {
        tp_tensor *l = call_train();
        if (!l) return -1;
        v[s] = tp_item(l);
        tp_tensor_release(l);
    }
    tp_tensor *ws = tp_reduce(TP_OP_SUM, W[nlayers - 1], -1, tp_args(), 0, 0, -1);
    if (!ws) return -1;
    v[CHECK_STEPS] = tp_item(ws);
    tp_tensor_release(ws);
    for (int i = 0; i <= CHECK_STEPS; i++) scale = fmax(scale, fabs(v[i]));
    snprintf(json, cap, "{\"values\":[%.17g,%.17g,%.17g,%.17g],\"scale\":%.17g}", v[0], v[1], v[2], v[3], scale);
    return 0;
}

/* scalar_chain: 1,000 ops alternating x*p, x+q, tanh(x) on 0-d leaves, then backward. */
static tp_tensor *call_chain(void) {
    tp_tensor_set_grad(P, NULL);
    tp_tensor_set_grad(Q, NULL);
    tp_tensor *x = P;
    tp_tensor_retain(x);
    for (int i = 0; i < 1000 && x; i++) {
        tp_tensor *y = i % 3 == 0 ? tp_binary(TP_OP_MUL, x, P, 1.0) : i % 3 == 1 ? tp_binary(TP_OP_ADD, x, Q, 1.0) : tp_unary(TP_OP_TANH, x);
        tp_tensor_release(x);
        x = y;
    }
    if (!x || tp_backward(1, &x, NULL, 0, 0) < 0) return drop2(NULL, x, NULL);
    return x;
}

static int check_chain(char *json, size_t cap) {
    tp_tensor *x = call_chain();
    if (!x) return -1;
    double v[3] = {tp_item(x), tp_item(tp_tensor_grad(P)), tp_item(tp_tensor_grad(Q))};
    tp_tensor_release(x);
    double scale = fmax(fabs(v[0]), fmax(fabs(v[1]), fabs(v[2])));
    snprintf(json, cap, "{\"values\":[%.17g,%.17g,%.17g],\"scale\":%.17g}", v[0], v[1], v[2], scale);
    return 0;
}
#endif

static int (*check_fn)(char *json, size_t cap);

static void release_all(void) {
    tp_tensor **all[] = {&A, &B, &BT, &AT, &X0};
    for (size_t i = 0; i < sizeof all / sizeof *all; i++) {
        tp_tensor_release(*all[i]);
        *all[i] = NULL;
    }
#ifdef TP_BENCH_AUTOGRAD
    tp_tensor **model[] = {&W[0], &W[1], &W[2], &Bias[0], &Bias[1], &Bias[2], &X, &Y, &P, &Q};
    for (size_t i = 0; i < sizeof model / sizeof *model; i++) {
        tp_tensor_release(*model[i]);
        *model[i] = NULL;
    }
#endif
    check_fn = NULL;
    free((void *)array_src);
    array_src = NULL;
    call = NULL;
    sum_scale = 0;
}

/* Prepares a workload; returns NULL when ready, else the JSON answer to send. */
static const char *prepare(const char *name, const char *variant) {
    static char msg[512];
    int n = 0;
    /* Training is written with the C entry points: the 'functional' variant of the JS side. */
    if (!strcmp(variant, "jit") || (!strcmp(variant, "eager") && strcmp(name, "scalar_chain")))
        return "{\"status\":\"skip\"}";
    if (!strcmp(variant, "eager") || !strcmp(variant, "functional")) {
#ifdef TP_BENCH_AUTOGRAD
        if (!strcmp(name, "scalar_chain")) {
            double none = 0;
            float p = 0.9f, q = 0.1f;
            P = tp_from_buffer(&p, TP_FLOAT32, 0, &none, TP_FLOAT32);
            Q = tp_from_buffer(&q, TP_FLOAT32, 0, &none, TP_FLOAT32);
            if (!P || !Q || tp_tensor_set_requires_grad(P, 1) < 0 || tp_tensor_set_requires_grad(Q, 1) < 0)
                return "{\"status\":\"error\",\"message\":\"scalar_chain setup failed\"}";
            call = call_chain;
            check_fn = check_chain;
            return NULL;
        }
        if (setup_model(!strcmp(name, "mlp_step")) < 0) return "{\"status\":\"error\",\"message\":\"model setup failed\"}";
        call = call_train;
        check_fn = check_train;
        return NULL;
#else
        return "{\"status\":\"unavailable\",\"missing\":\"C autograd entry points (see NATIVE_PROBES in bench/run.mjs)\"}";
#endif
    }
    if (!strcmp(name, "from_array_1M")) {
        array_n = 1 << 20;
        float *buf = malloc((size_t)array_n * sizeof *buf);
        if (!buf) return "{\"status\":\"error\",\"message\":\"out of memory\"}";
        det(buf, array_n, 1, 1.0f);
        array_src = buf;
        call = call_from_array;
        return NULL;
    }
    if (sscanf(name, "matmul_%d", &n) == 1 || !strcmp(name, "matmul_T_512")) {
        if (!strcmp(name, "matmul_T_512")) n = 512;
#ifdef TP_BENCH_MATMUL
        A = det_tensor(n, n, 2);
        B = det_tensor(n, n, 3);
        if (!A || !B) return "{\"status\":\"error\",\"message\":\"out of memory\"}";
        if (!strcmp(variant, "A@B.T")) { BT = tp_t(B); call = call_matmul_bt; }
        else if (!strcmp(variant, "A.T@B")) { AT = tp_t(A); call = call_matmul_at; }
        else if (!strcmp(variant, "new_B")) {
            float *buf = malloc((size_t)n * n * sizeof *buf);
            det(buf, (int64_t)n * n, 3, 1.0f);
            array_src = newb_src = buf;
            newb_n = n;
            call = call_matmul_newb;
        } else call = call_matmul;
        return NULL;
#else
        return "{\"status\":\"unavailable\",\"missing\":\"C entry point tp_tensor *tp_matmul(tp_tensor *a, tp_tensor *b)\"}";
#endif
    }
    if (!strcmp(name, "add_1M") || !strcmp(name, "bcast_add")) {
#ifdef TP_BENCH_ADD
        int big = !strcmp(name, "add_1M");
        A = big ? det_tensor(1 << 20, 0, 4) : det_tensor(1024, 1024, 4);
        B = det_tensor(big ? 1 << 20 : 1024, 0, 5);
        call = call_add;
        return A && B ? NULL : "{\"status\":\"error\",\"message\":\"out of memory\"}";
#else
        return "{\"status\":\"unavailable\",\"missing\":\"C entry point for add (see NATIVE_PROBES in bench/run.mjs)\"}";
#endif
    }
    if (!strcmp(name, "sum_1M")) {
#ifdef TP_BENCH_SUM
        A = det_tensor(1 << 20, 0, 6);
        call = call_sum;
        if (A) {
            const float *p = tp_tensor_data(A);
            for (int64_t i = 0; i < (1 << 20); i++) sum_scale += fabs(p[i]);
        }
        return A ? NULL : "{\"status\":\"error\",\"message\":\"out of memory\"}";
#else
        return "{\"status\":\"unavailable\",\"missing\":\"C entry point for a full sum (see NATIVE_PROBES in bench/run.mjs)\"}";
#endif
    }
    if (!strcmp(name, "tiny_ops")) {
#if defined(TP_BENCH_MUL_SCALAR) && defined(TP_BENCH_ADD_SCALAR)
        static const float x0[4] = {0.5f, -1.25f, 2.0f, 3.5f};
        double four = 4;
        X0 = tp_from_buffer(x0, TP_FLOAT32, 1, &four, TP_FLOAT32);
        call = call_tiny;
        return X0 ? NULL : "{\"status\":\"error\",\"message\":\"out of memory\"}";
#else
        return "{\"status\":\"unavailable\",\"missing\":\"C entry points for tensor-scalar mul/add (see NATIVE_PROBES in bench/run.mjs)\"}";
#endif
    }
    snprintf(msg, sizeof msg, "{\"status\":\"error\",\"message\":\"unknown workload %.100s\"}", name);
    return msg;
}

/* Runs the prepared call k times; returns the elapsed ms, or -1 if a call failed. */
static double time_runs(int k) {
    double t0 = now_ms();
    for (int i = 0; i < k; i++) {
        tp_tensor *r = call();
        if (!r) return -1;
        tp_tensor_release(r);
    }
    return now_ms() - t0;
}

/* The last error as a JSON answer (quotes and control characters dropped). */
static void fail_reply(void) {
    char msg[256];
    size_t k = 0;
    for (const char *c = tp_last_error(); c && *c && k < sizeof msg - 1; c++)
        if (*c != '"' && *c != '\\' && (unsigned char)*c >= 0x20) msg[k++] = *c;
    msg[k] = 0;
    printf("@@BENCH {\"status\":\"error\",\"message\":\"%s\"}\n", msg);
}

int main(void) {
    char line[512], name[128], variant[64];
    double target = 25;
    int iters = 1;
    setvbuf(stdout, NULL, _IOLBF, 0);
    while (fgets(line, sizeof line, stdin)) {
        if (!strncmp(line, "quit", 4)) break;
        if (!strncmp(line, "info", 4)) {
            printf("@@BENCH {\"status\":\"ok\",\"name\":\"tensorpad-native\",\"version\":\"worktree\","
                   "\"backend\":\"native C, gcc -O3 -march=native%s\",\"threads\":1}\n", SIMD_NOTE);
        } else if (sscanf(line, "setup %127s %63s %lf", name, variant, &target) >= 3) {
            release_all();
            const char *answer = prepare(name, strcmp(variant, "-") ? variant : "");
            if (answer) {
                release_all();
                printf("@@BENCH %s\n", answer);
                continue;
            }
            char check[512];
            if (check_fn) {
                if (check_fn(check, sizeof check) < 0) { fail_reply(); release_all(); continue; }
            } else {
                tp_tensor *r = call();
                if (!r) { fail_reply(); release_all(); continue; }
                checksum(r, check, sizeof check);
                tp_tensor_release(r);
            }
            double one = time_runs(1);
            if (one < 0) { fail_reply(); release_all(); continue; }
            one = one > 1e-4 ? one : 1e-4;
            double k = ceil(target / one);
            iters = k < 1 ? 1 : k > MAX_ITERS ? MAX_ITERS : (int)k;
            /* warm-up: >= 3 repetitions and >= 300 ms, at most 3 s */
            for (double reps = 0, spent = 0; (reps < 3 || spent < 300) && spent + one * iters < 3000; reps++) {
                double t = time_runs(iters);
                if (t < 0) break;
                spent += t;
            }
            printf("@@BENCH {\"status\":\"ok\",\"check\":%s,\"iters\":%d}\n", check, iters);
        } else if (!strncmp(line, "rep", 3)) {
            clock_t cpu0 = clock();
            double ms = call ? time_runs(iters) : -1;
            double cpu_ms = (double)(clock() - cpu0) * 1e3 / CLOCKS_PER_SEC;
            if (ms < 0) fail_reply();
            else printf("@@BENCH {\"ms\":%.9g,\"wall_ms\":%.9g,\"cpu_ms\":%.9g}\n", ms / iters, ms, cpu_ms);
        } else if (!strncmp(line, "teardown", 8)) {
            release_all();
            printf("@@BENCH {\"status\":\"ok\"}\n");
        } else {
            printf("@@BENCH {\"status\":\"error\",\"message\":\"unknown command\"}\n");
        }
    }
    release_all();
    return 0;
}
