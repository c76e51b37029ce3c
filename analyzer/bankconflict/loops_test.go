package bankconflict_test

import (
	"testing"

	"golang.org/x/tools/go/analysis/analysistest"

	"github.com/smemlint/smemlint/analyzer/bankconflict"
	"github.com/smemlint/smemlint/analyzer/config"
	"github.com/smemlint/smemlint/analyzer/internal/testdir"
)

// TestLoops checks, with -verbose, the figures of shared accesses whose
// indices advance with loops: nested loops whose bounds depend on outer
// ones, variables the body carries.
func TestLoops(t *testing.T) {
	dir := testdir.Dir(t)
	if err := config.Analyzer.Flags.Set("verbose", "true"); err != nil {
		t.Fatal(err)
	}
	defer config.Analyzer.Flags.Set("verbose", "false")
	analysistest.Run(t, dir, bankconflict.Analyzer, "example.com/cases/loops/shared")
}
