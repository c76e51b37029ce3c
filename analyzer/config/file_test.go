package config

import (
	"os"
	"path/filepath"
	"strings"
	"testing"
)

func TestParse(t *testing.T) {
	f, err := Parse("smemlint.conf", []byte(`# options for the kernels below
arch = sm_80   # the A100
bankmode = 4
verbose = true
checks = all, -smemrace

[launch]
block = 32x8
grid = 64
shared = 4K
`))
	if err != nil {
		t.Fatal(err)
	}
	if *f.Arch != "sm_80" || *f.BankMode != 4 || !*f.Verbose {
		t.Errorf("Parse: arch %s, bankmode %d, verbose %v; want sm_80, 4, true", *f.Arch, *f.BankMode, *f.Verbose)
	}
	if f.Checks["smemrace"] || !f.Checks["bankconflict"] || !f.Checks["directives"] {
		t.Errorf("checks = %v, want every check but smemrace", f.Checks)
	}
	if f.Launch.Block != [3]int{32, 8, 1} || f.Launch.Grid != [3]int{64, 1, 1} || f.Launch.Shared != 4096 {
		t.Errorf("launch = %+v, want block 32x8, grid 64, shared 4096", f.Launch)
	}
}

// TestParseMarkAndCRLF: a file an editor saved with a byte-order mark
// and CRLF line ends reads as the same file without them.
func TestParseMarkAndCRLF(t *testing.T) {
	f, err := Parse("smemlint.conf", []byte("\ufeffarch = sm_80\r\n\r\n[launch]\r\nblock = 32x8\r\n"))
	if err != nil {
		t.Fatal(err)
	}
	if *f.Arch != "sm_80" || f.Launch.Block != [3]int{32, 8, 1} {
		t.Errorf("Parse: arch %s, block %v; want sm_80, 32x8", *f.Arch, f.Launch.Block)
	}
}

func TestParseChecks(t *testing.T) {
	for _, tt := range []struct {
		val     string
		on, off []string
	}{
		{"bankconflict, coalescing", []string{"bankconflict", "coalescing"}, []string{"smemrace", "directives"}},
		{"-smemrace", []string{"bankconflict", "directives"}, []string{"smemrace"}},
		{"all", []string{"bankconflict", "smemrace", "cluster"}, nil},
	} {
		got, err := parseChecks(tt.val)
		if err != nil {
			t.Errorf("parseChecks(%q): %v", tt.val, err)
			continue
		}
		for _, c := range tt.on {
			if !got[c] {
				t.Errorf("parseChecks(%q)[%s] = false, want true", tt.val, c)
			}
		}
		for _, c := range tt.off {
			if got[c] {
				t.Errorf("parseChecks(%q)[%s] = true, want false", tt.val, c)
			}
		}
	}
}

// TestParseErrors: every mistake is one error naming the file, the line
// and what is wrong.
func TestParseErrors(t *testing.T) {
	for _, tt := range []struct{ text, want string }{
		{"arch = sm_66", `c.conf:1: arch: unknown architecture "sm_66" (known: sm_10`},
		{"\narch sm_90", `c.conf:2: "arch sm_90" is not key = value`},
		{"archh = sm_90", `c.conf:1: unknown key "archh" (known: arch, bankmode, verbose, notes, checks`},
		{"arch =", `c.conf:1: arch has no value`},
		{"arch = sm_90\narch = sm_80", `c.conf:2: arch is set again (first on line 1)`},
		{"bankmode = eight", `c.conf:1: bankmode: "eight" is not a number (want 4 or 8)`},
		{"arch = sm_90\nbankmode = 8", `c.conf:2: bank mode 8 needs an sm_3x profile`},
		{"bankmode = 16", `c.conf:1: bank mode 16: want 4 or 8`},
		{"verbose = yes", `c.conf:1: verbose: "yes" is not true or false`},
		{"checks = bankconflct", `c.conf:1: checks: unknown check "bankconflct" (known: all, bankconflict,`},
		{"checks = barrier, all", `c.conf:1: checks: all must come first`},
		{"checks = barrier, barrier", `c.conf:1: checks: barrier is named twice`},
		{"[lunch]", `c.conf:1: unknown section [lunch] (known: [launch])`},
		{"[launch]\nblock = 32\n[launch]", `c.conf:3: second [launch] section (the first is on line 1)`},
		{"[launch]\nwarps = 4", `c.conf:2: unknown key "warps" in [launch] (known: block, grid, cluster, shared)`},
		{"[launch]\nblock = 0", `c.conf:1: [launch]: block=0: "0" is not a positive integer`},
		{"[launch]\ngrid = 4", `c.conf:1: [launch]: needs block=X[xY[xZ]]`},
		{"[launch]\narch = sm_80", `c.conf:2: unknown key "arch" in [launch]`},
	} {
		_, err := Parse("c.conf", []byte(tt.text))
		if err == nil || !strings.HasPrefix(err.Error(), tt.want) {
			t.Errorf("Parse(%q) = %v, want an error starting %q", tt.text, err, tt.want)
		}
		if err != nil && strings.Contains(err.Error(), "\n") {
			t.Errorf("Parse(%q): error of several lines: %q", tt.text, err)
		}
	}
}

func TestFindWalksUp(t *testing.T) {
	root := t.TempDir()
	deep := filepath.Join(root, "a", "b", "c")
	if err := os.MkdirAll(deep, 0o755); err != nil {
		t.Fatal(err)
	}
	if p, err := Find(deep); err != nil || p != "" {
		t.Fatalf("Find with no file = %q, %v; want \"\", nil", p, err)
	}
	write(t, filepath.Join(root, "a", FileName), "arch = sm_80\n")
	if p, err := Find(deep); err != nil || p != filepath.Join(root, "a", FileName) {
		t.Errorf("Find = %q, %v; want the file in a/", p, err)
	}
	write(t, filepath.Join(root, "a", "b", FileName), "arch = sm_70\n")
	f, err := Load(deep)
	if err != nil || f == nil || *f.Arch != "sm_70" {
		t.Errorf("Load = %+v, %v; want the nearest file, arch sm_70", f, err)
	}
}

func TestResolveFlagsOverrideFile(t *testing.T) {
	dir := t.TempDir()
	write(t, filepath.Join(dir, FileName), "arch = sm_3x\nbankmode = 8\nverbose = true\nchecks = -barrier\n")
	defer resetFlags()
	resetFlags()
	c, err := Resolve(dir)
	if err != nil {
		t.Fatal(err)
	}
	if c.Arch.Name != "sm_3x" || c.Arch.BankWidth != 8 || !c.Verbose || c.Enabled("barrier") || !c.Enabled("bankconflict") {
		t.Errorf("from the file: arch %s, bank width %d, verbose %v, barrier %v; want sm_3x, 8, true, false",
			c.Arch.Name, c.Arch.BankWidth, c.Verbose, c.Enabled("barrier"))
	}
	if c.File != filepath.Join(dir, FileName) {
		t.Errorf("File = %q", c.File)
	}
	for name, v := range map[string]string{"arch": "sm_3x", "bankmode": "4", "verbose": "false"} {
		if err := Flags().Set(name, v); err != nil {
			t.Fatal(err)
		}
	}
	c, err = Resolve(dir)
	if err != nil {
		t.Fatal(err)
	}
	if c.Arch.BankWidth != 4 || c.Verbose {
		t.Errorf("with flags: bank width %d, verbose %v; want the flags' 4, false", c.Arch.BankWidth, c.Verbose)
	}
	if err := Flags().Set("arch", "sm_66"); err != nil {
		t.Fatal(err)
	}
	if _, err := Resolve(dir); err == nil || !strings.HasPrefix(err.Error(), `-arch=sm_66: unknown architecture "sm_66"`) {
		t.Errorf("Resolve with -arch=sm_66 = %v", err)
	}
}

func TestResolveMalformedFile(t *testing.T) {
	dir := t.TempDir()
	p := filepath.Join(dir, FileName)
	write(t, p, "arch = sm_90\nbankmode = 8\n")
	defer resetFlags()
	resetFlags()
	if _, err := Resolve(dir); err == nil || !strings.HasPrefix(err.Error(), p+":2: bank mode 8 needs an sm_3x profile") {
		t.Errorf("Resolve = %v, want the file and line 2", err)
	}
}

func write(t *testing.T, name, text string) {
	t.Helper()
	if err := os.WriteFile(name, []byte(text), 0o644); err != nil {
		t.Fatal(err)
	}
}
