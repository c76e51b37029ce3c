package simcheck

import (
	"fmt"
	"sort"

	"github.com/smemlint/smemlint/analyzer/kernels"
	"github.com/smemlint/smemlint/simt"
)

// measured is what the traced runs measured at one site, for launches of
// one block shape on one profile, in one memory space.
type measured struct {
	block    simt.Dim3
	arch     string
	space    string
	launches int
	requests int
	split    int         // requests of a warp execution split by space or width
	figures  map[int]int // requests by figure
	worst    simt.TraceRequest
	// byGrid holds the figures of the launches of each grid shape.
	byGrid map[simt.Dim3]map[int]bool
}

type measureKey struct {
	site  int32
	block simt.Dim3
	arch  string
	space string
}

// gather adds up the traced launches per site, shape and space.
func gather(launches []*simt.TraceLaunch) map[int32][]*measured {
	byKey := map[measureKey]*measured{}
	var order []measureKey
	for _, tl := range launches {
		for _, ts := range tl.Sites {
			k := measureKey{ts.Site, tl.Block, tl.Arch, ts.Space}
			m := byKey[k]
			if m == nil {
				m = &measured{block: tl.Block, arch: tl.Arch, space: ts.Space,
					figures: map[int]int{}, byGrid: map[simt.Dim3]map[int]bool{}}
				byKey[k] = m
				order = append(order, k)
			}
			m.launches++
			m.requests += ts.Requests
			m.split += ts.Split
			for f, n := range ts.Figures {
				m.figures[f] += n
			}
			if ts.Requests > 0 && (m.worst.Addr == nil || ts.Worst.Figure > m.worst.Figure) {
				m.worst = ts.Worst
			}
			if m.byGrid[tl.Grid] == nil {
				m.byGrid[tl.Grid] = map[int]bool{}
			}
			for f := range ts.Figures {
				m.byGrid[tl.Grid][f] = true
			}
		}
	}
	out := map[int32][]*measured{}
	for _, k := range order {
		out[k.site] = append(out[k.site], byKey[k])
	}
	return out
}

// prediction is what the analyzer says of a site for one launch shape:
// the evaluations of the contexts with that shape.
type prediction struct {
	evals    []*kernels.Eval
	contexts []*kernels.Context
	skip     string // why nothing was evaluated, when evals is empty
	// exact: every evaluation used concrete values only. aligned: the
	// only unknowns are alignments (the offset of the uniform part, or a
	// factor that only moves whole warps), tried at every residue, so the
	// figures still cover every request.
	exact, aligned bool
	figures        map[int]bool // every figure evaluated, under every assumption tried
	top            int          // the largest of them
}

// predict evaluates the accesses of s whose context has the measured
// shape and space.
func predict(s *Site, m *measured, cache map[*kernels.Access]*kernels.Eval) *prediction {
	p := &prediction{exact: true, aligned: true, figures: map[int]bool{}}
	var shapes []string
	for _, a := range s.Accesses {
		c := kernels.Of(a.Ctx)
		shapes = append(shapes, c.Shape.Block.String())
		if c.Shape.Block != (kernels.Dim{X: m.block.X, Y: m.block.Y, Z: m.block.Z}) || c.Arch.Name != m.arch ||
			a.Shared() != (m.space == "shared") || a.Remote {
			continue
		}
		ev := cache[a]
		if ev == nil {
			ev = c.Evaluate(a)
			cache[a] = ev
		}
		if ev.Skip != "" {
			p.skip = ev.Skip
			continue
		}
		if !contains(p.contexts, c) {
			p.contexts = append(p.contexts, c)
		}
		p.evals = append(p.evals, ev)
		p.exact = p.exact && ev.Exact
		p.aligned = p.aligned && len(ev.Assumed) == 0 && ev.Stride == ""
		for _, f := range ev.Figures {
			p.figures[f] = true
			p.top = max(p.top, f)
		}
	}
	if p.skip != "" {
		// The measured requests may come from the evaluation that was
		// skipped (a device function's call with an argument read from
		// memory, next to a call the analyzer evaluates): they cannot be
		// told apart, so nothing is judged.
		p.evals = nil
	}
	if len(p.evals) == 0 && p.skip == "" {
		p.skip = fmt.Sprintf("no kernel context with block %d×%d×%d on %s (the analyzer evaluated %s)",
			m.block.X, m.block.Y, m.block.Z, m.arch, uniqueJoin(shapes))
	}
	return p
}

func contains[T comparable](xs []T, x T) bool {
	for _, y := range xs {
		if y == x {
			return true
		}
	}
	return false
}

// judge applies the verdict rules to one measured group:
//
//   - exact (every evaluation used concrete values), or only alignments
//     unknown (the analyzer then evaluates every residue, and reports the
//     most favourable one's worst): each measured per-request figure must
//     be one the analyzer evaluated; and where a single context with the
//     launch's grid predicts exactly, the launches of that grid must have
//     made every figure it predicts, its worst included;
//   - otherwise (a guard assumed true for every lane, an unknown stride
//     tried with sample values, loop values sampled): the largest figure
//     the analyzer evaluated must bound every measured figure. Fewer lanes
//     never cost more, and the tried strides reach the largest figure an
//     access width allows.
func judge(p *prediction, m *measured) (Verdict, string) {
	if p.exact || p.aligned {
		for f := range m.figures {
			if !p.figures[f] {
				return Disagree, fmt.Sprintf("measured %d, not among the predicted figures", f)
			}
		}
		if p.exact && len(p.contexts) == 1 {
			g := p.contexts[0].Shape.Grid
			if got, ok := m.byGrid[simt.Dim3{X: g.X, Y: g.Y, Z: g.Z}]; ok {
				for _, f := range sortedKeys(p.figures) {
					if !got[f] {
						return Disagree, fmt.Sprintf("predicted %d, never measured in the launches of grid %s", f, g)
					}
				}
			}
		}
		return Agree, ""
	}
	if top := maxKey(m.figures); top > p.top {
		return Disagree, fmt.Sprintf("measured %d, over the largest figure evaluated, %d", top, p.top)
	}
	return Agree, ""
}

func maxKey(m map[int]int) int {
	top := 0
	for f := range m {
		top = max(top, f)
	}
	return top
}

func sortedKeys[V any](m map[int]V) []int {
	out := make([]int, 0, len(m))
	for k := range m {
		out = append(out, k)
	}
	sort.Ints(out)
	return out
}

func uniqueJoin(xs []string) string {
	seen := map[string]bool{}
	out := ""
	for _, x := range xs {
		if seen[x] {
			continue
		}
		seen[x] = true
		if out != "" {
			out += ", "
		}
		out += "block " + x
	}
	if out == "" {
		return "no context"
	}
	return out
}

// Measurement is what traced launches of one shape measured at one site,
// in one memory space.
type Measurement struct {
	Block, Grid simt.Dim3
	Arch        string
	Space       string      // "shared" or "global"
	Figures     map[int]int // requests by figure
}

// Rule names the verdict rule a prediction was judged by.
type Rule string

// Verdict rules (see judge).
const (
	RuleExact   Rule = "exact"   // measured figures among the predicted ones, every predicted one measured
	RuleAligned Rule = "aligned" // measured figures among those of the alignments tried
	RuleBound   Rule = "bound"   // measured figures at most the largest evaluated
)

// RuleOf returns the rule a prediction of these accesses for the launch
// shape of m is judged by, or "" when there is no prediction.
func RuleOf(accesses []*kernels.Access, m Measurement) Rule {
	ms := &measured{block: m.Block, arch: m.Arch, space: m.Space}
	p := predict(&Site{Accesses: accesses}, ms, map[*kernels.Access]*kernels.Eval{})
	switch {
	case len(p.evals) == 0:
		return ""
	case p.exact:
		return RuleExact
	case p.aligned:
		return RuleAligned
	}
	return RuleBound
}

// Judge applies simcheck's verdict rules to the measurements of one site
// and the analyzer's accesses of that site. It returns Unpredicted, with
// the reason, when no context with the launch's shape evaluates the site.
func Judge(accesses []*kernels.Access, m Measurement) (Verdict, string) {
	ms := &measured{block: m.Block, arch: m.Arch, space: m.Space, figures: m.Figures,
		byGrid: map[simt.Dim3]map[int]bool{m.Grid: {}}}
	for f := range m.Figures {
		ms.byGrid[m.Grid][f] = true
	}
	p := predict(&Site{Accesses: accesses}, ms, map[*kernels.Access]*kernels.Eval{})
	if len(p.evals) == 0 {
		return Unpredicted, p.skip
	}
	return judge(p, ms)
}
