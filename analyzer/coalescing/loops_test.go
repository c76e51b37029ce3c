package coalescing_test

import (
	"testing"

	"golang.org/x/tools/go/analysis/analysistest"

	"github.com/smemlint/smemlint/analyzer/coalescing"
	"github.com/smemlint/smemlint/analyzer/config"
	"github.com/smemlint/smemlint/analyzer/internal/testdir"
)

// TestLoops checks, with -verbose, the figures of global accesses whose
// indices advance with loops: carried variables, nested loops whose
// bounds depend on outer ones, re-sliced pointers.
func TestLoops(t *testing.T) {
	dir := testdir.Dir(t)
	if err := config.Analyzer.Flags.Set("verbose", "true"); err != nil {
		t.Fatal(err)
	}
	defer config.Analyzer.Flags.Set("verbose", "false")
	analysistest.Run(t, dir, coalescing.Analyzer, "example.com/cases/loops/global")
}
