package kernelgen

import (
	"os"
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
