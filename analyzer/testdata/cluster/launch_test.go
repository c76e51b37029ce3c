package cluster

import (
	"errors"
	"testing"

	"github.com/smemlint/smemlint/simt"
)

func launch(block, shared int, k func(t *simt.Thread)) error {
	return simt.Launch(simt.Config{Grid: simt.Dim3{X: 4}, Block: simt.Dim3{X: block}, Cluster: simt.Dim3{X: 2}, SharedBytes: shared}, k)
}

// TestLaunches runs the kernels in the simulator: the uses the check
// reports fail there with a cluster error, the near misses run. The
// simulator checks mappings, not accesses: accessAfterLastSync, which maps
// before the last barrier and writes after it, runs.
func TestLaunches(t *testing.T) {
	bins, input := simt.Malloc[int32](512), simt.Malloc[int32](2048)
	for i := range input {
		input[i] = int32(i * 37 % 512)
	}
	bad := map[string]func() error{
		"noFinalSync":           func() error { return launch(256, 1024, func(t *simt.Thread) { noFinalSync(t, bins, input, 256) }) },
		"mapBeforeSync":         func() error { return launch(64, 0, func(t *simt.Thread) { mapBeforeSync(t) }) },
		"conditionalFirstSync":  func() error { return launch(64, 0, func(t *simt.Thread) { conditionalFirstSync(t, 0) }) },
		"returnBeforeFinalSync": func() error { return launch(64, 0, func(t *simt.Thread) { returnBeforeFinalSync(t, 6) }) },
	}
	for name, run := range bad {
		var le *simt.LaunchError
		if err := run(); !errors.As(err, &le) || le.Kind != simt.KindCluster {
			t.Errorf("%s: %v, want a cluster error", name, err)
		}
	}
	ok := map[string]func() error{
		"okHist":              func() error { return launch(256, 1024, func(t *simt.Thread) { okHist(t, bins, input, 256) }) },
		"okOwnRank":           func() error { return launch(64, 0, func(t *simt.Thread) { okOwnRank(t) }) },
		"okExchange":          func() error { return launch(64, 0, func(t *simt.Thread) { okExchange(t) }) },
		"accessAfterLastSync": func() error { return launch(64, 0, func(t *simt.Thread) { accessAfterLastSync(t) }) },
	}
	for name, run := range ok {
		if err := run(); err != nil {
			t.Errorf("%s: %v", name, err)
		}
	}
}
