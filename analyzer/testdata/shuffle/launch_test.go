package shuffle

import (
	"errors"
	"testing"

	"github.com/smemlint/smemlint/simt"
)

func launch(block int, k func(t *simt.Thread)) error {
	return simt.Launch(simt.Config{Grid: simt.Dim3{X: 1}, Block: simt.Dim3{X: block}}, k)
}

// TestLaunches runs the kernels in the simulator: the masks the check
// reports fail there (a deadlock or a misuse), the near misses run.
func TestLaunches(t *testing.T) {
	out, in := simt.Malloc[float32](1024), simt.Malloc[float32](1024)
	out64 := simt.Malloc[float64](1024)
	in[0] = 1
	bad := map[string]func() error{
		"halfWarpFullMask": func() error { return launch(64, func(t *simt.Thread) { halfWarpFullMask(t, out) }) },
		"partialWarp":      func() error { return launch(48, func(t *simt.Thread) { partialWarp(t, out) }) },
		"readsOutsideMask": func() error { return launch(64, func(t *simt.Thread) { readsOutsideMask(t, out) }) },
		"badWidth":         func() error { return launch(64, func(t *simt.Thread) { badWidth(t, out) }) },
		"dataVote":         func() error { return launch(64, func(t *simt.Thread) { dataVote(t, out, in) }) },
		"laneLoop":         func() error { return launch(32, func(t *simt.Thread) { laneLoop(t, out, 1) }) },
	}
	for name, run := range bad {
		var le *simt.LaunchError
		if err := run(); !errors.As(err, &le) || le.Kind != simt.KindDeadlock && le.Kind != simt.KindMisuse {
			t.Errorf("%s: %v, want a deadlock or misuse", name, err)
		}
	}
	ok := map[string]func() error{
		"okFirstWarp":     func() error { return launch(1024, func(t *simt.Thread) { okFirstWarp(t, out) }) },
		"okRowPerWarp":    func() error { return launch(512, func(t *simt.Thread) { okRowPerWarp(t, out64, 3) }) },
		"okBallotMask":    func() error { return launch(64, func(t *simt.Thread) { okBallotMask(t, out, 40) }) },
		"okHalfWarpWidth": func() error { return launch(64, func(t *simt.Thread) { okHalfWarpWidth(t, out) }) },
		"okBranches":      func() error { return launch(64, func(t *simt.Thread) { okBranches(t, out) }) },
	}
	for name, run := range ok {
		if err := run(); err != nil {
			t.Errorf("%s: %v", name, err)
		}
	}
}
