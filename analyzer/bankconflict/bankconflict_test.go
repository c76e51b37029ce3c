package bankconflict_test

import (
	"testing"

	"golang.org/x/tools/go/analysis/analysistest"

	"github.com/smemlint/smemlint/analyzer/bankconflict"
	"github.com/smemlint/smemlint/analyzer/config"
	"github.com/smemlint/smemlint/analyzer/internal/testdir"
	corpora "github.com/smemlint/smemlint/internal/testdir"
)

func TestBankConflict(t *testing.T) {
	dir := testdir.Dir(t)
	analysistest.RunWithSuggestedFixes(t, dir, bankconflict.Analyzer, "example.com/cases/bankconflict")
}

// TestH100Rows checks a kernel for every shared-memory row of
// docs/hardware.md (testdata/hw/shared): each diagnostic states the measured
// figure.
func TestH100Rows(t *testing.T) {
	dir := corpora.Corpora(t)
	if err := config.Analyzer.Flags.Set("verbose", "true"); err != nil {
		t.Fatal(err)
	}
	defer config.Analyzer.Flags.Set("verbose", "false")
	analysistest.Run(t, dir, bankconflict.Analyzer, "example.com/corpora/hw/shared")
}
