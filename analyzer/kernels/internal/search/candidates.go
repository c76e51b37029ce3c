package search

import (
	"slices"

	"github.com/smemlint/smemlint/analyzer/kernels/internal/ir"
	"github.com/smemlint/smemlint/model"
)

// The values tried for symbols of unknown value. A witness found with them
// is a real one; an answer "none" from them is exact only when every
// symbol had a known domain.

// hypotheses are the values tried for an unknown uniform value that
// multiplies the thread index (a symbolic stride).
var hypotheses = []int64{1, 2, 3, 4, 5, 7, 8, 9, 16, 17, 31, 32, 33, 64, 127, 128, 1024, 1025}

// hypothesesComplete are the values a complete evaluation (simcheck's
// bound) tries: more of them, since a bound from tried values holds only
// as far as the values reach.
var hypothesesComplete = []int64{1, 2, 3, 4, 5, 6, 7, 8, 9, 12, 15, 16, 17, 24, 31, 32, 33, 48, 63, 64, 65,
	100, 127, 128, 129, 255, 256, 1000, 1023, 1024, 1025, 4096}

// alignedFirst are the same values, large powers of two first: for an
// unknown that only moves whole warps they are alignments, and the aligned
// ones usually give the most favourable figure at once.
var alignedFirst = []int64{1024, 128, 64, 32, 16, 8, 4, 2, 1, 1025, 127, 33, 31, 17, 9, 7, 5, 3}

// candidates for symbols of unknown value, by role, smallest first.
var (
	blockCandidates = []int64{0, 1, 2, 3, 5, 7}
	gridCandidates  = []int64{1, 2, 3, 4, 8, 100}
	iterCandidates  = []int64{0, 1, 2, 3}
)

// numberCandidates are the values tried for an unknown number (a
// parameter, a length): small ones, and those around the warp size, the
// block size and their halves and doubles, where conditions split threads.
func numberCandidates(c *ir.Context) []int64 {
	out := []int64{1, 0, 2, 3, 4, 5, 7, 8}
	for _, m := range []int64{model.WarpSize / 2, model.WarpSize, 2 * model.WarpSize,
		int64(c.Threads() / 2), int64(c.Threads()), int64(2 * c.Threads())} {
		out = append(out, m-1, m, m+1)
	}
	out = append(out, 100, 1000, 1<<20)
	var uniq []int64
	for _, v := range out {
		if v >= 0 && !slices.Contains(uniq, v) {
			uniq = append(uniq, v)
		}
	}
	return uniq
}

// sample keeps n values of d: both ends and evenly spaced ones between.
func sample(d []int64, n int) []int64 {
	out := make([]int64, 0, n)
	for i := 0; i < n; i++ {
		out = append(out, d[i*(len(d)-1)/(n-1)])
	}
	return slices.Compact(out)
}

// Hypotheses returns the values tried for an unknown stride: more of them
// for a complete evaluation. Callers must not modify the slice.
func Hypotheses(complete bool) []int64 {
	if complete {
		return hypothesesComplete
	}
	return hypotheses
}

// AlignedFirst returns the stride hypotheses with large powers of two
// first. Callers must not modify the slice.
func AlignedFirst() []int64 { return alignedFirst }
