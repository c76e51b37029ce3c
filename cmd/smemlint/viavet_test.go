package main

import (
	"bytes"
	"encoding/json"
	"errors"
	"os"
	"os/exec"
	"path/filepath"
	"slices"
	"strings"
	"testing"

	"github.com/google/go-cmp/cmp"
)

func TestPlanViaVet(t *testing.T) {
	env := func(m map[string]string) func(string) string { return func(k string) string { return m[k] } }
	none := env(nil)
	for _, tc := range []struct {
		args     []string
		getenv   func(string) string
		ok       bool
		flags    []string
		patterns []string
		json     bool
	}{
		{args: []string{"./..."}, getenv: none, ok: true, patterns: []string{"./..."}},
		{args: []string{"-json", "-arch", "sm_1x", "-verbose", "./a", "./b"}, getenv: none, ok: true,
			flags: []string{"-arch=sm_1x", "-verbose"}, patterns: []string{"./a", "./b"}, json: true},
		{args: []string{"--bankmode=8", "-bankconflict", "-smemrace=false", "./..."}, getenv: none, ok: true,
			flags: []string{"-bankmode=8", "-bankconflict", "-smemrace=false"}, patterns: []string{"./..."}},
		{args: []string{"-json=false", "./..."}, getenv: none, ok: true, patterns: []string{"./..."}},
		// What the multichecker does and this path does not.
		{args: []string{"-fix", "./..."}, getenv: none},
		{args: []string{"-fix", "-diff", "./..."}, getenv: none},
		{args: []string{"-c=2", "./..."}, getenv: none},
		{args: []string{"-debug=t", "./..."}, getenv: none},
		{args: []string{"-test=false", "./..."}, getenv: none},
		{args: []string{"-nosuchflag", "./..."}, getenv: none},
		{args: []string{"-arch"}, getenv: none},
		{args: []string{"-json"}, getenv: none},
		{args: []string{}, getenv: none},
		{args: []string{"--", "./..."}, getenv: none},
		{args: []string{"./...", "-json"}, getenv: none},
		{args: []string{"./..."}, getenv: env(map[string]string{driverEnv: "packages"})},
		{args: []string{"./..."}, getenv: env(map[string]string{"GOPACKAGESDRIVER": "/bin/bazel-driver"})},
	} {
		p, ok := planViaVet(tc.args, tc.getenv)
		if ok != tc.ok {
			t.Errorf("planViaVet(%q) ok = %v, want %v", tc.args, ok, tc.ok)
			continue
		}
		if !ok {
			continue
		}
		if !slices.Equal(p.flags, tc.flags) || !slices.Equal(p.patterns, tc.patterns) || p.json != tc.json {
			t.Errorf("planViaVet(%q) = flags %q patterns %q json %v, want %q %q %v",
				tc.args, p.flags, p.patterns, p.json, tc.flags, tc.patterns, tc.json)
		}
	}
}

// TestViaVetLikeMultichecker runs the binary both ways, through go vet and
// through the multichecker, and wants the same findings, JSON and exit
// codes.
func TestViaVetLikeMultichecker(t *testing.T) {
	if testing.Short() {
		t.Skip("builds the binary")
	}
	bin := filepath.Join(t.TempDir(), "smemlint")
	if out, err := exec.Command("go", "build", "-o", bin, ".").CombinedOutput(); err != nil {
		t.Fatalf("go build: %v\n%s", err, out)
	}
	bad := t.TempDir()
	writeFile(t, filepath.Join(bad, "go.mod"), "module example.com/bad\n\ngo 1.26.0\n")
	writeFile(t, filepath.Join(bad, "bad.go"), "package bad\n\nvar x int = \"not an int\"\n")

	run := func(dir, driver string, args ...string) (string, string, int) {
		cmd := exec.Command(bin, args...)
		cmd.Dir = dir
		cmd.Env = append(os.Environ(), driverEnv+"="+driver)
		var stdout, stderr bytes.Buffer
		cmd.Stdout, cmd.Stderr = &stdout, &stderr
		err := cmd.Run()
		code := 0
		var ee *exec.ExitError
		if errors.As(err, &ee) {
			code = ee.ExitCode()
		} else if err != nil {
			t.Fatal(err)
		}
		return stdout.String(), stderr.String(), code
	}
	examples := filepath.Join("..", "..", "examples")
	// Few runs on small packages: the multichecker loads every dependency
	// from source, which is slow on a busy machine.
	for _, tc := range []struct {
		dir  string
		args []string
		code int
		json bool // also compare -json
	}{
		// shmem has findings of checks that capacity requires, which the
		// multichecker prints in an order of their own.
		{examples, []string{"-verbose", "./transpose", "./shmem"}, exitFindings, true},
		{examples, []string{"-arch", "sm_1x", "-coalescing=false", "-smemrace=false", "-warpsync=false", "./transpose"}, exitFindings, false},
		{bad, []string{"./..."}, exitError, false},
	} {
		vetOut, vetErr, vetCode := run(tc.dir, "", tc.args...)
		mcOut, mcErr, mcCode := run(tc.dir, "packages", tc.args...)
		if vetCode != tc.code || mcCode != tc.code {
			t.Errorf("%q: exit %d through go vet, %d through the multichecker; want %d\n%s\n%s", tc.args, vetCode, mcCode, tc.code, vetErr, mcErr)
		}
		if tc.code == exitError {
			if !strings.Contains(vetErr, "bad.go:3:13") {
				t.Errorf("%q through go vet: the type error's position is missing:\n%s", tc.args, vetErr)
			}
			continue
		}
		if vetOut != "" || mcOut != "" {
			t.Errorf("%q: text output on stdout: %q, %q", tc.args, vetOut, mcOut)
		}
		// The multichecker prints packages in go list's order, which
		// follows the command line; the go vet path sorts them by path.
		if d := cmp.Diff(sortedLines(vetErr), sortedLines(mcErr)); d != "" {
			t.Errorf("%q: the findings differ (-go vet +multichecker):\n%s", tc.args, d)
		}
		if vetErr == "" {
			t.Errorf("%q: no findings printed", tc.args)
		}
		if !tc.json {
			continue
		}
		jsonArgs := append([]string{"-json"}, tc.args...)
		vetOut, _, vetCode = run(tc.dir, "", jsonArgs...)
		mcOut, _, mcCode = run(tc.dir, "packages", jsonArgs...)
		var vetTree, mcTree any
		if err := json.Unmarshal([]byte(vetOut), &vetTree); err != nil {
			t.Fatalf("%q through go vet: %v\n%s", jsonArgs, err, vetOut)
		}
		if err := json.Unmarshal([]byte(mcOut), &mcTree); err != nil {
			t.Fatalf("%q through the multichecker: %v\n%s", jsonArgs, err, mcOut)
		}
		if vetCode != exitClean || mcCode != exitClean {
			t.Errorf("%q: exit %d through go vet, %d through the multichecker; want 0", jsonArgs, vetCode, mcCode)
		}
		if d := cmp.Diff(vetTree, mcTree); d != "" {
			t.Errorf("%q: the JSON differs (-go vet +multichecker):\n%s", jsonArgs, d)
		}
	}
}

func sortedLines(s string) []string {
	lines := strings.Split(s, "\n")
	slices.Sort(lines)
	return lines
}

func writeFile(t *testing.T, name, text string) {
	t.Helper()
	if err := os.WriteFile(name, []byte(text), 0o644); err != nil {
		t.Fatal(err)
	}
}

// TestQuietSyntaxErrors: of the lines that name a place in a file that
// does not parse, the multichecker's child keeps the file's first syntax
// error only, whether it names the file relative to the directory (the
// go command's build output, after its "# pkg" line) or absolutely; a
// finding in a file that parses is kept; an error without a position is
// smemlint's, not "-: …".
func TestQuietSyntaxErrors(t *testing.T) {
	dir := t.TempDir()
	bad := filepath.Join(dir, "bad.go")
	good := filepath.Join(dir, "good.go")
	if err := os.WriteFile(bad, []byte("package p\n\nvar x = [}\n\nfunc f( {\n"), 0o644); err != nil {
		t.Fatal(err)
	}
	if err := os.WriteFile(good, []byte("package p\n"), 0o644); err != nil {
		t.Fatal(err)
	}
	wd, err := os.Getwd()
	if err != nil {
		t.Fatal(err)
	}
	rel, err := filepath.Rel(wd, bad)
	if err != nil {
		t.Fatal(err)
	}
	in := strings.Join([]string{
		bad + ":3:10: expected operand, found '}'",
		bad + ":5:9: expected ')', found '{'",
		bad + ":3:9: [(ast: *ast.BadExpr)](ast: *ast.BadExpr) (type) is not an expression",
		good + ":1:9: a finding",
		good + ":1:9: a finding",
		"-: no Go files in /m/nogo",
		"-: # example.com/m/p",
		rel + ":3:10: expected operand, found '}'",
	}, "\n") + "\n"
	var out strings.Builder
	if _, err := quietErrors(strings.NewReader(in), &out); err != nil {
		t.Fatal(err)
	}
	want := bad + ":3:10: expected operand, found '}'\n" + good + ":1:9: a finding\nsmemlint: no Go files in /m/nogo\n"
	if out.String() != want {
		t.Errorf("quietErrors wrote\n%s\nwant\n%s", out.String(), want)
	}
}
