package main

import (
	"bytes"
	"errors"
	"os"
	"os/exec"
	"path/filepath"
	"strings"
	"testing"

	"github.com/smemlint/smemlint/internal/testdir"
)

// runIn runs a command in dir and returns its output and exit code.
func runIn(t *testing.T, dir string, env []string, name string, args ...string) (stdout, stderr string, code int) {
	t.Helper()
	cmd := exec.Command(name, args...)
	cmd.Dir = dir
	cmd.Env = append(os.Environ(), env...)
	var o, e bytes.Buffer
	cmd.Stdout, cmd.Stderr = &o, &e
	err := cmd.Run()
	var ee *exec.ExitError
	if errors.As(err, &ee) {
		code = ee.ExitCode()
	} else if err != nil {
		t.Fatal(err)
	}
	return o.String(), e.String(), code
}

func buildSmemlint(t *testing.T) string {
	t.Helper()
	if testing.Short() {
		t.Skip("builds the binary")
	}
	bin := filepath.Join(t.TempDir(), "smemlint")
	if out, err := exec.Command("go", "build", "-o", bin, ".").CombinedOutput(); err != nil {
		t.Fatalf("go build: %v\n%s", err, out)
	}
	return bin
}

// TestConfigFileChangesFigures: the kernel of testdata/confarch is priced
// for sm_90 where no smemlint.conf applies and for sm_3x's eight-byte
// banks under the one in banks8/, by the standalone command (through go
// vet and through the multichecker) and by go vet -vettool; a flag wins
// over the file.
func TestConfigFileChangesFigures(t *testing.T) {
	bin := buildSmemlint(t)
	corpora := testdir.Corpora(t)
	const (
		sm90  = "32-way bank conflict (32 wavefronts, ideal 1)"
		banks = "16-way bank conflict (16 wavefronts, ideal 1)"
	)
	faces := []struct {
		name string
		env  []string
		cmd  []string
	}{
		{"standalone", nil, []string{bin}},
		{"standalone, multichecker", []string{driverEnv + "=packages"}, []string{bin}},
		{"go vet -vettool", nil, []string{"go", "vet", "-vettool=" + bin}},
	}
	for _, face := range faces {
		for _, tc := range []struct {
			flags    []string
			pkg      string
			want     string
			wantCode int
		}{
			{nil, "./confarch/default", sm90, exitFindings},
			{nil, "./confarch/banks8", banks, exitFindings},
			{nil, "./confarch/launch", "16-way bank conflict (16 wavefronts, ideal 1): lanes 0..15 all hit bank 0; block 16×16", exitFindings},
			{[]string{"-arch=sm_90", "-bankmode=4"}, "./confarch/banks8", sm90, exitFindings},
		} {
			args := append(append(append([]string{}, face.cmd[1:]...), tc.flags...), tc.pkg)
			_, stderr, code := runIn(t, corpora, face.env, face.cmd[0], args...)
			if face.name == "go vet -vettool" {
				tc.wantCode = exitError // go vet's status for findings
			}
			if code != tc.wantCode || !strings.Contains(stderr, tc.want) {
				t.Errorf("%s %v %s: exit %d, want %d and %q in:\n%s", face.name, tc.flags, tc.pkg, code, tc.wantCode, tc.want, stderr)
			}
		}
	}
}

// TestBadOptionEveryRun: a bad -arch fails every run of go vet, not only
// the first (go vet replays successes from its cache), with the cause in
// the first line; and so does a malformed smemlint.conf, naming its line.
func TestBadOptionEveryRun(t *testing.T) {
	bin := buildSmemlint(t)
	examples := filepath.Join("..", "..", "examples")
	for i := range 3 {
		_, stderr, code := runIn(t, examples, nil, "go", "vet", "-vettool="+bin, "-arch=sm_66", "./transpose")
		// One line: go vet ends it with its own words ("-flags failed",
		// and exit status 2, its status for a bad command line).
		first, rest, _ := strings.Cut(stderr, "\n")
		if code == 0 || rest != "" || !strings.HasPrefix(first, `smemlint: -arch=sm_66: unknown architecture "sm_66" (known: `) {
			t.Errorf("go vet -arch=sm_66, run %d: exit %d, first line %q, then %q", i+1, code, first, rest)
		}
	}
	_, stderr, code := runIn(t, examples, nil, bin, "-arch=sm_66", "./...")
	if code != exitError || strings.Count(stderr, "\n") != 1 || !strings.HasPrefix(stderr, "smemlint: -arch=sm_66: unknown architecture") {
		t.Errorf("smemlint -arch=sm_66: exit %d, want 1 and one line:\n%s", code, stderr)
	}

	dir := t.TempDir()
	writeFile(t, filepath.Join(dir, "go.mod"), "module example.com/conf\n\ngo 1.26.0\n")
	writeFile(t, filepath.Join(dir, "k.go"), "package k\n")
	conf := filepath.Join(dir, "smemlint.conf")
	writeFile(t, conf, "# a typo on line 2\narhc = sm_80\n")
	want := "smemlint: " + conf + `:2: unknown key "arhc"`
	for _, c := range [][]string{{bin, "./..."}, {"go", "vet", "-vettool=" + bin, "./..."}, {"go", "vet", "-vettool=" + bin, "./..."}} {
		_, stderr, code := runIn(t, dir, nil, c[0], c[1:]...)
		first, _, _ := strings.Cut(stderr, "\n")
		if code == 0 || !strings.HasPrefix(first, want) {
			t.Errorf("%v with a malformed smemlint.conf: exit %d, first line %q, want %q", c, code, first, want)
		}
	}
}
