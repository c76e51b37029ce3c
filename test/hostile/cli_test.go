package hostile

import (
	"bytes"
	"errors"
	"fmt"
	"os"
	"os/exec"
	"path/filepath"
	"strings"
	"syscall"
	"testing"
	"time"
)

// transpose has a fixable bank conflict (line 8, the tile) and an
// uncoalesced store without a fix (line 11).
const transpose = `package k

import "github.com/smemlint/smemlint/simt"

//smemlint:launch block=32x32
func Transpose(t *simt.Thread, out, in []float32, n int) {
	tx, ty := t.ThreadIdx.X, t.ThreadIdx.Y
	tile := simt.Shared[[32][32]float32](t)
	tile[ty][tx] = in[ty*n+tx]
	t.SyncThreads()
	out[tx*n+ty] = tile[tx][ty]
}
`

// strided is a kernel in a test file: a 2-way conflict on line 8.
const strided = `package k

import "github.com/smemlint/smemlint/simt"

//smemlint:launch block=32
func Strided(t *simt.Thread, out []float32) {
	s := simt.Shared[[1024]float32](t)
	s[t.ThreadIdx.X*2] = 1
	out[t.ThreadIdx.X] = s[0]
}
`

var cliDir once[string]

// cliCorpus is a module of small packages for the command-line cases.
func cliCorpus() (string, error) {
	return cliDir.get(func() (string, error) {
		return newModule(map[string]string{
			"k/k.go":            transpose,
			"k/strided_test.go": strided,
			"broken/broken.go":  "package broken\n\nfunc f() int { return \"s\" }\n",
			"syntax/syntax.go":  "package syntax\n\nfunc f( {\n",
			"syntax2/a.go":      "package syntax2\n\nfunc f( {\n",
			"syntax2/b.go":      "package syntax2\n\nvar x = [}\n",
			"tagged/tagged.go":  "//go:build hostile\n\n" + strings.Replace(transpose, "package k", "package tagged", 1),
			"tagged/doc.go":     "// Package tagged holds its kernel behind the hostile build tag.\npackage tagged\n",
			"clean/clean.go":    "package clean\n\nimport \"github.com/smemlint/smemlint/simt\"\n\n//smemlint:launch block=32\nfunc Copy(t *simt.Thread, out, in []float32) { out[t.ThreadIdx.X] = in[t.ThreadIdx.X] }\n",
		})
	})
}

// cli runs smemlint in the command-line corpus.
func cli(args ...string) (result, error) {
	dir, err := cliCorpus()
	if err != nil {
		return result{}, err
	}
	return smemlint(dir, args...)
}

// wantExit checks the exit code and that standard error is one line
// containing want.
func wantExit(res result, err error, code int, want string) error {
	if err != nil {
		return err
	}
	if res.code != code {
		return fmt.Errorf("exit %d, want %d; stderr %q", res.code, code, res.stderr)
	}
	return oneLine(res.stderr, want)
}

// TestCommandLine: mistyped flags, packages and locations get one line
// naming the mistake and exit 1, on every run and in every subcommand.
func TestCommandLine(t *testing.T) {
	t.Parallel()
	cases := []hcase{
		{name: "unknown -arch", check: func(t *testing.T) error {
			res, err := cli("-arch=sm_66", "./k")
			return wantExit(res, err, 1, `-arch=sm_66: unknown architecture "sm_66"`)
		}},
		{name: "bad -bankmode", check: func(t *testing.T) error {
			res, err := cli("-bankmode=3", "./k")
			return wantExit(res, err, 1, "-bankmode=3: bank mode 3: want 4 or 8")
		}},
		{name: "-bankmode=8 off sm_3x", check: func(t *testing.T) error {
			res, err := cli("-bankmode=8", "./k")
			return wantExit(res, err, 1, "bank mode 8 needs an sm_3x profile; sm_90 has 4-byte banks only")
		}},
		{name: "unknown -arch in explain", check: func(t *testing.T) error {
			res, err := cli("explain", "-arch=sm_66", "k/k.go:11")
			return wantExit(res, err, 1, `smemlint explain: -arch=sm_66: unknown architecture`)
		}},
		{name: "unknown -arch in lsp", check: func(t *testing.T) error {
			res, err := cli("lsp", "-arch=sm_66")
			return wantExit(res, err, 1, `smemlint lsp: -arch=sm_66: unknown architecture`)
		}},
		{name: "unknown -arch in simcheck", check: func(t *testing.T) error {
			res, err := cli("simcheck", "-arch=sm_66", "./k")
			return wantExit(res, err, 1, `smemlint simcheck: -arch=sm_66: unknown architecture`)
		}},
		{name: "unknown -arch with -sarif", check: func(t *testing.T) error {
			res, err := cli("-sarif", "-", "-arch=sm_66", "./k")
			return wantExit(res, err, 1, `unknown architecture "sm_66"`)
		}},
		{name: "unknown -arch with -fix", check: func(t *testing.T) error {
			res, err := cli("-fix", "-arch=sm_66", "./k")
			return wantExit(res, err, 1, `unknown architecture "sm_66"`)
		}},
		{name: "missing package", check: func(t *testing.T) error {
			res, err := cli("./nope")
			return wantExit(res, err, 1, "smemlint: stat ")
		}},
		{name: "type error: one line per cause", check: func(t *testing.T) error {
			res, err := cli("./broken")
			if err != nil {
				return err
			}
			if res.code != 1 || strings.Contains(res.stderr, "failed prerequisites") ||
				strings.Count(res.stderr, `cannot use "s" (untyped string constant) as int value`) != 1 {
				return fmt.Errorf("exit %d, stderr %q: want exit 1 and the type error once", res.code, res.stderr)
			}
			return nil
		}},
		{name: "help for a check", check: func(t *testing.T) error {
			res, err := cli("help", "bankconflict")
			if err == nil && (res.code != 0 || !strings.Contains(res.stdout+res.stderr, "bank conflicts")) {
				err = fmt.Errorf("exit %d, output %q", res.code, res.stdout+res.stderr)
			}
			return err
		}},
		{name: "simcheck -timeout 0", check: func(t *testing.T) error {
			res, err := cli("simcheck", "-timeout=0", "./k")
			return wantExit(res, err, 1, "-timeout 0s: want a positive duration")
		}},
		{name: "simcheck -launchtimeout -1s", check: func(t *testing.T) error {
			res, err := cli("simcheck", "-launchtimeout=-1s", "./k")
			return wantExit(res, err, 1, "-launchtimeout -1s: want a positive duration")
		}},
		{name: "type error: the other packages' findings are kept", check: func(t *testing.T) error {
			res, err := cli("./broken", "./k")
			if err == nil && (res.code != 1 || strings.Count(res.stderr, "cannot use") != 1 || strings.Count(res.stderr, "k.go:11:") < 2 || strings.Contains(res.stderr, "# ")) {
				err = fmt.Errorf("exit %d, stderr %q: want exit 1, the type error once, no '# package' line and k's findings", res.code, res.stderr)
			}
			return err
		}},
		{name: "syntax error: one line, and the other packages' findings", check: func(t *testing.T) error {
			res, err := cli("./syntax", "./k")
			if err == nil && (res.code != 1 || strings.Count(res.stderr, "syntax.go:") != 1 || strings.Count(res.stderr, "k.go:11:") < 2) {
				err = fmt.Errorf("exit %d, stderr %q: want exit 1, the first syntax error only and k's findings", res.code, res.stderr)
			}
			return err
		}},
		{name: "syntax error with -fix: one line", check: func(t *testing.T) error {
			res, err := cli("-fix", "./syntax")
			return wantExit(res, err, 1, "syntax.go:3:9: expected ')', found '{'")
		}},
		{name: "lsp with a package argument", check: func(t *testing.T) error {
			res, err := cli("lsp", "./k")
			return wantExit(res, err, 1, `smemlint lsp: unexpected argument "./k"`)
		}},
		{name: "explain without a location: one line", check: func(t *testing.T) error {
			res, err := cli("explain")
			return wantExit(res, err, 1, "smemlint explain: want one FILE:LINE[:COL], got 0 arguments")
		}},
		{name: "type error on the multichecker's path: one line", check: func(t *testing.T) error {
			dir, err := cliCorpus()
			if err != nil {
				return err
			}
			res, err := runEnv(dir, "", []string{"SMEMLINT_DRIVER=packages"}, bin, "./broken")
			return wantExit(res, err, 1, `broken.go:3:23: cannot use "s" (untyped string constant) as int value in return statement`)
		}},
		{name: "syntax error on the multichecker's path: one line", check: func(t *testing.T) error {
			dir, err := cliCorpus()
			if err != nil {
				return err
			}
			res, err := runEnv(dir, "", []string{"SMEMLINT_DRIVER=packages"}, bin, "./syntax")
			return wantExit(res, err, 1, "syntax.go:3:9: expected ')', found '{'")
		}},
		{name: "syntax errors in two files on the multichecker's path: a line each", check: func(t *testing.T) error {
			dir, err := cliCorpus()
			if err != nil {
				return err
			}
			res, err := runEnv(dir, "", []string{"SMEMLINT_DRIVER=packages"}, bin, "./syntax2")
			if err == nil && (res.code != 1 || strings.Count(res.stderr, "\n") != 2 ||
				strings.Count(res.stderr, "a.go:3:9: ") != 1 || strings.Count(res.stderr, "b.go:3:10: ") != 1) {
				err = fmt.Errorf("exit %d, stderr %q: want exit 1 and each file's first syntax error", res.code, res.stderr)
			}
			return err
		}},
		{name: "syntax errors in two files through go vet: a line each", check: func(t *testing.T) error {
			res, err := cli("./syntax2")
			if err == nil && (res.code != 1 || strings.Count(res.stderr, "\n") != 2 || strings.Count(res.stderr, "a.go:3:9: ") != 1 || strings.Count(res.stderr, "b.go:3:10: ") != 1) {
				err = fmt.Errorf("exit %d, stderr %q: want exit 1 and each file's first syntax error", res.code, res.stderr)
			}
			return err
		}},
		{name: "type error beside findings on the multichecker's path", check: func(t *testing.T) error {
			dir, err := cliCorpus()
			if err != nil {
				return err
			}
			res, err := runEnv(dir, "", []string{"SMEMLINT_DRIVER=packages"}, bin, "./broken", "./k")
			if err != nil {
				return err
			}
			if res.code != 1 || strings.Count(res.stderr, "cannot use") != 1 ||
				!strings.Contains(res.stderr, "k.go:11:17: shared load") || !strings.Contains(res.stderr, "k.go:11:2: global store") ||
				strings.Contains(res.stderr, "failed prerequisites") || strings.Contains(res.stderr, "analysis skipped") {
				return fmt.Errorf("exit %d, stderr %q: want exit 1, the type error once and k's findings", res.code, res.stderr)
			}
			return nil
		}},
		{name: "type error with -diff: one line", check: func(t *testing.T) error {
			res, err := cli("-diff", "./broken")
			return wantExit(res, err, 1, `cannot use "s" (untyped string constant) as int value`)
		}},
		{name: "unknown flag: one line", check: func(t *testing.T) error {
			res, err := cli("-frobnicate", "./k")
			return wantExit(res, err, 1, "flag provided but not defined: -frobnicate (run 'smemlint -help' for the flags)")
		}},
		{name: "unknown flag on the multichecker's path", check: func(t *testing.T) error {
			dir, err := cliCorpus()
			if err != nil {
				return err
			}
			res, err := runEnv(dir, "", []string{"SMEMLINT_DRIVER=packages"}, bin, "-frobnicate", "./k")
			return wantExit(res, err, 1, "flag provided but not defined: -frobnicate")
		}},
		{name: "unknown flag with -fix", check: func(t *testing.T) error {
			res, err := cli("-fix", "-frobnicate", "./k")
			return wantExit(res, err, 1, "flag provided but not defined: -frobnicate")
		}},
		{name: "unknown flag with -sarif", check: func(t *testing.T) error {
			res, err := cli("-sarif", "-", "-frobnicate", "./k")
			return wantExit(res, err, 1, "flag provided but not defined: -frobnicate")
		}},
		{name: "unknown flag in explain", check: func(t *testing.T) error {
			res, err := cli("explain", "-frobnicate", "k/k.go:11")
			return wantExit(res, err, 1, "smemlint explain: flag provided but not defined: -frobnicate (run 'smemlint explain -help' for the flags)")
		}},
		{name: "unknown flag in simcheck", check: func(t *testing.T) error {
			res, err := cli("simcheck", "-frobnicate", "./k")
			return wantExit(res, err, 1, "smemlint simcheck: flag provided but not defined: -frobnicate")
		}},
		{name: "unknown flag in lsp", check: func(t *testing.T) error {
			res, err := cli("lsp", "-frobnicate")
			return wantExit(res, err, 1, "smemlint lsp: flag provided but not defined: -frobnicate")
		}},
		{name: "bad boolean value", check: func(t *testing.T) error {
			res, err := cli("-verbose=maybe", "./k")
			return wantExit(res, err, 1, `invalid boolean value "maybe" for -verbose`)
		}},
		{name: "bad -notes value", check: func(t *testing.T) error {
			res, err := cli("-notes=maybe", "./k")
			return wantExit(res, err, 1, `invalid boolean value "maybe" for -notes`)
		}},
		{name: "-help still prints the flags", check: func(t *testing.T) error {
			res, err := cli("-help")
			if err == nil && (!strings.Contains(res.stderr, "-arch value") || !strings.Contains(res.stderr, "-bankconflict")) {
				err = fmt.Errorf("exit %d, stderr %q: want the flags", res.code, res.stderr)
			}
			return err
		}},
		{name: "-arch= (empty): one line", check: func(t *testing.T) error {
			res, err := cli("-arch=", "./k")
			return wantExit(res, err, 1, "smemlint: -arch=: an empty profile: name one (sm_1x, sm_2x, sm_3x, sm_50 … sm_90) or leave the flag out")
		}},
		{name: "-arch= (empty) on the multichecker's path: one line", check: func(t *testing.T) error {
			dir, err := cliCorpus()
			if err != nil {
				return err
			}
			res, err := runEnv(dir, "", []string{"SMEMLINT_DRIVER=packages"}, bin, "-arch=", "./k")
			return wantExit(res, err, 1, "-arch=: an empty profile")
		}},
		{name: "-arch= (empty) in explain", check: func(t *testing.T) error {
			res, err := cli("explain", "-arch=", "k/k.go:11")
			return wantExit(res, err, 1, "smemlint explain: invalid value \"\" for flag -arch: an empty profile")
		}},
		{name: "-arch= (empty) in lsp", check: func(t *testing.T) error {
			res, err := cli("lsp", "-arch=")
			return wantExit(res, err, 1, "smemlint lsp: invalid value \"\" for flag -arch: an empty profile")
		}},
		{name: "-arch= (empty) with -sarif", check: func(t *testing.T) error {
			res, err := cli("-sarif", "-", "-arch=", "./k")
			return wantExit(res, err, 1, "an empty profile")
		}},
		{name: "go vet -arch= (empty): one line", check: func(t *testing.T) error {
			dir, err := cliCorpus()
			if err != nil {
				return err
			}
			res, err := run(dir, "", "go", "vet", "-vettool="+bin, "-arch=", "./k")
			if err == nil && res.code == 0 {
				return fmt.Errorf("exit 0, stderr %q", res.stderr)
			}
			if err == nil && !strings.HasPrefix(res.stderr, "smemlint: -arch=: an empty profile") {
				return fmt.Errorf("stderr %q: want the cause first", res.stderr)
			}
			return oneLine(res.stderr, "-flags failed")
		}},
		{name: "-arch without a value", check: func(t *testing.T) error {
			res, err := cli("-arch")
			return wantExit(res, err, 1, "smemlint: -arch needs a value")
		}},
		{name: "help for an unknown check: one line with the checks", check: func(t *testing.T) error {
			res, err := cli("help", "bankconflicts")
			return wantExit(res, err, 1, `smemlint help: unknown check "bankconflicts" (checks: bankconflict, coalescing,`)
		}},
		{name: "bad -c value", check: func(t *testing.T) error {
			res, err := cli("-c=abc", "./k")
			return wantExit(res, err, 1, `invalid value "abc" for flag -c`)
		}},
		{name: "bad check switch value", check: func(t *testing.T) error {
			res, err := cli("-bankconflict=maybe", "./k")
			return wantExit(res, err, 1, `invalid boolean value "maybe" for -bankconflict`)
		}},
		{name: "unknown check option", check: func(t *testing.T) error {
			res, err := cli("-bankconflict.nosuch=1", "./k")
			return wantExit(res, err, 1, "flag provided but not defined: -bankconflict.nosuch")
		}},
		{name: "bad -bankmode in simcheck", check: func(t *testing.T) error {
			res, err := cli("simcheck", "-bankmode=3", "./k")
			return wantExit(res, err, 1, "smemlint simcheck: -bankmode=3: bank mode 3: want 4 or 8")
		}},
		{name: "bad -bankmode in lsp", check: func(t *testing.T) error {
			res, err := cli("lsp", "-bankmode=3")
			return wantExit(res, err, 1, "smemlint lsp: -bankmode=3: bank mode 3: want 4 or 8")
		}},
		{name: "bad -bankmode with -sarif", check: func(t *testing.T) error {
			res, err := cli("-sarif", "-", "-bankmode=3", "./k")
			return wantExit(res, err, 1, "smemlint: -bankmode=3: bank mode 3: want 4 or 8")
		}},
		{name: "bad -test value", check: func(t *testing.T) error {
			res, err := cli("-test=maybe", "./k")
			return wantExit(res, err, 1, `invalid boolean value "maybe" for -test`)
		}},
		{name: "-sarif without a file", check: func(t *testing.T) error {
			res, err := cli("-sarif")
			if err == nil && res.code == 0 {
				err = fmt.Errorf("exit 0, stderr %q", res.stderr)
			}
			return err
		}},
	}
	// Through go vet the run is too quick to interrupt (its results are
	// cached); the multichecker's child takes seconds, and smemlint passes
	// signals on to either child alike (forwardSignals).
	cases = append(cases, hcase{name: "SIGTERM leaves no child running", check: func(t *testing.T) error {
		return termLeavesNothing("packages")
	}})
	for i := 1; i <= 3; i++ {
		cases = append(cases, hcase{name: fmt.Sprintf("go vet -arch=sm_66, run %d", i), check: func(t *testing.T) error {
			dir, err := cliCorpus()
			if err != nil {
				return err
			}
			res, err := run(dir, "", "go", "vet", "-vettool="+bin, "-arch=sm_66", "./k")
			if err != nil {
				return err
			}
			first, _, _ := strings.Cut(res.stderr, "\n")
			if res.code == 0 || !strings.HasPrefix(first, `smemlint: -arch=sm_66: unknown architecture "sm_66"`) {
				return fmt.Errorf("exit %d, first line %q", res.code, first)
			}
			// go vet ends the line with its own words; no other line.
			return oneLine(res.stderr, "-flags failed")
		}})
	}
	// With go vet's standard error a file opened as 2> opens it (not for
	// appending), the line is the same, and so is the exit status.
	cases = append(cases, hcase{name: "go vet -arch=sm_66 with 2> file: one line, exit 2", check: func(t *testing.T) error {
		dir, err := cliCorpus()
		if err != nil {
			return err
		}
		res, err := runStderrFile(t, dir, "go", "vet", "-vettool="+bin, "-arch=sm_66", "./k")
		return wantVetFlagsFailed(res, err, `smemlint: -arch=sm_66: unknown architecture "sm_66"`)
	}})
	cases = append(cases, hcase{name: "go vet with a bad smemlint.conf and 2> file: one line, exit 2", check: func(t *testing.T) error {
		dir := writeModule(t, map[string]string{
			"k/k.go":        transpose,
			"smemlint.conf": "bankmode = 3\n",
		})
		res, err := runStderrFile(t, dir, "go", "vet", "-vettool="+bin, "./...")
		return wantVetFlagsFailed(res, err, "smemlint.conf:1: bank mode 3: want 4 or 8")
	}})
	cases = append(cases, hcase{name: "go vet with a bad smemlint.conf below: one line", check: func(t *testing.T) error {
		dir := writeModule(t, map[string]string{
			"k/k.go":            transpose,
			"sub/smemlint.conf": "arch = sm_99\n",
			"sub/k.go":          strings.Replace(transpose, "package k", "package sub", 1),
		})
		res, err := run(dir, "", "go", "vet", "-vettool="+bin, "./...")
		if err != nil {
			return err
		}
		if res.code == 0 {
			return fmt.Errorf("exit 0, stderr %q", res.stderr)
		}
		return oneLine(res.stderr, `sub/smemlint.conf:1: arch: unknown architecture "sm_99"`)
	}})
	// A bad file fails the runs of the packages it applies to, and only
	// those: go vet ./k beside it vets k, by directory or import path,
	// and a second (cached) run does what the first did.
	badSub := func() (string, error) {
		return newModule(map[string]string{
			"k/k.go":            transpose,
			"sub/smemlint.conf": "arch = sm_99\n",
			"sub/k.go":          strings.Replace(transpose, "package k", "package sub", 1),
		})
	}
	for i := 1; i <= 2; i++ {
		for _, pkg := range []string{"./k", "example.com/hostile/k"} {
			cases = append(cases, hcase{name: fmt.Sprintf("go vet %s beside a bad sub/smemlint.conf: vetted, run %d", pkg, i), check: func(t *testing.T) error {
				dir, err := badSub()
				if err != nil {
					return err
				}
				for range i {
					res, err := run(dir, "", "go", "vet", "-vettool="+bin, pkg)
					if err != nil {
						return err
					}
					if strings.Contains(res.stderr, "smemlint.conf") || !strings.Contains(res.stderr, "k.go:11:17: shared load tile[tx][ty]: 32-way bank conflict") {
						return fmt.Errorf("exit %d, stderr %q: want k's conflict and no word of sub's file", res.code, res.stderr)
					}
				}
				return nil
			}})
		}
		for _, path := range []struct {
			name string
			env  []string
		}{{"", nil}, {" on the multichecker's path", []string{"SMEMLINT_DRIVER=packages"}}} {
			env := path.env
			cases = append(cases, hcase{name: fmt.Sprintf("smemlint ./... with a bad sub/smemlint.conf%s: one line naming it, run %d", path.name, i), check: func(t *testing.T) error {
				dir, err := badSub()
				if err != nil {
					return err
				}
				for range i {
					res, err := runEnv(dir, "", env, bin, "./...")
					if err := wantExit(res, err, 1, `sub/smemlint.conf:1: arch: unknown architecture "sm_99"`); err != nil {
						return err
					}
				}
				return nil
			}})
			cases = append(cases, hcase{name: fmt.Sprintf("smemlint example.com/hostile/sub with its bad smemlint.conf%s: one line naming it, run %d", path.name, i), check: func(t *testing.T) error {
				dir, err := badSub()
				if err != nil {
					return err
				}
				for range i {
					res, err := runEnv(dir, "", env, bin, "example.com/hostile/sub")
					if err := wantExit(res, err, 1, `sub/smemlint.conf:1: arch: unknown architecture "sm_99"`); err != nil {
						return err
					}
				}
				return nil
			}})
			cases = append(cases, hcase{name: fmt.Sprintf("smemlint ./k beside a bad sub/smemlint.conf%s: checked, run %d", path.name, i), check: func(t *testing.T) error {
				dir, err := badSub()
				if err != nil {
					return err
				}
				for range i {
					res, err := runEnv(dir, "", env, bin, "./k")
					if err == nil && (res.code != 3 || strings.Contains(res.stderr, "smemlint.conf") || !strings.Contains(res.stderr, "k.go:11:17: shared load tile[tx][ty]: 32-way bank conflict")) {
						err = fmt.Errorf("exit %d, stderr %q: want exit 3, k's conflict and no word of sub's file", res.code, res.stderr)
					}
					if err != nil {
						return err
					}
				}
				return nil
			}})
		}
		cases = append(cases, hcase{name: fmt.Sprintf("go vet ./sub with its bad smemlint.conf: one line, run %d", i), check: func(t *testing.T) error {
			dir, err := badSub()
			if err != nil {
				return err
			}
			for range i {
				res, err := run(dir, "", "go", "vet", "-vettool="+bin, "./sub")
				if err != nil {
					return err
				}
				if res.code == 0 {
					return fmt.Errorf("exit 0, stderr %q", res.stderr)
				}
				if err := oneLine(res.stderr, `sub/smemlint.conf:1: arch: unknown architecture "sm_99"`); err != nil {
					return err
				}
			}
			return nil
		}})
	}
	runCases(t, cases)
}

// TestExplain: explain finds kernels everywhere and names a mistyped
// location in one line.
func TestExplain(t *testing.T) {
	t.Parallel()
	bad := []struct{ name, loc, want string }{
		{"column 0", "k/k.go:11:0", `"k/k.go:11:0": columns count from 1`},
		{"column -5", "k/k.go:11:-5", "columns count from 1"},
		{"line 0", "k/k.go:0", "want FILE:LINE or FILE:LINE:COL"},
		{"no line", "k/k.go", "want FILE:LINE or FILE:LINE:COL"},
		{"column past the line", "k/k.go:11:80", "k/k.go:11:80: line 11 has 28 columns"},
		{"column between two accesses", "k/k.go:11:16", "no access at column 16; the accesses of line 11 start at columns 2, 17"},
		{"line past the file", "k/k.go:999", "k/k.go:999: the file has 12 lines"},
		{"missing file", "k/nope.go:3", "k/nope.go: no such file"},
		{"not a Go file", "go.mod:1", "go.mod: not a Go file"},
		{"a line without access", "k/k.go:1", "k/k.go:1: no shared or global access of a kernel here"},
		{"type error", "broken/broken.go:3", "broken/broken.go does not type-check"},
	}
	var cases []hcase
	for _, b := range bad {
		cases = append(cases, hcase{name: b.name, check: func(t *testing.T) error {
			res, err := cli("explain", b.loc)
			return wantExit(res, err, 1, b.want)
		}})
	}
	good := []struct{ name, loc, want string }{
		{"the conflict", "k/k.go:11:17", "32-way bank conflict (32 wavefronts, ideal 1)"},
		{"the store", "k/k.go:11:2", "up to 32 sectors per request (ideal 4)"},
		{"a kernel in a _test.go file", "k/strided_test.go:8", "2-way bank conflict (2 wavefronts, ideal 1)"},
	}
	for _, g := range good {
		cases = append(cases, hcase{name: g.name, check: func(t *testing.T) error {
			res, err := cli("explain", g.loc)
			if err == nil && (res.code != 0 || !strings.Contains(res.stdout, g.want)) {
				err = fmt.Errorf("exit %d, stdout %q, stderr %q: want %q", res.code, res.stdout, res.stderr, g.want)
			}
			return err
		}})
	}
	runCases(t, cases)
}

// TestFix: -fix applies what it can, keeps the file's line ends, prints
// what is left and exits 3; -diff previews and changes nothing.
func TestFix(t *testing.T) {
	t.Parallel()
	crlf := strings.ReplaceAll(transpose, "\n", "\r\n")
	fixed := strings.Replace(crlf, "[32][32]", "[32][33]", 1)
	fixCase := func(name, src string, args []string, code int, wantOut, wantErr, wantFile string) hcase {
		return hcase{name: name, check: func(t *testing.T) error {
			dir := writeModule(t, map[string]string{"k/k.go": src})
			res, err := smemlint(dir, append(args, "./k")...)
			if err != nil {
				return err
			}
			got, err := os.ReadFile(filepath.Join(dir, "k", "k.go"))
			if err != nil {
				return err
			}
			switch {
			case res.code != code:
				return fmt.Errorf("exit %d, want %d; stderr %q", res.code, code, res.stderr)
			case !strings.Contains(res.stdout, wantOut):
				return fmt.Errorf("stdout %q, want %q", res.stdout, wantOut)
			case wantErr == "" && res.stderr != "", !strings.Contains(res.stderr, wantErr):
				return fmt.Errorf("stderr %q, want %q", res.stderr, wantErr)
			case string(got) != wantFile:
				return fmt.Errorf("file after the run:\n%q\nwant\n%q", got, wantFile)
			}
			return nil
		}}
	}
	store := "k.go:11:2: global store out[tx*n+ty]: up to 32 sectors per request"
	// The coalesced transpose; the guard keeps threads from writing one
	// element twice when n < 32 (a race globalrace reports).
	clean := strings.Replace(strings.Replace(transpose, "out[tx*n+ty]", "out[ty*n+tx]", 1),
		"\ttx, ty :=", "\tif n < 32 {\n\t\treturn\n\t}\n\ttx, ty :=", 1)
	cleanFixed := strings.Replace(clean, "[32][32]", "[32][33]", 1)
	cases := []hcase{
		fixCase("-fix keeps CRLF", crlf, []string{"-fix"}, 3, "", store, fixed),
		fixCase("-fix prints what is left", transpose, []string{"-fix"}, 3, "", store, strings.Replace(transpose, "[32][32]", "[32][33]", 1)),
		fixCase("-fix with nothing left exits 0", clean, []string{"-fix"}, 0, "", "", cleanFixed),
		fixCase("-diff previews", crlf, []string{"-diff"}, 3, "-\ttile := simt.Shared[[32][32]float32](t)\r\n+\ttile := simt.Shared[[32][33]float32](t)\r\n", store, crlf),
		fixCase("-fix -diff previews", transpose, []string{"-fix", "-diff"}, 3, "+\ttile := simt.Shared[[32][33]float32](t)\n", store, transpose),
		fixCase("-fix twice is idempotent", cleanFixed, []string{"-fix"}, 0, "", "", cleanFixed),
	}
	runCases(t, cases)
}

// termLeavesNothing sends SIGTERM to a plain run (through go vet, or the
// multichecker's child with SMEMLINT_DRIVER=packages) while it works, and
// checks that it exits non-zero and that no process it started is left:
// they carry a marker in their environment.
func termLeavesNothing(driver string) error {
	dir, err := cliCorpus()
	if err != nil {
		return err
	}
	mark := fmt.Sprintf("HOSTILE_TERM_MARK=%d", time.Now().UnixNano())
	cmd := exec.Command(bin, "./k")
	cmd.Dir = dir
	cmd.Env = append(os.Environ(), mark, "SMEMLINT_DRIVER="+driver)
	if err := cmd.Start(); err != nil {
		return err
	}
	time.Sleep(1500 * time.Millisecond)
	if err := cmd.Process.Signal(syscall.SIGTERM); err != nil {
		return err
	}
	// Ended, not finished: exit 1 (a run that finished would exit 3,
	// with the package's findings).
	if err := cmd.Wait(); cmd.ProcessState.ExitCode() != 1 {
		return fmt.Errorf("after SIGTERM: %v (exit %d), want exit 1", err, cmd.ProcessState.ExitCode())
	}
	// Processes go vet had started may finish the package they check.
	deadline := time.Now().Add(5 * time.Second)
	for {
		left := marked(mark)
		if len(left) == 0 {
			return nil
		}
		if time.Now().After(deadline) {
			return fmt.Errorf("still running 5 s after SIGTERM: %q", left)
		}
		time.Sleep(200 * time.Millisecond)
	}
}

// marked returns the command lines of the processes whose environment
// holds mark.
func marked(mark string) []string {
	var out []string
	envs, _ := filepath.Glob("/proc/[0-9]*/environ")
	for _, e := range envs {
		data, err := os.ReadFile(e)
		if err != nil || !bytes.Contains(data, []byte(mark)) {
			continue
		}
		cmdline, _ := os.ReadFile(filepath.Join(filepath.Dir(e), "cmdline"))
		out = append(out, string(bytes.ReplaceAll(cmdline, []byte{0}, []byte{' '})))
	}
	return out
}

// runStderrFile runs name with args in dir with its standard error a
// regular file opened as the shell's 2> opens it, and returns what the
// file holds.
func runStderrFile(t *testing.T, dir, name string, args ...string) (result, error) {
	errName := filepath.Join(t.TempDir(), "stderr")
	f, err := os.OpenFile(errName, os.O_WRONLY|os.O_CREATE|os.O_TRUNC, 0o644)
	if err != nil {
		return result{}, err
	}
	defer f.Close()
	var out bytes.Buffer
	cmd := exec.Command(name, args...)
	cmd.Dir, cmd.Stdout, cmd.Stderr = dir, &out, f
	timer := time.AfterFunc(commandTimeout, func() { cmd.Process.Kill() })
	err = cmd.Run()
	timer.Stop()
	res := result{stdout: out.String(), code: cmd.ProcessState.ExitCode()}
	var ee *exec.ExitError
	if err != nil && !errors.As(err, &ee) {
		return res, err
	}
	data, err := os.ReadFile(errName)
	res.stderr = string(data)
	return res, err
}

// wantVetFlagsFailed checks go vet's report of a bad option: one line,
// the cause first and go's "-flags failed" last, exit status 2. Where the
// kernel does not let smemlint write through go's own descriptor (Yama's
// ptrace_scope above 0) and standard error is a 2> file, the documented
// fallback: the cause starts the first line, and go vet fails.
func wantVetFlagsFailed(res result, err error, cause string) error {
	if err != nil {
		return err
	}
	if scope, rerr := os.ReadFile("/proc/sys/kernel/yama/ptrace_scope"); rerr == nil && strings.TrimSpace(string(scope)) != "0" && os.Geteuid() != 0 {
		if res.code == 0 || !strings.HasPrefix(res.stderr, cause[:strings.Index(cause, ":")]) || !strings.Contains(strings.SplitN(res.stderr, "\n", 2)[0], cause) {
			return fmt.Errorf("exit %d, stderr %q: want the cause %q first and a failure", res.code, res.stderr, cause)
		}
		return nil
	}
	if res.code != 2 {
		return fmt.Errorf("exit %d, want 2; stderr %q", res.code, res.stderr)
	}
	if err := oneLine(res.stderr, cause); err != nil {
		return err
	}
	if !strings.HasPrefix(res.stderr, "smemlint: ") || !strings.Contains(res.stderr, "-flags failed: exit status 1") {
		return fmt.Errorf("stderr %q: want the cause first and go's -flags failed last", res.stderr)
	}
	return nil
}
