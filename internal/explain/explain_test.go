package explain

import (
	"bytes"
	"context"
	"image"
	"image/png"
	"os"
	"os/exec"
	"path/filepath"
	"strings"
	"testing"
	"time"

	"github.com/smemlint/smemlint/internal/driver"
)

var tiles = filepath.Join("..", "testdata", "tiles", "tiles.go")

func TestWrite(t *testing.T) {
	tests := []struct {
		name      string
		line, col int
		want      []string
	}{
		{"bank conflict", 16, 18, []string{
			"tiles.go:16:18: shared load tile[tx][ty]",
			"kernel Transpose, block 32×32 (//smemlint:launch at tiles.go:8), sm_90",
			"wave 32    31  ·",
			"ways       32\n",
			"32 wavefronts per request, ideal 1: 32-way conflict, lanes 0..31 on bank 0",
			"fix: pad tile by 1 element(s) per row (tiles.go:12:27 → \"33\"",
		}},
		{"row store", 14, 2, []string{
			"shared store tile[ty][tx]",
			"wave 1      0  1  2  3",
			"1 wavefront per request, ideal 1.",
			"fix: none needed",
		}},
		{"uncoalesced", 33, 0, []string{
			"global store out[t.ThreadIdx.X*1024]",
			"sector     0   1   2   3",
			"sector 31 (+126976 bytes): lane 31, 4 of 32 bytes used",
			"32 32-byte sectors and 32 128-byte lines per request; the 128 bytes asked for fit in 4 (ideal).",
			"fix: make consecutive lanes touch consecutive elements",
		}},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			ks, err := Load(tiles, tt.line, tt.col, driver.Options{})
			if err != nil {
				t.Fatal(err)
			}
			var b strings.Builder
			for _, tg := range ks[0].At(tiles, tt.line, tt.col) {
				Write(&b, ks[0], tg)
			}
			for _, w := range tt.want {
				if !strings.Contains(b.String(), w) {
					t.Errorf("explanation lacks %q:\n%s", w, b.String())
				}
			}
		})
	}
}

// TestWriteBound: a store whose lanes choose their array by data is a
// bound over every choice, which the explanation states rather than
// drawing one choice as the request.
func TestWriteBound(t *testing.T) {
	file := filepath.Join("testdata", "bydata", "bydata.go")
	ks, err := Load(file, 17, 2, driver.Options{})
	if err != nil {
		t.Fatal(err)
	}
	var b strings.Builder
	for _, tg := range ks[0].At(file, 17, 2) {
		Write(&b, ks[0], tg)
	}
	for _, w := range []string{
		"shared store q[tid/2]",
		"up to 2 wavefronts (ideal 1) over every choice, since the lanes of a warp choose between shared arrays by data read from memory; no one request to draw",
	} {
		if !strings.Contains(b.String(), w) {
			t.Errorf("explanation lacks %q:\n%s", w, b.String())
		}
	}
	if strings.Contains(b.String(), "wave 1") {
		t.Errorf("explanation draws one choice as the request:\n%s", b.String())
	}
}

func TestLoadNoAccess(t *testing.T) {
	if _, err := Load(tiles, 1, 0, driver.Options{}); err == nil || !strings.Contains(err.Error(), "no shared or global access") {
		t.Errorf("Load at the package clause: %v, want no access", err)
	}
}

// TestHTMLScreenshot renders the page of the transpose kernel in headless
// Chromium and checks the picture: the heatmap's conflicting row is red,
// the others green. The PNG is kept at $SMEMLINT_SCREENSHOT when set.
// Skipped without chromium (scripts/e2e-deps.sh installs it).
func TestHTMLScreenshot(t *testing.T) {
	chromium, err := exec.LookPath("chromium")
	if err != nil {
		t.Skip("chromium not installed (scripts/e2e-deps.sh installs it)")
	}
	ks, err := Load(tiles, 16, 18, driver.Options{})
	if err != nil {
		t.Fatal(err)
	}
	dir := t.TempDir()
	page := filepath.Join(dir, "explain.html")
	if err := WriteHTMLFile(page, ks[0], tiles, 16); err != nil {
		t.Fatal(err)
	}
	shot := os.Getenv("SMEMLINT_SCREENSHOT")
	if shot == "" {
		shot = filepath.Join(dir, "explain.png")
	}
	shot, _ = filepath.Abs(shot)
	ctx, cancel := context.WithTimeout(context.Background(), 90*time.Second)
	defer cancel()
	cmd := exec.CommandContext(ctx, chromium, "--headless", "--no-sandbox", "--disable-gpu", "--disable-quic",
		"--no-first-run", "--disable-background-networking", "--disable-component-update", "--disable-sync",
		"--hide-scrollbars", "--user-data-dir="+filepath.Join(dir, "profile"), "--window-size=1100,700",
		"--screenshot="+shot, "file://"+page)
	if out, err := cmd.CombinedOutput(); err != nil {
		t.Fatalf("chromium: %v\n%s", err, out)
	}
	data, err := os.ReadFile(shot)
	if err != nil {
		t.Fatal(err)
	}
	img, err := png.Decode(bytes.NewReader(data))
	if err != nil {
		t.Fatal(err)
	}
	if b := img.Bounds(); b.Dx() != 1100 || b.Dy() != 700 {
		t.Errorf("screenshot is %v, want 1100×700", b)
	}
	red, green := countColors(img)
	t.Logf("screenshot %s: %d dark-red and %d green pixels", shot, red, green)
	// One row of 32 cells of 18×18 pixels is dark red (32-way), the other
	// three rows green; the bank grid adds red cells for the 32 words.
	if red < 32*14*14 || green < 3*32*14*14 {
		t.Errorf("screenshot shows %d dark-red and %d green pixels: the heatmap did not render", red, green)
	}
}

// countColors counts the pixels of the heatmap's ×32 and ×1 colors.
func countColors(img image.Image) (red, green int) {
	b := img.Bounds()
	for y := b.Min.Y; y < b.Max.Y; y++ {
		for x := b.Min.X; x < b.Max.X; x++ {
			r, g, bl, _ := img.At(x, y).RGBA()
			r, g, bl = r>>8, g>>8, bl>>8
			switch {
			case r > 0x70 && r < 0x90 && g < 0x10 && bl < 0x10:
				red++
			case r > 0x5a && r < 0x72 && g > 0xb0 && g < 0xc8 && bl > 0x58 && bl < 0x70:
				green++
			}
		}
	}
	return red, green
}
