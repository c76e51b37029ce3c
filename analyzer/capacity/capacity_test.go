package capacity_test

import (
	"testing"

	"golang.org/x/tools/go/analysis/analysistest"

	"github.com/smemlint/smemlint/analyzer/capacity"
	"github.com/smemlint/smemlint/analyzer/config"
	"github.com/smemlint/smemlint/analyzer/internal/testdir"
)

func TestCapacity(t *testing.T) {
	dir := testdir.Dir(t)
	analysistest.Run(t, dir, capacity.Analyzer, "example.com/cases/capacity")
}

// TestVerbose wants, with -verbose, the place where the evaluation of a
// kernel too large stopped.
func TestVerbose(t *testing.T) {
	dir := testdir.Dir(t)
	if err := config.Analyzer.Flags.Set("verbose", "true"); err != nil {
		t.Fatal(err)
	}
	defer config.Analyzer.Flags.Set("verbose", "false")
	analysistest.Run(t, dir, capacity.Analyzer, "example.com/cases/capacityverbose")
}
