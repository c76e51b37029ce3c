// Package testdir locates the shared analysistest module of the checks'
// tests, analyzer/testdata (module example.com/cases).
package testdir

import (
	"path/filepath"
	"testing"
)

// Dir returns the absolute path of analyzer/testdata for a test running in
// a package directly below analyzer/.
func Dir(t testing.TB) string {
	t.Helper()
	dir, err := filepath.Abs(filepath.Join("..", "testdata"))
	if err != nil {
		t.Fatal(err)
	}
	return dir
}
