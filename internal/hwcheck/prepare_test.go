package hwcheck

import (
	"os"
	"path/filepath"
	"testing"
)

// Seeds picks the fuzzer's kernels to translate: those and no others, in
// a file named after the last, each with the simulator's totals.
func TestPrepareSeeds(t *testing.T) {
	base := t.TempDir()
	plan, err := Prepare(Options{Base: base, Dir: filepath.Join(base, "_sel"), Seeds: []int{2, 5}, Fuzz: 2000})
	if err != nil {
		t.Fatal(err)
	}
	if len(plan.Files) != 1 || plan.Files[0].Name != filepath.Join("cu", "seeds00005.cu") {
		t.Fatalf("files %+v, want cu/seeds00005.cu", plan.Files)
	}
	if len(plan.Instances) != 2 {
		t.Fatalf("%d instances, want 2", len(plan.Instances))
	}
	for i, want := range []string{"_sel/fuzz/fz00002.go", "_sel/fuzz/fz00005.go"} {
		in := plan.Instances[i]
		if len(in.Rows) == 0 || in.Rows[0].File != want || in.Rows[0].Sim == nil {
			t.Errorf("instance %d: rows %+v, want rows of %s with the simulator's totals", i, in.Rows, want)
		}
	}
	if _, err := os.Stat(filepath.Join(base, "_sel", "fuzz", "fz00003.go")); err == nil {
		t.Errorf("seed 3 written, though not asked for")
	}
}
