package warpsync_test

import (
	"path/filepath"
	"testing"

	"golang.org/x/tools/go/analysis/analysistest"

	"github.com/smemlint/smemlint/analyzer/warpsync"
)

func TestWarpSync(t *testing.T) {
	dir, err := filepath.Abs(filepath.Join("..", "testdata"))
	if err != nil {
		t.Fatal(err)
	}
	analysistest.RunWithSuggestedFixes(t, dir, warpsync.Analyzer, "example.com/cases/warpsync")
}

// TestWarpSyncOtherPackage checks findings inside another package's device
// functions, reported at the call in this one.
func TestWarpSyncOtherPackage(t *testing.T) {
	dir, err := filepath.Abs(filepath.Join("..", "testdata"))
	if err != nil {
		t.Fatal(err)
	}
	analysistest.Run(t, dir, warpsync.Analyzer, "example.com/cases/syncxpkg/warpuse")
}
