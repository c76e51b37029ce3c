package coalescing_test

import (
	"testing"

	"golang.org/x/tools/go/analysis/analysistest"

	"github.com/smemlint/smemlint/analyzer/coalescing"
	"github.com/smemlint/smemlint/analyzer/config"
	"github.com/smemlint/smemlint/analyzer/internal/testdir"
)

// TestVectors checks, with -verbose, that a slice converted to an array or
// an array pointer is one access of the whole array (issue 11, construct
// 7) and that the copy's elements read no memory.
func TestVectors(t *testing.T) {
	dir := testdir.Dir(t)
	if err := config.Analyzer.Flags.Set("verbose", "true"); err != nil {
		t.Fatal(err)
	}
	defer config.Analyzer.Flags.Set("verbose", "false")
	analysistest.Run(t, dir, coalescing.Analyzer, "example.com/cases/vector/global")
}
