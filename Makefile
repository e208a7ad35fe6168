# Petri: the two commands a newcomer needs are `make run` and `make test`.
SHELL := /bin/bash
export PATH := $(PATH):/opt/swift/usr/bin

SWIFT ?= swift
DATA ?= ./data
CONFIG ?= Config/petri.yaml
PORT ?= 8080

.PHONY: run test test-browser lint format deps browser-deps build release bench clean fuzz sanitize

deps:
	@Deploy/install-deps.sh

build: deps
	$(SWIFT) build

release: deps
	$(SWIFT) build -c release

## Build and start the server on http://127.0.0.1:$(PORT), storing lessons (SQLite) in $(DATA), with a demo lesson.
run: build
	$(SWIFT) run petri serve --config $(CONFIG) --data $(DATA) --port $(PORT) --demo

browser-deps:
	@Deploy/install-browser-test-deps.sh

## Build and run the whole test suite: the Swift tests, then the pages in headless chromium, WebKit and (a subset) Firefox ESR.
test: deps browser-deps lint
	$(SWIFT) build --build-tests
	$(SWIFT) test --skip-build
	python3 -m pytest -q Tests/Browser
	python3 -m pytest -q Tests/LTI

## The formatter's check (.swift-format: 4 spaces, 120 columns); `make format` fixes what it can.
lint:
	swift-format lint --strict --recursive --parallel Package.swift Sources Tests

format:
	swift-format format --in-place --recursive --parallel Package.swift Sources Tests

## Only the real-browser tests (after a build).
test-browser: browser-deps
	python3 -m pytest -q Tests/Browser

FUZZ_SECONDS ?= 60
FUZZ_TARGETS ?= clientMessage lesson savedState rle reassembly

## Coverage-guided fuzzing (libFuzzer + AddressSanitizer, package Tests/Fuzz/): FUZZ_SECONDS per target.
## Corpora grow in Tests/Fuzz/corpus/<target>; a crash is saved as Tests/Fuzz/artifacts/<target>-crash-*.
fuzz: deps
	$(SWIFT) build --package-path Tests/Fuzz --sanitize=fuzzer --sanitize=address
	@# An incremental rebuild of Tests/Fuzz/ once linked a binary without coverage counters (libFuzzer
	@# then fuzzes blind: "no interesting inputs"); if so, rebuild it from clean.
	@PETRI_FUZZ_TARGET=rle Tests/Fuzz/.build/debug/petri-fuzz -runs=0 2>&1 | grep -q "inline 8-bit counters" || { \
		echo "petri-fuzz has no coverage counters; rebuilding it from clean"; \
		rm -rf Tests/Fuzz/.build/*-unknown-linux-gnu Tests/Fuzz/.build/debug && \
		$(SWIFT) build --package-path Tests/Fuzz --sanitize=fuzzer --sanitize=address; }
	@for t in $(FUZZ_TARGETS); do \
		mkdir -p Tests/Fuzz/corpus/$$t Tests/Fuzz/artifacts && \
		PETRI_FUZZ_TARGET=$$t PETRI_FUZZ_SEED_DIR=Tests/Fuzz/corpus/$$t Tests/Fuzz/.build/debug/petri-fuzz \
			-max_total_time=$(FUZZ_SECONDS) -print_final_stats=1 -artifact_prefix=Tests/Fuzz/artifacts/$$t- \
			Tests/Fuzz/corpus/$$t || exit 1; \
	done

## The whole suite under AddressSanitizer, then ThreadSanitizer (own build directories; slow).
sanitize: deps
	$(SWIFT) build --build-tests --sanitize=address --scratch-path .build-asan
	$(SWIFT) test --skip-build --sanitize=address --scratch-path .build-asan
	$(SWIFT) build --build-tests --sanitize=thread --scratch-path .build-tsan
	$(SWIFT) test --skip-build --sanitize=thread --scratch-path .build-tsan

## Release-build benchmarks: the tables of Sources/petri-bench/PERFORMANCE.md from fresh runs, the school and (where
## PostgreSQL is installed) the cluster at most 3 runs each (before them: 9 minutes on a quiet
## 2-core machine, 22 at load 3-11; each figure the range over BENCH_RUNS runs, with the machine and ratios).
BENCH_RUNS ?= 5
## They are the program petri-bench (Sources/petri-bench), built beside petri by `swift build -c release`;
## petri itself carries none of them.
bench: release
	python3 Deploy/bench-tables.py --bench .build/release/petri-bench --runs $(BENCH_RUNS)

clean:
	rm -rf .build
