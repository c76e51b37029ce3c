package warpsync_test

import (
	"strings"
	"testing"

	"golang.org/x/tools/go/analysis/analysistest"

	"github.com/smemlint/smemlint/analyzer/internal/testdir"
	"github.com/smemlint/smemlint/analyzer/warpsync"
)

func TestWarpSync(t *testing.T) {
	dir := testdir.Dir(t)
	results := analysistest.RunWithSuggestedFixes(t, dir, warpsync.Analyzer, "example.com/cases/warpsync")
	// The chain of volatileWarp is one finding on its first step (a.go:23)
	// with the second step (a.go:24) as its related location.
	related := testdir.Related(results, "a.go", 23)
	if len(related) != 1 || !strings.HasPrefix(related[0], "24: step 2 of the chain: warp-synchronous hazard: lane 0 reads s[tid+8]") {
		t.Errorf("related locations of the chain at a.go:23 = %q, want the step at a.go:24", related)
	}
}

// TestWarpSyncOtherPackage checks findings inside another package's device
// functions, reported at the call in this one.
func TestWarpSyncOtherPackage(t *testing.T) {
	dir := testdir.Dir(t)
	analysistest.Run(t, dir, warpsync.Analyzer, "example.com/cases/syncxpkg/warpuse")
}
