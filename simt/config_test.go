package simt_test

import (
	"errors"
	"strings"
	"testing"

	"github.com/smemlint/smemlint/simt"
)

func nop(*simt.Thread) {}

func TestLaunchValidation(t *testing.T) {
	d := func(x, y, z int) simt.Dim3 { return simt.Dim3{X: x, Y: y, Z: z} }
	tests := []struct {
		name   string
		cfg    simt.Config
		kernel func(*simt.Thread)
		want   string // substring of the error; "" for success
	}{
		{"ok", simt.Config{Grid: d(2, 0, 0), Block: d(32, 0, 0)}, nop, ""},
		{"ok 3d", simt.Config{Grid: d(2, 2, 2), Block: d(8, 4, 2)}, nop, ""},
		{"nil kernel", simt.Config{Grid: d(1, 1, 1), Block: d(1, 1, 1)}, nil, "simt.Launch: nil kernel"},
		{"unknown arch", simt.Config{Grid: d(1, 1, 1), Block: d(1, 1, 1), Arch: "sm_99"}, nop, `unknown architecture "sm_99"`},
		{"grid X zero", simt.Config{Block: d(1, 1, 1)}, nop, "grid 0x0x0: X must be at least 1"},
		{"block X zero", simt.Config{Grid: d(1, 1, 1), Block: d(0, 4, 1)}, nop, "block 0x4x1: X must be at least 1"},
		{"grid negative", simt.Config{Grid: d(1, -1, 1), Block: d(1, 1, 1)}, nop, "grid 1x-1x1 has a negative dimension"},
		{"block negative", simt.Config{Grid: d(1, 1, 1), Block: d(4, 1, -2)}, nop, "block 4x1x-2 has a negative dimension"},
		{"block too many threads", simt.Config{Grid: d(1, 1, 1), Block: d(32, 33, 1)}, nop,
			"simt.Launch: block 32x33x1 has 1056 threads; sm_90 allows at most 1024"},
		{"block too many threads sm_1x", simt.Config{Grid: d(1, 1, 1), Block: d(1024, 1, 1), Arch: "sm_13"}, nop,
			"block 1024x1x1 has 1024 threads; sm_1x allows at most 512"},
		{"block Z over limit", simt.Config{Grid: d(1, 1, 1), Block: d(1, 1, 65)}, nop, "block 1x1x65: Z is 65; sm_90 allows at most 64 in Z"},
		{"grid Y over limit", simt.Config{Grid: d(1, 65536, 1), Block: d(1, 1, 1)}, nop, "grid 1x65536x1: Y is 65536; sm_90 allows at most 65535 in Y"},
		{"grid Z over limit sm_1x", simt.Config{Grid: d(1, 1, 2), Block: d(1, 1, 1), Arch: "sm_1x"}, nop, "grid 1x1x2: Z is 2; sm_1x allows at most 1 in Z"},
		{"cluster ok", simt.Config{Grid: d(4, 2, 1), Block: d(32, 1, 1), Cluster: d(2, 2, 0)}, nop, ""},
		{"cluster not dividing", simt.Config{Grid: d(3, 1, 1), Block: d(32, 1, 1), Cluster: d(2, 1, 1)}, nop,
			"grid 3x1x1 is not a multiple of cluster 2x1x1 in X"},
		{"cluster not dividing Y", simt.Config{Grid: d(2, 3, 1), Block: d(32, 1, 1), Cluster: d(1, 2, 1)}, nop,
			"grid 2x3x1 is not a multiple of cluster 1x2x1 in Y"},
		{"cluster too big", simt.Config{Grid: d(16, 1, 1), Block: d(32, 1, 1), Cluster: d(16, 1, 1)}, nop,
			"cluster 16x1x1 has 16 blocks; sm_90 allows at most 8"},
		{"cluster on sm_80", simt.Config{Grid: d(2, 1, 1), Block: d(32, 1, 1), Cluster: d(2, 1, 1), Arch: "sm_80"}, nop,
			"cluster 2x1x1: sm_80 has no thread block clusters"},
		{"cluster 1x1x1 on sm_80", simt.Config{Grid: d(2, 1, 1), Block: d(32, 1, 1), Cluster: d(1, 1, 1), Arch: "sm_80"}, nop,
			"sm_80 has no thread block clusters"},
		{"cluster X zero", simt.Config{Grid: d(2, 2, 1), Block: d(32, 1, 1), Cluster: d(0, 2, 1)}, nop, "cluster 0x2x1: X must be at least 1"},
		{"cluster negative", simt.Config{Grid: d(2, 2, 1), Block: d(32, 1, 1), Cluster: d(2, -1, 1)}, nop, "cluster 2x-1x1 has a negative dimension"},
		{"shared negative", simt.Config{Grid: d(1, 1, 1), Block: d(32, 1, 1), SharedBytes: -1}, nop, "SharedBytes is -1; it must not be negative"},
		{"shared over max", simt.Config{Grid: d(1, 1, 1), Block: d(32, 1, 1), SharedBytes: 228 << 10}, nop,
			"exceeds the 227 KB per block of sm_90"},
		{"shared at max", simt.Config{Grid: d(1, 1, 1), Block: d(32, 1, 1), SharedBytes: 227 << 10}, nop, ""},
		{"shared over max sm_75", simt.Config{Grid: d(1, 1, 1), Block: d(32, 1, 1), SharedBytes: 65 << 10, Arch: "sm_75"}, nop,
			"exceeds the 64 KB per block of sm_75"},
		{"name in config error", simt.Config{Grid: d(1, 1, 1), Block: d(2048, 1, 1), Name: "k.Big"}, nop,
			"simt.Launch: kernel k.Big: block 2048x1x1 has 2048 threads"},
	}
	for _, tc := range tests {
		t.Run(tc.name, func(t *testing.T) {
			err := simt.Launch(tc.cfg, tc.kernel)
			if tc.want == "" {
				if err != nil {
					t.Fatalf("Launch: %v", err)
				}
				return
			}
			var le *simt.LaunchError
			if !errors.As(err, &le) {
				t.Fatalf("Launch = %v, want a *LaunchError containing %q", err, tc.want)
			}
			if le.Kind != simt.KindConfig || le.Block != nil || le.Thread != nil {
				t.Errorf("Kind %v, Block %v, Thread %v; want a config error about no thread", le.Kind, le.Block, le.Thread)
			}
			if !strings.Contains(err.Error(), tc.want) {
				t.Errorf("Launch error\n%v\nwant it to contain\n%s", err, tc.want)
			}
		})
	}
}

func TestLaunchErrorFormat(t *testing.T) {
	b, th := simt.Dim3{X: 3}, simt.Dim3{X: 17}
	inner := errors.New("inner")
	e := &simt.LaunchError{Kind: simt.KindFault, Kernel: "reduce.Tree", Block: &b, Thread: &th,
		Pos: "reduce.go:42", Msg: "index out of range [1024] with length 1024", Err: inner}
	want := "simt: kernel reduce.Tree, block (3,0,0), thread (17,0,0), at reduce.go:42: index out of range [1024] with length 1024"
	if got := e.Error(); got != want {
		t.Errorf("Error() =\n%s\nwant\n%s", got, want)
	}
	if !errors.Is(e, inner) {
		t.Error("errors.Is does not reach the wrapped error")
	}
	e = &simt.LaunchError{Kind: simt.KindDeadlock, Kernel: "k", Block: &b, Msg: "divergent barrier: x"}
	if got, want := e.Error(), "simt: kernel k, block (3,0,0): divergent barrier: x"; got != want {
		t.Errorf("Error() = %q, want %q", got, want)
	}
	if got := simt.KindCluster.String(); got != "cluster" {
		t.Errorf("KindCluster.String() = %q", got)
	}
}
