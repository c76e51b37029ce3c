package warpsync_test

import (
	"testing"

	"golang.org/x/tools/go/analysis/analysistest"

	"github.com/smemlint/smemlint/analyzer/internal/testdir"
	"github.com/smemlint/smemlint/analyzer/warpsync"
)

func TestWarpSync(t *testing.T) {
	dir := testdir.Dir(t)
	analysistest.RunWithSuggestedFixes(t, dir, warpsync.Analyzer, "example.com/cases/warpsync")
}

// TestWarpSyncOtherPackage checks findings inside another package's device
// functions, reported at the call in this one.
func TestWarpSyncOtherPackage(t *testing.T) {
	dir := testdir.Dir(t)
	analysistest.Run(t, dir, warpsync.Analyzer, "example.com/cases/syncxpkg/warpuse")
}
