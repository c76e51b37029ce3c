package analyzer_test

import (
	"path/filepath"
	"testing"

	"golang.org/x/tools/go/analysis/analysistest"

	"github.com/smemlint/smemlint/analyzer"
)

// TestRobust runs every check over kernels written to trip the analysis
// up (recursion, exploding expressions, goto, labelled loops, closures,
// huge or endless loops, division by zero, unsafe; generic kernels are
// in the capacity check's data). It passes
// when the checks finish; the package carries no expectations, so any
// report there would fail the test as unexpected.
func TestRobust(t *testing.T) {
	dir, err := filepath.Abs("testdata")
	if err != nil {
		t.Fatal(err)
	}
	for _, a := range analyzer.Checks() {
		analysistest.Run(t, dir, a, "example.com/cases/robust")
	}
}
