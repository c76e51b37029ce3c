package testdir

import (
	"os"
	"path/filepath"
	"strings"
	"testing"
)

// TestFindSkipsOtherModules builds a repository-like tree in which a
// nearer testdata/go.mod declares another module, as analyzer/testdata
// does, and checks that the walk passes over it to the corpora.
func TestFindSkipsOtherModules(t *testing.T) {
	root := t.TempDir()
	write(t, filepath.Join(root, "testdata", "go.mod"), "module example.com/corpora\n\ngo 1.26.0\n")
	write(t, filepath.Join(root, "analyzer", "testdata", "go.mod"), "module example.com/cases\n")
	pkg := filepath.Join(root, "analyzer", "bankconflict")
	if err := os.MkdirAll(pkg, 0o755); err != nil {
		t.Fatal(err)
	}
	got, err := find(pkg)
	if err != nil {
		t.Fatal(err)
	}
	if want := filepath.Join(root, "testdata"); got != want {
		t.Errorf("find(%s) = %s, want %s", pkg, got, want)
	}
}

func TestFindNone(t *testing.T) {
	root := t.TempDir()
	write(t, filepath.Join(root, "testdata", "go.mod"), "module example.com/cases\n")
	_, err := find(root)
	if err == nil || !strings.Contains(err.Error(), module) {
		t.Errorf("find with no corpora module: err = %v, want one naming %s", err, module)
	}
}

// TestCorpora checks the repository's own corpora module is found from
// this package's directory and holds the H100 row kernels.
func TestCorpora(t *testing.T) {
	dir := Corpora(t)
	if _, err := os.Stat(filepath.Join(dir, "hw", "shared", "rows.go")); err != nil {
		t.Errorf("corpora at %s: %v", dir, err)
	}
}

func write(t *testing.T, path, text string) {
	t.Helper()
	if err := os.MkdirAll(filepath.Dir(path), 0o755); err != nil {
		t.Fatal(err)
	}
	if err := os.WriteFile(path, []byte(text), 0o644); err != nil {
		t.Fatal(err)
	}
}
