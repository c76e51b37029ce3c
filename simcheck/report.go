package simcheck

import (
	"fmt"
	"go/token"
	"path/filepath"
	"strings"

	"github.com/smemlint/smemlint/analyzer/kernels"
	"github.com/smemlint/smemlint/simt"
)

// Verdict is the outcome for one site and launch shape.
type Verdict uint8

// Verdicts.
const (
	Agree       Verdict = iota
	Disagree            // a measured request contradicts the prediction
	Unpredicted         // the analyzer makes no claim: data-dependent index, atomic, no context of that shape
	NotExecuted         // a prediction no test executed
	NotInstrumented
)

func (v Verdict) String() string {
	return [...]string{"agree", "DISAGREE", "unpredicted", "not executed", "not instrumented"}[v]
}

// MarshalText makes verdicts readable in JSON.
func (v Verdict) MarshalText() ([]byte, error) { return []byte(v.String()), nil }

// Row is one line of the agreement table.
type Row struct {
	Site      string `json:"site"` // file.go:line:col
	Op        string `json:"op"`
	Text      string `json:"text"`
	Check     string `json:"check"` // bankconflict, coalescing, or "" where no check predicts
	Block     string `json:"block,omitempty"`
	Predicted string `json:"predicted"`
	Measured  string `json:"measured"`
	Requests  int    `json:"requests"`
	// Split counts the measured requests that are one space or width of
	// a warp execution whose lanes disagreed (simt.TraceSite.Split).
	Split int `json:"split,omitempty"`
	// Figures are the measured requests by figure.
	Figures map[int]int        `json:"figures,omitempty"`
	Worst   *simt.TraceRequest `json:"worst,omitempty"`
	Verdict Verdict            `json:"verdict"`
	Why     string             `json:"why,omitempty"`
}

// Report is the agreement table, its counts and the hazards seen.
type Report struct {
	Rows    []*Row    `json:"rows"`
	Hazards []*Hazard `json:"hazards,omitempty"`
	// LaunchErrors are the traced launches that failed (a timeout, a
	// panic, a misuse): what they did before failing is measured, and a
	// launch stopped by its timeout measures nothing, so their sites
	// may be "not executed" although a test ran them.
	LaunchErrors []*LaunchFailure `json:"launchErrors,omitempty"`
	Counts       Counts           `json:"counts"`
	// Failed is true when a measurement contradicts a prediction, or, in
	// strict mode, a prediction was never executed.
	Failed bool `json:"failed"`
}

// LaunchFailure is one error of traced launches, with how many launches
// failed with it.
type LaunchFailure struct {
	Kernel   string `json:"kernel"`
	Err      string `json:"err"`
	Launches int    `json:"launches"`
}

// launchFailures gathers the errors of the launches that failed, in the
// order first seen.
func launchFailures(launches []*simt.TraceLaunch) []*LaunchFailure {
	var out []*LaunchFailure
	seen := map[[2]string]*LaunchFailure{}
	for _, l := range launches {
		if l.Err == "" {
			continue
		}
		k := [2]string{l.Kernel, l.Err}
		if f := seen[k]; f != nil {
			f.Launches++
			continue
		}
		f := &LaunchFailure{Kernel: l.Kernel, Err: l.Err, Launches: 1}
		seen[k] = f
		out = append(out, f)
	}
	return out
}

// Counts sums the table up: sites are counted once, with their worst
// verdict over launch shapes.
type Counts struct {
	Sites           int `json:"sites"`
	Checked         int `json:"checked"` // sites with at least one prediction compared with measurements
	Agree           int `json:"agree"`
	Disagree        int `json:"disagree"`
	Unpredicted     int `json:"unpredicted"`
	NotExecuted     int `json:"notExecuted"`
	NotInstrumented int `json:"notInstrumented"`
	Requests        int `json:"requests"` // measured requests compared with a prediction
}

// compare builds the report of sites from the traced launches.
func compare(sites []*Site, findings []finding, launches []*simt.TraceLaunch, strict bool) *Report {
	r := &Report{}
	byID := map[int32]*Site{}
	for _, s := range sites {
		byID[s.ID] = s
	}
	meas := gather(launches)
	r.LaunchErrors = launchFailures(launches)
	cache := map[*kernels.Access]*kernels.Eval{}
	for _, s := range sites {
		rows := siteRows(s, meas[s.ID], cache)
		if rows[0].Verdict == NotExecuted && len(r.LaunchErrors) > 0 {
			rows[0].Why = fmt.Sprintf("no test executed the site in a launch that measured it (%s failed: see below)", tracedLaunches(countLaunches(r.LaunchErrors)))
		}
		worst := rows[0].Verdict
		for _, row := range rows {
			if row.Verdict == Agree {
				r.Counts.Requests += row.Requests
			}
			if rank(row.Verdict) > rank(worst) {
				worst = row.Verdict
			}
		}
		r.Rows = append(r.Rows, rows...)
		r.Counts.Sites++
		switch worst {
		case Agree:
			r.Counts.Agree++
			r.Counts.Checked++
		case Disagree:
			r.Counts.Disagree++
			r.Counts.Checked++
		case Unpredicted:
			r.Counts.Unpredicted++
		case NotExecuted:
			r.Counts.NotExecuted++
		case NotInstrumented:
			r.Counts.NotInstrumented++
		}
	}
	r.Hazards = hazards(launches, byID, findings)
	r.Failed = r.Counts.Disagree > 0 || strict && r.Counts.NotExecuted > 0
	return r
}

func countLaunches(fs []*LaunchFailure) int {
	n := 0
	for _, f := range fs {
		n += f.Launches
	}
	return n
}

// tracedLaunches says "1 traced launch" or "N traced launches".
func tracedLaunches(n int) string {
	if n == 1 {
		return "1 traced launch"
	}
	return fmt.Sprintf("%d traced launches", n)
}

// rank orders verdicts by how much they say about a site: a
// disagreement anywhere outweighs everything, an agreement outweighs a
// missing prediction for another shape.
func rank(v Verdict) int {
	return [...]int{Agree: 2, Disagree: 4, Unpredicted: 1, NotExecuted: 3, NotInstrumented: 0}[v]
}

// siteRows returns the rows of one site: one per measured shape, or one
// that says why there is nothing to compare.
func siteRows(s *Site, ms []*measured, cache map[*kernels.Access]*kernels.Eval) []*Row {
	base := Row{Site: posString(s.Pos), Op: s.Op.String(), Text: s.Text, Check: checkOf(s)}
	if !s.instrumented {
		row := base
		row.Verdict, row.Why, row.Predicted, row.Measured = NotInstrumented, s.Note, "-", "-"
		return []*Row{&row}
	}
	if len(ms) == 0 {
		row := base
		row.Predicted, row.Measured = predictedAnywhere(s, cache), "-"
		row.Verdict, row.Why = NotExecuted, "no test executed the site"
		if row.Predicted == "-" {
			row.Verdict, row.Why = Unpredicted, "not evaluated and not executed"
		}
		return []*Row{&row}
	}
	var rows []*Row
	for _, m := range ms {
		row := base
		row.Block = fmt.Sprintf("%d×%d×%d", m.block.X, m.block.Y, m.block.Z)
		row.Measured, row.Requests, row.Split, row.Figures = describeMeasured(m), m.requests, m.split, m.figures
		switch m.space {
		case "shared":
			row.Check = "bankconflict"
		case "global":
			row.Check = "coalescing"
		}
		w := m.worst
		row.Worst = &w
		switch {
		case s.Op == Atomic:
			row.Check, row.Predicted, row.Verdict, row.Why = "", "-", Unpredicted, "atomics are not predicted"
		case m.space == "remote":
			row.Check, row.Predicted, row.Verdict, row.Why = "", "-", Unpredicted, "distributed shared memory of another block is not predicted"
		default:
			p := predict(s, m, cache)
			if len(p.evals) == 0 {
				row.Predicted, row.Verdict, row.Why = "-", Unpredicted, p.skip
				break
			}
			row.Predicted = describePrediction(p)
			row.Verdict, row.Why = judge(p, m)
		}
		rows = append(rows, &row)
	}
	return rows
}

// predictedAnywhere describes whether any context evaluates the site.
func predictedAnywhere(s *Site, cache map[*kernels.Access]*kernels.Eval) string {
	if s.Op == Atomic {
		return "-"
	}
	for _, a := range s.Accesses {
		ev := cache[a]
		if ev == nil {
			ev = kernels.Of(a.Ctx).Evaluate(a)
			cache[a] = ev
		}
		if ev.Skip == "" && !a.Remote {
			return fmt.Sprintf("%d (block %s)", ev.Worst.Metric(a.Shared()), a.Ctx.Shape.Block)
		}
	}
	return "-"
}

func checkOf(s *Site) string {
	if s.Op == Atomic || len(s.Accesses) == 0 {
		return ""
	}
	if s.Accesses[0].Shared() {
		return "bankconflict"
	}
	return "coalescing"
}

func describePrediction(p *prediction) string {
	figs := sortedKeys(p.figures)
	list := joinInts(figs)
	switch {
	case p.exact && len(figs) == 1:
		return list
	case p.exact:
		return "{" + list + "}"
	case p.aligned:
		return "one of {" + list + "}"
	}
	return fmt.Sprintf("≤ %d", p.top)
}

func describeMeasured(m *measured) string {
	split := ""
	if m.split > 0 {
		// Lanes of one execution went to different spaces or widths:
		// say so, since each part has fewer lanes than the warp.
		split = fmt.Sprintf(" (%d split by space or width)", m.split)
	}
	figs := sortedKeys(m.figures)
	if len(figs) == 1 {
		return fmt.Sprint(figs[0]) + split
	}
	sum := 0
	for f, n := range m.figures {
		sum += f * n
	}
	return fmt.Sprintf("%d..%d (mean %.2f)%s", figs[0], figs[len(figs)-1], float64(sum)/float64(m.requests), split)
}

func joinInts(xs []int) string {
	s := make([]string, len(xs))
	for i, x := range xs {
		s[i] = fmt.Sprint(x)
	}
	return strings.Join(s, ",")
}

// posString formats a position with the file's base name and column.
func posString(p token.Position) string {
	return fmt.Sprintf("%s:%d:%d", filepath.Base(p.Filename), p.Line, p.Column)
}
