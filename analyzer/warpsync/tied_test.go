package warpsync_test

import (
	"testing"

	"golang.org/x/tools/go/analysis/analysistest"

	"github.com/smemlint/smemlint/analyzer/internal/testdir"
	"github.com/smemlint/smemlint/analyzer/warpsync"
)

// TestTiedLoops checks that the race search tries only the combinations
// nested loops make when the inner one's bounds depend on the outer one.
func TestTiedLoops(t *testing.T) {
	analysistest.Run(t, testdir.Dir(t), warpsync.Analyzer, "example.com/cases/loops/tied")
}
