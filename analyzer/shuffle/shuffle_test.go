package shuffle_test

import (
	"os"
	"os/exec"
	"testing"

	"golang.org/x/tools/go/analysis/analysistest"

	"github.com/smemlint/smemlint/analyzer/internal/testdir"
	"github.com/smemlint/smemlint/analyzer/shuffle"
)

func TestShuffle(t *testing.T) {
	dir := testdir.Dir(t)
	analysistest.Run(t, dir, shuffle.Analyzer, "example.com/cases/shuffle")
}

// TestSimulatorAgrees runs the testdata kernels in the simulator (its
// launch_test.go, in the testdata module): the masks the check reports
// fail there, the near misses run.
func TestSimulatorAgrees(t *testing.T) {
	if testing.Short() {
		t.Skip("runs go test in the testdata module")
	}
	dir := testdir.Dir(t)
	cmd := exec.Command("go", "test", "-count=1", "-run", "TestLaunches", "./shuffle")
	cmd.Dir = dir
	cmd.Env = append(os.Environ(), "GOWORK=off", "GOPROXY=off")
	if out, err := cmd.CombinedOutput(); err != nil {
		t.Errorf("%v\n%s", err, out)
	}
}
