package barrier_test

import (
	"path/filepath"
	"testing"

	"golang.org/x/tools/go/analysis/analysistest"

	"github.com/smemlint/smemlint/analyzer/barrier"
)

func TestBarrier(t *testing.T) {
	dir, err := filepath.Abs(filepath.Join("..", "testdata"))
	if err != nil {
		t.Fatal(err)
	}
	analysistest.Run(t, dir, barrier.Analyzer, "example.com/cases/barrier")
}

// TestBarrierOtherPackage checks findings inside another package's device
// functions, reported at the call in this one.
func TestBarrierOtherPackage(t *testing.T) {
	dir, err := filepath.Abs(filepath.Join("..", "testdata"))
	if err != nil {
		t.Fatal(err)
	}
	analysistest.Run(t, dir, barrier.Analyzer, "example.com/cases/syncxpkg/barrieruse")
}
