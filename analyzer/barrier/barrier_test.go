package barrier_test

import (
	"strings"
	"testing"

	"golang.org/x/tools/go/analysis/analysistest"

	"github.com/smemlint/smemlint/analyzer/barrier"
	"github.com/smemlint/smemlint/analyzer/internal/testdir"
)

func TestBarrier(t *testing.T) {
	dir := testdir.Dir(t)
	results := analysistest.Run(t, dir, barrier.Analyzer, "example.com/cases/barrier")
	// badReturnTwoBarriers: one finding at the first barrier (a.go:203),
	// the second barrier (a.go:205) its related location.
	related := testdir.Related(results, "a.go", 203)
	if len(related) != 1 || !strings.HasPrefix(related[0], "205: the same cause: SyncThreads after a thread-dependent return (a.go:199") {
		t.Errorf("related locations of the finding at a.go:203 = %q, want the barrier at a.go:205", related)
	}
}

// TestBarrierOtherPackage checks findings inside another package's device
// functions, reported at the call in this one.
func TestBarrierOtherPackage(t *testing.T) {
	dir := testdir.Dir(t)
	analysistest.Run(t, dir, barrier.Analyzer, "example.com/cases/syncxpkg/barrieruse")
}
