package hostile

import (
	"fmt"
	"os"
	"path/filepath"
	"strings"
	"testing"
)

// Odd files: a byte-order mark, CRLF line ends, //line directives, cgo,
// build constraints that leave nothing, empty packages, packages of test
// files only, huge literals and deeply nested expressions.

// lineDirected is transpose with a //line directive before the kernel:
// the findings name other.go, from line 100 on; the text is in
// linedir.go (the store on line 12, other.go:106).
var lineDirected = strings.Replace(strings.Replace(transpose, "package k", "package linedir", 1),
	"//smemlint:launch block=32x32", "//line other.go:100\n//smemlint:launch block=32x32", 1)

// withCgo is transpose in a file that uses cgo: the package is compiled
// from files cgo generates, whose //line comments point back here. The
// kernel's store is on line 17.
var withCgo = "package cgo\n\n// int twice(int x) { return 2 * x; }\nimport \"C\"\n\n" +
	"import \"github.com/smemlint/smemlint/simt\"\n\n" +
	"// Twice doubles x in C.\nfunc Twice(x int) int { return int(C.twice(C.int(x))) }\n" +
	strings.TrimPrefix(transpose, "package k\n\nimport \"github.com/smemlint/smemlint/simt\"\n")

// cgoBroken is a cgo file that does not parse: the go command and the
// parser both report it.
const cgoBroken = "package cgobad\n\n// int twice(int x) { return 2 * x; }\nimport \"C\"\n\n" +
	"func Twice(x int) int { return int(C.twice(C.int(x))) }\n\nimport \"fmt\"\n\nvar _ = fmt.Sprint\n"

// deepSrc is a kernel whose index is nested 3,000 parentheses deep, and
// one whose index is a sum of 20,000 terms; both conflict 2-way.
func deepSrc() string {
	deep := strings.Repeat("(", 3000) + "tid" + strings.Repeat(")", 3000)
	return "package deep\n\nimport \"github.com/smemlint/smemlint/simt\"\n\n" +
		"//smemlint:launch block=32\nfunc Deep(t *simt.Thread, out []float32) {\n\ts := simt.Shared[[1024]float32](t)\n\ttid := t.ThreadIdx.X\n\ts[" + deep + "*2] = 1\n\tout[tid] = s[0]\n}\n\n" +
		"//smemlint:launch block=32\nfunc Long(t *simt.Thread, out []float32) {\n\ts := simt.Shared[[1024]float32](t)\n\ttid := t.ThreadIdx.X\n\ts[tid*2" + strings.Repeat("+0", 20000) + "] = 1\n\tout[tid] = s[0]\n}\n"
}

// hugeSrc is a package with a 100,000-element array literal beside a
// kernel that conflicts 2-way on line 10.
func hugeSrc() string {
	var vals strings.Builder
	for i := range 100000 {
		if i > 0 {
			vals.WriteByte(',')
		}
		fmt.Fprint(&vals, i%97)
	}
	return "package huge\n\nimport \"github.com/smemlint/smemlint/simt\"\n\nvar table = [...]float32{" + vals.String() + "}\n\n" +
		"//smemlint:launch block=32\nfunc Huge(t *simt.Thread, out []float32) {\n\ts := simt.Shared[[1024]float32](t)\n\ts[t.ThreadIdx.X*2] = table[t.ThreadIdx.X]\n\tout[t.ThreadIdx.X] = s[0]\n}\n"
}

// oddFiles is the module of odd files; -fix cases write their own copy.
func oddFiles() map[string]string {
	return map[string]string{
		"bom/bom.go":         "\ufeff" + strings.Replace(transpose, "package k", "package bom", 1),
		"crlf/crlf.go":       strings.ReplaceAll(strings.Replace(transpose, "package k", "package crlf", 1), "\n", "\r\n"),
		"linedir/linedir.go": lineDirected,
		"cgo/cgo.go":         withCgo,
		"cgobad/c.go":        cgoBroken,
		// A type error in a cgo file, and a cgo package whose
		// configuration file turns bankconflict off.
		"cgotype/c.go":          "package cgotype\n\n// int twice(int x) { return 2 * x; }\nimport \"C\"\n\nvar s C.int = \"s\"\n",
		"cgoconf/c.go":          strings.Replace(withCgo, "package cgo", "package cgoconf", 1),
		"cgoconf/smemlint.conf": "checks = all, -bankconflict\n",
		"ignored/ignored.go":    "//go:build ignore\n\n" + strings.Replace(transpose, "package k", "package ignored", 1),
		"nogo/README":           "no Go here\n",
		"empty/doc.go":          "// Package empty holds nothing to check.\npackage empty\n",
		"onlytest/k_test.go":    strings.Replace(transpose, "package k", "package onlytest", 1),
		"deep/deep.go":          deepSrc(),
		"badutf/b.go":           "package badutf\n\n// caf\xe9 \xff\nvar x = 1\n",
		"nulbyte/n.go":          "package nulbyte\n\nvar s = \"a\x00b\"\n",
		// Configuration files saved with a byte-order mark, and with CRLF:
		// the shape comes from them.
		"confbom/smemlint.conf":  "\ufeffarch = sm_80\n[launch]\nblock = 32x32\n",
		"confbom/k.go":           strings.Replace(strings.Replace(transpose, "package k", "package confbom", 1), "//smemlint:launch block=32x32\n", "", 1),
		"confcrlf/smemlint.conf": "arch = sm_80\r\n\r\n[launch]\r\nblock = 32x32\r\n",
		"confcrlf/k.go":          strings.Replace(strings.Replace(transpose, "package k", "package confcrlf", 1), "//smemlint:launch block=32x32\n", "", 1),
		"huge/huge.go":           hugeSrc(),
	}
}

var oddDir once[string]

// fixRun is one run of -fix on its own copy of the packages with
// fixes (bom, linedir, cgo), and their files afterwards.
type fixRun struct {
	res   result
	after map[string]string // package/file to contents
}

var fixRuns once[fixRun]

// fixOdd returns the run of flag (-fix) and the files of pkg after it.
func fixOdd(flag, pkg string) (result, map[string]string, error) {
	fr, err := fixRuns.get(func() (fixRun, error) {
		files := oddFiles()
		mod := map[string]string{}
		for _, p := range []string{"bom/bom.go", "linedir/linedir.go", "cgo/cgo.go"} {
			mod[p] = files[p]
		}
		dir, err := newModule(mod)
		if err != nil {
			return fixRun{}, err
		}
		res, err := smemlint(dir, flag, "./...")
		if err != nil {
			return fixRun{}, err
		}
		after := map[string]string{}
		for _, p := range []string{"bom", "linedir", "cgo"} {
			entries, err := os.ReadDir(filepath.Join(dir, p))
			if err != nil {
				return fixRun{}, err
			}
			for _, e := range entries {
				data, err := os.ReadFile(filepath.Join(dir, p, e.Name()))
				if err != nil {
					return fixRun{}, err
				}
				after[p+"/"+e.Name()] = string(data)
			}
		}
		return fixRun{res, after}, nil
	})
	if err != nil {
		return result{}, nil, err
	}
	after := map[string]string{}
	for name, data := range fr.after {
		if rest, ok := strings.CutPrefix(name, pkg+"/"); ok {
			after[rest] = data
		}
	}
	return fr.res, after, nil
}

func oddCorpus() (string, error) {
	return oddDir.get(func() (string, error) { return newModule(oddFiles()) })
}

// odd runs smemlint in the odd-files corpus, with env added.
func odd(env []string, args ...string) (result, error) {
	dir, err := oddCorpus()
	if err != nil {
		return result{}, err
	}
	return runEnv(dir, "", env, bin, args...)
}

// wantFinding checks exit 3 and a finding at file:line:col (col 0: a
// position without a column) containing want.
func wantFinding(res result, err error, file string, line, col int, want string) error {
	if err != nil {
		return err
	}
	if res.code != 3 {
		return fmt.Errorf("exit %d, want 3; stderr %q", res.code, res.stderr)
	}
	at := fmt.Sprintf("%s:%d:%d: ", file, line, col)
	if col == 0 {
		at = fmt.Sprintf("%s:%d: ", file, line)
	}
	for _, l := range strings.Split(res.stderr, "\n") {
		if strings.Contains(l, "/"+at) && strings.Contains(l, want) {
			return nil
		}
	}
	return fmt.Errorf("stderr %q: want %q at %s", res.stderr, want, at)
}

// TestOddFiles: odd files are read as the go command reads them; a fix
// lands in the file that holds the text, or is not offered.
func TestOddFiles(t *testing.T) {
	t.Parallel()
	const conflict = "shared load tile[tx][ty]: 32-way bank conflict (32 wavefronts, ideal 1)"
	packages := []string{"SMEMLINT_DRIVER=packages"}
	cases := []hcase{
		{name: "byte-order mark: the finding at its column", check: func(t *testing.T) error {
			res, err := odd(nil, "./bom")
			return wantFinding(res, err, "bom.go", 11, 17, conflict)
		}},
		{name: "byte-order mark: -fix pads and keeps the mark", check: func(t *testing.T) error {
			res, after, err := fixOdd("-fix", "bom")
			if err != nil {
				return err
			}
			want := "\ufeff" + strings.Replace(strings.Replace(transpose, "package k", "package bom", 1), "[32][32]", "[32][33]", 1)
			if res.code != 3 || after["bom.go"] != want {
				return fmt.Errorf("exit %d, stderr %q, file %q: want exit 3 and the padded file with its mark", res.code, res.stderr, after["bom.go"])
			}
			return nil
		}},
		{name: "CRLF: explain counts the columns without the CR", check: func(t *testing.T) error {
			res, err := odd(nil, "explain", "crlf/crlf.go:11:30")
			return wantExit(res, err, 1, "crlf/crlf.go:11:30: line 11 has 28 columns")
		}},
		{name: "//line: findings where the directive puts them", check: func(t *testing.T) error {
			res, err := odd(nil, "./linedir")
			return wantFinding(res, err, "other.go", 106, 0, conflict)
		}},
		{name: "//line: -fix edits the file that holds the text", check: func(t *testing.T) error {
			res, after, err := fixOdd("-fix", "linedir")
			if err != nil {
				return err
			}
			want := strings.Replace(lineDirected, "[32][32]", "[32][33]", 1)
			if res.code != 3 || len(after) != 1 || after["linedir.go"] != want {
				return fmt.Errorf("exit %d, stderr %q, files %q: want exit 3 and linedir.go padded, no other file", res.code, res.stderr, after)
			}
			return nil
		}},
		{name: "//line: -sarif's fix names the file that holds the text", check: func(t *testing.T) error {
			res, err := odd(nil, "-sarif", "-", "./linedir")
			if err == nil && (res.code != 3 || !strings.Contains(res.stdout, `"uri": "linedir/linedir.go"`) || strings.Contains(res.stdout, `"uri": "linedir/other.go"`) && strings.Contains(res.stdout, "artifactChanges") && !strings.Contains(res.stdout, `"artifactLocation": {
                    "uri": "linedir/linedir.go"`)) {
				err = fmt.Errorf("exit %d, stderr %q: want the fix in linedir/linedir.go", res.code, res.stderr)
			}
			return err
		}},
		{name: "//line: explain at the line of the file that holds the text", check: func(t *testing.T) error {
			res, err := odd(nil, "explain", "linedir/linedir.go:12:17")
			if err == nil && (res.code != 0 || !strings.Contains(res.stdout, "32-way bank conflict")) {
				err = fmt.Errorf("exit %d, stdout %q, stderr %q: want the conflict explained", res.code, res.stdout, res.stderr)
			}
			// The directive gives no column: the place says none (not
			// column 0) and adds where the text is.
			const head = "linedir/other.go:106 (linedir/linedir.go:12:17): shared load tile[tx][ty]\n"
			if err == nil && !strings.HasPrefix(res.stdout, head) {
				err = fmt.Errorf("stdout starts %q, want %q", firstLine(res.stdout), head)
			}
			return err
		}},
		{name: "cgo: the finding at its place", check: func(t *testing.T) error {
			res, err := odd(nil, "./cgo")
			return wantFinding(res, err, "cgo.go", 17, 17, conflict)
		}},
		{name: "cgo: the package's smemlint.conf applies", check: func(t *testing.T) error {
			return cgoConfApplies(odd(nil, "./cgoconf"))
		}},
		{name: "cgo: the package's smemlint.conf applies on the multichecker's path", check: func(t *testing.T) error {
			return cgoConfApplies(odd(packages, "./cgoconf"))
		}},
		{name: "cgo: the package's smemlint.conf applies under go vet, by import path", check: func(t *testing.T) error {
			dir, err := oddCorpus()
			if err != nil {
				return err
			}
			return cgoConfApplies(run(dir, "", "go", "vet", "-vettool="+bin, "example.com/hostile/cgoconf"))
		}},
		{name: "cgo: -fix pads the source, not cgo's output", check: func(t *testing.T) error {
			res, after, err := fixOdd("-fix", "cgo")
			if err != nil {
				return err
			}
			want := strings.Replace(withCgo, "[32][32]", "[32][33]", 1)
			if res.code != 3 || after["cgo.go"] != want {
				return fmt.Errorf("exit %d, stderr %q, file %q: want exit 3 and cgo.go padded", res.code, res.stderr, after["cgo.go"])
			}
			return nil
		}},
		{name: "a cgo file that does not parse: one line", check: func(t *testing.T) error {
			res, err := odd(nil, "./cgobad")
			return wantExit(res, err, 1, "cgobad/c.go:8:1: imports must appear before other declarations")
		}},
		{name: "a cgo file that does not parse on the multichecker's path: one line", check: func(t *testing.T) error {
			res, err := odd(packages, "./cgobad")
			return wantExit(res, err, 1, "cgobad/c.go:8:1: imports must appear before other declarations")
		}},
		{name: "cgo: a type error names C.int, not cgo's _Ctype_int", check: func(t *testing.T) error {
			res, err := odd(nil, "./cgotype")
			return wantExit(res, err, 1, `cgotype/c.go:6:15: cannot use "s" (untyped string constant) as C.int value in variable declaration`)
		}},
		{name: "cgo: a type error names C.int on the multichecker's path", check: func(t *testing.T) error {
			res, err := odd(packages, "./cgotype")
			return wantExit(res, err, 1, `cgotype/c.go:6:15: cannot use "s" (untyped string constant) as C.int value in variable declaration`)
		}},
		{name: "cgo: a type error names C.int under go vet", check: func(t *testing.T) error {
			dir, err := oddCorpus()
			if err != nil {
				return err
			}
			res, err := run(dir, "", "go", "vet", "-vettool="+bin, "./cgotype")
			if err == nil && (res.code == 0 || strings.Contains(res.stderr, "_C") ||
				!strings.Contains(res.stderr, "cgotype/c.go:6:15: cannot use \"s\" (untyped string constant) as C.int value")) {
				err = fmt.Errorf("exit %d, stderr %q: want the error with C.int", res.code, res.stderr)
			}
			return err
		}},
		{name: "build constraints exclude every file: one line", check: func(t *testing.T) error {
			res, err := odd(nil, "./ignored")
			return wantExit(res, err, 1, "build constraints exclude all Go files in")
		}},
		{name: "build constraints exclude every file on the multichecker's path: one line", check: func(t *testing.T) error {
			res, err := odd(packages, "./ignored")
			if err == nil && strings.HasPrefix(res.stderr, "-: ") {
				return fmt.Errorf("stderr %q: go/packages' \"-: \" leaks", res.stderr)
			}
			return wantExit(res, err, 1, "smemlint: build constraints exclude all Go files in")
		}},
		{name: "a directory without Go files on the multichecker's path: one line", check: func(t *testing.T) error {
			res, err := odd(packages, "./nogo")
			return wantExit(res, err, 1, "smemlint: no Go files in")
		}},
		{name: "a directory without Go files: one line", check: func(t *testing.T) error {
			res, err := odd(nil, "./nogo")
			return wantExit(res, err, 1, "no Go files in")
		}},
		{name: "a pattern that matches nothing: one line", check: func(t *testing.T) error {
			res, err := odd(nil, "./nogo/...")
			return wantExit(res, err, 1, "./nogo/...")
		}},
		{name: "an empty package: clean", check: func(t *testing.T) error {
			res, err := odd(nil, "./empty")
			if err == nil && (res.code != 0 || res.stderr != "") {
				err = fmt.Errorf("exit %d, stderr %q: want exit 0 and nothing", res.code, res.stderr)
			}
			return err
		}},
		{name: "a package of test files only: checked", check: func(t *testing.T) error {
			res, err := odd(nil, "./onlytest")
			return wantFinding(res, err, "k_test.go", 11, 17, conflict)
		}},
		{name: "a package of test files only with -test=false: named, not passed in silence", check: func(t *testing.T) error {
			res, err := odd(nil, "-test=false", "./onlytest")
			if err == nil && res.code != 0 {
				err = fmt.Errorf("exit %d, want 0 (a note)", res.code)
			}
			if err != nil {
				return err
			}
			return oneLine(res.stderr, "smemlint: note: example.com/hostile/onlytest has test files only, and -test=false leaves them out: nothing of it is checked")
		}},
		{name: "a package of test files only with -fix -test=false: named", check: func(t *testing.T) error {
			res, err := odd(nil, "-fix", "-test=false", "./onlytest")
			if err == nil && res.code != 0 {
				err = fmt.Errorf("exit %d, want 0 (a note)", res.code)
			}
			if err != nil {
				return err
			}
			return oneLine(res.stderr, "example.com/hostile/onlytest has test files only, and -test=false leaves them out")
		}},
		{name: "bytes that are not UTF-8: one line", check: func(t *testing.T) error {
			res, err := odd(nil, "./badutf")
			return wantExit(res, err, 1, "badutf/b.go:3:7: illegal UTF-8 encoding")
		}},
		{name: "bytes that are not UTF-8 on the multichecker's path: one line", check: func(t *testing.T) error {
			res, err := odd(packages, "./badutf")
			return wantExit(res, err, 1, "badutf/b.go:3:7: illegal UTF-8 encoding")
		}},
		{name: "a NUL byte: one line", check: func(t *testing.T) error {
			res, err := odd(nil, "./nulbyte")
			return wantExit(res, err, 1, "nulbyte/n.go:3:11: illegal character NUL")
		}},
		{name: "smemlint.conf with a byte-order mark: read", check: func(t *testing.T) error {
			res, err := odd(nil, "./confbom")
			return wantFinding(res, err, "k.go", 10, 17, conflict)
		}},
		{name: "smemlint.conf with CRLF: read", check: func(t *testing.T) error {
			res, err := odd(nil, "./confcrlf")
			return wantFinding(res, err, "k.go", 10, 17, conflict)
		}},
		{name: "3,000 nested parentheses: the figure", check: func(t *testing.T) error {
			res, err := odd(nil, "./deep")
			return wantFinding(res, err, "deep.go", 9, 2, "2-way bank conflict (2 wavefronts, ideal 1)")
		}},
		{name: "a sum of 20,000 terms: the figure", check: func(t *testing.T) error {
			res, err := odd(nil, "./deep")
			return wantFinding(res, err, "deep.go", 17, 2, "2-way bank conflict (2 wavefronts, ideal 1)")
		}},
		{name: "a 100,000-element literal beside a kernel", check: func(t *testing.T) error {
			res, err := odd(nil, "./huge")
			return wantFinding(res, err, "huge.go", 10, 2, "2-way bank conflict (2 wavefronts, ideal 1)")
		}},
	}
	runCases(t, cases)
}

// cgoConfApplies checks a run on cgoconf, whose smemlint.conf turns
// bankconflict off: the coalescing finding on line 17 and no conflict.
// Analyzed from cgo's output in the build's work directory, the package
// once looked for its configuration file there.
func cgoConfApplies(res result, err error) error {
	if err != nil {
		return err
	}
	if res.code == 0 || strings.Contains(res.stderr, "bank conflict") || !strings.Contains(res.stderr, "cgoconf/c.go:17:2: global store") {
		return fmt.Errorf("exit %d, stderr %q: want the global store's finding and no bank conflict", res.code, res.stderr)
	}
	return nil
}
