package fuzz

import (
	"fmt"
	"go/token"
	"strings"

	"github.com/smemlint/smemlint/analyzer/kernels"
	"github.com/smemlint/smemlint/simcheck"
	"github.com/smemlint/smemlint/simt"
)

// fset holds every generated file and the simt package they import.
var fset = token.NewFileSet()

// Analyze type-checks a kernel's source and runs the kernels analyzer on
// it.
func Analyze(src string) (*kernels.Result, *token.File, error) {
	a, err := simcheck.AnalyzeSource(fset, "fz.go", src)
	if err != nil {
		return nil, nil, err
	}
	return a.Result, fset.File(a.File.Pos()), nil
}

// Disagreement is a site where prediction and measurement differ.
type Disagreement struct {
	Site int32
	Pos  string // line:col in the source
	Why  string
}

// Outcome is what checking one kernel found.
type Outcome struct {
	Spec        *Spec
	Source      string
	Sites       int // sites compared with measurements
	Unpredicted int
	// Unknown counts the unpredicted sites by the analyzer's reason, its
	// source positions and numbers left out.
	Unknown map[string]int
	// Rules counts the sites compared by the rule they were judged by.
	Rules         map[simcheck.Rule]int
	Disagreements []Disagreement
	// byDataSites are the sites that access a slice chosen by data.
	byDataSites map[int32]bool
	// Race is the race verdicts compared, for kernels drawn with
	// Options.Races.
	Race RaceVerdict
	// ByData counts the sites that access a slice each lane chose by
	// data (Choice.Data), whose figure is a bound over every choice.
	ByData ByDataSites
}

// ByDataSites counts the sites of slices chosen by data by verdict:
// Agree by the exact or aligned rule, Bounded (every measured figure at
// most the bound), of which Reached measured the bound itself, and
// Unpredicted and Failed (measured above the bound, or any other
// disagreement).
type ByDataSites struct {
	Sites, Agree, Bounded, Reached, Unpredicted, Failed int
}

// Add adds the counts of o.
func (b *ByDataSites) Add(o ByDataSites) {
	b.Sites += o.Sites
	b.Agree += o.Agree
	b.Bounded += o.Bounded
	b.Reached += o.Reached
	b.Unpredicted += o.Unpredicted
	b.Failed += o.Failed
}

// Check generates the kernel of a seed, analyzes it, runs it traced and
// compares every site.
func Check(seed uint64) (*Outcome, error) { return CheckWith(seed, Options{}) }

// CheckWith is Check for the kernel GenerateWith draws under opts; a race
// kernel's static race verdicts are compared with the hazards the run saw
// too.
func CheckWith(seed uint64, opts Options) (*Outcome, error) {
	spec := GenerateWith(seed, opts)
	out := &Outcome{Spec: spec, Source: spec.Source(), Rules: map[simcheck.Rule]int{}}
	res, file, err := Analyze(out.Source)
	if err != nil {
		return out, fmt.Errorf("analyzing the generated kernel: %v", err)
	}
	if len(res.Contexts) != 1 {
		return out, fmt.Errorf("the analyzer found %d kernel contexts, want 1 (notes: %v, internal errors: %v)", len(res.Contexts), res.Notes, res.Faults)
	}
	var log *accessLog
	if opts.Races {
		log = &accessLog{}
	}
	tl, err := spec.run(log)
	if err != nil {
		return out, fmt.Errorf("running the generated kernel: %v", err)
	}
	accesses := sitesOf(spec, res.Contexts[0], file)
	measured := map[int32]simt.TraceSite{}
	for _, ts := range tl.Sites {
		measured[ts.Site] = ts
	}
	out.byDataSites = spec.choiceSites()
	for site := int32(0); site < spec.Sites; site++ {
		out.judge(site, accesses[site], measured, tl, file)
	}
	if opts.Races {
		out.judgeRaces(res.Contexts[0], tl, log, file)
	}
	// An internal error is a failure of its own, also where it left the
	// figures alone.
	for _, f := range append(res.Faults, res.Contexts[0].Faults()...) {
		return out, fmt.Errorf("the analyzer met an internal error at %s: %v", file.Position(f.Pos), f.Error())
	}
	return out, nil
}

// judge compares one site.
func (o *Outcome) judge(site int32, as []*kernels.Access, measured map[int32]simt.TraceSite, tl *simt.TraceLaunch, file *token.File) {
	ts, ran := measured[site]
	pos := "?"
	if len(as) > 0 {
		p := file.Position(as[0].Node.Pos())
		pos = fmt.Sprintf("%d:%d", p.Line, p.Column)
	}
	if len(as) == 0 {
		if ran {
			o.Disagreements = append(o.Disagreements, Disagreement{site, pos, "measured, but the analyzer has no access here"})
		}
		return
	}
	if !ran {
		for _, a := range as {
			if ev := kernels.Of(a.Ctx).Evaluate(a); ev.Skip == "" && ev.Exact && ev.Requests > 0 {
				o.Disagreements = append(o.Disagreements, Disagreement{site, pos,
					fmt.Sprintf("predicted %d requests (figures %v), none made", ev.Requests, ev.Figures)})
				return
			}
		}
		return
	}
	m := simcheck.Measurement{Block: tl.Block, Grid: tl.Grid, Arch: tl.Arch, Space: ts.Space, Figures: ts.Figures}
	v, why := simcheck.Judge(as, m)
	rule := simcheck.Rule("")
	if v != simcheck.Unpredicted {
		rule = simcheck.RuleOf(as, m)
		o.Rules[rule]++
	}
	if o.byDataSites[site] {
		o.countByData(as, m, v, rule)
	}
	switch v {
	case simcheck.Unpredicted:
		o.Unpredicted++
		if o.Unknown == nil {
			o.Unknown = map[string]int{}
		}
		o.Unknown[reasonClass(why)]++
		for _, f := range falseReasons {
			if strings.Contains(why, f) && (f != whyData || !o.Spec.hasData()) {
				o.Disagreements = append(o.Disagreements, Disagreement{site, pos, "unpredicted for a reason no generated kernel has: " + why})
				break
			}
		}
	case simcheck.Disagree:
		o.Sites++
		o.Disagreements = append(o.Disagreements, Disagreement{site, pos, why})
	default:
		o.Sites++
	}
}

// countByData counts a site of a slice chosen by data by its verdict.
func (o *Outcome) countByData(as []*kernels.Access, m simcheck.Measurement, v simcheck.Verdict, rule simcheck.Rule) {
	b := &o.ByData
	b.Sites++
	switch {
	case v == simcheck.Unpredicted:
		b.Unpredicted++
	case v == simcheck.Disagree:
		b.Failed++
	case rule == simcheck.RuleBound:
		b.Bounded++
		top, bound := 0, 0
		for f := range m.Figures {
			top = max(top, f)
		}
		for _, a := range as {
			for _, f := range kernels.Of(a.Ctx).Evaluate(a).Figures {
				bound = max(bound, f)
			}
		}
		if top == bound {
			b.Reached++
		}
	default:
		b.Agree++
	}
}

// choiceSites returns the sites that access a slice chosen by data.
func (s *Spec) choiceSites() map[int32]bool {
	out := map[int32]bool{}
	byData := func(array int) bool {
		c := s.Arrays[array].Choice
		return c != nil && c.Data >= 0
	}
	s.walkAccesses(func(st *Stmt) {
		switch st.Kind {
		case "load", "store", "update":
			if byData(st.Array) {
				out[st.Load], out[st.Store] = true, true
			}
		case "copy":
			out[st.Load] = out[st.Load] || byData(st.Src)
			out[st.Store] = out[st.Store] || byData(st.Array)
		}
	})
	delete(out, -1)
	return out
}

// sitesOf maps the site numbers of a spec to the analyzer's accesses, by
// the position of their nodes.
func sitesOf(spec *Spec, ctx *kernels.Context, file *token.File) map[int32][]*kernels.Access {
	ids := siteIDs(spec)
	out := map[int32][]*kernels.Access{}
	for _, a := range ctx.Accesses {
		if id, ok := ids[siteKey{file.Offset(a.Node.Pos()), a.Store}]; ok {
			out[id] = append(out[id], a)
		}
	}
	return out
}

// siteKey names an access node of the source: its offset, and whether it
// stores.
type siteKey struct {
	off   int
	store bool
}

// siteIDs maps the access nodes of a spec's source to their site numbers.
func siteIDs(spec *Spec) map[siteKey]int32 {
	ids := map[siteKey]int32{}
	spec.walkAccesses(func(s *Stmt) {
		switch s.Kind {
		case "load":
			ids[siteKey{s.Pos, false}] = s.Load
		case "store":
			ids[siteKey{s.Pos, true}] = s.Store
		case "update":
			ids[siteKey{s.Pos, false}], ids[siteKey{s.Pos, true}] = s.Load, s.Store
		case "copy":
			ids[siteKey{s.SrcPos, false}], ids[siteKey{s.Pos, true}] = s.Load, s.Store
		case "let":
			ids[siteKey{s.Pos, false}] = s.Load
		}
	})
	return ids
}

// Report describes the disagreements of an outcome, with the kernel.
func (o *Outcome) Report() string {
	var b strings.Builder
	fmt.Fprintf(&b, "seed %d%s: %d disagreement(s):\n", o.Spec.Seed, o.Spec.Opts.rerun(o.Spec.Seed), len(o.Disagreements))
	sortDisagreements(o.Disagreements)
	for _, d := range o.Disagreements {
		fmt.Fprintf(&b, "  fz.go:%s site %d: %s\n", d.Pos, d.Site, d.Why)
	}
	lines := strings.Split(o.Source, "\n")
	for i, l := range lines {
		fmt.Fprintf(&b, "%4d  %s\n", i+1, l)
	}
	return b.String()
}

// falseReasons are what the analyzer may name as the unknown an index
// depends on, but no generated index does: indices are integer arithmetic
// on the thread, block and loop indices, the lane and warp, locals and
// the parameter p0, never on a value read from memory (a vector copy's
// elements are read, never used as an index) but in race kernels that
// read d0 (Spec.hasData).
var falseReasons = []string{whyData, "floating-point", "shuffle", "atomic", "type assertion"}

// whyData is the analyzer's reason for an index on data read from
// memory, which race kernels with a "let" have.
const whyData = "data read from memory"

// reasonClass is a reason with its source positions and numbers left out,
// to count reasons by kind: "the index depends on p0 (fz.go:12:3)" and
// "... (fz.go:30:9)" are one.
func reasonClass(why string) string {
	var b strings.Builder
	digits := false
	for _, r := range why {
		switch {
		case r >= '0' && r <= '9':
			if !digits {
				b.WriteByte('N')
			}
			digits = true
			continue
		}
		digits = false
		b.WriteRune(r)
	}
	return b.String()
}
