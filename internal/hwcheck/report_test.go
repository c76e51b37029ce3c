package hwcheck

import (
	"compress/gzip"
	"os"
	"path/filepath"
	"strings"
	"testing"
)

// writeExport writes a gzipped source view of one kernel instance.
func writeExport(t *testing.T, dir, name, body string) string {
	t.Helper()
	file := filepath.Join(dir, name)
	f, err := os.Create(file)
	if err != nil {
		t.Fatal(err)
	}
	z := gzip.NewWriter(f)
	if _, err := z.Write([]byte(body)); err != nil {
		t.Fatal(err)
	}
	if err := z.Close(); err != nil {
		t.Fatal(err)
	}
	if err := f.Close(); err != nil {
		t.Fatal(err)
	}
	return file
}

const header = `"Line No","Source","Address","Source","Instructions Executed","Address Space","Access Operation","Access Size","L1 Wavefronts Shared","L2 Theoretical Sectors Global"`

// An instruction ncu lists under two line ranges counts once; the row's
// mean per request must be a predicted figure, and the simulator's
// totals the GPU's.
func TestCompare(t *testing.T) {
	export := `"File Path","/gpu/repo/k/k.go"
"Function Name","K__0"
` + header + `
"5","x := s[tx*32]","-","-","1","Shared","Load","32","32","0"
"","","0x10","      LDS R1, [R0]","1","Shared","Load","32","32","0"
"","","0x10","      LDS R1, [R0]","1","Shared","Load","32","32","0"
"6","out[tx] = x","-","-","1","Global","Store","32","0","4"
"","","0x20","      STG.E [R2.64], R1","1","Global","Store","32","0","4"
"7","y := s[tx]","-","-","1","Shared","Load","32","1","0"
"","","0x30","      LDS R3, [R0]","1","Shared","Load","32","1","0"
`
	dir := t.TempDir()
	name := writeExport(t, dir, "k.G.csv.gz", export)
	in := Instance{Name: "K__0", File: "cu/k.cu", Corpus: "c", Block: [3]int{32, 1, 1}, Grid: [3]int{1, 1, 1}, Rows: []*Row{
		{Key: Key{File: "k/k.go", Line: 5, Space: "shared", Op: "load"}, Figures: []int{32}, Exact: true, Sizes: []int{4}},
		{Key: Key{File: "k/k.go", Line: 6, Space: "global", Op: "store"}, Figures: []int{4}, Exact: true, Sizes: []int{4},
			Sim: &Totals{Requests: 1, Sum: 4}},
		{Key: Key{File: "k/k.go", Line: 7, Space: "shared", Op: "load"}, Figures: []int{2}, Exact: true, Sizes: []int{4}},
		{Key: Key{File: "k/k.go", Line: 8, Space: "shared", Op: "store"}, Figures: []int{1}, Exact: true, Sizes: []int{4}},
	}}
	plan := &Plan{Instances: []Instance{in}}
	b, err := ReadBuild([]string{name}, []string{"k/k.go"}, map[string]bool{in.ID(): true})
	if err != nil {
		t.Fatal(err)
	}
	r := Compare(plan, b, nil)
	want := []string{Agree, Agree, Disagree, NoSASS}
	for i, res := range r.Results {
		if res.VerdictG != want[i] {
			t.Errorf("line %d: verdict %s (%s), want %s", res.Row.Line, res.VerdictG, res.WhyG, want[i])
		}
		if res.VerdictO3 != NotRun {
			t.Errorf("line %d: -O3 verdict %s without an -O3 build", res.Row.Line, res.VerdictO3)
		}
	}
	if m := r.Results[0].G; m == nil || m.Requests != 1 || m.Sum != 32 {
		t.Errorf("line 5 measured %+v, want 1 request of 32 wavefronts", m)
	}
	var out strings.Builder
	if err := WriteTable(&out, r, false); err != nil {
		t.Fatal(err)
	}
	if !strings.Contains(out.String(), "rows measured 3: 2 agree, 1 disagree; 1 no instruction") {
		t.Errorf("table:\n%s", out.String())
	}
}

// An -O3 row that differs names what the compiler did.
func TestTransformation(t *testing.T) {
	row := &Row{Key: Key{Space: "shared", Op: "load"}, Sizes: []int{4}}
	g := &Measured{Requests: 8, Sum: 8, Widths: []int{4}, Opcodes: []string{"LDS"}}
	cases := []struct {
		o3   *Measured
		want string
	}{
		{nil, "eliminated or moved"},
		{&Measured{Requests: 2, Sum: 4, Widths: []int{16}, Opcodes: []string{"LDS.128"}}, "vectorized: LDS.128"},
		{&Measured{Requests: 1, Sum: 1, Widths: []int{4}, Opcodes: []string{"LDS"}}, "fewer requests (1, -G 8)"},
	}
	for _, c := range cases {
		if got := transformation(row, g, c.o3, ""); !strings.Contains(got, c.want) {
			t.Errorf("%+v: %q, want it to contain %q", c.o3, got, c.want)
		}
	}
}

// A 16-byte element of which -O3 reads one word is narrowed, not merged
// (the H100 row kernels Q06-Q17: LDS for q[i].X).
func TestTransformationNarrowed(t *testing.T) {
	row := &Row{Key: Key{Space: "shared", Op: "load"}, Sizes: []int{16}}
	g := &Measured{Requests: 8, Sum: 32, Widths: []int{16}, Opcodes: []string{"LDS.128"}}
	o3 := &Measured{Requests: 8, Sum: 8, Widths: []int{4}, Opcodes: []string{"LDS"}}
	if got := transformation(row, g, o3, ""); !strings.HasPrefix(got, "narrowed: LDS (16-byte") {
		t.Errorf("%q, want narrowed", got)
	}
}

// An -O3 instruction at a line that -G never ran is named as a merge of
// branches, not left unexplained.
func TestTransformationMergedBranches(t *testing.T) {
	row := &Row{Key: Key{Space: "global", Op: "store"}, Sizes: []int{1}}
	o3 := &Measured{Requests: 6, Sum: 12, Widths: []int{1}, Opcodes: []string{"STG.E.U8"}}
	for _, g := range []*Measured{nil, {}} {
		if got := transformation(row, g, o3, ""); !strings.HasPrefix(got, "if-converted or tail-merged: STG.E.U8") {
			t.Errorf("-G %+v: %q", g, got)
		}
	}
}

// A line with an access the analyzer did not evaluate is not judged by
// the figures of the others (fuzz seed 1304): against the simulator only,
// where it ran, and unpredicted elsewhere.
func TestPartlyPredicted(t *testing.T) {
	export := `"File Path","/gpu/repo/k/k.go"
"Function Name","K__0"
` + header + `
"5","g[j] = 0","-","-","2","Global","Store","64","0","40"
"","","0x10","      STG.E.64 [R2.64], RZ","2","Global","Store","64","0","40"
"6","h[j] = 0","-","-","2","Global","Store","64","0","40"
"","","0x20","      STG.E.64 [R4.64], RZ","2","Global","Store","64","0","40"
`
	dir := t.TempDir()
	name := writeExport(t, dir, "k.G.csv.gz", export)
	key := func(line int) Key { return Key{File: "k/k.go", Line: line, Space: "global", Op: "store"} }
	in := Instance{Name: "K__0", File: "cu/k.cu", Corpus: "c", Block: [3]int{32, 1, 1}, Grid: [3]int{1, 1, 1}, Rows: []*Row{
		{Key: key(5), Figures: []int{32}, Exact: true, Sizes: []int{8, 8}, Skip: "the index depends on j",
			Sim: &Totals{Requests: 2, Sum: 40}},
		{Key: key(6), Figures: []int{32}, Exact: true, Sizes: []int{8, 8}, Skip: "the index depends on j"},
	}}
	b, err := ReadBuild([]string{name}, []string{"k/k.go"}, map[string]bool{in.ID(): true})
	if err != nil {
		t.Fatal(err)
	}
	r := Compare(&Plan{Instances: []Instance{in}}, b, nil)
	for i, want := range []string{Agree, Unpredicted} {
		if res := r.Results[i]; res.VerdictG != want {
			t.Errorf("line %d: verdict %s (%s), want %s", res.Row.Line, res.VerdictG, res.WhyG, want)
		}
	}
}

// As many -O3 requests as -G ones with other figures: the lanes were
// grouped otherwise, by unrolling (fuzz seed 940) or by if-converting
// (seed 384), or with more lanes on, by merging branches (srad); with
// none of them, the difference stays unexplained.
func TestTransformationRegrouped(t *testing.T) {
	row := &Row{Key: Key{Space: "global", Op: "load"}, Sizes: []int{16}}
	g := &Measured{Requests: 24, Sum: 24, Widths: []int{16}, Opcodes: []string{"LD.E.128"}, Instrs: 1, LanesOn: 512}
	cases := []struct {
		o3   *Measured
		want string
	}{
		{&Measured{Requests: 24, Sum: 32, Widths: []int{16}, Opcodes: []string{"LDG.E.128"}, Instrs: 3, Predicated: 2, LanesOn: 512},
			"unrolled into 3 instructions (-G 1), 2 predicated (@P)"},
		{&Measured{Requests: 24, Sum: 12, Widths: []int{16}, Opcodes: []string{"LDG.E.128"}, Instrs: 1, Predicated: 1, LanesOn: 256},
			"if-converted, 1 predicated (@P): warps with every lane off issue it too; 256 lane accesses where -G made 512 (accesses merged)"},
		{&Measured{Requests: 24, Sum: 12, Widths: []int{16}, Opcodes: []string{"LDG.E.128"}, Instrs: 1, LanesOn: 512},
			"UNEXPLAINED"},
		// srad's SradCuda1 line 90 on the H200: a switch's cases in one
		// instruction that every lane runs.
		{&Measured{Requests: 24, Sum: 48, Widths: []int{16}, Opcodes: []string{"LDG.E.128"}, Instrs: 1, LanesOn: 768},
			"merged across branches: as many requests, 768 lane accesses where -G made 512"},
	}
	for _, c := range cases {
		if got := transformation(row, g, c.o3, ""); !strings.HasPrefix(got, c.want) {
			t.Errorf("%+v: %q, want it to begin %q", c.o3, got, c.want)
		}
	}
}

// A 16-byte shared load whose requests agree with the simulator's but
// whose source-view wavefronts do not is not judged by that figure (for
// LDS.128 and LDS.64 it is not the hardware counter's); other widths,
// and requests that differ, still disagree.
func TestInstrumentOnlyForWideSharedLoads(t *testing.T) {
	export := `"File Path","/gpu/repo/k/k.go"
"Function Name","K__0"
` + header + `
"5","v := q[i]","-","-","4","Shared","Load","128","12","0"
"","","0x10","      LDS.128 R4, [R0]","4","Shared","Load","128","12","0"
"6","w := q[j]","-","-","4","Shared","Load","128","12","0"
"","","0x20","      LDS.128 R8, [R1]","4","Shared","Load","128","12","0"
"7","x := s[i]","-","-","4","Shared","Load","32","12","0"
"","","0x30","      LDS R2, [R3]","4","Shared","Load","32","12","0"
"8","y := d[i]","-","-","4","Shared","Load","64","12","0"
"","","0x40","      LDS.64 R6, [R5]","4","Shared","Load","64","12","0"
`
	dir := t.TempDir()
	name := writeExport(t, dir, "k.G.csv.gz", export)
	key := func(line int) Key { return Key{File: "k/k.go", Line: line, Space: "shared", Op: "load"} }
	in := Instance{Name: "K__0", File: "cu/k.cu", Corpus: "c", Block: [3]int{32, 1, 1}, Grid: [3]int{1, 1, 1}, Rows: []*Row{
		{Key: key(5), Figures: []int{4}, Exact: true, Sizes: []int{16}, Sim: &Totals{Requests: 4, Sum: 16}},
		{Key: key(6), Figures: []int{4}, Exact: true, Sizes: []int{16}, Sim: &Totals{Requests: 5, Sum: 16}},
		{Key: key(7), Figures: []int{4}, Exact: true, Sizes: []int{4}, Sim: &Totals{Requests: 4, Sum: 16}},
		{Key: key(8), Figures: []int{2}, Exact: true, Sizes: []int{8}, Sim: &Totals{Requests: 4, Sum: 8}},
	}}
	b, err := ReadBuild([]string{name}, []string{"k/k.go"}, map[string]bool{in.ID(): true})
	if err != nil {
		t.Fatal(err)
	}
	r := Compare(&Plan{Instances: []Instance{in}}, b, nil)
	for i, want := range []string{Instrument, Disagree, Disagree, Instrument} {
		if res := r.Results[i]; res.VerdictG != want {
			t.Errorf("line %d: verdict %s (%s), want %s", res.Row.Line, res.VerdictG, res.WhyG, want)
		}
	}
}

// Where the hardware counter of the launch was exported beside the source
// view, a 16-byte row the source view could not judge is judged by it:
// the launch's shared-load wavefronts against the simulator's for all of
// its shared loads.
func TestSettleByHardwareCounter(t *testing.T) {
	export := `"File Path","/gpu/repo/k/k.go"
"Function Name","K__0"
` + header + `
"5","v := q[i]","-","-","4","Shared","Load","128","12","0"
"","","0x10","      LDS.128 R4, [R0]","4","Shared","Load","128","12","0"
"7","x := s[i]","-","-","4","Shared","Load","32","4","0"
"","","0x30","      LDS R2, [R3]","4","Shared","Load","32","4","0"
`
	key := func(line int) Key { return Key{File: "k/k.go", Line: line, Space: "shared", Op: "load"} }
	for _, c := range []struct {
		counter string
		want    string
		launch  string
	}{{"20", Agree, CounterEqual}, {"16", Instrument, CounterBelow}, {"24", Instrument, CounterAbove}} {
		dir := t.TempDir()
		name := writeExport(t, dir, "k.G.csv.gz", export)
		writeExport(t, dir, "k.G.raw.csv.gz", `"ID","Kernel Name","`+SharedLoadCounter+`"
"","","wavefront"
"0","K__0","`+c.counter+`"
`)
		in := Instance{Name: "K__0", File: "cu/k.cu", Corpus: "c", Block: [3]int{32, 1, 1}, Grid: [3]int{1, 1, 1}, Rows: []*Row{
			{Key: key(5), Figures: []int{4}, Exact: true, Sizes: []int{16}, Sim: &Totals{Requests: 4, Sum: 16}},
			{Key: key(7), Figures: []int{1}, Exact: true, Sizes: []int{4}, Sim: &Totals{Requests: 4, Sum: 4}},
		}}
		b, err := ReadBuild([]string{name}, []string{"k/k.go"}, map[string]bool{in.ID(): true})
		if err != nil {
			t.Fatal(err)
		}
		if b.SharedLoadWavefronts[in.ID()] == 0 {
			t.Fatalf("no counter read for %s: %v", in.ID(), b.SharedLoadWavefronts)
		}
		r := Compare(&Plan{Instances: []Instance{in}}, b, nil)
		if res := r.Results[0]; res.VerdictG != c.want {
			t.Errorf("counter %s: verdict %s (%s), want %s", c.counter, res.VerdictG, res.WhyG, c.want)
		}
		if res := r.Results[1]; res.VerdictG != Agree || res.WhyG != "" {
			t.Errorf("counter %s: the 4-byte row's verdict %s (%s), want the source view's agreement", c.counter, res.VerdictG, res.WhyG)
		}
		// The launch is counted by its counter against the prediction
		// for all its shared loads (20), and listed where they differ.
		if n := r.Launches["c"][c.launch]; n != 1 || (c.launch == CounterEqual) != (len(r.LaunchesOff) == 0) {
			t.Errorf("counter %s: launches %v, off %v, want one %s", c.counter, r.Launches, r.LaunchesOff, c.launch)
		}
	}
}

// A kernel measured again in a later export replaces its earlier
// measurement, counter included; a kernel the later export does not list
// keeps its own.
func TestLaterExportReplaces(t *testing.T) {
	export := func(k0, k1 string) string {
		s := `"File Path","/gpu/repo/k/k.go"` + "\n"
		if k0 != "" {
			s += `"Function Name","K__0"` + "\n" + header + "\n" +
				`"5","x := d[i]","-","-","4","Shared","Load","64","` + k0 + `","0"` + "\n" +
				`"","","0x10","      LDS.64 R2, [R3]","4","Shared","Load","64","` + k0 + `","0"` + "\n"
		}
		if k1 != "" {
			s += `"Function Name","K__1"` + "\n" + header + "\n" +
				`"5","x := d[i]","-","-","4","Shared","Load","64","` + k1 + `","0"` + "\n" +
				`"","","0x10","      LDS.64 R2, [R3]","4","Shared","Load","64","` + k1 + `","0"` + "\n"
		}
		return s
	}
	first, again := t.TempDir(), t.TempDir()
	old := writeExport(t, first, "k.G.csv.gz", export("16", "8"))
	writeExport(t, first, "k.G.raw.csv.gz", `"ID","Kernel Name","`+SharedLoadCounter+`"
"","","wavefront"
"0","K__0","16"
"1","K__1","8"
`)
	newer := writeExport(t, again, "k.G.csv.gz", export("4", ""))
	writeExport(t, again, "k.G.raw.csv.gz", `"ID","Kernel Name","`+SharedLoadCounter+`"
"","","wavefront"
"0","K__0","4"
`)
	ids := map[string]bool{"k/K__0": true, "k/K__1": true}
	b, err := ReadBuild([]string{old, newer}, []string{"k/k.go"}, ids)
	if err != nil {
		t.Fatal(err)
	}
	key := Key{File: "k/k.go", Line: 5, Space: "shared", Op: "load"}
	for inst, want := range map[string]int64{"k/K__0": 4, "k/K__1": 8} {
		m := b.Rows[inst][key]
		if m == nil || m.Sum != want || m.Requests != 4 {
			t.Errorf("%s: %+v, want %d wavefronts in 4 requests", inst, m, want)
		}
		if c := b.SharedLoadWavefronts[inst]; c != float64(want) {
			t.Errorf("%s: counter %v, want %d", inst, c, want)
		}
	}
}
