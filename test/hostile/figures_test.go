package hostile

import (
	"fmt"
	"strings"
	"testing"
)

// figures is a package of kernels whose figures are easy to get wrong:
// each case names a line and what -verbose must say there.
const figures = `package figures

import "github.com/smemlint/smemlint/simt"

//smemlint:launch block=32
func DivZero(t *simt.Thread, out []float32) {
	s := simt.Shared[[1024]float32](t)
	tid := t.ThreadIdx.X
	zero := 0
	s[tid/zero] = 1
	out[tid] = s[0]
}

//smemlint:launch block=32
func NegShift(t *simt.Thread, out []float32) {
	s := simt.Shared[[1024]float32](t)
	tid := t.ThreadIdx.X
	k := -1
	s[tid<<k] = 1
	out[tid] = s[0]
}

//smemlint:launch block=32
func ModZero(t *simt.Thread, out []float32) {
	s := simt.Shared[[1024]float32](t)
	tid := t.ThreadIdx.X
	zero := 0
	s[tid%zero] = 1
	out[tid] = s[0]
}

//smemlint:launch block=32
func Wrap(t *simt.Thread, out []float32) {
	s := simt.Shared[[1 << 16]float32](t)
	tid := t.ThreadIdx.X
	s[(tid*(1<<62)/(1<<58))&1023] = 1
	out[tid] = s[0]
}

//smemlint:launch block=32
func Generic[T int32 | float32](t *simt.Thread, out []T) {
	s := simt.Shared[[1024]T](t)
	s[t.ThreadIdx.X*2] = 1
	out[t.ThreadIdx.X] = s[0]
}

var K = func(t *simt.Thread, out []float32) {
	s := simt.Shared[[1024]float32](t)
	s[t.ThreadIdx.X*2] = 1
	out[t.ThreadIdx.X] = s[0]
}

// RunK launches K through its variable.
func RunK(out []float32) error {
	return simt.Launch(simt.Config{Grid: simt.Dim3{X: 1}, Block: simt.Dim3{X: 32}}, func(t *simt.Thread) { K(t, out) })
}

var Direct = func(t *simt.Thread) {
	s := simt.Shared[[1024]float32](t)
	s[t.ThreadIdx.X*4] = 1
}

// RunDirect launches the variable itself.
func RunDirect() error {
	return simt.Launch(simt.Config{Grid: simt.Dim3{X: 1}, Block: simt.Dim3{X: 64}}, Direct)
}

var Lone = func(t *simt.Thread) {
	s := simt.Shared[[4096]float32](t)
	s[t.ThreadIdx.X*8] = 1
}

var LoneYZ = func(t *simt.Thread) {
	s := simt.Shared[[64][64]float32](t)
	s[t.ThreadIdx.Y][t.ThreadIdx.X] = 1
}

//smemlint:launch block=32
func Spawner(t *simt.Thread, out []float32) {
	go func() { out[0] = 1 }()
}

type acc struct{ out []float32 }

func (a acc) zero() { a.out[0] = 0 }

func (a acc) spawn() { go a.zero() }

func spawnHelper(out []float32) { go func() { out[1] = 1 }() }

func spawnDeeper(out []float32) { spawnHelper(out) }

func launchHelper() error { return simt.Launch(simt.Config{Block: simt.Dim3{X: 32}}, func(t *simt.Thread) {}) }

//smemlint:launch block=32
func SpawnForms(t *simt.Thread, out []float32) {
	a := acc{out}
	f := a.zero
	go f()
	g := func() { out[2] = 2 }
	go g()
	a.spawn()
	spawnDeeper(out)
	if launchHelper() != nil {
		return
	}
	out[t.ThreadIdx.X] = 3
}

//smemlint:launch block=32
func Nested(t *simt.Thread, out []float32) {
	out[t.ThreadIdx.X] = 1
	_ = simt.Launch(simt.Config{Grid: simt.Dim3{X: 1}, Block: simt.Dim3{X: 32}}, func(t *simt.Thread) {})
}

//smemlint:launch block=32x32
func Transpose(t *simt.Thread, out []float32) {
	tile := simt.Shared[[32][32]float32](t)
	tx, ty := t.ThreadIdx.X, t.ThreadIdx.Y
	tile[ty][tx] = 1
	t.SyncThreads()
	out[ty*32+tx] = tile[tx][ty]
}

//smemlint:launch block=32x32
func Padded(t *simt.Thread, out []float32) {
	tile := simt.Shared[[32][33]float32](t)
	tx, ty := t.ThreadIdx.X, t.ThreadIdx.Y
	tile[ty][tx] = 1
	t.SyncThreads()
	out[ty*32+tx] = tile[tx][ty]
}

//smemlint:launch block=64
func Doubles(t *simt.Thread, out []float64) {
	s := simt.Shared[[64]float64](t)
	s[t.ThreadIdx.X] = 1
	out[t.ThreadIdx.X] = s[63-t.ThreadIdx.X]
}
`

// tagged is a kernel behind a build tag: with -tags it is analyzed.
const tagged = `//go:build hostile

package figures

import "github.com/smemlint/smemlint/simt"

//smemlint:launch block=32
func Tagged(t *simt.Thread, out []float32) {
	s := simt.Shared[[1024]float32](t)
	s[t.ThreadIdx.X*4] = 1
	out[t.ThreadIdx.X] = s[0]
}
`

var figureRuns [3]once[[]diag]

// figureFindings runs smemlint on the figures package: with -verbose,
// with -verbose and -tags=hostile, or plain.
func figureFindings(tags, verbose bool) ([]diag, error) {
	i, args := 0, []string{"-verbose", "./figures"}
	switch {
	case tags:
		i, args = 1, append([]string{"-tags=hostile"}, args...)
	case !verbose:
		i, args = 2, []string{"./figures"}
	}
	return figureRuns[i].get(func() ([]diag, error) {
		dir, err := figuresDir.get(func() (string, error) {
			return newModule(map[string]string{"figures/figures.go": figures, "figures/tagged.go": tagged})
		})
		if err != nil {
			return nil, err
		}
		res, err := smemlint(dir, args...)
		if err != nil {
			return nil, err
		}
		if res.code != 3 {
			return nil, fmt.Errorf("exit %d, want 3; stderr %q", res.code, res.stderr)
		}
		return parseDiags(res.stderr), nil
	})
}

var figuresDir once[string]

// TestFigures: every access gets the figure a run measures, or the true
// reason why there is none.
func TestFigures(t *testing.T) {
	t.Parallel()
	type fig struct {
		name    string
		file    string
		line    int // of the n-th line (from 1) holding the text
		want    string
		tags    bool
		pending string
		plain   bool // without -verbose
	}
	at := func(src, text string, n int) int { return lineOf(src, text, n) }
	const divReason = "not evaluated: every thread that reaches it divides by zero or shifts by a negative amount in the index: the kernel panics here at run time"
	figs := []fig{
		{"division by zero", "figures.go", at(figures, "s[tid/zero] = 1", 1), divReason, false, "", false},
		{"negative shift", "figures.go", at(figures, "s[tid<<k] = 1", 1), divReason, false, "", false},
		{"remainder by zero", "figures.go", at(figures, "s[tid%zero] = 1", 1), divReason, false, "", false},
		{"an index that wraps", "figures.go", at(figures, "s[(tid*(1<<62)", 1), "2-way bank conflict (2 wavefronts, ideal 1)", false, "", false},
		{"a generic kernel is named", "figures.go", at(figures, "func Generic", 1), "generic kernel Generic is not evaluated", false, "", false},
		{"a generic kernel is named without -verbose", "figures.go", at(figures, "func Generic", 1), "note: generic kernel Generic is not evaluated", false, "", true},
		{"a kernel in a variable is evaluated without -verbose", "figures.go", at(figures, "s[t.ThreadIdx.X*2] = 1", 2), "2-way bank conflict (2 wavefronts, ideal 1): lanes 0 and 16 both hit bank 0; block 32", false, "", true},
		{"a kernel in a variable is evaluated", "figures.go", at(figures, "s[t.ThreadIdx.X*2] = 1", 2), "2-way bank conflict (2 wavefronts, ideal 1)", false, "", false},
		{"a kernel variable launched by name", "figures.go", at(figures, "s[t.ThreadIdx.X*4] = 1", 1), "4-way bank conflict (4 wavefronts, ideal 1): lanes 0, 8, 16, 24 all hit bank 0; block 64", false, "", true},
		{"a kernel variable never launched: the assumed block", "figures.go", at(figures, "s[t.ThreadIdx.X*8] = 1", 1), "8-way bank conflict (8 wavefronts, ideal 1): lanes 0, 4, 8, 12, 16, 20, 24, 28 all hit bank 0; block 256 assumed", false, "", true},
		{"a kernel that starts a goroutine is named", "figures.go", at(figures, "go func() { out[0] = 1 }()", 1), "note: kernel Spawner starts a goroutine: it is not a thread of the launch; its simt calls fail the launch, and a panic in it ends the process", false, "", true},
		{"a goroutine of a method value is named", "figures.go", at(figures, "go f()", 1), "note: kernel SpawnForms starts a goroutine: it is not a thread of the launch", false, "", true},
		{"a goroutine of a closure variable is named", "figures.go", at(figures, "go g()", 1), "note: kernel SpawnForms starts a goroutine: it is not a thread of the launch", false, "", true},
		{"a goroutine in a method the kernel calls is named", "figures.go", at(figures, "func (a acc) spawn()", 1), "note: kernel SpawnForms starts a goroutine in acc.spawn: it is not a thread of the launch", false, "", true},
		{"a goroutine two calls down is named with the chain", "figures.go", at(figures, "func spawnHelper(", 1), "note: kernel SpawnForms starts a goroutine in spawnHelper (called through spawnDeeper): it is not a thread of the launch", false, "", true},
		{"a launch in a function the kernel calls is named", "figures.go", at(figures, "func launchHelper()", 1), "note: kernel SpawnForms calls simt.Launch in launchHelper: a kernel may not launch another", false, "", true},
		{"a kernel that launches a kernel is named", "figures.go", at(figures, "_ = simt.Launch(", 1), "note: kernel Nested calls simt.Launch: a kernel may not launch another", false, "", true},
		{"a kernel variable using ThreadIdx.Y without a shape is named", "figures.go", at(figures, "var LoneYZ = func", 1), "note: kernel LoneYZ is not evaluated: it uses ThreadIdx.Y/Z and no launch shape is known", false, "", true},
		{"transpose column read", "figures.go", at(figures, "out[ty*32+tx] = tile[tx][ty]", 1), "32-way bank conflict (32 wavefronts, ideal 1): lanes 0..31 all hit bank 0; block 32×32", false, "", false},
		{"transpose row write", "figures.go", at(figures, "tile[ty][tx] = 1", 1), "1 wavefront per request (ideal 1)", false, "", false},
		{"padded column read", "figures.go", at(figures, "out[ty*32+tx] = tile[tx][ty]", 2), "1 wavefront per request (ideal 1)", false, "", false},
		{"8-byte reversed loads", "figures.go", at(figures, "out[t.ThreadIdx.X] = s[63-t.ThreadIdx.X]", 1), "2 wavefronts per request (ideal 2)", false, "", false},
		{"-tags honoured", "tagged.go", at(tagged, "s[t.ThreadIdx.X*4] = 1", 1), "4-way bank conflict (4 wavefronts, ideal 1)", true, "", false},
	}
	var cases []hcase
	for _, f := range figs {
		cases = append(cases, hcase{name: f.name, pending: f.pending, check: func(t *testing.T) error {
			ds, err := figureFindings(f.tags, !f.plain)
			if err != nil {
				return err
			}
			msgs := messagesAt(ds, f.file, f.line)
			for _, m := range msgs {
				if strings.Contains(m, f.want) {
					return nil
				}
			}
			return fmt.Errorf("%s:%d: %q, want %q", f.file, f.line, msgs, f.want)
		}})
	}
	runCases(t, cases)
}

// lineOf returns the line of the n-th line of src that holds text.
func lineOf(src, text string, n int) int {
	for i, l := range strings.Split(src, "\n") {
		if strings.Contains(l, text) {
			if n--; n == 0 {
				return i + 1
			}
		}
	}
	panic("no line holds " + text)
}
