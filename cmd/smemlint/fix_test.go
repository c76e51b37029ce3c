package main

import (
	"bytes"
	"os"
	"path/filepath"
	"strings"
	"testing"
)

func TestFixRequested(t *testing.T) {
	tests := []struct {
		args []string
		want bool
	}{
		{[]string{"-fix", "./..."}, true},
		{[]string{"--diff", "./..."}, true},
		{[]string{"-fix=false", "./..."}, false},
		{[]string{"-json", "./..."}, false},
		{[]string{"-fixed", "./..."}, false},
	}
	for _, tt := range tests {
		if got := fixRequested(tt.args); got != tt.want {
			t.Errorf("fixRequested(%q) = %v, want %v", tt.args, got, tt.want)
		}
	}
}

// kernelCRLF has a fixable bank conflict (the tile) and an uncoalesced
// store without a fix, with CRLF line ends.
const kernelCRLF = "package k\r\n\r\nimport \"github.com/smemlint/smemlint/simt\"\r\n\r\n" +
	"//smemlint:launch block=32x32\r\nfunc Transpose(t *simt.Thread, out, in []float32, n int) {\r\n" +
	"\ttile := simt.Shared[[32][32]float32](t)\r\n\ttx, ty := t.ThreadIdx.X, t.ThreadIdx.Y\r\n" +
	"\ttile[ty][tx] = in[ty*n+tx]\r\n\tt.SyncThreads()\r\n\tout[tx*n+ty] = tile[tx][ty]\r\n}\r\n"

// fixModule writes a module holding kernelCRLF and returns the file.
func fixModule(t *testing.T) string {
	t.Helper()
	root, err := filepath.Abs("../..")
	if err != nil {
		t.Fatal(err)
	}
	dir := t.TempDir()
	mod := "module example.com/fix\n\ngo 1.26.0\n\nrequire github.com/smemlint/smemlint v0.0.0\n\nreplace github.com/smemlint/smemlint => " + root + "\n"
	sum, err := os.ReadFile(filepath.Join(root, "go.sum"))
	if err != nil {
		t.Fatal(err)
	}
	file := filepath.Join(dir, "k.go")
	for name, data := range map[string][]byte{"go.mod": []byte(mod), "go.sum": sum, "k.go": []byte(kernelCRLF)} {
		if err := os.WriteFile(filepath.Join(dir, name), data, 0o644); err != nil {
			t.Fatal(err)
		}
	}
	t.Chdir(dir)
	return file
}

// TestFixMain: -diff previews and changes nothing; -fix applies the
// padding, keeps CRLF, prints the finding it cannot fix and exits 3.
func TestFixMain(t *testing.T) {
	if testing.Short() {
		t.Skip("loads packages")
	}
	file := fixModule(t)
	var out, errs bytes.Buffer
	if code := fixMain([]string{"-diff", "."}, &out, &errs); code != exitFindings {
		t.Errorf("-diff: exit %d, want 3; stderr %s", code, errs.String())
	}
	if !strings.Contains(out.String(), "-\ttile := simt.Shared[[32][32]float32](t)\r\n+\ttile := simt.Shared[[32][33]float32](t)\r\n") {
		t.Errorf("-diff printed\n%s\nwant the padding as a diff", out.String())
	}
	if src, _ := os.ReadFile(file); string(src) != kernelCRLF {
		t.Errorf("-diff changed the file")
	}
	out.Reset()
	errs.Reset()
	if code := fixMain([]string{"-fix", "."}, &out, &errs); code != exitFindings {
		t.Errorf("-fix: exit %d, want 3 (the store has no fix)", code)
	}
	if !strings.Contains(errs.String(), "k.go:11:2: global store out[tx*n+ty]: up to 32 sectors per request") || strings.Contains(errs.String(), "bank conflict") {
		t.Errorf("-fix printed\n%s\nwant the store's finding only", errs.String())
	}
	want := strings.Replace(kernelCRLF, "[32][32]", "[32][33]", 1)
	if src, _ := os.ReadFile(file); string(src) != want {
		t.Errorf("after -fix:\n%q\nwant\n%q", src, want)
	}
}
