package kernels_test

import (
	"testing"

	"golang.org/x/tools/go/analysis/analysistest"

	"github.com/smemlint/smemlint/analyzer/bankconflict"
	"github.com/smemlint/smemlint/analyzer/coalescing"
	"github.com/smemlint/smemlint/analyzer/internal/testdir"
)

// TestForeignKernels checks kernels and device functions of another
// package, evaluated with the launch shape and arguments of the package
// that launches or calls them, reported at the call.
func TestForeignKernels(t *testing.T) {
	dir := testdir.Dir(t)
	analysistest.Run(t, dir, bankconflict.Analyzer, "example.com/cases/xpkg/host")
	analysistest.Run(t, dir, coalescing.Analyzer, "example.com/cases/xpkg/calls")
}
