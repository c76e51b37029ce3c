package cluster_test

import (
	"os"
	"os/exec"
	"testing"

	"golang.org/x/tools/go/analysis/analysistest"

	"github.com/smemlint/smemlint/analyzer/cluster"
	"github.com/smemlint/smemlint/analyzer/internal/testdir"
)

func TestCluster(t *testing.T) {
	dir := testdir.Dir(t)
	analysistest.Run(t, dir, cluster.Analyzer, "example.com/cases/cluster")
}

// TestSimulatorAgrees runs the testdata kernels in the simulator (its
// launch_test.go, in the testdata module).
func TestSimulatorAgrees(t *testing.T) {
	if testing.Short() {
		t.Skip("runs go test in the testdata module")
	}
	dir := testdir.Dir(t)
	cmd := exec.Command("go", "test", "-count=1", "-run", "TestLaunches", "./cluster")
	cmd.Dir = dir
	cmd.Env = append(os.Environ(), "GOWORK=off", "GOPROXY=off")
	if out, err := cmd.CombinedOutput(); err != nil {
		t.Errorf("%v\n%s", err, out)
	}
}
