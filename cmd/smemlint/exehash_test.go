//go:build linux

package main

import (
	"bytes"
	"crypto/sha256"
	"os"
	"path/filepath"
	"testing"
	"time"
)

// TestExecutableHashCache checks that the cached hash of a file is its
// SHA-256 and is renewed when the file changes, even to contents of the
// same size under the same modification time, and that a damaged or
// unusable cache falls back to hashing.
func TestExecutableHashCache(t *testing.T) {
	cache := t.TempDir()
	t.Setenv("XDG_CACHE_HOME", cache)
	exe := filepath.Join(t.TempDir(), "tool")
	later := time.Now().Add(time.Minute) // past exeHashSettle for every file here
	check := func(contents string) {
		t.Helper()
		want := sha256.Sum256([]byte(contents))
		got, err := executableHash(exe, later)
		if err != nil {
			t.Fatal(err)
		}
		if !bytes.Equal(got, want[:]) {
			t.Fatalf("hash of %q: got %x, want %x", contents, got, want)
		}
	}
	write := func(contents string) {
		t.Helper()
		if err := os.WriteFile(exe, []byte(contents), 0o755); err != nil {
			t.Fatal(err)
		}
	}
	write("first version")
	check("first version")
	entries, _ := filepath.Glob(filepath.Join(cache, "smemlint", "exehash", "*"))
	if len(entries) != 1 {
		t.Fatalf("cache entries: %v, want one", entries)
	}
	check("first version") // from the entry

	// Same size, modification time put back: the change time differs.
	st, err := os.Stat(exe)
	if err != nil {
		t.Fatal(err)
	}
	time.Sleep(20 * time.Millisecond) // past the file system's clock tick
	write("other version")
	if err := os.Chtimes(exe, st.ModTime(), st.ModTime()); err != nil {
		t.Fatal(err)
	}
	check("other version")

	if err := os.WriteFile(entries[0], []byte("damaged"), 0o644); err != nil {
		t.Fatal(err)
	}
	check("other version")

	// A cache directory that cannot be made.
	t.Setenv("XDG_CACHE_HOME", exe)
	check("other version")
}

// TestExecutableHashUnsettled checks that the hash of a file changed in
// the last exeHashSettle is not kept.
func TestExecutableHashUnsettled(t *testing.T) {
	cache := t.TempDir()
	t.Setenv("XDG_CACHE_HOME", cache)
	exe := filepath.Join(t.TempDir(), "tool")
	if err := os.WriteFile(exe, []byte("new"), 0o755); err != nil {
		t.Fatal(err)
	}
	if _, err := executableHash(exe, time.Now()); err != nil {
		t.Fatal(err)
	}
	if entries, _ := filepath.Glob(filepath.Join(cache, "smemlint", "exehash", "*")); len(entries) != 0 {
		t.Fatalf("cache entries for a file just written: %v", entries)
	}
}
