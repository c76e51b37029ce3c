package peers

import (
	"fmt"
	"go/token"
	"slices"
	"strings"
)

// Finding is one report of a check, as the judge needs it.
type Finding struct {
	Check string
	Pos   token.Position
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
)

// correctness are the checks whose findings are verdicts; the others
// (bank conflicts, coalescing, capacity) are figures, not defects.
var correctness = []string{"barrier", "warpsync", "smemrace", "globalrace", "shuffle", "cluster"}

// Outcome is the judgement of one kernel.
type Outcome struct {
	Kernel *Kernel
	Class  Class
	Checks []string // the correctness checks that reported, sorted, with repeats
}

// Line is the kernel's entry in the disagreements file.
func (o Outcome) Line() string {
	found := "nothing"
	if len(o.Checks) > 0 {
		found = strings.Join(o.Checks, ", ")
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
	for _, f := range findings {
		if !slices.Contains(correctness, f.Check) {
			continue
		}
		owner := -1
		for i, k := range kernels {
			if slices.ContainsFunc(k.Funcs, func(r Range) bool { return r.Contains(f.Pos) }) {
				owner = i
				break
			}
		}
		if owner < 0 {
			stray = append(stray, f)
			continue
		}
		found[owner] = append(found[owner], f.Check)
	}
	for i, k := range kernels {
		checks := found[i]
		slices.Sort(checks)
		outcomes = append(outcomes, Outcome{Kernel: k, Class: classify(k, checks), Checks: checks})
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
	type row struct{ n, agree, missed, falseAlarm, wrong, dup int }
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
	fmt.Fprintf(&b, "%-11s %7s %5s %6s %5s %11s %9s\n", "", "kernels", "agree", "missed", "false", "wrong-check", "duplicate")
	for _, name := range names {
		r := rows[name]
		fmt.Fprintf(&b, "%-11s %7d %5d %6d %5d %11d %9d\n", name, r.n, r.agree, r.missed, r.falseAlarm, r.wrong, r.dup)
	}
	return b.String()
}
