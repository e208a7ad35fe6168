# Petri: the two commands a newcomer needs are `make run` and `make test`.
SHELL := /bin/bash
export PATH := $(PATH):/opt/swift/usr/bin

SWIFT ?= swift
DATA ?= ./data
CONFIG ?= Config/petri.yaml
PORT ?= 8080

.PHONY: run test test-browser deps browser-deps build release bench clean

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

## Build and run the whole test suite: the Swift tests, then the pages in headless chromium.
test: deps browser-deps
	$(SWIFT) build --build-tests
	$(SWIFT) test --skip-build
	python3 -m pytest -q Tests/Browser

## Only the real-browser tests (after a build).
test-browser: browser-deps
	python3 -m pytest -q Tests/Browser

## Release-build benchmarks (see README, "Measured performance").
bench: release
	.build/release/petri bench life --size 1024 --generations 2000
	.build/release/petri bench camouflage --population 10000 --generations 2000
	.build/release/petri bench transport --clients 1000 --size 1024 --rounds 200
	.build/release/petri bench class --students 1000 --generations 200

clean:
	rm -rf .build
