package matmul_test

import (
	"errors"
	"math"
	"math/rand/v2"
	"strings"
	"testing"

	"github.com/smemlint/smemlint/examples/matmul"
	"github.com/smemlint/smemlint/simt"
)

func floats(n int, seed uint64) []float32 {
	r := rand.New(rand.NewPCG(seed, 3))
	x := make([]float32, n)
	for i := range x {
		x[i] = 2*r.Float32() - 1
	}
	return x
}

// reference is the plain Go product in float64.
func reference(a, b []float32, m, k, n int) []float64 {
	c := make([]float64, m*n)
	for i := 0; i < m; i++ {
		for j := 0; j < n; j++ {
			for kk := 0; kk < k; kk++ {
				c[i*n+j] += float64(a[i*k+kk]) * float64(b[kk*n+j])
			}
		}
	}
	return c
}

type run func(a, b []float32, m, k, n int) ([]float32, error)

type shape struct{ m, k, n int }

func check(t *testing.T, name string, r run, s shape) {
	t.Helper()
	a, b := floats(s.m*s.k, 1), floats(s.k*s.n, 2)
	got, err := r(a, b, s.m, s.k, s.n)
	if err != nil {
		t.Errorf("%s %dx%dx%d: %v", name, s.m, s.k, s.n, err)
		return
	}
	want := reference(a, b, s.m, s.k, s.n)
	for i := range want {
		// float32 products of terms in [-1, 1), summed k at a time.
		if math.Abs(float64(got[i])-want[i]) > 1e-5*float64(s.k) {
			t.Errorf("%s %dx%dx%d: c[%d][%d] = %v, want %v", name, s.m, s.k, s.n, i/s.n, i%s.n, got[i], want[i])
			return
		}
	}
}

// Shapes whose m, n and k are multiples of 32 (the only ones the seed's
// tiled kernel handles) and shapes that are not.
var (
	aligned = []shape{{32, 32, 32}, {64, 64, 64}, {96, 32, 128}, {64, 160, 32}}
	ragged  = []shape{{1, 1, 1}, {33, 47, 29}, {40, 64, 64}, {64, 40, 64}, {64, 64, 50}, {100, 70, 130}}
	// large is 64 blocks of 1024 threads: skipped with -short and -race.
	large = shape{256, 256, 256}
)

func TestCorrect(t *testing.T) {
	if !raceEnabled && !testing.Short() {
		aligned = append(aligned, large)
	}
	for _, s := range append(append([]shape(nil), aligned...), ragged...) {
		check(t, "MatmulKernel0", matmul.RunMatmulKernel0, s)
		check(t, "MatmulTiled", matmul.RunMatmulTiled, s)
	}
	for _, s := range aligned {
		check(t, "MatmulKernel1", matmul.RunMatmulKernel1, s)
	}
}

// launchError checks that err is a *simt.LaunchError of the given kind
// and returns its message in lower case.
func launchError(t *testing.T, err error, kind simt.ErrorKind) string {
	t.Helper()
	var le *simt.LaunchError
	if !errors.As(err, &le) {
		t.Fatalf("err = %v (%T), want a *simt.LaunchError", err, err)
	}
	if le.Kind != kind {
		t.Errorf("launch error kind %v, want %v: %v", le.Kind, kind, le)
	}
	return strings.ToLower(le.Error())
}

// TestKernel1Divergent: when m or n is not a multiple of 32, the early
// return before the barrier deadlocks the edge blocks.
func TestKernel1Divergent(t *testing.T) {
	for _, s := range []shape{{40, 64, 64}, {64, 64, 50}, {33, 32, 33}, {1, 32, 1}} {
		a, b := floats(s.m*s.k, 1), floats(s.k*s.n, 2)
		_, err := matmul.RunMatmulKernel1(a, b, s.m, s.k, s.n)
		msg := launchError(t, err, simt.KindDeadlock)
		if !strings.Contains(msg, "matmul.matmulkernel1") || !strings.Contains(msg, "divergent barrier") ||
			!strings.Contains(msg, "exited") {
			t.Errorf("%v: launch error %q does not name the divergent barrier in MatmulKernel1", s, msg)
		}
	}
}

// TestKernel1RaggedK: with m and n multiples of 32 but k not, the seed's
// unguarded tile loads run past the end of a and b: out of range.
func TestKernel1RaggedK(t *testing.T) {
	for _, s := range []shape{{32, 40, 32}, {64, 50, 64}} {
		a, b := floats(s.m*s.k, 1), floats(s.k*s.n, 2)
		_, err := matmul.RunMatmulKernel1(a, b, s.m, s.k, s.n)
		if msg := launchError(t, err, simt.KindFault); !strings.Contains(msg, "index out of range") {
			t.Errorf("%v: launch error %q does not report the out-of-range load", s, msg)
		}
	}
}
