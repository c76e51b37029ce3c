package peers

import (
	"fmt"
	"go/token"
	"slices"
	"strings"
)

// Finding is one report of a check, as the judge needs it.
type Finding struct {
	Check   string
	Pos     token.Position
	Message string
}

// unchecked says that a finding is a race check's note that a site's
// races depend on data and were not decided (-verbose).
func (f Finding) unchecked() bool {
	return strings.HasPrefix(f.Message, "note: ") && strings.Contains(f.Message, " not checked for races")
}

// Class is how a kernel's findings compare with its verdict.
type Class string

// The classes. A kernel whose findings have several faults is classed by
// the first that applies, in this order.
const (
	Agree      Class = "agree"
	Missed     Class = "missed"      // a defect and no finding, or fewer than its racing pairs
	FalseAlarm Class = "false"       // no defect and a finding
	WrongCheck Class = "wrong-check" // a defect, reported only by other checks
	Duplicate  Class = "duplicate"   // more findings than racing pairs of sites
	// Unchecked: a race, no finding, and a note that a site's races
	// depend on data and were not decided: not found, but not passed
	// over in silence either.
	Unchecked Class = "unchecked"
)

// correctness are the checks whose findings are verdicts; the others
// (bank conflicts, coalescing, capacity) are figures, not defects.
var correctness = []string{"barrier", "warpsync", "smemrace", "globalrace", "shuffle", "cluster"}

// Outcome is the judgement of one kernel.
type Outcome struct {
	Kernel *Kernel
	Class  Class
	Checks []string // the correctness checks that reported, sorted, with repeats
	// Noted says that a race check noted a site of the kernel whose races
	// depend on data (see Finding.unchecked).
	Noted bool
}

// Line is the kernel's entry in the disagreements file.
func (o Outcome) Line() string {
	found := "nothing"
	if len(o.Checks) > 0 {
		found = strings.Join(o.Checks, ", ")
	} else if o.Noted {
		found = "a note that races depending on data were not checked"
	}
	want := "nothing"
	if o.Kernel.Kind != Pass {
		want = fmt.Sprintf("%s by %s", o.Kernel.Kind, o.Kernel.Check)
	}
	return fmt.Sprintf("%s: %s: want %s, found %s", o.Kernel.ID(), o.Class, want, found)
}

// Judge classes every kernel by the findings inside its functions. It
// also returns the correctness findings that lie in no kernel's functions.
func Judge(kernels []*Kernel, findings []Finding) (outcomes []Outcome, stray []Finding) {
	found := make([][]string, len(kernels))
	noted := make([]bool, len(kernels))
	for _, f := range findings {
		if !slices.Contains(correctness, f.Check) {
			continue
		}
		note := strings.HasPrefix(f.Message, "note: ")
		owner := -1
		for i, k := range kernels {
			if slices.ContainsFunc(k.Funcs, func(r Range) bool { return r.Contains(f.Pos) }) {
				owner = i
				break
			}
		}
		switch {
		case note && owner >= 0:
			noted[owner] = noted[owner] || f.unchecked()
		case note:
			// A package's summary line, at its package clause.
		case owner < 0:
			stray = append(stray, f)
		default:
			found[owner] = append(found[owner], f.Check)
		}
	}
	for i, k := range kernels {
		checks := found[i]
		slices.Sort(checks)
		class := classify(k, checks)
		if class == Missed && len(checks) == 0 && noted[i] {
			class = Unchecked
		}
		outcomes = append(outcomes, Outcome{Kernel: k, Class: class, Checks: checks, Noted: noted[i]})
	}
	return outcomes, stray
}

func classify(k *Kernel, checks []string) Class {
	if k.Kind == Pass {
		if len(checks) > 0 {
			return FalseAlarm
		}
		return Agree
	}
	if len(checks) == 0 {
		return Missed
	}
	expected := func(c string) bool { return c == k.Check }
	n := 0
	for _, c := range checks {
		if expected(c) {
			n++
		}
	}
	switch {
	case n == 0:
		return WrongCheck
	case len(checks) > k.Pairs:
		return Duplicate
	case n < k.Pairs:
		return Missed
	}
	return Agree
}

// Table counts the outcomes: kernels, agreements, and each way of
// disagreeing, by verdict, by suite, and over all kernels.
func Table(outcomes []Outcome) string {
	type row struct{ n, agree, missed, falseAlarm, wrong, dup, unchecked, noted int }
	var names []string
	rows := map[string]*row{}
	add := func(name string, o Outcome) {
		r := rows[name]
		if r == nil {
			r = &row{}
			rows[name] = r
			names = append(names, name)
		}
		r.n++
		switch o.Class {
		case Agree:
			r.agree++
		case Missed:
			r.missed++
		case FalseAlarm:
			r.falseAlarm++
		case WrongCheck:
			r.wrong++
		case Duplicate:
			r.dup++
		case Unchecked:
			r.unchecked++
		}
		if o.Noted {
			r.noted++
		}
	}
	for _, kind := range []Kind{Pass, Race, Divergence} {
		rows[string(kind)] = &row{}
		names = append(names, string(kind))
	}
	for _, o := range outcomes {
		add(string(o.Kernel.Kind), o)
	}
	for _, o := range outcomes {
		add(o.Kernel.Suite, o)
	}
	for _, o := range outcomes {
		add("all", o)
	}
	var b strings.Builder
	fmt.Fprintf(&b, "%-11s %7s %5s %6s %5s %11s %9s %9s %5s\n", "", "kernels", "agree", "missed", "false", "wrong-check", "duplicate", "unchecked", "noted")
	for _, name := range names {
		r := rows[name]
		fmt.Fprintf(&b, "%-11s %7d %5d %6d %5d %11d %9d %9d %5d\n", name, r.n, r.agree, r.missed, r.falseAlarm, r.wrong, r.dup, r.unchecked, r.noted)
	}
	return b.String()
}
