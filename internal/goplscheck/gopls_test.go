package goplscheck

import (
	"bufio"
	"bytes"
	"context"
	"fmt"
	"os"
	"os/exec"
	"path/filepath"
	"regexp"
	"sort"
	"strings"
	"sync"
	"testing"
	"time"

	"github.com/google/go-cmp/cmp"

	"github.com/smemlint/smemlint/internal/driver"
)

// repoRoot is the repository's root, two directories up.
func repoRoot(t *testing.T) string {
	t.Helper()
	root, err := filepath.Abs("../..")
	if err != nil {
		t.Fatal(err)
	}
	return root
}

// offline matches the go command's errors when a module can be neither
// found in the module cache nor downloaded.
var offline = regexp.MustCompile(`dial tcp|no such host|connection refused|i/o timeout|GOPROXY=off|network is unreachable|TLS handshake|proxy.golang.org`)

// built is the gopls the tests share: building it once is enough.
var built struct {
	sync.Once
	bin, skip string
	err       error
}

// buildGopls builds gopls/ once per test binary, or skips the test when
// its modules are not in the module cache and the module proxy cannot be
// reached.
func buildGopls(t *testing.T) string {
	t.Helper()
	if testing.Short() {
		t.Skip("building gopls takes minutes the first time; skipped with -short")
	}
	dir := filepath.Join(repoRoot(t), "gopls")
	built.Do(func() {
		ctx, cancel := context.WithTimeout(context.Background(), 3*time.Minute)
		defer cancel()
		dl := exec.CommandContext(ctx, "go", "mod", "download")
		dl.Dir = dir
		if out, err := dl.CombinedOutput(); err != nil {
			if offline.Match(out) || ctx.Err() != nil {
				built.skip = "gopls: its modules are not in the module cache and the module proxy cannot be reached: " + firstLine(out)
				return
			}
			built.err = fmt.Errorf("go mod download in gopls/: %v\n%s", err, out)
			return
		}
		tmp, err := os.MkdirTemp("", "goplscheck-")
		if err != nil {
			built.err = err
			return
		}
		built.bin = filepath.Join(tmp, "gopls")
		cmd := exec.Command("go", "build", "-o", built.bin, ".")
		cmd.Dir = dir
		if out, err := cmd.CombinedOutput(); err != nil {
			built.err = fmt.Errorf("go build in gopls/: %v\n%s", err, out)
		}
	})
	switch {
	case built.skip != "":
		t.Skip(built.skip)
	case built.err != nil:
		t.Fatal(built.err)
	}
	return built.bin
}

// TestMain removes the shared gopls after the tests.
func TestMain(m *testing.M) {
	code := m.Run()
	if built.bin != "" {
		os.RemoveAll(filepath.Dir(built.bin))
	}
	os.Exit(code)
}

func firstLine(b []byte) string {
	s, _, _ := strings.Cut(strings.TrimSpace(string(b)), "\n")
	return s
}

// finding is one diagnostic as "FILE:LINE:COL: MESSAGE", FILE relative to
// the repository.
type finding struct {
	at, message string
}

// goplsCheck runs "gopls check" on files and returns its findings.
func goplsCheck(t *testing.T, gopls, root string, files []string) []finding {
	t.Helper()
	cmd := exec.Command(gopls, append([]string{"check"}, files...)...)
	cmd.Dir = root
	var stderr bytes.Buffer
	cmd.Stderr = &stderr
	out, err := cmd.Output()
	if err != nil {
		t.Fatalf("gopls check: %v\n%s", err, stderr.Bytes())
	}
	// FILE:LINE:COL-ENDCOL: MESSAGE (or FILE:LINE:COL-ENDLINE:ENDCOL).
	re := regexp.MustCompile(`^(.*?):(\d+):(\d+)(?:-[\d:]+)?: (.*)$`)
	var fs []finding
	sc := bufio.NewScanner(bytes.NewReader(out))
	for sc.Scan() {
		m := re.FindStringSubmatch(sc.Text())
		if m == nil {
			t.Fatalf("gopls check printed a line that is not a diagnostic: %q", sc.Text())
		}
		rel, err := filepath.Rel(root, m[1])
		if err != nil {
			t.Fatal(err)
		}
		// gopls check prints a diagnostic's related locations as lines
		// of their own, their message after "- ".
		fs = append(fs, finding{fmt.Sprintf("%s:%s:%s", filepath.ToSlash(rel), m[2], m[3]), m[4]})
	}
	return fs
}

// relatedFinding is how gopls check prints a related location.
func relatedFinding(root string, r driver.Related) (finding, error) {
	rel, err := filepath.Rel(root, r.Pos.Filename)
	if err != nil {
		return finding{}, err
	}
	return finding{fmt.Sprintf("%s:%d:%d", filepath.ToSlash(rel), r.Pos.Line, r.Pos.Column), "- " + r.Message}, nil
}

// smemlintFindings runs smemlint's checks in process on patterns and
// returns the findings in files, with the name of the check of each.
func smemlintFindings(t *testing.T, root string, patterns []string, files map[string]bool) ([]finding, map[finding]string) {
	t.Helper()
	res, err := driver.Run(patterns, driver.Options{Dir: root, Tests: true})
	if err != nil {
		t.Fatal(err)
	}
	if len(res.Errors) > 0 {
		t.Fatalf("loading %v: %v", patterns, res.Errors)
	}
	check := map[finding]string{}
	var fs []finding
	for _, f := range res.Findings {
		rel, err := filepath.Rel(root, f.Pos.Filename)
		if err != nil {
			t.Fatal(err)
		}
		rel = filepath.ToSlash(rel)
		if !files[rel] {
			continue
		}
		fd := finding{fmt.Sprintf("%s:%d:%d", rel, f.Pos.Line, f.Pos.Column), f.Message}
		if _, dup := check[fd]; dup {
			continue
		}
		check[fd] = f.Check
		fs = append(fs, fd)
		for _, r := range f.Related {
			rf, err := relatedFinding(root, r)
			if err != nil {
				t.Fatal(err)
			}
			check[rf] = f.Check + " (related)"
			fs = append(fs, rf)
		}
	}
	return fs, check
}

func sortFindings(fs []finding) {
	sort.Slice(fs, func(i, j int) bool {
		if fs[i].at != fs[j].at {
			return fs[i].at < fs[j].at
		}
		return fs[i].message < fs[j].message
	})
}

// goFiles lists the Go files (tests excluded) under dir, relative to root.
func goFiles(t *testing.T, root, dir string) []string {
	t.Helper()
	var files []string
	err := filepath.WalkDir(filepath.Join(root, dir), func(p string, d os.DirEntry, err error) error {
		if err != nil {
			return err
		}
		if !d.IsDir() && strings.HasSuffix(p, ".go") && !strings.HasSuffix(p, "_test.go") {
			rel, _ := filepath.Rel(root, p)
			files = append(files, filepath.ToSlash(rel))
		}
		return nil
	})
	if err != nil {
		t.Fatal(err)
	}
	return files
}

// TestGoplsCheckAgreesWithSmemlint: gopls with smemlint's checks reports
// on the example kernels exactly what smemlint reports on them.
func TestGoplsCheckAgreesWithSmemlint(t *testing.T) {
	gopls := buildGopls(t)
	root := repoRoot(t)
	files := goFiles(t, root, "examples")
	inFiles := map[string]bool{}
	for _, f := range files {
		inFiles[f] = true
	}
	got := goplsCheck(t, gopls, root, files)
	want, check := smemlintFindings(t, root, []string{"./examples/..."}, inFiles)
	sortFindings(got)
	sortFindings(want)
	if diff := cmp.Diff(want, got, cmp.AllowUnexported(finding{})); diff != "" {
		t.Errorf("gopls check examples/ differs from smemlint (-smemlint +gopls):\n%s", diff)
	}
	perCheck := map[string]int{}
	for _, f := range want {
		perCheck[check[f]]++
	}
	if len(want) == 0 {
		t.Fatal("smemlint found nothing in examples/: nothing was compared")
	}
	t.Logf("%d findings in both, per check: %v", len(want), perCheck)
}

// TestGoplsReadsConfigFile: the same kernel under a smemlint.conf that
// selects eight-byte banks has half the conflict, in gopls too. The corpus
// is copied out of testdata/ because the go command, and so gopls, leaves
// out directories named testdata when it loads a workspace.
func TestGoplsReadsConfigFile(t *testing.T) {
	gopls := buildGopls(t)
	work := kernelModule(t)
	for _, tt := range []struct{ pkg, want string }{
		{"confarch/default", "32-way bank conflict (32 wavefronts, ideal 1)"},
		{"confarch/banks8", "16-way bank conflict (16 wavefronts, ideal 1)"},
	} {
		fs := goplsCheck(t, gopls, work, []string{tt.pkg + "/tile.go"})
		if len(fs) != 1 || !strings.Contains(fs[0].message, tt.want) {
			t.Errorf("gopls check %s = %v, want one finding with %q", tt.pkg, fs, tt.want)
		}
	}
}

// kernelModule copies testdata/confarch into a module of its own in a
// temporary directory and returns the directory.
func kernelModule(t *testing.T) string {
	t.Helper()
	root := repoRoot(t)
	work := t.TempDir()
	copyTree(t, filepath.Join(root, "testdata", "confarch"), filepath.Join(work, "confarch"))
	gomod := fmt.Sprintf("module example.com/confarch\n\ngo 1.26.0\n\nrequire github.com/smemlint/smemlint v0.0.0\n\nreplace github.com/smemlint/smemlint => %s\n", root)
	if err := os.WriteFile(filepath.Join(work, "go.mod"), []byte(gomod), 0o644); err != nil {
		t.Fatal(err)
	}
	return work
}

// copyTree copies the files under src to dst.
func copyTree(t *testing.T, src, dst string) {
	t.Helper()
	err := filepath.WalkDir(src, func(p string, d os.DirEntry, err error) error {
		if err != nil {
			return err
		}
		rel, _ := filepath.Rel(src, p)
		if d.IsDir() {
			return os.MkdirAll(filepath.Join(dst, rel), 0o755)
		}
		data, err := os.ReadFile(p)
		if err != nil {
			return err
		}
		return os.WriteFile(filepath.Join(dst, rel), data, 0o644)
	})
	if err != nil {
		t.Fatal(err)
	}
}
