package histogram_test

import (
	"errors"
	"math/rand/v2"
	"slices"
	"strings"
	"testing"

	"github.com/smemlint/smemlint/examples/histogram"
	"github.com/smemlint/smemlint/simt"
)

// samples returns n samples spread over [-4, nbins+4): some fall below 0
// and some at or above nbins, to exercise the clamping.
func samples(n, nbins int) []int32 {
	r := rand.New(rand.NewPCG(uint64(n), uint64(nbins)))
	x := make([]int32, n)
	for i := range x {
		x[i] = int32(r.IntN(nbins+8) - 4)
	}
	return x
}

// reference counts on the host.
func reference(x []int32, nbins int) []int32 {
	bins := make([]int32, nbins)
	for _, v := range x {
		b := int(v)
		if b < 0 {
			b = 0
		} else if b >= nbins {
			b = nbins - 1
		}
		bins[b]++
	}
	return bins
}

var sizes = []struct{ n, nbins int }{
	{1, 2},
	{1000, 16},
	{histogram.Threads * 8, 64},
	{100000, 256},
	{12345, 1000},
}

func TestCorrect(t *testing.T) {
	kernels := []struct {
		name string
		run  func(x []int32, nbins int) ([]int32, error)
	}{
		{"ClusterHist", histogram.RunClusterHist},
		{"SharedHist", func(x []int32, nbins int) ([]int32, error) { return histogram.RunSharedHist(x, nbins, 8) }},
		{"GlobalHist", func(x []int32, nbins int) ([]int32, error) { return histogram.RunGlobalHist(x, nbins, 8) }},
	}
	for _, k := range kernels {
		for _, s := range sizes {
			x := samples(s.n, s.nbins)
			got, err := k.run(x, s.nbins)
			if err != nil {
				t.Errorf("%s n=%d nbins=%d: %v", k.name, s.n, s.nbins, err)
				continue
			}
			if want := reference(x, s.nbins); !slices.Equal(got, want) {
				t.Errorf("%s n=%d nbins=%d: bins differ from the reference\n got %v\nwant %v", k.name, s.n, s.nbins, got, want)
			}
		}
	}
}

// TestClusterHistNoFinalSync: without the final cluster.sync() a block's
// shared memory is used after it may have exited; the simulator reports
// the cluster fault.
func TestClusterHistNoFinalSync(t *testing.T) {
	for _, s := range sizes[1:] {
		_, err := histogram.RunClusterHistNoFinalSync(samples(s.n, s.nbins), s.nbins)
		var le *simt.LaunchError
		if !errors.As(err, &le) {
			t.Fatalf("n=%d nbins=%d: err = %v (%T), want a *simt.LaunchError", s.n, s.nbins, err, err)
		}
		if le.Kind != simt.KindCluster {
			t.Errorf("n=%d nbins=%d: launch error kind %v, want %v: %v", s.n, s.nbins, le.Kind, simt.KindCluster, le)
		}
		if msg := le.Error(); !strings.Contains(msg, "histogram.ClusterHistNoFinalSync") ||
			!strings.Contains(msg, "Cluster().Sync()") {
			t.Errorf("n=%d nbins=%d: launch error %q does not name the missing final cluster sync", s.n, s.nbins, msg)
		}
	}
}

func TestClusterHistBadBins(t *testing.T) {
	if _, err := histogram.RunClusterHist(samples(10, 5), 5); err == nil {
		t.Error("nbins=5 with clusters of 2: no error")
	}
}
