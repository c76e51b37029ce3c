package coalescing_test

import (
	"testing"

	"golang.org/x/tools/go/analysis/analysistest"

	"github.com/smemlint/smemlint/analyzer/coalescing"
	"github.com/smemlint/smemlint/analyzer/config"
	"github.com/smemlint/smemlint/analyzer/internal/testdir"
	corpora "github.com/smemlint/smemlint/internal/testdir"
)

func TestCoalescing(t *testing.T) {
	dir := testdir.Dir(t)
	analysistest.Run(t, dir, coalescing.Analyzer, "example.com/cases/coalescing")
}

func TestVerbose(t *testing.T) {
	dir := testdir.Dir(t)
	if err := config.Analyzer.Flags.Set("verbose", "true"); err != nil {
		t.Fatal(err)
	}
	defer config.Analyzer.Flags.Set("verbose", "false")
	analysistest.Run(t, dir, coalescing.Analyzer, "example.com/cases/coalescingverbose")
}

// TestH100Rows checks a kernel for every global-memory row of
// docs/hardware.md (testdata/hw/global): each diagnostic states the measured
// figure.
func TestH100Rows(t *testing.T) {
	dir := corpora.Corpora(t)
	if err := config.Analyzer.Flags.Set("verbose", "true"); err != nil {
		t.Fatal(err)
	}
	defer config.Analyzer.Flags.Set("verbose", "false")
	analysistest.Run(t, dir, coalescing.Analyzer, "example.com/corpora/hw/global")
}

// TestSummary: without -verbose, the accesses not evaluated are counted.
func TestSummary(t *testing.T) {
	dir := testdir.Dir(t)
	analysistest.Run(t, dir, coalescing.Analyzer, "example.com/cases/coalescingsummary")
}
