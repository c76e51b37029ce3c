package lsp

import (
	"context"
	"os"
	"os/exec"
	"path/filepath"
	"strings"
	"testing"
	"time"
)

// buildSmemlint builds the command into a temporary directory.
func buildSmemlint(t *testing.T) string {
	t.Helper()
	bin := filepath.Join(t.TempDir(), "smemlint")
	cmd := exec.Command("go", "build", "-o", bin, "github.com/smemlint/smemlint/cmd/smemlint")
	if out, err := cmd.CombinedOutput(); err != nil {
		t.Fatalf("go build: %v\n%s", err, out)
	}
	return bin
}

// TestNeovim runs a real editor client: a headless Neovim attaches
// "smemlint lsp" to a Go file (testdata/nvim.lua) and prints the
// diagnostics and code actions it received. Skipped without nvim
// (scripts/e2e-deps.sh installs it).
func TestNeovim(t *testing.T) {
	nvim, err := exec.LookPath("nvim")
	if err != nil {
		t.Skip("nvim not installed (scripts/e2e-deps.sh installs it)")
	}
	file, err := filepath.Abs(filepath.Join("..", "testdata", "tiles", "tiles.go"))
	if err != nil {
		t.Fatal(err)
	}
	script, err := filepath.Abs(filepath.Join("testdata", "nvim.lua"))
	if err != nil {
		t.Fatal(err)
	}
	bin := buildSmemlint(t)
	ctx, cancel := context.WithTimeout(context.Background(), 2*time.Minute)
	defer cancel()
	cmd := exec.CommandContext(ctx, nvim, "--headless", "-u", "NONE", "-i", "NONE", "-n", "-c", "luafile "+script)
	cmd.Dir = t.TempDir()
	cmd.Env = append(os.Environ(), "SMEMLINT_BIN="+bin, "SMEMLINT_FILE="+file, "XDG_STATE_HOME="+cmd.Dir, "XDG_DATA_HOME="+cmd.Dir)
	out, err := cmd.CombinedOutput()
	t.Logf("nvim printed:\n%s", out)
	if err != nil {
		t.Fatalf("nvim: %v", err)
	}
	for _, want := range []string{
		"tiles.go:16:18: [smemlint bankconflict] shared load tile[tx][ty]: 32-way bank conflict",
		"tiles.go:33:2: [smemlint coalescing] global store out[t.ThreadIdx.X*1024]: 32 sectors per request (ideal 4)",
		"tiles.go:16: code action: pad tile by 1 element(s) per row (quickfix)",
	} {
		if !strings.Contains(string(out), want) {
			t.Errorf("nvim output lacks %q", want)
		}
	}
	if strings.Contains(string(out), "tiles.go:26") {
		t.Errorf("nvim shows the finding that //smemlint:ignore suppresses")
	}
}
