package hwsites

import (
	"bytes"
	"os"
	"testing"

	"github.com/google/go-cmp/cmp"

	"github.com/smemlint/smemlint/internal/ncu"
)

// The transpose measured for internal/ncu: line 6 loads a row (4 sectors
// per request) and stores it to the tile (1 wavefront); line 9 reads a
// tile column (32 wavefronts) and stores a row (4 sectors). 2048 warps.
func TestSitesOfTranspose(t *testing.T) {
	f, err := os.Open("../../ncu/testdata/transpose.csv")
	if err != nil {
		t.Fatal(err)
	}
	defer f.Close()
	fns, err := ncu.Parse("transpose.csv", f)
	if err != nil {
		t.Fatal(err)
	}
	got := FromFunctions(fns)
	want := []Site{
		{"k", 6, "Global", "Load", 1, 2048, 4 * 2048, 4 * 2048},
		{"k", 6, "Shared", "Store", 1, 2048, 2048, 2048},
		{"k", 9, "Shared", "Load", 1, 2048, 32 * 2048, 2048},
		{"k", 9, "Global", "Store", 1, 2048, 4 * 2048, 4 * 2048},
	}
	if diff := cmp.Diff(want, got); diff != "" {
		t.Fatalf("sites (-want +got):\n%s", diff)
	}
	var buf bytes.Buffer
	if err := Write(&buf, got); err != nil {
		t.Fatal(err)
	}
	back, err := Read("sites.csv", &buf)
	if err != nil {
		t.Fatal(err)
	}
	if diff := cmp.Diff(got, back); diff != "" {
		t.Errorf("Write then Read (-+):\n%s", diff)
	}
}

func TestReadBadInput(t *testing.T) {
	for _, in := range []string{"", "a,b\n", "kernel,line,space,op,instrs,requests,units,ideal\nk,x,Global,Load,1,1,1,1\n"} {
		if _, err := Read("bad.csv", bytes.NewBufferString(in)); err == nil {
			t.Errorf("%q: no error", in)
		}
	}
}
