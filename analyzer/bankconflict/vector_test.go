package bankconflict_test

import (
	"testing"

	"golang.org/x/tools/go/analysis/analysistest"

	"github.com/smemlint/smemlint/analyzer/bankconflict"
	"github.com/smemlint/smemlint/analyzer/config"
	"github.com/smemlint/smemlint/analyzer/internal/testdir"
)

// TestVectors checks, with -verbose, that a shared slice converted to an
// array or an array pointer is one access of the whole array (issue 11,
// construct 7), priced as LDS.64/LDS.128.
func TestVectors(t *testing.T) {
	dir := testdir.Dir(t)
	if err := config.Analyzer.Flags.Set("verbose", "true"); err != nil {
		t.Fatal(err)
	}
	defer config.Analyzer.Flags.Set("verbose", "false")
	analysistest.Run(t, dir, bankconflict.Analyzer, "example.com/cases/vector/shared")
}
