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
	// 256×256 floats in blocks of 32×32: 64 blocks of 32 warps.
	got := FromFunctions(fns, map[string]int64{"k": 64})
	want := []Site{
		{"k", 6, "Global", "Load", 1, 2048, 4 * 2048, 4 * 2048, 64},
		{"k", 6, "Shared", "Store", 1, 2048, 2048, 2048, 64},
		{"k", 9, "Shared", "Load", 1, 2048, 32 * 2048, 2048, 64},
		{"k", 9, "Global", "Store", 1, 2048, 4 * 2048, 4 * 2048, 64},
	}
	for _, s := range got {
		if s.RequestsPerBlock() != 32 {
			t.Errorf("line %d %s %s: %v requests per block, want 32", s.Line, s.Space, s.Op, s.RequestsPerBlock())
		}
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

// ReadLaunches keeps the first launch of each kernel and skips the
// units row that ncu prints under the header.
func TestReadLaunches(t *testing.T) {
	in := `"ID","Kernel Name","Grid Size","launch__grid_size"
"","","",""
"0","k(int)","(4, 16, 1)","64"
"1","k(int)","(8, 16, 1)","128"
"ID","Kernel Name","Grid Size","launch__grid_size"
"","","",""
"0","j(float *)","(1, 1, 1)","1"
`
	got, err := ReadLaunches("l.csv", bytes.NewBufferString(in))
	if err != nil {
		t.Fatal(err)
	}
	if diff := cmp.Diff(map[string]int64{"k": 64, "j": 1}, got); diff != "" {
		t.Errorf("launches (-want +got):\n%s", diff)
	}
	if _, err := ReadLaunches("l.csv", bytes.NewBufferString(`"0","k(int)","64"`+"\n")); err == nil {
		t.Error("a row before any header: no error")
	}
}

func TestReadBadInput(t *testing.T) {
	for _, in := range []string{"", "a,b\n", "kernel,line,space,op,instrs,requests,units,ideal,blocks\nk,x,Global,Load,1,1,1,1,1\n"} {
		if _, err := Read("bad.csv", bytes.NewBufferString(in)); err == nil {
			t.Errorf("%q: no error", in)
		}
	}
}
