package hwcheck

import (
	"fmt"
	"io"
	"sort"
	"strings"
	"text/tabwriter"
)

// Verdicts of a row against one build.
const (
	Agree       = "agree"
	Disagree    = "DISAGREE"
	Unpredicted = "unpredicted"
	NotExecuted = "not executed"
	NotRun      = "not profiled"
	NoSASS      = "no instruction"
	Generic     = "generic"
	Differs     = "differs"
	// Instrument marks an 8- or 16-byte shared load whose requests agree
	// and whose per-instruction wavefronts do not: for LDS.128 and LDS.64
	// the figure of Nsight Compute's source view is not the hardware
	// counter's (the probe of docs/hardware.md: 17 of 38 16-byte
	// single-request launches differ; fuzz seeds 354 and 1870, measured line
	// by line: 8-byte loads the source view gives 4 wavefronts a request
	// make 2 on the counter; the model reproduces the counter in all of
	// them), so it cannot judge the prediction.
	Instrument = "8/16-byte: not the hardware's figure"
)

// Result is one row of the agreement table.
type Result struct {
	Instance string    `json:"instance"`
	Corpus   string    `json:"corpus"`
	Blocks   int       `json:"blocks"`
	Row      *Row      `json:"row"`
	G        *Measured `json:"g,omitempty"`
	O3       *Measured `json:"o3,omitempty"`
	VerdictG string    `json:"verdictG"`
	WhyG     string    `json:"whyG,omitempty"`
	// VerdictO3 is agree, differs (with the transformation in WhyO3), or
	// one of the verdicts that say there was nothing to compare.
	VerdictO3 string `json:"verdictO3"`
	WhyO3     string `json:"whyO3,omitempty"`
}

// Report is the agreement table and its counts.
type Report struct {
	Results []*Result `json:"results"`
	// Counts by corpus, then by verdict, of the -G and -O3 comparisons.
	CountsG  map[string]map[string]int `json:"countsG"`
	CountsO3 map[string]map[string]int `json:"countsO3"`
	// Launches counts, by corpus, the -G launches whose shared-load
	// counter was read and whose shared loads all have a prediction, by
	// CounterEqual, CounterAbove, CounterBelow; LaunchesOff lists those
	// that differ.
	Launches    map[string]map[string]int `json:"launches"`
	LaunchesOff []LaunchCounter           `json:"launchesOff,omitempty"`
}

// Compare judges every row of the plan against the two builds; a nil
// build was not measured.
func Compare(plan *Plan, g, o3 *Build) *Report {
	r := &Report{CountsG: map[string]map[string]int{}, CountsO3: map[string]map[string]int{}, Launches: map[string]map[string]int{}}
	for i := range plan.Instances {
		in := &plan.Instances[i]
		var rs []*Result
		for _, row := range in.Rows {
			res := &Result{Instance: in.ID(), Corpus: in.Corpus, Blocks: in.Blocks(), Row: row}
			res.G, res.VerdictG, res.WhyG = judgeBuild(in, row, g)
			var v string
			res.O3, v, res.WhyO3 = judgeBuild(in, row, o3)
			res.VerdictO3 = v
			if v == Disagree || v == NoSASS || (v == NotExecuted && res.G != nil && res.G.Requests > 0) {
				res.VerdictO3, res.WhyO3 = Differs, transformation(row, res.G, res.O3, res.WhyO3)
			}
			rs = append(rs, res)
		}
		settle(in, rs, g)
		r.checkLaunch(in, rs, g)
		for _, res := range rs {
			count(r.CountsG, in.Corpus, res.VerdictG)
			count(r.CountsO3, in.Corpus, res.VerdictO3)
		}
		r.Results = append(r.Results, rs...)
	}
	return r
}

// settle judges by the hardware counter the -G rows that the source view
// could not judge (Instrument), where the counter was read for the
// launch: they agree when the launch's shared-load wavefronts are those
// of the prediction for all its shared loads, the simulator's where it
// ran, else the exact figure times the requests measured. A shared load of
// no known cost leaves them as they are; -O3 builds, whose requests the
// compiler changed, are not judged so.
func settle(in *Instance, rs []*Result, b *Build) {
	if b == nil {
		return
	}
	counter, ok := b.SharedLoadWavefronts[in.ID()]
	if !ok {
		return
	}
	want, known := launchWant(rs)
	pending := false
	for _, res := range rs {
		pending = pending || res.VerdictG == Instrument
	}
	if !known || !pending {
		return
	}
	for _, res := range rs {
		if res.VerdictG != Instrument {
			continue
		}
		if float64(want) == counter {
			res.VerdictG = Agree
			res.WhyG = fmt.Sprintf("by the hardware counter: the launch's shared loads made %d wavefronts, as predicted (the source view: %s)", want, res.WhyG)
			continue
		}
		res.WhyG += fmt.Sprintf("; the hardware counter: %v wavefronts for the launch's shared loads, predicted %d", counter, want)
	}
}

// launchWant is the prediction for the shared-load wavefronts of a whole
// launch: the simulator's for every shared-load row where it ran, else
// the exact figure times the requests measured; known is false where a
// shared load has neither.
func launchWant(rs []*Result) (want int64, known bool) {
	for _, res := range rs {
		row := res.Row
		if row.Space != "shared" || row.Op != "load" {
			continue
		}
		switch {
		case row.Sim != nil:
			want += row.Sim.Sum
		case row.Predicted() && row.Exact && len(row.Figures) == 1 && res.G != nil:
			want += int64(row.Figures[0]) * res.G.Requests
		default:
			return 0, false
		}
	}
	return want, true
}

// Launch verdicts of the -G build's hardware counter against launchWant.
const (
	CounterEqual = "counter equal"
	CounterAbove = "counter above"
	CounterBelow = "counter below"
)

// LaunchCounter is one -G launch whose shared-load counter differs from
// the prediction for all of its shared loads.
type LaunchCounter struct {
	Instance string  `json:"instance"`
	Counter  float64 `json:"counter"`
	Want     int64   `json:"want"`
}

// checkLaunch compares the launch's hardware counter, where it was read,
// with the prediction for its shared loads.
func (r *Report) checkLaunch(in *Instance, rs []*Result, b *Build) {
	if b == nil {
		return
	}
	counter, ok := b.SharedLoadWavefronts[in.ID()]
	want, known := launchWant(rs)
	if !ok || !known {
		return
	}
	v := CounterEqual
	switch {
	case counter > float64(want):
		v = CounterAbove
	case counter < float64(want):
		v = CounterBelow
	}
	count(r.Launches, in.Corpus, v)
	if v != CounterEqual {
		r.LaunchesOff = append(r.LaunchesOff, LaunchCounter{Instance: in.ID(), Counter: counter, Want: want})
	}
}

func count(m map[string]map[string]int, corpus, v string) {
	if m[corpus] == nil {
		m[corpus] = map[string]int{}
	}
	m[corpus][v]++
}

// judgeBuild compares a row with one build's measurement: the
// simulator's totals (where it ran the same launch) must be the GPU's,
// and the GPU's mean figure per request must be one the analyzer allows.
func judgeBuild(in *Instance, row *Row, b *Build) (*Measured, string, string) {
	if b == nil || !b.Instances[in.ID()] {
		return nil, NotRun, ""
	}
	m := b.Rows[in.ID()][row.Key]
	if m == nil {
		if ops := b.Generic[in.ID()][fmt.Sprintf("%s:%d", row.File, row.Line)]; len(ops) > 0 {
			return nil, Generic, "through a generic address: " + strings.Join(uniq(ops), ", ")
		}
		if row.Sim != nil && row.Sim.Requests == 0 {
			return nil, NotExecuted, ""
		}
		return nil, NoSASS, "no " + row.Space + " " + row.Op + " instruction at this line"
	}
	if row.Sim != nil && (row.Sim.Requests != m.Requests || row.Sim.Sum != m.Sum) {
		if row.Sim.Requests == m.Requests && wideSharedLoad(row, m) {
			return m, Instrument, fmt.Sprintf("simulator %d wavefronts, source view %d, in %d requests", row.Sim.Sum, m.Sum, m.Requests)
		}
		return m, Disagree, fmt.Sprintf("simulator %d requests, %d %s; GPU %d, %d", row.Sim.Requests, row.Sim.Sum,
			unit(row.Space), m.Requests, m.Sum)
	}
	if m.Requests == 0 {
		return m, NotExecuted, ""
	}
	if !row.Predicted() {
		if row.Sim != nil {
			return m, Agree, "with the simulator; the analyzer: " + row.Skip
		}
		return m, Unpredicted, row.Skip
	}
	lo, hi := row.Figures[0], row.Figures[len(row.Figures)-1]
	mean := float64(m.Sum) / float64(m.Requests)
	switch {
	case row.Exact && (mean < float64(lo)-1e-9 || mean > float64(hi)+1e-9) && row.Sim == nil && wideSharedLoad(row, m):
		return m, Instrument, fmt.Sprintf("mean %.2f per request in the source view, predicted %s", mean, figures(row.Figures))
	case row.Exact && (mean < float64(lo)-1e-9 || mean > float64(hi)+1e-9):
		return m, Disagree, fmt.Sprintf("mean %.2f per request, outside the predicted %s", mean, figures(row.Figures))
	case !row.Exact && mean > float64(hi)+1e-9:
		return m, Disagree, fmt.Sprintf("mean %.2f per request, over the largest figure evaluated, %d", mean, hi)
	}
	return m, Agree, ""
}

// wideSharedLoad reports whether a row is 8- or 16-byte shared loads that
// the GPU ran as instructions of that width.
func wideSharedLoad(row *Row, m *Measured) bool {
	if row.Space != "shared" || row.Op != "load" || len(m.Widths) != 1 || (m.Widths[0] != 8 && m.Widths[0] != 16) {
		return false
	}
	for _, s := range row.Sizes {
		if s != m.Widths[0] {
			return false
		}
	}
	return len(row.Sizes) > 0
}

// transformation names what the -O3 build did to a row that it measured
// differently from the -G build, from the SASS of both.
func transformation(row *Row, g, o3 *Measured, why string) string {
	goWidth := 0
	for _, s := range row.Sizes {
		goWidth = max(goWidth, s)
	}
	switch {
	case o3 == nil || o3.Requests == 0:
		if g == nil {
			return "no -G measurement either (" + why + ")"
		}
		return "eliminated or moved: no " + row.Space + " " + row.Op + " instruction runs at this line (value kept in a register, or the access attributed to another line)"
	case g == nil || g.Requests == 0:
		// Seen on the H100 (fuzz seeds 414, 533): the stores of an if and
		// its else became one instruction, given to the line of the branch
		// that never runs.
		return fmt.Sprintf("if-converted or tail-merged: %s runs at a line that -G never executed (another branch's access in one instruction)", strings.Join(o3.Opcodes, ", "))
	case len(o3.Widths) > 0 && o3.Widths[len(o3.Widths)-1] > goWidth:
		return fmt.Sprintf("vectorized: %s (%d-byte accesses in Go)", strings.Join(o3.Opcodes, ", "), goWidth)
	case len(o3.Widths) > 0 && o3.Widths[len(o3.Widths)-1] < goWidth && (g == nil || o3.Requests == g.Requests):
		// Only part of a wide element was used: the load reads that part.
		return fmt.Sprintf("narrowed: %s (%d-byte accesses in Go, part of each element used)", strings.Join(o3.Opcodes, ", "), goWidth)
	case g != nil && o3.Requests < g.Requests:
		return fmt.Sprintf("fewer requests (%d, -G %d): merged or hoisted out of a loop; %s", o3.Requests, g.Requests, strings.Join(o3.Opcodes, ", "))
	case g != nil && o3.Requests > g.Requests:
		return fmt.Sprintf("more requests (%d, -G %d): unrolled or split; %s", o3.Requests, g.Requests, strings.Join(o3.Opcodes, ", "))
	// As many requests as -G, but not the same lanes in each: seen on the
	// H100 where a loop was unrolled into several instructions, some
	// predicated (fuzz seeds 109, 940, 1111, 1471, 1558), and where a
	// loop's two iterations became one predicated access that every warp
	// issues (seed 384).
	case g != nil && o3.Instrs > g.Instrs:
		return fmt.Sprintf("unrolled into %d instructions (-G %d)%s: as many requests, their lanes grouped otherwise; %s",
			o3.Instrs, g.Instrs, predicated(o3), strings.Join(o3.Opcodes, ", "))
	case g != nil && o3.Predicated > 0:
		merged := ""
		if o3.LanesOn < g.LanesOn {
			merged = " (accesses merged)"
		}
		return fmt.Sprintf("if-converted%s: warps with every lane off issue it too; %d lane accesses where -G made %d%s; %s",
			predicated(o3), o3.LanesOn, g.LanesOn, merged, strings.Join(o3.Opcodes, ", "))
	// As many requests and instructions as -G, with more lanes on in each:
	// seen on the H200 in srad's SradCuda1 (line 90), where the loads of
	// several cases of a switch became one instruction that every lane
	// runs, its address chosen per lane: 32 lanes a request where -G had
	// the one case's 1.75, and other banks.
	case g != nil && o3.Requests == g.Requests && o3.LanesOn > g.LanesOn:
		return fmt.Sprintf("merged across branches: as many requests, %d lane accesses where -G made %d (several branches' accesses in one instruction, the address chosen by lane); %s",
			o3.LanesOn, g.LanesOn, strings.Join(o3.Opcodes, ", "))
	}
	return "UNEXPLAINED: " + why
}

// predicated says how many of a row's instructions ran with lanes
// predicated off.
func predicated(m *Measured) string {
	if m.Predicated == 0 {
		return ""
	}
	return fmt.Sprintf(", %d predicated (@P)", m.Predicated)
}

func unit(space string) string {
	if space == "shared" {
		return "wavefronts"
	}
	return "sectors"
}

func figures(fs []int) string {
	if len(fs) == 1 {
		return fmt.Sprint(fs[0])
	}
	return fmt.Sprintf("%d..%d", fs[0], fs[len(fs)-1])
}

func uniq(xs []string) []string {
	sort.Strings(xs)
	var out []string
	for i, x := range xs {
		if i == 0 || x != xs[i-1] {
			out = append(out, x)
		}
	}
	return out
}

// perRequest formats a measurement: requests, the mean figure and the
// total per block.
func perRequest(m *Measured, blocks int) (string, string, string) {
	if m == nil {
		return "-", "-", "-"
	}
	if m.Requests == 0 {
		return "0", "-", "0"
	}
	return fmt.Sprint(m.Requests), trim(float64(m.Sum) / float64(m.Requests)), trim(float64(m.Sum) / float64(max(blocks, 1)))
}

func trim(x float64) string {
	s := fmt.Sprintf("%.2f", x)
	return strings.TrimSuffix(strings.TrimSuffix(s, "0"), ".0")
}

// WriteTable prints the rows that are not plain agreements of a profiled
// kernel (every row with all), then the counts.
func WriteTable(w io.Writer, r *Report, all bool) error {
	tw := tabwriter.NewWriter(w, 0, 0, 2, ' ', 0)
	fmt.Fprintln(tw, "SITE\tOP\tACCESS\tPREDICTED\tSIMULATED\tMEASURED-ON-GPU -G: REQUESTS\tPER REQUEST\tPER BLOCK\tVERDICT\t-O3: PER REQUEST\tSASS\tVERDICT")
	for _, res := range r.Results {
		if !all && (res.VerdictG == Agree || res.VerdictG == NotRun) && (res.VerdictO3 == Agree || res.VerdictO3 == NotRun) {
			continue // plain agreements, and rows of kernels not profiled
		}
		row := res.Row
		pred := "-"
		if row.Predicted() {
			pred = figures(row.Figures)
			if !row.Exact {
				pred = "≤ " + fmt.Sprint(row.Figures[len(row.Figures)-1])
			}
		}
		sim := "-"
		if row.Sim != nil && row.Sim.Requests > 0 {
			sim = fmt.Sprintf("%d req, %s", row.Sim.Requests, trim(float64(row.Sim.Sum)/float64(row.Sim.Requests)))
		}
		req, per, blk := perRequest(res.G, res.Blocks)
		_, per3, _ := perRequest(res.O3, res.Blocks)
		sass := "-"
		if res.O3 != nil {
			sass = strings.Join(res.O3.Opcodes, ",")
		}
		vg, v3 := res.VerdictG, res.VerdictO3
		if res.WhyG != "" {
			vg += ": " + res.WhyG
		}
		if res.WhyO3 != "" {
			v3 += ": " + res.WhyO3
		}
		fmt.Fprintf(tw, "%s:%d\t%s %s\t%s\t%s\t%s\t%s\t%s\t%s\t%s\t%s\t%s\t%s\n", row.File, row.Line, row.Space, row.Op,
			strings.Join(row.Sites, "; "), pred, sim, req, per, blk, vg, per3, sass, v3)
	}
	if err := tw.Flush(); err != nil {
		return err
	}
	fmt.Fprintln(w)
	writeCounts(w, "-G", r.CountsG)
	writeCounts(w, "-O3", r.CountsO3)
	var corpora []string
	for c := range r.Launches {
		corpora = append(corpora, c)
	}
	sort.Strings(corpora)
	for _, c := range corpora {
		m := r.Launches[c]
		fmt.Fprintf(w, "-G %-9s launches, shared-load counter against the prediction: %d equal, %d above, %d below\n",
			c, m[CounterEqual], m[CounterAbove], m[CounterBelow])
	}
	for _, l := range r.LaunchesOff {
		fmt.Fprintf(w, "-G launch %s: counter %v, predicted %d\n", l.Instance, l.Counter, l.Want)
	}
	return nil
}

func writeCounts(w io.Writer, build string, counts map[string]map[string]int) {
	var corpora []string
	for c := range counts {
		corpora = append(corpora, c)
	}
	sort.Strings(corpora)
	for _, c := range corpora {
		m := counts[c]
		measured := m[Agree] + m[Disagree] + m[Differs]
		var rest []string
		for _, v := range []string{Instrument, Unpredicted, NotExecuted, Generic, NoSASS, NotRun} {
			if m[v] > 0 {
				rest = append(rest, fmt.Sprintf("%d %s", m[v], v))
			}
		}
		extra := ""
		if build == "-O3" {
			extra = fmt.Sprintf(", %d differ", m[Differs])
		} else {
			extra = fmt.Sprintf(", %d disagree", m[Disagree])
		}
		fmt.Fprintf(w, "%s %-9s rows measured %d: %d agree%s; %s\n", build, c, measured, m[Agree], extra, strings.Join(rest, ", "))
	}
}
