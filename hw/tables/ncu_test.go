package main

import (
	"bytes"
	"os"
	"path/filepath"
	"strings"
	"testing"
)

// The files under testdata are written by hand in the formats of
// ncu --csv --page raw and cuobjdump -sass; their figures are made up to
// exercise agreement, the multi-warp counter allowance and disagreement.

func TestRunMeasured(t *testing.T) {
	var out bytes.Buffer
	code, err := run(&out, "testdata/cases.h", "testdata/raw.csv", "", "", "sm_90")
	if err != nil {
		t.Fatal(err)
	}
	if code != 1 {
		t.Errorf("exit code %d, want 1 (D06 disagrees)", code)
	}
	got := out.String()
	for _, want := range []string{
		"| S01 | `s[tid * 1]` | 4 | all | 1 | 1 | 1 | 1 | = |",
		"| D06 | `d[0]` | 8 | all | 1 | 2 | 2 | 1 | **differs** |",
		"| S15 | `s[tx * 32 + ty]`, block 32×32 | 4 | all | 32 | 1028–1036 | 32.13–32.38 | 32 | counter +4–12 |",
		"| G01 | `g[tid]` | 4 | all | 1 | 4 | 4 | 4 | = |",
		"| M3 | `d[tid]`, block 256×1 | 8 | `tid < 48` | 2 | 3 | 1.5 | 1.5 | = |",
		"| PZ0 | `d[tid]` | 8 | none | 0 | 0 | - (no request) | 0 | = |",
		"| GS1 | `g[tid] = v` | 4 | all | - | - | - | 4 | not measured |",
		"### Global memory, some lanes off",
	} {
		if want == "### Global memory, some lanes off" {
			if strings.Contains(got, want) {
				t.Errorf("output has an empty table %q", want)
			}
			continue
		}
		if !strings.Contains(got, want) {
			t.Errorf("output lacks %q\n%s", want, got)
		}
	}
}

func TestCheckSASS(t *testing.T) {
	f, err := os.Open("testdata/micro.sass")
	if err != nil {
		t.Fatal(err)
	}
	defer f.Close()
	funcs, err := readSASS("micro.sass", f)
	if err != nil {
		t.Fatal(err)
	}
	cs := &Cases{List: []*Case{
		{ID: "S01", Op: "SLD", Type: "F32"},
		{ID: "GS1", Op: "GST", Type: "F32"},
	}}
	got := strings.Join(checkSASS(cs, funcs), "\n")
	want := strings.Join([]string{
		"S01_b: memory instructions map[LDS:2 STG:1], want map[LDS:1 STG:1]",
		"GS1_b: not in the SASS",
	}, "\n")
	if got != want {
		t.Errorf("checkSASS:\n%s\nwant:\n%s", got, want)
	}
}

// TestRunSource checks the per-instruction figures: they decide the
// multi-warp cases whose counter reads high, and are shown, not counted,
// elsewhere.
func TestRunSource(t *testing.T) {
	var out bytes.Buffer
	if _, err := run(&out, "testdata/cases.h", "testdata/raw.csv", "testdata/source.csv", "", "sm_90"); err != nil {
		t.Fatal(err)
	}
	got := out.String()
	for _, want := range []string{
		"| S01 | `s[tid * 1]` | 4 | all | 1 | 1 | 1 | 1 | 1–2 | = (per instruction 1–2) |",
		"| S15 | `s[tx * 32 + ty]`, block 32×32 | 4 | all | 32 | 1028–1036 | 32.13–32.38 | 32 | 1024 | counter +4–12, per instruction = |",
		"| G01 | `g[tid]` | 4 | all | 1 | 4 | 4 | 4 | 4 | = |",
		"| GS1 | `g[tid] = v` | 4 | all | - | - | - | 4 | - | not measured |",
	} {
		if !strings.Contains(got, want) {
			t.Errorf("output lacks %q\n%s", want, got)
		}
	}

	// With the per-instruction figure off too, the high counter is a
	// disagreement.
	data, err := os.ReadFile("testdata/source.csv")
	if err != nil {
		t.Fatal(err)
	}
	bad := filepath.Join(t.TempDir(), "source.csv")
	if err := os.WriteFile(bad, bytes.Replace(data, []byte(`"Shared","Load","32","0","1024"`), []byte(`"Shared","Load","32","0","1030"`), 1), 0o644); err != nil {
		t.Fatal(err)
	}
	out.Reset()
	code, err := run(&out, "testdata/cases.h", "testdata/raw.csv", bad, "", "sm_90")
	if err != nil {
		t.Fatal(err)
	}
	want := "| S15 | `s[tx * 32 + ty]`, block 32×32 | 4 | all | 32 | 1028–1036 | 32.13–32.38 | 32 | 1024–1030 | **differs** (counter +4–12, per instruction 1024–1030) |"
	if code != 1 || !strings.Contains(out.String(), want) {
		t.Errorf("exit %d, output lacks %q\n%s", code, want, out.String())
	}

	if _, err := run(&out, "testdata/cases.h", "", "testdata/source.csv", "", "sm_90"); err == nil || !strings.Contains(err.Error(), "-source needs -raw") {
		t.Errorf("-source without -raw: err = %v", err)
	}
}
