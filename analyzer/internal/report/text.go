package report

import (
	"fmt"
	"go/token"
	"strconv"
	"strings"

	"github.com/smemlint/smemlint/model"
)

// The text the checks' messages share. The kernels facade and its
// records (kernels/internal/ir) format through these functions, so that a
// message reads the same from every check.

// Threads describes a set of threads of a block by ranges of linear
// indices, "threads 512..1023", naming at most three ranges.
func Threads(set []bool) string {
	var parts []string
	count, ranges := 0, 0
	for i := 0; i < len(set); {
		if !set[i] {
			i++
			continue
		}
		j := i
		for j+1 < len(set) && set[j+1] {
			j++
		}
		count += j - i + 1
		ranges++
		if ranges <= 3 {
			if i == j {
				parts = append(parts, fmt.Sprint(i))
			} else {
				parts = append(parts, fmt.Sprintf("%d..%d", i, j))
			}
		}
		i = j + 1
	}
	text := strings.Join(parts, ", ")
	if ranges > 3 {
		text += fmt.Sprintf(", … (%d threads)", count)
	}
	if count == 1 {
		return "thread " + text
	}
	return "threads " + text
}

// LaneRanges describes a lane mask as Threads does: "lanes 16..31",
// "lane 0". (Lanes is the shorter form of the bank-conflict messages.)
func LaneRanges(mask uint64) string {
	set := make([]bool, model.WarpSize)
	for l := range set {
		set[l] = mask&(1<<l) != 0
	}
	return strings.Replace(Threads(set), "thread", "lane", 1)
}

// Thread names the thread of linear index lin in a block of bx×by×bz:
// "thread 16" in a one-dimensional block, "thread (3,1)" in a
// two-dimensional one.
func Thread(lin, bx, by, bz int) string {
	x, y, z := lin%bx, lin/bx%max(by, 1), lin/(bx*max(by, 1))
	switch {
	case by <= 1 && bz <= 1:
		return fmt.Sprintf("thread %d", lin)
	case bz <= 1:
		return fmt.Sprintf("thread (%d,%d)", x, y)
	}
	return fmt.Sprintf("thread (%d,%d,%d)", x, y, z)
}

// ShortFile returns the last element of a file name.
func ShortFile(name string) string {
	if i := strings.LastIndexAny(name, `/\`); i >= 0 {
		return name[i+1:]
	}
	return name
}

// Line formats a position as messages cite it: "file.go:line".
func Line(p token.Position) string { return fmt.Sprintf("%s:%d", ShortFile(p.Filename), p.Line) }

// CtrlForm is how a condition stands before an event, for CtrlText.
type CtrlForm uint8

// Condition forms.
const (
	UnderCond   CtrlForm = iota // an if condition or a switch case
	DefaultCase                 // the default case of a switch
	ElseBranch                  // the else branch of an if
	LoopTrip                    // the trip count of an enclosing loop
	AfterExit                   // an earlier return, break or continue
)

// CtrlText says where a condition puts an event: "under thread-dependent
// condition tid < 512 (a.go:12)", "after a thread-dependent return (a.go:9,
// under row >= m)", "in a loop whose trip count is thread-dependent (for
// ..., a.go:7)". qual qualifies the condition ("thread-dependent", ...),
// cond is its text, via the exit's statement, at its position.
func CtrlText(form CtrlForm, qual, cond, via, at string) string {
	switch form {
	case DefaultCase:
		return fmt.Sprintf("in the default case of a %s switch (%s)", qual, at)
	case ElseBranch:
		return fmt.Sprintf("in the else branch of %s condition %s (%s)", qual, cond, at)
	case LoopTrip:
		return fmt.Sprintf("in a loop whose trip count is %s (%s, %s)", qual, cond, at)
	case AfterExit:
		return fmt.Sprintf("after a %s %s (%s, under %s)", qual, via, at, cond)
	}
	return fmt.Sprintf("under %s condition %s (%s)", qual, cond, at)
}

// BlockTotals states, for -verbose notes, what one block's requests of an
// access add up to, counting every iteration ("; per block: 32 requests,
// 40 sectors"), and the mean per request where it differs from the worst
// request's figure, since a profiler reports the mean. unit is the figure's
// unit, singular. Empty when nothing is known.
func BlockTotals(requests, total float64, mean float64, hasMean bool, worst int, unit string) string {
	var s string
	switch {
	case requests > 0 && total > 0:
		s = "; per block: " + Amount(requests, "request") + ", " + Amount(total, unit)
	case requests > 0:
		// The alignment of an unknown offset decides the total.
		s = "; per block: " + Amount(requests, "request")
	}
	if hasMean && mean != float64(worst) {
		s += "; mean " + Amount(mean, unit) + " per request"
	}
	return s
}

// Amount formats a count that may be fractional (a mean) with its unit:
// "32 requests", "1.25 sectors", "1 wavefront".
func Amount(v float64, unit string) string {
	n := strconv.FormatFloat(v, 'f', 2, 64)
	n = strings.TrimRight(strings.TrimRight(n, "0"), ".")
	if n == "1" {
		return "1 " + unit
	}
	return n + " " + unit + "s"
}
