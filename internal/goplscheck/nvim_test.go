package goplscheck

import (
	"context"
	"os"
	"os/exec"
	"path/filepath"
	"strings"
	"testing"
	"time"
)

// TestNeovim runs a real editor on the built gopls: a headless Neovim with
// it as the only Go language server (testdata/nvim.lua) opens a kernel and
// must see smemlint's bank-conflict diagnostic and its padding quick fix.
// Skipped without nvim (scripts/e2e-deps.sh installs it).
func TestNeovim(t *testing.T) {
	nvim, err := exec.LookPath("nvim")
	if err != nil {
		t.Skip("nvim not installed (scripts/e2e-deps.sh installs it)")
	}
	gopls := buildGopls(t)
	work := kernelModule(t)
	script, err := filepath.Abs(filepath.Join("testdata", "nvim.lua"))
	if err != nil {
		t.Fatal(err)
	}
	ctx, cancel := context.WithTimeout(context.Background(), 4*time.Minute)
	defer cancel()
	state := t.TempDir()
	cmd := exec.CommandContext(ctx, nvim, "--headless", "-u", "NONE", "-i", "NONE", "-n", "-c", "luafile "+script)
	cmd.Dir = work
	cmd.Env = append(os.Environ(), "GOPLS_BIN="+gopls, "KERNEL_FILE="+filepath.Join(work, "confarch", "default", "tile.go"),
		"KERNEL_ROOT="+work, "XDG_STATE_HOME="+state, "XDG_DATA_HOME="+state, "XDG_CACHE_HOME="+state)
	out, err := cmd.CombinedOutput()
	t.Logf("nvim printed:\n%s", out)
	if err != nil {
		t.Fatalf("nvim: %v", err)
	}
	for _, want := range []string{
		"tile.go:15:15: [bankconflict] shared load tile[tx][ty]: 32-way bank conflict (32 wavefronts, ideal 1)",
		"tile.go:15: code action: pad tile by 1 element(s) per row (quickfix)",
	} {
		if !strings.Contains(string(out), want) {
			t.Errorf("nvim output lacks %q", want)
		}
	}
}
