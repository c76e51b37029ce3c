# smemlint: make demo (first look), make test (everything CI runs),
# make bench (performance figures), make fuzz (differential fuzzing),
# make golangci (a golangci-lint with the smemlint plugin, run on examples/).
GO          ?= go
BIN         := $(CURDIR)/bin
# staticcheck 2026.2.2 is module version v0.8.2; the proxy refuses the
# release name as a version query.
STATICCHECK := honnef.co/go/tools/cmd/staticcheck@v0.8.2
GOFILES      = $(shell git ls-files '*.go' | grep -v '/testdata/')

.PHONY: all build demo test fmt-check vet staticcheck unit simcheck bench fuzz clean e2e-deps golangci docs hwcheck hostile gopls

all: build

build:
	$(GO) build -o $(BIN)/smemlint ./cmd/smemlint

# demo checks the bundled example kernels, then runs them in the simulator.
demo: build
	@echo "== smemlint ./examples/...   (what the analyzer predicts)"
	@$(BIN)/smemlint ./examples/... 2>&1 | sed "s|$(CURDIR)/||"; true
	@echo
	@echo "== go run ./examples/demo   (what the simulator runs)"
	@$(GO) run ./examples/demo

test: fmt-check vet staticcheck e2e-deps unit simcheck

# e2e-deps installs Neovim and Chromium for the end-to-end tests of
# smemlint lsp and explain -html where it can; those tests skip otherwise.
e2e-deps:
	@scripts/e2e-deps.sh

# golangci builds bin/custom-gcl (.custom-gcl.yml) from the Go module cache
# and runs it on the example kernels with .golangci.yml.
golangci:
	scripts/golangci.sh

# gopls builds bin/gopls: gopls v0.23.0 with smemlint's checks among its
# analyzers (gopls/, a module of its own; docs/editors.md). Every version
# is pinned in gopls/go.mod; the first build takes minutes.
gopls:
	cd gopls && $(GO) build -o $(BIN)/gopls .

# docs regenerates docs/checks from the analyzers.
docs:
	$(GO) generate ./internal/checkdocs

fmt-check:
	@out=$$(gofmt -l $(GOFILES)); if [ -n "$$out" ]; then echo "gofmt -l reports:"; echo "$$out"; exit 1; fi

vet:
	$(GO) vet ./...

staticcheck:
	$(GO) run $(STATICCHECK) ./...

unit:
	$(GO) test -race ./...
	cd gclplugin && $(GO) vet ./... && $(GO) test ./...

# hostile runs the suite of bad input alone (make test runs it with the
# other packages): it prints its tally of cases, ok and pending.
hostile:
	@mkdir -p $(BIN)
	@$(GO) test -count=1 -v ./test/hostile/ > $(BIN)/hostile.log 2>&1; rc=$$?; \
	grep -E '^(hostile:|ok|FAIL|--- FAIL|    --- (FAIL|SKIP))|pending \(' $(BIN)/hostile.log; exit $$rc

# simcheck runs the tests of the example kernels, of the H100 row kernels
# (testdata/hw) and of the checks' kernels that run, traced in the
# simulator, and fails when a request any of them makes contradicts what
# smemlint predicts for its site.
simcheck: build
	$(BIN)/smemlint simcheck -short ./examples/...
	cd testdata && $(BIN)/smemlint simcheck -short ./hw/...
	cd analyzer/testdata && $(BIN)/smemlint simcheck -short ./barrier ./shuffle ./cluster ./vector/... ./dataguard/...

# fuzz checks 10,000 random kernels (seeds 1 to 10000): each is analyzed
# from its Go source and run traced in the simulator, and every site's
# prediction must agree with the requests measured (simcheck/fuzz). Then
# 10,000 race kernels (racy and race-free by construction): their figures,
# and the static race verdicts (smemrace, warpsync) against the simulator's
# hazard detector. Then 10,000 kernels with each construct of issue 11
# switched on (loops bounded by an outer loop's variable, carried index
# updates, re-slicing, vector conversions aligned and not). Then a minute
# of coverage-guided fuzzing (go test -fuzz) draws further seeds; FUZZTIME
# sets its length.
FUZZTIME ?= 60s
CONSTRUCTS ?= nested carried reslice vector unaligned
fuzz:
	$(GO) test -run '^TestRandomKernels$$' -count 1 -v ./simcheck/fuzz/ -kernels 10000
	$(GO) test -run '^TestRaceKernels$$' -count 1 -v ./simcheck/fuzz/ -racekernels 10000
	for c in $(CONSTRUCTS); do \
		$(GO) test -run '^TestConstructs$$' -count 1 -v ./simcheck/fuzz/ -constructs $$c -kernels 10000 || exit 1; \
	done
	$(GO) test -run '^$$' -fuzz '^FuzzAgreement$$' -fuzztime $(FUZZTIME) ./simcheck/fuzz/

# bench prints the figures the issues ask for: the simulator on seed 001's
# two-pass reduction (4M floats, 1024x1024 threads) against a plain Go loop,
# ns per simulated thread and per barrier; the analyzer against go vet on
# 1,000 kernels of kernelgen's templates (the old figure), on a mix that
# stands for users' code (the examples and test corpora copied to 1,000
# kernels plus 1,000 kernels of many shapes) and on issue 14's tile mix.
bench: build
	@echo "== simulator: seed 001 two-pass reduction (target < 5 s), ns per thread and per barrier"
	$(GO) test -run '^$$' -bench . -benchtime 3x ./simt/
	@echo "== simcheck: seed 001 reduction traced vs plain (target <= 5x): x-plain of BenchmarkTracedReduction above"
	@echo "== analyzer: a generated package of 1,000 kernels (target <= 1.5x go vet, < 2 s)"
	$(GO) run ./internal/benchcmd -smemlint $(BIN)/smemlint -kernels 1000 -runs 11
	@echo "== analyzer: users' mix and issue 14's tile mix (target <= 1.5x go vet, < 2 s per 1,000 kernels)"
	$(GO) run ./internal/benchcmd -smemlint $(BIN)/smemlint -mix users,tiles -kernels 1000 -runs 5

# hwcheck checks the predictions on a GPU (nvcc, ncu, an H100): the
# examples, the H100 row kernels, the real-code corpus and HWFUZZ kernels
# of the differential fuzzer, translated to CUDA, built with -O3 and -G,
# profiled with the per-instruction counters of Nsight Compute's SourceCounters
# (scripts/hwcheck-sections; docs/hardware.md). HWCHECK_BUDGET=3000 for all of it.
# Without a GPU, `smemlint hwcheck report _hwcheck hw/results/hwcheck`
# after the prepare step reads the committed measurements.
HWFUZZ ?= 2000
hwcheck: build
	$(BIN)/smemlint hwcheck prepare -fuzz $(HWFUZZ) -o _hwcheck
	scripts/hwcheck-gpu.sh _hwcheck _hwcheck/results
	$(BIN)/smemlint hwcheck report _hwcheck _hwcheck/results

clean:
	rm -rf $(BIN)
