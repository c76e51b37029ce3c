package ncu

import (
	"fmt"
	"os"
	"strings"
	"testing"

	"github.com/google/go-cmp/cmp"
)

// testdata/transpose.csv and transpose-sass.csv are the two source views
// of one ncu 2025.3.1 report (--section SourceCounters) of
// testdata/transpose.cu built with nvcc 13.0 -O3 -lineinfo -arch=sm_90 and
// run on an H100 (256×256 floats, blocks of 32×32). The report's absolute
// source path was replaced by the file's name.

func parseFile(t *testing.T, name string) []Function {
	t.Helper()
	f, err := os.Open(name)
	if err != nil {
		t.Fatal(err)
	}
	defer f.Close()
	fns, err := Parse(name, f)
	if err != nil {
		t.Fatal(err)
	}
	return fns
}

func TestLinesMatchTheSource(t *testing.T) {
	fns := parseFile(t, "testdata/transpose.csv")
	if len(fns) != 1 {
		t.Fatalf("%d functions, want 1", len(fns))
	}
	f := fns[0]
	if f.Name != "k(float *, const float *, int)" || f.ShortName() != "k" || f.File != "transpose.cu" || !f.Counted {
		t.Errorf("function %q (%q) in %q, counted %v", f.Name, f.ShortName(), f.File, f.Counted)
	}
	src, err := os.ReadFile("testdata/transpose.cu")
	if err != nil {
		t.Fatal(err)
	}
	text := strings.Split(string(src), "\n")
	for _, l := range f.Lines {
		if want := strings.TrimSpace(text[l.No-1]); strings.TrimSpace(l.Source) != want {
			t.Errorf("line %d is %q, the file has %q", l.No, l.Source, want)
		}
		for _, in := range l.Instrs {
			if in.Line != l.No {
				t.Errorf("%s under line %d says line %d", in.SASS, l.No, in.Line)
			}
		}
	}
}

// ncu's row for a line is the sum of the rows of its instructions.
func TestLineTotalsAreInstructionSums(t *testing.T) {
	for _, l := range parseFile(t, "testdata/transpose.csv")[0].Lines {
		var sum Counters
		for _, in := range l.Instrs {
			sum.Executed += in.Executed
			sum.ThreadExecuted += in.ThreadExecuted
			sum.PredOnThreadExecuted += in.PredOnThreadExecuted
			sum.TagRequestsGlobal += in.TagRequestsGlobal
			sum.WavefrontsShared += in.WavefrontsShared
			sum.WavefrontsSharedIdeal += in.WavefrontsSharedIdeal
			sum.SectorsGlobal += in.SectorsGlobal
			sum.SectorsGlobalIdeal += in.SectorsGlobalIdeal
		}
		got := l.Counters
		got.Space, got.Op, got.Size = "", "", ""
		if diff := cmp.Diff(sum, got); diff != "" {
			t.Errorf("line %d: sum of instructions vs line row (-+):\n%s", l.No, diff)
		}
	}
}

// The memory instructions of the transpose, per warp-level request: a
// coalesced load (4 sectors), the row store into the tile (1 wavefront),
// the column read (32 wavefronts: tile[tx][ty] with a 32-float row) and
// the coalesced store.
func TestMemoryInstructions(t *testing.T) {
	type access struct {
		Line       int
		Space, Op  string
		Bits       int
		PerRequest int64
	}
	var got []access
	for _, in := range parseFile(t, "testdata/transpose.csv")[0].Instructions() {
		if !in.Memory() {
			continue
		}
		per := (in.SectorsGlobal + in.WavefrontsShared) / in.Executed
		got = append(got, access{in.Line, in.Space, in.Op, in.SizeBits(), per})
	}
	want := []access{
		{6, "Global", "Load", 32, 4},
		{6, "Shared", "Store", 32, 1},
		{9, "Shared", "Load", 32, 32},
		{9, "Global", "Store", 32, 4},
	}
	if diff := cmp.Diff(want, got); diff != "" {
		t.Errorf("memory instructions (-want +got):\n%s", diff)
	}
}

// The SASS view of the same report holds the same instructions.
func TestSASSViewAgrees(t *testing.T) {
	both := parseFile(t, "testdata/transpose.csv")[0].Instructions()
	sass := parseFile(t, "testdata/transpose-sass.csv")
	if len(sass) != 1 || sass[0].File != "" {
		t.Fatalf("SASS view: %d functions, file %q", len(sass), sass[0].File)
	}
	only := sass[0].Instructions()
	for i := range both {
		both[i].Line = 0
	}
	if diff := cmp.Diff(both, only); diff != "" {
		t.Errorf("cuda,sass view vs sass view (-+):\n%s", diff)
	}
}

func TestBadInput(t *testing.T) {
	header := `"Line No","Source","Address","Source","Instructions Executed"` + "\n"
	cases := []struct{ name, in, want string }{
		{"empty", "", "bad.csv: no kernel in the file"},
		{"no header", `"Function Name","k()"` + "\n" + `"1","x","-","-","3"` + "\n", "bad.csv: record 2: data before a kernel's header row"},
		{"short row", `"Function Name","k()"` + "\n" + header + `"1","x"` + "\n", "bad.csv: record 3: 2 fields, the header has 5"},
		{"bad address", `"Function Name","k()"` + "\n" + header + `"1","x","-","-","3"` + "\n" + `"","","0xZZ","NOP","1"` + "\n", `bad.csv: record 4: address "0xZZ" is not hexadecimal`},
		{"bad counter", `"Function Name","k()"` + "\n" + header + `"1","x","-","-","3"` + "\n" + `"","","0x10","NOP","many"` + "\n", `bad.csv: record 4: instruction 0x10: counter "many" is not a whole number`},
		{"orphan instruction", `"Function Name","k()"` + "\n" + header + `"","","0x10","NOP","1"` + "\n", "bad.csv: record 3: instruction 0x10 before any source line"},
		{"bad line", `"Function Name","k()"` + "\n" + header + `"x","y","-","-","1"` + "\n", `bad.csv: record 3: line number "x"`},
		// Quotes are read lazily (ncu leaves those in source text single),
		// so a broken one shows as a broken record.
		{"unbalanced quote", `"Kernel Name,"k()"` + "\n", "bad.csv: record 1: data before a kernel's header row"},
	}
	for _, c := range cases {
		_, err := Parse("bad.csv", strings.NewReader(c.in))
		switch {
		case err == nil:
			t.Errorf("%s: no error", c.name)
		case !strings.Contains(err.Error(), c.want):
			t.Errorf("%s: error %q, want it to contain %q", c.name, err, c.want)
		case strings.Contains(err.Error(), "\n"):
			t.Errorf("%s: error spans lines: %q", c.name, err)
		}
	}
}

// A result without SourceCounters columns is read, and says so.
func TestUncounted(t *testing.T) {
	in := `"Function Name","k(int)"` + "\n" + `"Line No","Source","Address","Source","Warp Stall Sampling (All Samples)"` + "\n" +
		`"3","x = 1;","-","-","0"` + "\n" + `"","","0x10","NOP","0"` + "\n"
	fns, err := Parse("u.csv", strings.NewReader(in))
	if err != nil {
		t.Fatal(err)
	}
	if len(fns) != 1 || fns[0].Counted || len(fns[0].Instructions()) != 1 {
		t.Errorf("got %+v", fns)
	}
}

// ncu leaves the quotes inside a source line's text single (CUDA's
// headers hold asm statements): the line keeps its number, and the
// instructions under it stay under it.
func TestUnescapedQuotesInSource(t *testing.T) {
	header := `"Line No","Source","Address","Source","Instructions Executed","Address Space","Access Operation","Access Size","L1 Wavefronts Shared"`
	csv := `"File Path","h.hpp"
"Function Name","k"
` + header + `
"7","asm volatile("mov.b64 {%0,%1}, %2;" : "=r"(lo), "=r"(hi) : "d"(var));","-","-","3","-","-","-","0"
"","","0x10","      MOV R0, R2","3","-","-","-","0"
"9","x = s[i];","-","-","1","Shared","Load","32","2"
"","","0x20","      LDS R1, [R0]","1","Shared","Load","32","2"
`
	fns, err := Parse("quotes.csv", strings.NewReader(csv))
	if err != nil {
		t.Fatal(err)
	}
	var got []string
	for _, l := range fns[0].Lines {
		for _, in := range l.Instrs {
			got = append(got, fmt.Sprintf("%d %s", l.No, in.SASS))
		}
	}
	if want := []string{"7 MOV R0, R2", "9 LDS R1, [R0]"}; !cmp.Equal(got, want) {
		t.Errorf("instructions by line %q, want %q", got, want)
	}
}

// The -G exports list some lines' instructions twice, separated by a gap
// row; ncu's line totals count each instruction once, and so does Parse.
func TestRepeatedInstructions(t *testing.T) {
	in := `"Function Name","k(int *)"` + "\n" +
		`"Line No","Source","Address","Source","Instructions Executed","Address Space","Access Operation"` + "\n" +
		`"7","a[i] = 0;","-","-","4096","Global","Store"` + "\n" +
		`"","","0x10","MOV R2, R2","2048","-","-"` + "\n" +
		`"","","0x20","ST.E [R2.64], RZ","2048","Global","Store"` + "\n" +
		`"","","...","...","-","-","-"` + "\n" +
		`"","","0x10","MOV R2, R2","2048","-","-"` + "\n" +
		`"","","0x20","ST.E [R2.64], RZ","2048","Global","Store"` + "\n"
	fns, err := Parse("g.csv", strings.NewReader(in))
	if err != nil {
		t.Fatal(err)
	}
	l := fns[0].Lines[0]
	var sum int64
	for _, in := range l.Instrs {
		sum += in.Executed
	}
	if len(l.Instrs) != 2 || sum != l.Executed {
		t.Errorf("%d instructions executing %d times, the line row says %d", len(l.Instrs), sum, l.Executed)
	}
}
