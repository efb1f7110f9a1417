# tensorpad — one Makefile, read top to bottom.
#   make serve   build everything and serve the playground on localhost
#   make test    build and run every test (native C under sanitizers, wasm via node --test)
# Both install what is missing (Debian packages, npm ci) before they build.

SHELL := /bin/bash
.DEFAULT_GOAL := build
# Compile in parallel by default (a -j on the command line wins), each job's output printed
# whole; test runs (recipes marked +) stream their output as they go.
ifeq ($(MAKELEVEL),0)
MAKEFLAGS += -j$(shell nproc) --output-sync=target
endif

# src/ is folders by layer, then domain (docs/ARCHITECTURE.md has the map): every .c below
# src/ is one object; every folder holding a header is an include dir, so files include
# their headers by name ("internal.h", "shape.h") wherever they live.
SRC      := $(shell find src -name '*.c' | sort)
HDR      := $(shell find src -name '*.h' -o -name '*.def' | sort)
INCLUDES := $(addprefix -I,$(sort $(dir $(HDR))))
JS       := $(shell find js -name '*.js' | sort)
PORT     ?= 8080

# ---- flag groups ----------------------------------------------------------------------
COMMON_CFLAGS := -std=c11 -Wall -Wextra -Wno-unused-parameter -Wshadow -Werror=implicit-function-declaration $(INCLUDES)
NATIVE_CFLAGS := $(COMMON_CFLAGS) -O1 -g -fno-omit-frame-pointer -fsanitize=address,undefined -fno-sanitize-recover=all
WASM_CFLAGS   := $(COMMON_CFLAGS) -msimd128
WASM_LDFLAGS  := -O2 --js-library src/imports.lib.js --no-entry -sSTANDALONE_WASM -sALLOW_MEMORY_GROWTH -sABORTING_MALLOC=0 -sMALLOC=emmalloc -sMAXIMUM_MEMORY=2GB
# Shared memory: growth never detaches TypedArray views handed to users (Node, isolated pages).
WASM_SHARED   := -matomics -mbulk-memory -Wl,--shared-memory -sINITIAL_MEMORY=16MB
# Plain memory for pages that are not cross-origin isolated: reserve up front so growth is rare.
WASM_PLAIN    := -sINITIAL_MEMORY=128MB
EMCC_ENV      := NODE_PATH=/usr/share/nodejs

# ---- setup: install what is missing ---------------------------------------------------
APT_INSTALL = if [ "$$(id -u)" = 0 ]; then SUDO=; else SUDO=sudo; fi; \
	$$SUDO apt-get update -qq && DEBIAN_FRONTEND=noninteractive $$SUDO apt-get install -y -qq

.PHONY: deps deps-browser
deps: build/.npm-stamp
	@command -v emcc >/dev/null || { echo "installing emscripten"; $(APT_INSTALL) emscripten; }

deps-browser: deps
	@command -v chromium >/dev/null || { echo "installing chromium"; $(APT_INSTALL) chromium; }

build/.npm-stamp: package.json package-lock.json
	@mkdir -p build
	npm ci --no-audit --no-fund --loglevel=error
	@touch $@

build/.bundlers-stamp: tests/bundlers/package.json tests/bundlers/package-lock.json
	@mkdir -p build
	cd tests/bundlers && npm ci --no-audit --no-fund --loglevel=error
	@touch $@

# ---- build ----------------------------------------------------------------------------
.PHONY: build
build: deps dist/tensorpad.wasm dist/tensorpad-plain.wasm dist/tensorpad.min.js dist/tensorpad.cjs dist/tensorpad.global.js dist/tensorpad-python.json

# Speed where it pays, size everywhere else: the wasm is most of what a page downloads.
# Files on the per-op path (dispatch, iterator, allocation, the engine, the float32
# kernels) and the random streams (randn: 2.7x faster for float64, 1.7 KB) are compiled
# for speed, the rest (printing, indexing, views, shape ops, formulas, the less common
# ops) for size: moving view, linalg, nn and create here changed no workload of
# `make bench` measurably and costs 2 KB gzip.
# Inside the fast files, TP_COLD_BEGIN ... TP_COLD_END (src/core/internal.h) mark what is off
# the hot path (other dtypes' kernels, rare ops) to be compiled for size too.
# (File names, whatever their folder: src/ops/elementwise/elementwise.c, src/autograd/engine.c, ...)
WASM_FAST := elementwise gemm reduce iter storage engine random
# The files every op passes through (the entry points and kernels of elementwise ops, the
# iterator, allocation, grad mode and the engine) are also linked with LTO, so that the calls
# between them, split by layer into src/api, src/ops, src/core and src/autograd, are inlined
# as they were when one file held them (tiny_ops and scalar_chain 3-7 % faster, +0.5 KB gzip).
WASM_LTO := elementwise iter storage engine
wasm_opt   = $(if $(filter $(basename $(notdir $<)),$(WASM_FAST)),-O2 $(if $(filter $(basename $(notdir $<)),$(WASM_LTO)),-flto),-Os)
SHARED_OBJ := $(patsubst src/%.c,build/wasm/shared/%.o,$(SRC))
PLAIN_OBJ  := $(patsubst src/%.c,build/wasm/plain/%.o,$(SRC))

build/wasm/shared/%.o: src/%.c $(HDR) Makefile | deps
	@mkdir -p $(@D)
	$(EMCC_ENV) emcc $(WASM_CFLAGS) $(wasm_opt) -matomics -mbulk-memory -c $< -o $@

build/wasm/plain/%.o: src/%.c $(HDR) Makefile | deps
	@mkdir -p $(@D)
	$(EMCC_ENV) emcc $(WASM_CFLAGS) $(wasm_opt) -c $< -o $@

dist/tensorpad.wasm: $(SHARED_OBJ) src/imports.lib.js | dist
	$(EMCC_ENV) emcc $(SHARED_OBJ) $(WASM_LDFLAGS) $(WASM_SHARED) -o $@

dist/tensorpad-plain.wasm: $(PLAIN_OBJ) src/imports.lib.js | dist
	$(EMCC_ENV) emcc $(PLAIN_OBJ) $(WASM_LDFLAGS) $(WASM_PLAIN) -o $@

# The library as one minified file, three ways: an ES module for pages (dist/tensorpad.min.js;
# bundlers take js/tensorpad.js itself, see package.json), CommonJS for require() in Node
# (dist/tensorpad.cjs: loads the wasm synchronously, TENSORPAD_SYNC_LOAD), and a classic
# script for <script src> and importScripts (dist/tensorpad.global.js: sets globalThis.torchReady,
# a promise of torch, which is also globalThis.torch once loaded). Class names are kept: classes
# print them. Each finds the wasm next to itself (TENSORPAD_WASM_DIR, see js/core/wasm.js).
# js/build.mjs runs esbuild twice so that class names are kept (they are printed) but not
# other function names (esbuild's --keep-names keeps both: 4 KB gzip more).
dist/tensorpad.min.js: $(JS) js/build.mjs build/.npm-stamp | dist
	node js/build.mjs esm $@

dist/tensorpad.cjs: $(JS) js/build.mjs build/.npm-stamp | dist
	node js/build.mjs cjs $@

dist/tensorpad.global.js: $(JS) js/build.mjs build/.npm-stamp | dist
	node js/build.mjs global $@

# Python mode's torch package as one file, for pages and workers (js/python.js).
dist/tensorpad-python.json: $(shell find python -name '*.py') python/bundle.mjs | dist
	node python/bundle.mjs $@

dist build:
	mkdir -p $@

# ---- tests ----------------------------------------------------------------------------
NATIVE_TESTS := $(patsubst tests/native/%.c,build/native/%,$(wildcard tests/native/test_*.c))

# The core is compiled once under the sanitizers; each suite links against those objects.
NATIVE_OBJ := $(patsubst src/%.c,build/native/obj/%.o,$(SRC))
# Kept between runs (make would delete them as intermediates and rebuild them all next time).
.SECONDARY: $(NATIVE_OBJ)

build/native/obj/%.o: src/%.c $(HDR) Makefile
	@mkdir -p $(@D)
	$(CC) $(NATIVE_CFLAGS) -c $< -o $@

build/native/%: tests/native/%.c $(NATIVE_OBJ) tests/native/check.h tests/native/tensors.h
	@mkdir -p build/native
	$(CC) $(NATIVE_CFLAGS) $< $(NATIVE_OBJ) -lm -o $@

.PHONY: test test-native test-js test-python test-browser test-fuzz-js fuzz-js
# The suites one after another (each builds what it needs in parallel first).
test: build
	@$(MAKE) --no-print-directory test-native
	@$(MAKE) --no-print-directory test-fuzz
	@$(MAKE) --no-print-directory test-fuzz-js
	@$(MAKE) --no-print-directory test-js
	@$(MAKE) --no-print-directory test-python
	@$(MAKE) --no-print-directory test-browser

test-native: $(NATIVE_TESTS)
	+@for t in $(NATIVE_TESTS); do echo "== $$t"; ASAN_OPTIONS=allocator_may_return_null=1 $$t || exit 1; done

test-js: build
	+node --test tests/js/ tests/layers/

# Python mode (CPython in WebAssembly): one interpreter per file, so one file at a time; the
# program suite (tests/python/programs, PyTorch 1.13's output in expected/, made by
# tests/fixtures/gen_python_programs.py) runs on one interpreter.
test-python: build
	+node --test --test-concurrency=1 tests/python/

# The JS API fuzzer (tests/fuzz/): fixed seeds in `make test` (about 20 s), new seeds for
# FUZZ_MINUTES in `make fuzz` (findings in build/fuzz/findings.txt). One core, niced.
FUZZ_MINUTES ?= 60
test-fuzz-js: build
	nice node tests/fuzz/run.mjs

fuzz-js: build
	nice node tests/fuzz/run.mjs --minutes $(FUZZ_MINUTES)

# Real headless Chromium (Debian's package) driven by playwright-core; see tests/browser/.
# The bundlers that tests/browser/bundlers.test.mjs builds an app with are pinned in their
# own folder (tests/bundlers/), so the root install stays small.
test-browser: web deps-browser build/.bundlers-stamp
	+node --test --test-concurrency=1 tests/browser/

# ---- fuzz: libFuzzer over the public C API under ASan+UBSan (tests/fuzz/) ---------------
# `make fuzz` runs it for FUZZ_SECONDS on one core (niced), growing build/fuzz/corpus from the
# committed seeds; `make test-fuzz` (part of `make test`) replays the seeds and runs a fixed
# number of fresh inputs from seed 1. A crash leaves crash-* in build/fuzz/ and fails.
FUZZ_CC      ?= clang
FUZZ_CFLAGS  := $(COMMON_CFLAGS) -O1 -g -fno-omit-frame-pointer -fsanitize=address,undefined -fno-sanitize-recover=all
FUZZ_OBJ     := $(patsubst src/%.c,build/fuzz/obj/%.o,$(SRC))
FUZZ_ENV     := ASAN_OPTIONS=allocator_may_return_null=1:max_allocation_size_mb=256:detect_leaks=1 UBSAN_OPTIONS=print_stacktrace=1
FUZZ_SECONDS ?= 3600
FUZZ_RUNS    ?= 15000
# A unit may fill a 256 MB tensor (2.5 s of CPU under ASan); a niced run on a loaded machine gets
# a fraction of a core, and libFuzzer counts wall time: 20 s reported load, not hangs.
FUZZ_TIMEOUT ?= 120

build/fuzz/obj/%.o: src/%.c $(HDR) Makefile
	@mkdir -p $(@D)
	$(FUZZ_CC) $(FUZZ_CFLAGS) -fsanitize=fuzzer-no-link -c $< -o $@

# Objects are kept between runs (make would delete them as intermediates of the pattern rules).
.SECONDARY: $(FUZZ_OBJ)

build/fuzz/fuzz_capi: tests/fuzz/fuzz_capi.c $(FUZZ_OBJ)
	$(FUZZ_CC) $(FUZZ_CFLAGS) -fsanitize=fuzzer $< $(FUZZ_OBJ) -lm -o $@

.PHONY: fuzz test-fuzz fuzz-diff
fuzz: build/fuzz/fuzz_capi fuzz-js fuzz-diff
	@mkdir -p build/fuzz/corpus
	cd build/fuzz && $(FUZZ_ENV) nice ./fuzz_capi -max_total_time=$(FUZZ_SECONDS) -rss_limit_mb=3072 \
	  -malloc_limit_mb=512 -timeout=$(FUZZ_TIMEOUT) -print_final_stats=1 corpus ../../tests/fuzz/corpus

test-fuzz: build/fuzz/fuzz_capi
	@rm -rf build/fuzz/brief && mkdir -p build/fuzz/brief
	cd build/fuzz && $(FUZZ_ENV) ./fuzz_capi -runs=$(FUZZ_RUNS) -seed=1 -max_total_time=30 -rss_limit_mb=3072 \
	  -malloc_limit_mb=512 -timeout=$(FUZZ_TIMEOUT) brief ../../tests/fuzz/corpus

# ---- the differential tester (tests/diff/): random programs under PyTorch and tensorpad ------
# `make test` replays the committed programs (tests/js/diff.test.mjs); `make fuzz-diff` runs
# DIFF_PROGRAMS new seeds per category (from DIFF_SEED) through PyTorch (needs torch here) and
# tensorpad and prints every disagreement not in tests/diff/known.txt.
DIFF_SEED     ?= $(shell date +%s)
DIFF_PROGRAMS ?= 2000
fuzz-diff: build
	@/usr/bin/python3 -c 'import torch' 2>/dev/null || { $(APT_INSTALL) python3-torch; }
	@mkdir -p build/diff
	nice /usr/bin/python3 tests/diff/programs.py $(DIFF_SEED) $(DIFF_PROGRAMS) build/diff/fuzz.json
	nice node tests/diff/run.mjs build/diff/fuzz.json

# ---- fixtures (needs Debian's python3-torch; the JSON is committed so CI needs no torch)
.PHONY: fixtures
fixtures: build
	@/usr/bin/python3 -c 'import torch' 2>/dev/null || { $(APT_INSTALL) python3-torch; }
	node tests/fixtures/serialization/write_js.mjs
	node tests/python/write_saved.mjs
	for g in tests/fixtures/gen_*.py; do /usr/bin/python3 $$g || exit 1; done
	for g in tests/browser/fixtures/gen_*.py; do (cd tests/browser/fixtures && /usr/bin/python3 $$(basename $$g)) || exit 1; done
	@test -f /usr/include/simde/wasm/simd128.h || { echo "installing libsimde-dev"; $(APT_INSTALL) libsimde-dev; }
	/usr/bin/python3 tests/fixtures/check_tanh.py
	/usr/bin/python3 tests/fixtures/check_sleef.py

# ---- bench: tensorpad and its peers in one run (never part of `make test`) --------------
# Peers are pinned dev dependencies of bench/ only; bench/.npmrc skips install scripts.
.PHONY: bench
bench: build
	@test -f /usr/include/simde/wasm/simd128.h || { echo "installing libsimde-dev"; $(APT_INSTALL) libsimde-dev; }
	cd bench && npm ci --no-audit --no-fund --loglevel=error
	BENCH_COMMAND="make bench" node bench/run.mjs

# ---- playground -----------------------------------------------------------------------
# web/build.mjs bundles the page with esbuild into dist/web (static files, no CDN) and
# prints the page weight; web/serve.mjs serves it with the wasm MIME type and COOP/COEP.
.PHONY: web serve
web: build
	node web/build.mjs

serve: web
	node web/serve.mjs --port $(PORT)

.PHONY: clean
clean:
	rm -rf build dist
