# smemlint: make demo (first look), make test (everything CI runs),
# make bench (performance figures), make fuzz (differential fuzzing).
GO          ?= go
BIN         := $(CURDIR)/bin
STATICCHECK := honnef.co/go/tools/cmd/staticcheck@2026.2.2
GOFILES      = $(shell git ls-files '*.go' | grep -v '/testdata/')

.PHONY: all build demo test fmt-check vet staticcheck unit bench fuzz clean

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

test: fmt-check vet staticcheck unit

fmt-check:
	@out=$$(gofmt -l $(GOFILES)); if [ -n "$$out" ]; then echo "gofmt -l reports:"; echo "$$out"; exit 1; fi

vet:
	$(GO) vet ./...

staticcheck:
	$(GO) run $(STATICCHECK) ./...

unit:
	$(GO) test -race ./...

bench:
	$(GO) test -run '^$$' -bench . -benchtime 1x ./simt/

clean:
	rm -rf $(BIN)
