package globalrace_test

import (
	"testing"

	"golang.org/x/tools/go/analysis/analysistest"

	"github.com/smemlint/smemlint/analyzer/config"
	"github.com/smemlint/smemlint/analyzer/globalrace"
	"github.com/smemlint/smemlint/analyzer/internal/testdir"
)

func TestGlobalRace(t *testing.T) {
	dir := testdir.Dir(t)
	analysistest.Run(t, dir, globalrace.Analyzer, "example.com/cases/globalrace")
}

// TestUnchecked checks, with -verbose, the notes on sites whose races
// depend on data: each races for some data and not for other, so neither
// a finding nor silence would be true (see testdata/peers/disagreements.txt,
// class unchecked).
func TestUnchecked(t *testing.T) {
	dir := testdir.Dir(t)
	if err := config.Analyzer.Flags.Set("verbose", "true"); err != nil {
		t.Fatal(err)
	}
	defer config.Analyzer.Flags.Set("verbose", "false")
	analysistest.Run(t, dir, globalrace.Analyzer, "example.com/cases/globalraceverbose")
}
