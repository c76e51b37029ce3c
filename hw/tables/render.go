package main

import (
	"fmt"
	"io"
	"os"
	"strconv"
	"strings"

	"github.com/smemlint/smemlint/internal/ncu"
	"github.com/smemlint/smemlint/model"
)

// run prints the tables and returns the exit code: 1 when a measurement
// disagrees with the model or a kernel's SASS is not as expected.
func run(w io.Writer, casesPath, rawPath, sourcePath, sassPath, arch string) (int, error) {
	a, err := model.Lookup(arch, 0)
	if err != nil {
		return 0, err
	}
	f, err := os.Open(casesPath)
	if err != nil {
		return 0, err
	}
	cs, err := parseCases(casesPath, f)
	f.Close()
	if err != nil {
		return 0, err
	}
	var byCase map[string][]ncu.Launch
	if rawPath != "" {
		f, err := os.Open(rawPath)
		if err != nil {
			return 0, err
		}
		launches, err := ncu.ParseRaw(rawPath, f)
		f.Close()
		if err != nil {
			return 0, err
		}
		byCase = groupLaunches(launches)
	}
	var src map[string][]ncu.Counters
	if sourcePath != "" {
		if rawPath == "" {
			return 0, fmt.Errorf("-source needs -raw: the per-instruction figures complete the counters")
		}
		f, err := os.Open(sourcePath)
		if err != nil {
			return 0, err
		}
		src, err = readSource(sourcePath, f)
		f.Close()
		if err != nil {
			return 0, err
		}
	}
	code := 0
	if sassPath != "" {
		f, err := os.Open(sassPath)
		if err != nil {
			return 0, err
		}
		funcs, err := readSASS(sassPath, f)
		f.Close()
		if err != nil {
			return 0, err
		}
		for _, b := range checkSASS(cs, funcs) {
			fmt.Fprintln(os.Stderr, "tables: SASS:", b)
			code = 1
		}
	}
	bad, err := render(w, a, cs, byCase, src)
	if err != nil {
		return 0, err
	}
	if bad > 0 {
		fmt.Fprintf(os.Stderr, "tables: %d cases disagree with the model\n", bad)
		code = 1
	}
	return code, nil
}

// groupLaunches files the launches under their case: kernel ID_p and
// ID_b both belong to case ID.
func groupLaunches(ls []ncu.Launch) map[string][]ncu.Launch {
	m := map[string][]ncu.Launch{}
	for _, l := range ls {
		id := strings.TrimSuffix(strings.TrimSuffix(l.Kernel, "_p"), "_b")
		m[id] = append(m[id], l)
	}
	return m
}

// groups orders the cases into the tables of docs/hardware.md.
var groups = []struct {
	title string
	in    func(c *Case) bool
}{
	{"Shared memory, one warp", func(c *Case) bool { return c.Shared() && c.threads() == 32 && c.On == "1" }},
	{"Shared memory, several warps", func(c *Case) bool { return c.Shared() && c.threads() > 32 && c.On == "1" }},
	{"Global memory", func(c *Case) bool { return !c.Shared() && c.On == "1" }},
	{"Shared memory, some lanes off", func(c *Case) bool { return c.Shared() && c.On != "1" }},
	{"Global memory, some lanes off", func(c *Case) bool { return !c.Shared() && c.On != "1" }},
}

func (c *Case) threads() int { return c.Block[0] * c.Block[1] }

// access writes a case the way docs/hardware.md does: s, d, q, c, h for
// shared float, double, float4, char and short arrays; g for global ones.
func (c *Case) access() string {
	var s string
	if c.Shared() {
		s = map[string]string{"F32": "s", "F64": "d", "V4": "q", "U8": "c", "U16": "h"}[c.Type]
	} else {
		s = map[string]string{"F32": "g", "F64": "double g", "V4": "float4 g", "U8": "char g", "U16": "short g"}[c.Type]
	}
	s = "`" + s + "[" + c.Index + "]"
	if !c.Load() {
		s += " = v"
	}
	s += "`"
	if c.Block != [2]int{32, 1} {
		s += fmt.Sprintf(", block %d×%d", c.Block[0], c.Block[1])
	}
	if c.Grid != [2]int{1, 1} {
		s += fmt.Sprintf(", grid %d×%d", c.Grid[0], c.Grid[1])
	}
	if c.XIndex != c.Index {
		s += ", off lanes hold `" + c.XIndex + "`"
	}
	return s
}

func (c *Case) lanesOn() string {
	switch c.On {
	case "1":
		return "all"
	case "0":
		return "none"
	}
	return "`" + c.On + "`"
}

// render prints one table per group and returns how many measured cases
// disagree with the model.
func render(w io.Writer, a *model.Arch, cs *Cases, byCase map[string][]ncu.Launch, src map[string][]ncu.Counters) (int, error) {
	bad := 0
	for _, g := range groups {
		var rows [][]string
		for _, c := range cs.List {
			if !g.in(c) {
				continue
			}
			p, err := predict(a, cs, c)
			if err != nil {
				return 0, err
			}
			row := []string{c.ID, c.access(), strconv.Itoa(c.Size()), c.lanesOn()}
			if byCase == nil {
				row = append(row, strconv.Itoa(p.Requests), num(p.PerRequest()))
			} else {
				m, ok := measure(c, p, byCase[c.ID], src)
				if !ok {
					bad++
				}
				row = append(row, m...)
			}
			rows = append(rows, row)
		}
		if len(rows) == 0 {
			continue
		}
		unit := "wavefronts"
		if !strings.HasPrefix(g.title, "Shared") {
			unit = "sectors"
		}
		head := []string{"case", "access", "B", "lanes on", "requests", unit + " per request (model)"}
		if byCase != nil {
			head = []string{"case", "access", "B", "lanes on", "requests", unit, "per request", "model", "verdict"}
			if src != nil {
				head = append(head[:len(head)-1], "per instruction (SourceCounters)", "verdict")
			}
		}
		fmt.Fprintf(w, "### %s\n\n", g.title)
		fmt.Fprintf(w, "| %s |\n|%s\n", strings.Join(head, " | "), strings.Repeat("---|", len(head)))
		for _, r := range rows {
			fmt.Fprintf(w, "| %s |\n", strings.Join(r, " | "))
		}
		fmt.Fprintln(w)
	}
	return bad, nil
}

// measure returns the measured cells of a case's row and whether every
// launch agrees with the model. The hardware counters decide. The
// kernel-level wavefront counter of full-width loads by many warps reads a
// little high on the H100 (docs/hardware.md); there a launch agrees when
// its requests match and its wavefronts exceed the model's by at most 40%,
// and, where the per-instruction figures (src) are given, the measured
// instruction's SourceCounters wavefronts equal the model's. Elsewhere a
// SourceCounters figure that differs is shown, not counted: it disagreed
// with the hardware counter once (PE2 of docs/hardware.md).
func measure(c *Case, p Prediction, ls []ncu.Launch, src map[string][]ncu.Counters) ([]string, bool) {
	model := num(p.PerRequest())
	if len(ls) == 0 {
		cells := []string{"-", "-", "-", model, "not measured"}
		if src != nil {
			cells = []string{"-", "-", "-", model, "-", "not measured"}
		}
		return cells, true
	}
	reqName, figName := metricsFor(c)
	var reqs, figs, per span
	excess := span{}
	ok, exact := true, true
	for _, l := range ls {
		r, hasR := l.Metrics[reqName]
		f, hasF := l.Metrics[figName]
		if !hasR || !hasF {
			return []string{"-", "-", "-", model, fmt.Sprintf("**%s lacks %s or %s**", l.Kernel, reqName, figName)}, false
		}
		reqs.add(r)
		figs.add(f)
		if r > 0 {
			per.add(f / r)
		}
		switch d := f - float64(p.Figure); {
		case r == float64(p.Requests) && d == 0:
		case r == float64(p.Requests) && d > 0 && c.Op == "SLD" && c.threads() > 32 && c.On == "1" && d <= 0.4*float64(p.Figure):
			exact = false
			excess.add(d)
		default:
			ok = false
		}
	}
	verdict := "="
	switch {
	case !ok:
		verdict = "**differs**"
	case !exact:
		verdict = "counter +" + excess.String()
	}
	perCell := per.String()
	if per.n == 0 {
		perCell = "- (no request)"
	}
	if src == nil {
		return []string{reqs.String(), figs.String(), perCell, model, verdict}, ok
	}
	var inst span
	instOK := true
	for _, l := range ls {
		f, found := perInstruction(c, l.Kernel, src)
		if !found {
			instOK = false
			continue
		}
		inst.add(float64(f))
		if f != int64(p.Figure) {
			instOK = false
		}
	}
	instCell := inst.String()
	if inst.n == 0 {
		instCell = "-"
	}
	switch {
	case !ok:
	case !exact && !instOK:
		ok = false
		verdict = "**differs** (counter +" + excess.String() + ", per instruction " + instCell + ")"
	case !exact:
		verdict += ", per instruction ="
	case !instOK:
		verdict = "= (per instruction " + instCell + ")"
	}
	return []string{reqs.String(), figs.String(), perCell, model, instCell, verdict}, ok
}

// span is the range of a figure over several launches.
type span struct {
	lo, hi float64
	n      int
}

func (s *span) add(x float64) {
	if s.n == 0 || x < s.lo {
		s.lo = x
	}
	if s.n == 0 || x > s.hi {
		s.hi = x
	}
	s.n++
}

func (s span) String() string {
	if s.lo == s.hi {
		return num(s.lo)
	}
	return num(s.lo) + "–" + num(s.hi)
}

// num prints a figure with at most two decimals.
func num(x float64) string {
	return strconv.FormatFloat(float64(int64(x*100+0.5))/100, 'f', -1, 64)
}
