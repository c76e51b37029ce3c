package realcode

import (
	"math"
	"regexp"
	"strconv"
	"strings"

	"github.com/smemlint/smemlint/internal/realcode/hwsites"
)

// Key names a site: a program of a suite, a kernel, a CUDA line, a space,
// an op.
type Key struct {
	Program   string // "polybench__gemm": the hw file's name
	Kernel    string // the kernel's name, Normalized
	Line      int
	Space, Op string // "Global"/"Shared", "Load"/"Store"
}

// Normalize returns a kernel's name as both sides can spell it: the Go
// port's GemmKernel and CUDA's gemm_kernel are both "gemmkernel".
func Normalize(name string) string {
	return strings.ToLower(strings.ReplaceAll(name, "_", ""))
}

// Said is what smemlint said about the accesses of one site.
type Said struct {
	Figures []float64 // mean per-request figure of each access it priced
	// PerBlock holds the requests per block each priced access states
	// ("per block: R requests"); -1 where its message states none.
	PerBlock []float64
	// Lows holds, per priced access, the figure with one lane on where
	// the message says the lanes that pass depend on data ("1 sector with
	// one lane, 8 with all 32"): the figure is then that of every lane
	// passing, and the measured run may have had any number in between.
	// It is the access's figure otherwise.
	Lows    []float64
	DataDep bool     // some access's lanes depend on data
	Notes   []string // messages with no figure (reasons)
}

// RequestsPerBlock returns the requests per block of the site's priced
// accesses together, and false when a message does not state its own.
func (s Said) RequestsPerBlock() (float64, bool) {
	sum := 0.0
	for _, r := range s.PerBlock {
		if r < 0 {
			return 0, false
		}
		sum += r
	}
	return sum, len(s.PerBlock) > 0
}

// Verdicts of a site, from best to worst.
const (
	Agree      = "agree"        // the mean figure and the requests per block are the H100's (-G)
	FigureOnly = "agree-figure" // the figure is right; requests per block differ or are not stated
	// DataRange: which lanes pass a guard depends on data, and smemlint
	// says so with the range from one lane to all; the H100's figure lies
	// in it (the run's data decided where), and the requests per block
	// depend on the data too.
	DataRange  = "data-range"
	Disagree   = "disagree"   // smemlint gave a different figure
	Unknown    = "unknown"    // smemlint said why it gave no figure
	Silent     = "silent"     // smemlint said nothing
	Unmeasured = "unmeasured" // smemlint priced a site the H100 build has no access at
)

// Verdict compares smemlint's figures for a site with the -G build's.
// The mean of smemlint's figures stands for the site's requests, which
// the accesses of one line share in the corpus's kernels.
func Verdict(s Said, hw hwsites.Site) string {
	switch {
	case len(s.Notes) > 0:
		// Some access of the site was not evaluated: whatever the others'
		// figures, the site's is not known.
		return Unknown
	case len(s.Figures) == 0:
		return Silent
	}
	if math.Abs(Mean(s.Figures)-hw.PerRequest()) >= 0.01 {
		if s.DataDep && len(s.Lows) == len(s.Figures) &&
			hw.PerRequest() > Mean(s.Lows)-0.01 && hw.PerRequest() < Mean(s.Figures)+0.01 {
			return DataRange
		}
		return Disagree
	}
	// Each message rounds its per-block count to two decimals (7.98 for
	// 32704 requests over 4096 blocks): the site's sum of n of them may
	// be off by n times half a hundredth.
	tol := 0.01 + 0.005*float64(len(s.PerBlock))
	if r, ok := s.RequestsPerBlock(); ok && math.Abs(r-hw.RequestsPerBlock()) < tol {
		return Agree
	}
	if s.DataDep {
		return DataRange
	}
	return FigureOnly
}

// Mean returns the mean of xs (0 for none).
func Mean(xs []float64) float64 {
	if len(xs) == 0 {
		return 0
	}
	sum := 0.0
	for _, x := range xs {
		sum += x
	}
	return sum / float64(len(xs))
}

// CompilerChanged reports whether nvcc -O3 changed the site against the
// -G control: it removed or added instructions, or the mean cost of a
// request differs (merged, hoisted or vectorized accesses).
func CompilerChanged(g hwsites.Site, o3 hwsites.Site, found bool) bool {
	if !found {
		return true
	}
	return g.Instrs != o3.Instrs || math.Abs(g.PerRequest()-o3.PerRequest()) >= 0.01
}

var (
	accessRE   = regexp.MustCompile(`\b(global|shared) (load|store|atomic)\b`)
	figureRE   = regexp.MustCompile(`(\d+(?:\.\d+)?) (sectors?|wavefronts?)\b`)
	perBlockRE = regexp.MustCompile(`per block: (\d+(?:\.\d+)?) requests?\b`)
	meanRE     = regexp.MustCompile(`; mean (\d+(?:\.\d+)?) (?:sectors?|wavefronts?) per request\b`)
	// sitereport.LaneData's wording.
	laneRangeRE = regexp.MustCompile(`, which depends on .*\((\d+) (?:sectors?|wavefronts?) with one lane, \d+ with all \d+\)$`)
	laneAnyRE   = regexp.MustCompile(`, which depends on .*\(\d+ (?:sectors?|wavefronts?) however many lanes pass\)$`)
)

// LaneRange reads what a message says of lanes that pass a guard on data:
// dep is true when it says so, and low is the figure with one lane on
// (worst, the message's figure, where any number of lanes costs as much).
func LaneRange(msg string, worst float64) (low float64, dep bool) {
	if m := laneRangeRE.FindStringSubmatch(msg); m != nil {
		if v, err := strconv.ParseFloat(m[1], 64); err == nil {
			return v, true
		}
	}
	return worst, laneAnyRE.MatchString(msg)
}

// MeanFigure returns the mean figure per request a message states where it
// differs from the worst request's, else worst: the H100's counters give
// the mean.
func MeanFigure(msg string, worst float64) float64 {
	if m := meanRE.FindStringSubmatch(msg); m != nil {
		if v, err := strconv.ParseFloat(m[1], 64); err == nil {
			return v
		}
	}
	return worst
}

// PerBlock returns the requests per block a message states, or -1.
func PerBlock(msg string) float64 {
	if m := perBlockRE.FindStringSubmatch(msg); m != nil {
		if v, err := strconv.ParseFloat(m[1], 64); err == nil {
			return v
		}
	}
	return -1
}

// Classify reads one smemlint message: the space and op of the access
// it is about, and its per-request figure if it gives one.
//
// A note on what nvcc -O3 may merge ("nvcc -O3 may unroll …") prices the
// optimised build's vector load, not the access as written: it is not
// the site's figure.
func Classify(msg string) (space, op string, figure float64, ok, priced bool) {
	m := accessRE.FindStringSubmatch(msg)
	if m == nil || strings.Contains(msg, ": nvcc -O3 may ") {
		return "", "", 0, false, false
	}
	space, op = title(m[1]), title(m[2])
	rest := msg[strings.Index(msg, m[0]):]
	if f := figureRE.FindStringSubmatch(rest); f != nil {
		v, err := strconv.ParseFloat(f[1], 64)
		if err == nil {
			return space, op, v, true, true
		}
	}
	return space, op, 0, true, false
}

func title(s string) string { return strings.ToUpper(s[:1]) + s[1:] }
