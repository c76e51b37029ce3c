package cluster_test

import (
	"os"
	"os/exec"
	"path/filepath"
	"testing"

	"golang.org/x/tools/go/analysis/analysistest"

	"github.com/smemlint/smemlint/analyzer/cluster"
)

func TestCluster(t *testing.T) {
	dir, err := filepath.Abs(filepath.Join("..", "testdata"))
	if err != nil {
		t.Fatal(err)
	}
	analysistest.Run(t, dir, cluster.Analyzer, "example.com/cases/cluster")
}

// TestSimulatorAgrees runs the testdata kernels in the simulator (its
// launch_test.go, in the testdata module).
func TestSimulatorAgrees(t *testing.T) {
	if testing.Short() {
		t.Skip("runs go test in the testdata module")
	}
	dir, err := filepath.Abs(filepath.Join("..", "testdata"))
	if err != nil {
		t.Fatal(err)
	}
	cmd := exec.Command("go", "test", "-count=1", "-run", "TestLaunches", "./cluster")
	cmd.Dir = dir
	cmd.Env = append(os.Environ(), "GOWORK=off", "GOPROXY=off")
	if out, err := cmd.CombinedOutput(); err != nil {
		t.Errorf("%v\n%s", err, out)
	}
}
