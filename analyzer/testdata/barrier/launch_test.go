package barrier

import (
	"errors"
	"os"
	"slices"
	"strings"
	"testing"

	"github.com/smemlint/smemlint/simt"
)

// splits launches each bad* kernel with a shape that splits its threads,
// and names the error kind the simulator must return.
var splits = map[string]struct {
	kind   simt.ErrorKind
	launch func() error
}{
	"badBranch": {simt.KindDeadlock, func() error {
		s := simt.Malloc[float32](1024)
		return simt.Launch(simt.Config{Grid: simt.Dim3{X: 1}, Block: simt.Dim3{X: 1024}}, func(t *simt.Thread) { badBranch(t, s) })
	}},
	"badElse":              {simt.KindDeadlock, block1(256, badElse)},
	"badReturn":            {simt.KindDeadlock, withN(256, 100, badReturn)},
	"badTripCount":         {simt.KindDeadlock, withN(256, 100, badTripCount)},
	"badReturnTwoBarriers": {simt.KindDeadlock, withN(64, 1, badReturnTwoBarriers)},
	"badBreak":             {simt.KindDeadlock, block1(64, badBreak)},
	"badContinue":          {simt.KindDeadlock, block1(64, badContinue)},
	"badGoto":              {simt.KindDeadlock, block1(64, badGoto)},
	"badDevice":            {simt.KindDeadlock, block1(128, badDevice)},
	"badData":              {simt.KindDeadlock, withInput(128, badData)},
	"badVote":              {simt.KindDeadlock, withInput(128, badVote)},
	"badClusterRank":       {simt.KindDeadlock, cluster(func(t *simt.Thread, s []float32) { badClusterRank(t, s) })},
	"badClusterExit":       {simt.KindDeadlock, cluster(func(t *simt.Thread, s []float32) { badClusterExit(t, s, 1) })},
	"badWarpHalf":          {simt.KindDeadlock, block1(64, badWarpHalf)},
	"badWarpAbsent":        {simt.KindMisuse, block1(48, badWarpAbsent)},
	"badWarpNotIn":         {simt.KindMisuse, block1(64, badWarpNotIn)},
	"badContinueOuter":     {simt.KindDeadlock, block1(64, badContinueOuter)},
	"badIgnored":           {simt.KindDeadlock, block1(64, badIgnored)},
	"badSameBarrier":       {simt.KindDeadlock, block1(128, badSameBarrier)},
	"badContinueSwitch":    {simt.KindDeadlock, block1(64, badContinueSwitch)},
	"badVectorCopy": {simt.KindDeadlock, func() error {
		// The first warp's float4 holds a positive third element.
		a := simt.Malloc[float32](4 * 64)
		for i := range simt.WarpSize {
			a[4*i+2] = 1
		}
		return simt.Launch(simt.Config{Grid: simt.Dim3{X: 1}, Block: simt.Dim3{X: 64}}, func(t *simt.Thread) { badVectorCopy(t, a) })
	}},
}

func block1(threads int, k func(*simt.Thread, []float32)) func() error {
	return func() error {
		s := simt.Malloc[float32](threads)
		return simt.Launch(simt.Config{Grid: simt.Dim3{X: 1}, Block: simt.Dim3{X: threads}}, func(t *simt.Thread) { k(t, s) })
	}
}

func withN(threads, n int, k func(*simt.Thread, []float32, int)) func() error {
	return func() error {
		s := simt.Malloc[float32](max(threads, n))
		return simt.Launch(simt.Config{Grid: simt.Dim3{X: 1}, Block: simt.Dim3{X: threads}}, func(t *simt.Thread) { k(t, s, n) })
	}
}

// withInput gives the first warp positive inputs and the others zeros.
func withInput(threads int, k func(*simt.Thread, []float32, []float32)) func() error {
	return func() error {
		s, in := simt.Malloc[float32](threads), simt.Malloc[float32](threads)
		for i := range simt.WarpSize {
			in[i] = 1
		}
		return simt.Launch(simt.Config{Grid: simt.Dim3{X: 1}, Block: simt.Dim3{X: threads}}, func(t *simt.Thread) { k(t, s, in) })
	}
}

func cluster(k func(*simt.Thread, []float32)) func() error {
	return func() error {
		s := simt.Malloc[float32](64)
		return simt.Launch(simt.Config{Grid: simt.Dim3{X: 4}, Block: simt.Dim3{X: 64}, Cluster: simt.Dim3{X: 2}}, func(t *simt.Thread) { k(t, s) })
	}
}

// TestSplitLaunches launches the kernels the barrier check reports, as
// listed in SMEMLINT_REPORTED (set by analyzer/barrier's pair test), or all
// of them.
func TestSplitLaunches(t *testing.T) {
	var names []string
	reported, paired := os.LookupEnv("SMEMLINT_REPORTED")
	if paired {
		names = strings.Split(reported, ",")
		for name := range splits {
			if !slices.Contains(names, name) {
				t.Errorf("%s: the simulator has a splitting launch for it, but the analyzer does not report it", name)
			}
		}
	} else {
		for name := range splits {
			names = append(names, name)
		}
	}
	for _, name := range names {
		s, ok := splits[name]
		if !ok {
			t.Errorf("%s: reported by the analyzer, but has no splitting launch here", name)
			continue
		}
		var le *simt.LaunchError
		if err := s.launch(); !errors.As(err, &le) || le.Kind != s.kind {
			t.Errorf("%s: launch returned %v, want a *simt.LaunchError of kind %v", name, err, s.kind)
			continue
		}
		t.Logf("%s: %v", name, le)
	}
}

// TestCorrectLaunches runs the ok* kernels, the near misses the check
// must stay silent on, with splitting shapes: none deadlocks.
func TestCorrectLaunches(t *testing.T) {
	out, in := simt.Malloc[float32](1024), simt.Malloc[float32](1024)
	counter := simt.Malloc[int32](1)
	launch := func(grid, block, cl int, k func(t *simt.Thread)) error {
		return simt.Launch(simt.Config{Grid: simt.Dim3{X: grid}, Block: simt.Dim3{X: block}, Cluster: simt.Dim3{X: cl}}, k)
	}
	cases := map[string]func() error{
		"okTree":         func() error { return launch(2, 1024, 1, func(t *simt.Thread) { okTree(t, out) }) },
		"okUniformExit":  func() error { return launch(4, 256, 1, func(t *simt.Thread) { okUniformExit(t, out, 2) }) },
		"okUniformLoop":  func() error { return launch(1, 256, 1, func(t *simt.Thread) { okUniformLoop(t, out, in, 300) }) },
		"okFlag":         func() error { return launch(3, 128, 1, func(t *simt.Thread) { okFlag(t, out, counter) }) },
		"okWarp":         func() error { return launch(1, 1024, 1, func(t *simt.Thread) { okWarp(t, out) }) },
		"okWarpExit":     func() error { return launch(2, 256, 1, func(t *simt.Thread) { okWarpExit(t, out, 3) }) },
		"okHalfWarp":     func() error { return launch(1, 64, 1, func(t *simt.Thread) { okHalfWarp(t, out) }) },
		"okCluster":      func() error { return launch(4, 64, 2, func(t *simt.Thread) { okCluster(t, out, 5) }) },
		"okConstant":     func() error { return launch(1, 512, 1, func(t *simt.Thread) { okConstant(t, out) }) },
		"okBreakUniform": func() error { return launch(1, 64, 1, func(t *simt.Thread) { okBreakUniform(t, out, 3) }) },
		"okWarpBranches": func() error { return launch(1, 64, 1, func(t *simt.Thread) { okWarpBranches(t, out) }) },
	}
	for name, run := range cases {
		if err := run(); err != nil {
			t.Errorf("%s: %v", name, err)
		}
	}
}
