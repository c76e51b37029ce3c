package kernelgen

import (
	"os"
	"os/exec"
	"path/filepath"
	"strings"
	"testing"
)

func TestWrite(t *testing.T) {
	dir := t.TempDir()
	if err := Write(dir, "/repo", 25, 10); err != nil {
		t.Fatal(err)
	}
	files, err := filepath.Glob(filepath.Join(dir, "gen", "*.go"))
	if err != nil || len(files) != 3 {
		t.Fatalf("files %v, err %v; want 3 files", files, err)
	}
	n := 0
	for _, f := range files {
		b, err := os.ReadFile(f)
		if err != nil {
			t.Fatal(err)
		}
		n += strings.Count(string(b), "(t *simt.Thread,")
	}
	if n != 25 {
		t.Errorf("%d kernels written, want 25", n)
	}
}

// TestMixesBuild writes every mix into one module and wants it to build:
// a benchmark of code that does not compile times nothing.
func TestMixesBuild(t *testing.T) {
	if testing.Short() {
		t.Skip("runs go build")
	}
	repo, err := filepath.Abs(filepath.Join("..", ".."))
	if err != nil {
		t.Fatal(err)
	}
	dir := t.TempDir()
	if err := Write(dir, repo, 30, 10); err != nil {
		t.Fatal(err)
	}
	if err := WriteShapes(dir, 300, 50, 7); err != nil {
		t.Fatal(err)
	}
	if err := WriteTiles(dir, 100, 50, 7); err != nil {
		t.Fatal(err)
	}
	copied, err := WriteCorpus(dir, repo, 200)
	if err != nil {
		t.Fatal(err)
	}
	if copied < 200 {
		t.Errorf("WriteCorpus copied %d kernels, want at least 200", copied)
	}
	for pkg, want := range map[string]int{"gen": 30, "shapes": 300, "tiles": 100} {
		if n := kernelsIn(t, filepath.Join(dir, pkg)); n != want {
			t.Errorf("%s: %d kernels written, want %d", pkg, n, want)
		}
	}
	cmd := exec.Command("go", "build", "./...")
	cmd.Dir = dir
	cmd.Env = append(os.Environ(), "GOPROXY=off", "GOFLAGS=-mod=mod", "GOWORK=off")
	if out, err := cmd.CombinedOutput(); err != nil {
		t.Fatalf("go build: %v\n%s", err, out)
	}
}

// kernelsIn counts the kernels (functions whose first parameter is
// *simt.Thread, device functions included) in the package at dir, less
// the device functions, which shapes names at<k>.
func kernelsIn(t *testing.T, dir string) int {
	t.Helper()
	files, err := filepath.Glob(filepath.Join(dir, "*.go"))
	if err != nil {
		t.Fatal(err)
	}
	n := 0
	for _, f := range files {
		b, err := os.ReadFile(f)
		if err != nil {
			t.Fatal(err)
		}
		n += strings.Count(string(b), "(t *simt.Thread,") - strings.Count(string(b), "\nfunc at")
	}
	return n
}
