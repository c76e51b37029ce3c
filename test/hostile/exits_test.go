package hostile

import (
	"encoding/json"
	"fmt"
	"os"
	"path/filepath"
	"strings"
	"testing"
)

// noted is a package whose only output is a note: accesses through an
// index read from memory are not evaluated, and a package summary says
// so without -verbose.
const noted = `package noted

import "github.com/smemlint/smemlint/simt"

//smemlint:launch block=256
func Scatter(t *simt.Thread, out []float32, idx []int32) {
	j := int(idx[t.ThreadIdx.X])
	out[j] = 1
}
`

const noteText = "note: 1 global access of this package not evaluated; -verbose lists them with the reason"

var exitsDir once[string]

// exitsCorpus is a module with a package whose only output is a note, a
// clean package (which -verbose fills with notes) and one with findings.
func exitsCorpus() (string, error) {
	return exitsDir.get(func() (string, error) {
		return newModule(map[string]string{
			"noted/noted.go": noted,
			"clean/clean.go": "package clean\n\nimport \"github.com/smemlint/smemlint/simt\"\n\n//smemlint:launch block=32\nfunc Copy(t *simt.Thread, out, in []float32) { out[t.ThreadIdx.X] = in[t.ThreadIdx.X] }\n",
			"k/k.go":         transpose,
		})
	})
}

// TestExits: a note is not a finding. A run whose only output is notes
// exits 0 in smemlint's faces; go vet fails on any diagnostic of a tool,
// notes included, on every run (README, "Exit codes").
func TestExits(t *testing.T) {
	t.Parallel()
	inCorpus := func(env []string, args ...string) (result, error) {
		dir, err := exitsCorpus()
		if err != nil {
			return result{}, err
		}
		return runEnv(dir, "", env, bin, args...)
	}
	// noteOnly checks exit 0 and notes only on stderr, the summary of
	// accesses not evaluated among them.
	noteOnly := func(env []string, args ...string) func(t *testing.T) error {
		return func(t *testing.T) error {
			res, err := inCorpus(env, args...)
			if err != nil {
				return err
			}
			if res.code != 0 {
				return fmt.Errorf("exit %d, want 0 (notes are not findings); stderr %q", res.code, res.stderr)
			}
			return onlyNotes(res.stderr, "noted.go:1:9: "+noteText)
		}
	}
	packages := []string{"SMEMLINT_DRIVER=packages"}
	cases := []hcase{
		{name: "notes only: exit 0", check: noteOnly(nil, "./noted")},
		{name: "notes only on the multichecker's path: exit 0", check: noteOnly(packages, "./noted")},
		{name: "notes only with -fix: exit 0", check: noteOnly(nil, "-fix", "./noted")},
		{name: "notes only with -sarif: exit 0, a result of level note", check: func(t *testing.T) error {
			dir, err := exitsCorpus()
			if err != nil {
				return err
			}
			log := filepath.Join(t.TempDir(), "out.sarif")
			res, err := runEnv(dir, "", nil, bin, "-sarif", log, "./noted")
			if err != nil {
				return err
			}
			if res.code != 0 {
				return fmt.Errorf("exit %d, want 0; stderr %q", res.code, res.stderr)
			}
			data, err := os.ReadFile(log)
			if err != nil {
				return err
			}
			var l struct {
				Runs []struct {
					Results []struct {
						Level   string                `json:"level"`
						Message struct{ Text string } `json:"message"`
					} `json:"results"`
				} `json:"runs"`
			}
			if err := json.Unmarshal(data, &l); err != nil {
				return err
			}
			if len(l.Runs) != 1 || len(l.Runs[0].Results) == 0 {
				return fmt.Errorf("log runs %+v: want one run with the notes", l.Runs)
			}
			found := false
			for _, r := range l.Runs[0].Results {
				if r.Level != "note" {
					return fmt.Errorf("log result %+v: want level note", r)
				}
				found = found || strings.Contains(r.Message.Text, noteText)
			}
			if !found {
				return fmt.Errorf("log results %+v: want %q among them", l.Runs[0].Results, noteText)
			}
			return onlyNotes(res.stderr, noteText)
		}},
		{name: "notes only with -json: exit 0, the note in the JSON", check: func(t *testing.T) error {
			res, err := inCorpus(nil, "-json", "./noted")
			if err == nil && (res.code != 0 || !strings.Contains(res.stdout, noteText) || res.stderr != "") {
				err = fmt.Errorf("exit %d, stdout %q, stderr %q: want exit 0 and the note in the JSON", res.code, res.stdout, res.stderr)
			}
			return err
		}},
		{name: "-verbose on a clean package: notes, exit 0", check: func(t *testing.T) error {
			res, err := inCorpus(nil, "-verbose", "./clean")
			if err == nil && (res.code != 0 || !strings.Contains(res.stderr, "clean.go:6:") || strings.Count(res.stderr, ": note: ") != strings.Count(res.stderr, "\n")) {
				err = fmt.Errorf("exit %d, stderr %q: want exit 0 and notes only", res.code, res.stderr)
			}
			return err
		}},
		{name: "a note beside a finding: exit 3", check: func(t *testing.T) error {
			res, err := inCorpus(nil, "./noted", "./k")
			if err == nil && (res.code != 3 || !strings.Contains(res.stderr, noteText) || !strings.Contains(res.stderr, "k.go:11:17: shared load")) {
				err = fmt.Errorf("exit %d, stderr %q: want exit 3, the note and the finding", res.code, res.stderr)
			}
			return err
		}},
	}
	// go vet prints every diagnostic of a vet tool and fails on it, from
	// its cache on the second run: the note is never silent there.
	for i := 1; i <= 2; i++ {
		cases = append(cases, hcase{name: fmt.Sprintf("notes only under go vet fail it, run %d", i), check: func(t *testing.T) error {
			dir, err := exitsCorpus()
			if err != nil {
				return err
			}
			res, err := run(dir, "", "go", "vet", "-vettool="+bin, "./noted")
			if err != nil {
				return err
			}
			if res.code != 1 {
				return fmt.Errorf("exit %d, want 1; stderr %q", res.code, res.stderr)
			}
			return onlyNotes(res.stderr, "noted.go:1:9: "+noteText)
		}})
	}
	// -notes=false (or notes = false in smemlint.conf) leaves notes out,
	// so a run whose only output is notes passes go vet, on every run;
	// the same run without it fails again, findings fail, and asking for
	// -verbose's notes at once is one line.
	for i := 1; i <= 2; i++ {
		cases = append(cases, hcase{name: fmt.Sprintf("notes only under go vet -notes=false pass, then fail without it, run %d", i), check: func(t *testing.T) error {
			dir, err := exitsCorpus()
			if err != nil {
				return err
			}
			res, err := run(dir, "", "go", "vet", "-vettool="+bin, "-notes=false", "./noted")
			if err != nil {
				return err
			}
			if res.code != 0 || res.stderr != "" {
				return fmt.Errorf("exit %d, stderr %q: want exit 0 and nothing", res.code, res.stderr)
			}
			res, err = run(dir, "", "go", "vet", "-vettool="+bin, "./noted")
			if err == nil && res.code != 1 {
				err = fmt.Errorf("without -notes=false: exit %d, want 1; stderr %q", res.code, res.stderr)
			}
			return err
		}})
	}
	cases = append(cases,
		hcase{name: "a finding under go vet -notes=false fails, without the note", check: func(t *testing.T) error {
			dir, err := exitsCorpus()
			if err != nil {
				return err
			}
			res, err := run(dir, "", "go", "vet", "-vettool="+bin, "-notes=false", "./noted", "./k")
			if err == nil && (res.code != 1 || strings.Contains(res.stderr, "note:") || !strings.Contains(res.stderr, "k.go:11:17: shared load")) {
				err = fmt.Errorf("exit %d, stderr %q: want exit 1, the finding and no note", res.code, res.stderr)
			}
			return err
		}},
		hcase{name: "notes = false in smemlint.conf under go vet: exit 0", check: func(t *testing.T) error {
			dir := writeModule(t, map[string]string{"noted/noted.go": noted, "smemlint.conf": "notes = false\n"})
			res, err := run(dir, "", "go", "vet", "-vettool="+bin, "./noted")
			if err == nil && (res.code != 0 || res.stderr != "") {
				err = fmt.Errorf("exit %d, stderr %q: want exit 0 and nothing", res.code, res.stderr)
			}
			return err
		}},
		hcase{name: "notes only with -notes=false: exit 0, nothing printed", check: func(t *testing.T) error {
			res, err := inCorpus(nil, "-notes=false", "./noted")
			if err == nil && (res.code != 0 || res.stderr != "") {
				err = fmt.Errorf("exit %d, stderr %q: want exit 0 and nothing", res.code, res.stderr)
			}
			return err
		}},
		hcase{name: "-notes=false -verbose: one line", check: func(t *testing.T) error {
			res, err := inCorpus(nil, "-notes=false", "-verbose", "./noted")
			return wantExit(res, err, 1, "smemlint: -notes=false leaves out the notes that -verbose asks for: give one of them")
		}},
		hcase{name: "go vet -notes=false -verbose: one line", check: func(t *testing.T) error {
			dir, err := exitsCorpus()
			if err != nil {
				return err
			}
			res, err := run(dir, "", "go", "vet", "-vettool="+bin, "-notes=false", "-verbose", "./noted")
			if err == nil && res.code == 0 {
				err = fmt.Errorf("exit 0, stderr %q", res.stderr)
			}
			if err == nil {
				err = oneLine(res.stderr, "smemlint: -notes=false leaves out the notes that -verbose asks for")
			}
			return err
		}},
		hcase{name: "notes = false and verbose = true in smemlint.conf: one line naming the file", check: func(t *testing.T) error {
			dir := writeModule(t, map[string]string{"noted/noted.go": noted, "smemlint.conf": "verbose = true\nnotes = false\n"})
			res, err := smemlint(dir, "./noted")
			if err != nil {
				return err
			}
			if res.code != 1 || !strings.Contains(res.stderr, "notes = false in ") || !strings.Contains(res.stderr, "smemlint.conf leaves out the notes that verbose = true in ") {
				return fmt.Errorf("exit %d, stderr %q: want exit 1 and the conflict with the file named", res.code, res.stderr)
			}
			return oneLine(res.stderr, "give one of them")
		}},
	)
	runCases(t, cases)
}

// onlyNotes checks that every line of s is a note and that one contains
// want.
func onlyNotes(s, want string) error {
	s = strings.TrimSuffix(s, "\n")
	if !strings.Contains(s, want) {
		return fmt.Errorf("want a line containing %q, got %q", want, s)
	}
	for _, l := range strings.Split(s, "\n") {
		if !strings.Contains(l, ": note: ") {
			return fmt.Errorf("line %q is not a note (stderr %q)", l, s)
		}
	}
	return nil
}
