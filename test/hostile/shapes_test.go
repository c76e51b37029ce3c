package hostile

import (
	"errors"
	"fmt"
	"strings"
	"testing"

	"github.com/smemlint/smemlint/simt"
)

// A shape is one launch shape, written as a directive and as the
// simt.Config the simulator gets, and the rule it breaks ("" when it is
// valid). The simulator and the analyzer must give the same sentence.
type shape struct {
	args string
	cfg  simt.Config
	want string
}

func d1(x int) simt.Dim3       { return simt.Dim3{X: x} }
func d2(x, y int) simt.Dim3    { return simt.Dim3{X: x, Y: y} }
func d3(x, y, z int) simt.Dim3 { return simt.Dim3{X: x, Y: y, Z: z} }

const kb = 1024

var shapes = []shape{
	{"block=2000", simt.Config{Block: d1(2000)}, "block 2000x1x1 has 2000 threads; sm_90 allows at most 1024"},
	{"block=32x32x2", simt.Config{Block: d3(32, 32, 2)}, "block 32x32x2 has 2048 threads; sm_90 allows at most 1024"},
	{"block=1x1x128", simt.Config{Block: d3(1, 1, 128)}, "block 1x1x128: Z is 128; sm_90 allows at most 64 in Z"},
	{"block=1025", simt.Config{Block: d1(1025)}, "block 1025x1x1 has 1025 threads"},
	{"block=2048x1", simt.Config{Block: d2(2048, 1)}, "block 2048x1x1 has 2048 threads"},
	{"block=1x2048", simt.Config{Block: d2(1, 2048)}, "block 1x2048x1 has 2048 threads"},
	{"block=1x1x65", simt.Config{Block: d3(1, 1, 65)}, "block 1x1x65: Z is 65; sm_90 allows at most 64 in Z"},
	{"block=16x16x16", simt.Config{Block: d3(16, 16, 16)}, "block 16x16x16 has 4096 threads"},
	{"block=32 grid=1x65536", simt.Config{Block: d1(32), Grid: d2(1, 65536)}, "grid 1x65536x1: Y is 65536; sm_90 allows at most 65535 in Y"},
	{"block=32 grid=1x1x65536", simt.Config{Block: d1(32), Grid: d3(1, 1, 65536)}, "grid 1x1x65536: Z is 65536; sm_90 allows at most 65535 in Z"},
	{"block=32 grid=3000000000", simt.Config{Block: d1(32), Grid: d1(3000000000)}, "grid 3000000000x1x1: X is 3000000000; sm_90 allows at most 2147483647 in X"},
	{"block=32 grid=3 cluster=2", simt.Config{Block: d1(32), Grid: d1(3), Cluster: d1(2)}, "grid 3x1x1 is not a multiple of cluster 2x1x1 in X"},
	{"block=32 grid=4x3 cluster=2x2", simt.Config{Block: d1(32), Grid: d2(4, 3), Cluster: d2(2, 2)}, "grid 4x3x1 is not a multiple of cluster 2x2x1 in Y"},
	{"block=32 grid=8x8x3 cluster=1x1x2", simt.Config{Block: d1(32), Grid: d3(8, 8, 3), Cluster: d3(1, 1, 2)}, "grid 8x8x3 is not a multiple of cluster 1x1x2 in Z"},
	{"block=32 grid=32 cluster=32", simt.Config{Block: d1(32), Grid: d1(32), Cluster: d1(32)}, "cluster 32x1x1 has 32 blocks; sm_90 allows at most 8"},
	{"block=32 grid=16x16 cluster=4x4", simt.Config{Block: d1(32), Grid: d2(16, 16), Cluster: d2(4, 4)}, "cluster 4x4x1 has 16 blocks; sm_90 allows at most 8"},
	{"block=32 grid=9x9 cluster=3x3", simt.Config{Block: d1(32), Grid: d2(9, 9), Cluster: d2(3, 3)}, "cluster 3x3x1 has 9 blocks"},
	{"block=32 grid=2 cluster=2 arch=sm_80", simt.Config{Block: d1(32), Grid: d1(2), Cluster: d1(2), Arch: "sm_80"}, "cluster 2x1x1: sm_80 has no thread block clusters"},
	{"block=32 grid=2 cluster=2 arch=sm_89", simt.Config{Block: d1(32), Grid: d1(2), Cluster: d1(2), Arch: "sm_89"}, "cluster 2x1x1: sm_89 has no thread block clusters"},
	{"block=32 shared=300K", simt.Config{Block: d1(32), SharedBytes: 300 * kb}, "SharedBytes: shared memory 300 KB (static 0 bytes + dynamic 300 KB) exceeds the 227 KB per block of sm_90"},
	{"block=32 shared=228K", simt.Config{Block: d1(32), SharedBytes: 228 * kb}, "exceeds the 227 KB per block of sm_90"},
	{"block=32 shared=232449", simt.Config{Block: d1(32), SharedBytes: 232449}, "shared memory 232449 bytes"},
	{"block=1024 arch=sm_1x", simt.Config{Block: d1(1024), Arch: "sm_1x"}, "block 1024x1x1 has 1024 threads; sm_1x allows at most 512"},
	{"block=16x16x4 arch=sm_13", simt.Config{Block: d3(16, 16, 4), Arch: "sm_13"}, "block 16x16x4 has 1024 threads; sm_1x allows at most 512"},
	{"block=32 grid=1x1x2 arch=sm_1x", simt.Config{Block: d1(32), Grid: d3(1, 1, 2), Arch: "sm_1x"}, "grid 1x1x2: Z is 2; sm_1x allows at most 1 in Z"},
	{"block=32 grid=70000 arch=sm_2x", simt.Config{Block: d1(32), Grid: d1(70000), Arch: "sm_2x"}, "grid 70000x1x1: X is 70000; sm_2x allows at most 65535 in X"},
	{"block=32 shared=17K arch=sm_1x", simt.Config{Block: d1(32), SharedBytes: 17 * kb, Arch: "sm_1x"}, "exceeds the 16 KB per block of sm_1x"},
	{"block=32 shared=49K arch=sm_50", simt.Config{Block: d1(32), SharedBytes: 49 * kb, Arch: "sm_50"}, "exceeds the 48 KB per block of sm_50"},
	{"block=32 shared=100K arch=sm_86", simt.Config{Block: d1(32), SharedBytes: 100 * kb, Arch: "sm_86"}, "exceeds the 99 KB per block of sm_86"},
	{"block=32 shared=65K arch=sm_75", simt.Config{Block: d1(32), SharedBytes: 65 * kb, Arch: "sm_75"}, "exceeds the 64 KB per block of sm_75"},
	// Valid shapes at the limits: nothing to say.
	{"block=1024", simt.Config{Block: d1(1024)}, ""},
	{"block=1x1x64", simt.Config{Block: d3(1, 1, 64)}, ""},
	{"block=32x32 grid=2 cluster=2", simt.Config{Block: d2(32, 32), Grid: d1(2), Cluster: d1(2)}, ""},
	{"block=32 grid=8 cluster=8", simt.Config{Block: d1(32), Grid: d1(8), Cluster: d1(8)}, ""},
	{"block=32 shared=227K", simt.Config{Block: d1(32), SharedBytes: 227 * kb}, ""},
	{"block=512 shared=16K arch=sm_1x", simt.Config{Block: d1(512), SharedBytes: 16 * kb, Arch: "sm_1x"}, ""},
}

// shapeDirectives are the corpus kernels of the shapes, in table order.
var shapeDirectives []*kernelSrc

func shapeKernels() []*kernelSrc {
	if shapeDirectives == nil {
		for _, s := range shapes {
			shapeDirectives = append(shapeDirectives, &kernelSrc{directive: "//smemlint:launch " + s.args})
		}
	}
	return shapeDirectives
}

// simtRule launches cfg with a kernel that does nothing and returns the
// rule the simulator gives, "" when it runs.
func simtRule(cfg simt.Config) (string, error) {
	if cfg.Grid == (simt.Dim3{}) {
		cfg.Grid = d1(1)
	}
	err := simt.Launch(cfg, func(*simt.Thread) {})
	if err == nil {
		return "", nil
	}
	var le *simt.LaunchError
	if !errors.As(err, &le) || le.Kind != simt.KindConfig {
		return "", fmt.Errorf("Launch = %v, want a config error", err)
	}
	return strings.TrimPrefix(err.Error(), "simt.Launch: "), nil
}

// TestShapes: every shape is rejected by the simulator with the expected
// rule, and by the analyzer, in every face, with the same sentence.
func TestShapes(t *testing.T) {
	t.Parallel()
	var cases []hcase
	for i, s := range shapes {
		cases = append(cases, hcase{name: "simt/" + s.args, check: func(t *testing.T) error {
			got, err := simtRule(s.cfg)
			if err != nil {
				return err
			}
			if s.want == "" && got != "" || !strings.Contains(got, s.want) {
				return fmt.Errorf("simt.Launch: %q, want %q", got, s.want)
			}
			return nil
		}})
		for fi, f := range faces {
			cases = append(cases, hcase{name: f.name + "/" + s.args, check: func(t *testing.T) error {
				cr, err := corpusFindings(fi)
				if err != nil {
					return err
				}
				k := shapeKernels()[i]
				if s.want == "" {
					return expectAt(cr.diags, "shapes.go", k.line, "")
				}
				rule, err := simtRule(s.cfg)
				if err != nil {
					return err
				}
				// The same sentence as the simulator's.
				return expectAt(cr.diags, "shapes.go", k.line, "//smemlint:launch: "+rule)
			}})
			cases = append(cases, hcase{name: f.name + "/simt.Config/" + s.args, check: func(t *testing.T) error {
				cr, err := corpusFindings(fi)
				if err != nil {
					return err
				}
				rule, err := simtRule(s.cfg)
				if err != nil {
					return err
				}
				want := ""
				if rule != "" {
					want = "simt.Config: " + rule
				}
				if _, limit, ok := strings.Cut(rule, "exceeds the "); ok && strings.HasPrefix(rule, "SharedBytes:") {
					// The capacity check reports shared memory, static
					// arrays included, in its own words.
					want = "over the " + limit
				}
				return expectAt(cr.diags, "configs.go", configLines[i], want)
			}})
		}
	}
	runCases(t, cases)
}
