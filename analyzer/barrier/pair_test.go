package barrier_test

import (
	"errors"
	"os"
	"os/exec"
	"path/filepath"
	"slices"
	"strings"
	"testing"

	"golang.org/x/tools/go/analysis"
	"golang.org/x/tools/go/analysis/analysistest"
	"golang.org/x/tools/go/analysis/checker"
	"golang.org/x/tools/go/packages"

	"github.com/smemlint/smemlint/analyzer/barrier"
	"github.com/smemlint/smemlint/analyzer/internal/testdir"
	"github.com/smemlint/smemlint/examples/matmul"
	"github.com/smemlint/smemlint/examples/shmem"
	"github.com/smemlint/smemlint/simt"
)

// reportedKernels returns the kernels (package.Kernel) with a barrier
// finding in the results of the barrier analyzer.
func reportedKernels(results []any, pkgs []string) []string {
	var out []string
	for i, r := range results {
		found, _ := r.([]*barrier.Finding)
		for _, f := range found {
			name := pkgs[i] + "." + f.Ctx.Kernel
			if !slices.Contains(out, name) {
				out = append(out, name)
			}
		}
	}
	slices.Sort(out)
	return out
}

// TestTestdataDeadlocks pairs the analyzer with the simulator on the
// testdata: every kernel it reports must deadlock (or misuse a warp mask)
// when launched with a shape that splits its threads, and every kernel the
// testdata launches that way must be reported. The launches live in the
// testdata module (launch_test.go), which runs in a child go test.
func TestTestdataDeadlocks(t *testing.T) {
	if testing.Short() {
		t.Skip("runs go test in the testdata module")
	}
	dir := testdir.Dir(t)
	var results []any
	var pkgs []string
	for _, r := range analysistest.Run(t, dir, barrier.Analyzer, "example.com/cases/barrier") {
		results = append(results, r.Action.Result)
		pkgs = append(pkgs, "barrier")
	}
	var names []string
	for _, k := range reportedKernels(results, pkgs) {
		names = append(names, strings.TrimPrefix(k, "barrier."))
	}
	if len(names) == 0 {
		t.Fatal("no barrier findings in the testdata")
	}
	cmd := exec.Command("go", "test", "-count=1", "-run", "TestSplitLaunches", "./barrier")
	cmd.Dir = dir
	cmd.Env = append(os.Environ(), "SMEMLINT_REPORTED="+strings.Join(names, ","), "GOWORK=off", "GOPROXY=off")
	if out, err := cmd.CombinedOutput(); err != nil {
		t.Errorf("launching the reported kernels %v: %v\n%s", names, err, out)
	}
}

// splitLaunches launches the example kernels the analyzer should report
// with shapes that split their threads.
var splitLaunches = map[string]func() error{
	"shmem.ReductionIfBarrier": func() error {
		_, err := shmem.RunReductionIfBarrier(make([]float32, shmem.ReductionThreads), 1)
		return err
	},
	"matmul.MatmulKernel1": func() error {
		const m, k, n = 40, 32, 40 // m and n not multiples of the tile
		_, err := matmul.RunMatmulKernel1(make([]float32, m*k), make([]float32, k*n), m, k, n)
		return err
	},
}

// TestExamplesDeadlock pairs the analyzer with the simulator on examples/.
func TestExamplesDeadlock(t *testing.T) {
	cfg := &packages.Config{Mode: packages.LoadAllSyntax, Dir: filepath.Join("..", ".."), Tests: false}
	loaded, err := packages.Load(cfg, "./examples/...")
	if err != nil {
		t.Fatal(err)
	}
	graph, err := checker.Analyze([]*analysis.Analyzer{barrier.Analyzer}, loaded, nil)
	if err != nil {
		t.Fatal(err)
	}
	var results []any
	var pkgs []string
	for _, act := range graph.Roots {
		results = append(results, act.Result)
		pkgs = append(pkgs, act.Package.Name)
	}
	reported := reportedKernels(results, pkgs)
	for name := range splitLaunches {
		if !slices.Contains(reported, name) {
			t.Errorf("%s deadlocks in the simulator but is not reported", name)
		}
	}
	for _, name := range reported {
		launch, ok := splitLaunches[name]
		if !ok {
			t.Errorf("%s is reported but has no splitting launch in this test", name)
			continue
		}
		var le *simt.LaunchError
		if err := launch(); !errors.As(err, &le) || le.Kind != simt.KindDeadlock {
			t.Errorf("%s: launch returned %v, want a deadlock *simt.LaunchError", name, err)
		}
	}
}
