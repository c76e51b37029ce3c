// Package testdir locates the top-level corpora module, testdata/
// (module example.com/corpora), for tests anywhere in the repository.
package testdir

import (
	"fmt"
	"os"
	"path/filepath"
	"strings"
	"testing"
)

// module is the module path of the corpora; other testdata/go.mod files
// (analyzer/testdata holds the checks' own module) are passed over.
const module = "example.com/corpora"

// Corpora returns the absolute path of the repository's testdata/
// directory, the root of module example.com/corpora, for use as the
// dir argument of analysistest.Run or as the working directory of
// smemlint simcheck. It fails the test when there is none above the
// test's working directory.
func Corpora(t testing.TB) string {
	t.Helper()
	wd, err := os.Getwd()
	if err != nil {
		t.Fatal(err)
	}
	dir, err := find(wd)
	if err != nil {
		t.Fatal(err)
	}
	return dir
}

// find walks up from dir to the first testdata/go.mod that declares the
// corpora module. Go runs a package's tests in the package's directory, so
// the walk ends at the repository root for every package of the module.
func find(dir string) (string, error) {
	start := dir
	for {
		candidate := filepath.Join(dir, "testdata")
		if declares(filepath.Join(candidate, "go.mod")) {
			return candidate, nil
		}
		parent := filepath.Dir(dir)
		if parent == dir {
			return "", fmt.Errorf("testdir: no testdata/go.mod of module %s in %s or any directory above it", module, start)
		}
		dir = parent
	}
}

// declares reports whether the go.mod file at path declares the corpora
// module; a missing or unreadable file declares nothing.
func declares(path string) bool {
	data, err := os.ReadFile(path)
	if err != nil {
		return false
	}
	for _, line := range strings.Split(string(data), "\n") {
		if f := strings.Fields(line); len(f) == 2 && f[0] == "module" {
			return strings.Trim(f[1], `"`) == module
		}
	}
	return false
}
