package barrier_test

import (
	"testing"

	"golang.org/x/tools/go/analysis/analysistest"

	"github.com/smemlint/smemlint/analyzer/barrier"
	"github.com/smemlint/smemlint/analyzer/internal/testdir"
)

func TestBarrier(t *testing.T) {
	dir := testdir.Dir(t)
	analysistest.Run(t, dir, barrier.Analyzer, "example.com/cases/barrier")
}

// TestBarrierOtherPackage checks findings inside another package's device
// functions, reported at the call in this one.
func TestBarrierOtherPackage(t *testing.T) {
	dir := testdir.Dir(t)
	analysistest.Run(t, dir, barrier.Analyzer, "example.com/cases/syncxpkg/barrieruse")
}
