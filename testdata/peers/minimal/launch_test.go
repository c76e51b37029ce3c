package minimal

import (
	"testing"

	"example.com/corpora/peers/launch"
)

// kernels are the suite's kernels that run with the shapes of their directives.
var kernels = map[string]any{
	"writeWriteSameWarp":      writeWriteSameWarp,
	"writeWriteSynced":        writeWriteSynced,
	"writeWriteSameWarpLoop":  writeWriteSameWarpLoop,
	"loopCarriedScan":         loopCarriedScan,
	"loopCarriedScanFixed":    loopCarriedScanFixed,
	"crossWarpBehindSameWarp": crossWarpBehindSameWarp,
	"lastWarpChain":           lastWarpChain,
	"lastWarpShuffle":         lastWarpShuffle,
	"sameStatementShared":     sameStatementShared,
	"sameStatementGlobal":     sameStatementGlobal,
	"oneIteration":            oneIteration,
	"pointerInBranch":         pointerInBranch,
	"conditionOnlyLoopVar":    conditionOnlyLoopVar,
	"syncWarpHalf":            syncWarpHalf,
	"treeReduction":           treeReduction,
}

// TestLaunch runs every kernel of the suite; those with the verdict
// divergence must deadlock, the others finish.
func TestLaunch(t *testing.T) {
	launch.All(t, ".", kernels, map[string]func() error{"notEqualBound": func() error { return runNotEqualBound(make([]float32, 1024)) }})
}
