package coalescing_test

import (
	"testing"

	"golang.org/x/tools/go/analysis/analysistest"

	"github.com/smemlint/smemlint/analyzer/coalescing"
	"github.com/smemlint/smemlint/analyzer/config"
	"github.com/smemlint/smemlint/analyzer/internal/testdir"
)

// TestDataGuards checks, with -verbose, that an access under a condition
// on data that differs between lanes states the assumption its figure
// rests on, every lane passing, and the figure with one lane where it
// differs (issue 11, construct 5).
func TestDataGuards(t *testing.T) {
	dir := testdir.Dir(t)
	if err := config.Analyzer.Flags.Set("verbose", "true"); err != nil {
		t.Fatal(err)
	}
	defer config.Analyzer.Flags.Set("verbose", "false")
	analysistest.Run(t, dir, coalescing.Analyzer, "example.com/cases/dataguard/global")
}
