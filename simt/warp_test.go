package simt_test

import (
	"errors"
	"fmt"
	"strings"
	"testing"

	"github.com/smemlint/smemlint/simt"
)

// refShuffle is CUDA's rule for the lane a shuffle reads, as the CUDA
// programming guide states it, with the lane's own value where the source
// falls outside the lane's group of width lanes.
func refShuffle(kind string, lane, arg, width int) int {
	group := lane / width * width
	switch kind {
	case "idx":
		return group + arg%width
	case "up":
		if lane%width < arg {
			return lane
		}
		return lane - arg
	case "down":
		if lane%width+arg >= width {
			return lane
		}
		return lane + arg
	default: // xor: earlier groups may be read, later ones not
		if src := lane ^ arg; src/width <= lane/width {
			return src
		}
		return lane
	}
}

func TestShuffles(t *testing.T) {
	type shfl func(t *simt.Thread, mask uint32, v float64, arg, width int) float64
	kinds := []struct {
		name string
		f    shfl
		args []int
	}{
		{"idx", simt.ShflSyncWidth[float64], []int{0, 1, 5, 7, 16, 31, 33}},
		{"up", simt.ShflUpSyncWidth[float64], []int{0, 1, 2, 3, 8, 16, 31}},
		{"down", simt.ShflDownSyncWidth[float64], []int{0, 1, 2, 3, 8, 16, 31}},
		{"xor", simt.ShflXorSyncWidth[float64], []int{0, 1, 2, 5, 8, 16, 31}},
	}
	const n = 64 // two warps
	for _, k := range kinds {
		for _, width := range []int{1, 2, 4, 8, 16, 32} {
			for _, arg := range k.args {
				t.Run(fmt.Sprintf("%s/w%d/%d", k.name, width, arg), func(t *testing.T) {
					var got [n]float64
					err := simt.Launch(simt.Config{Grid: simt.Dim3{X: 1}, Block: simt.Dim3{X: n}}, func(t *simt.Thread) {
						i := t.ThreadIdx.X
						got[i] = k.f(t, 0xffffffff, float64(i)*1.5, arg, width)
					})
					if err != nil {
						t.Fatal(err)
					}
					for i := range n {
						src := i/32*32 + refShuffle(k.name, i%32, arg, width)
						if want := float64(src) * 1.5; got[i] != want {
							t.Errorf("thread %d got %v, want %v (lane %d)", i, got[i], want, src)
						}
					}
				})
			}
		}
	}
}

func TestShuffleWithoutWidthIsWidth32(t *testing.T) {
	var got [32][4]int64
	err := simt.Launch(simt.Config{Grid: simt.Dim3{X: 1}, Block: simt.Dim3{X: 32}}, func(t *simt.Thread) {
		l := t.LaneID()
		v := int64(l) << 40 // 64-bit values keep their high bits
		got[l] = [4]int64{
			simt.ShflSync(t, 0xffffffff, v, 3),
			simt.ShflUpSync(t, 0xffffffff, v, 2),
			simt.ShflDownSync(t, 0xffffffff, v, 2),
			simt.ShflXorSync(t, 0xffffffff, v, 7),
		}
	})
	if err != nil {
		t.Fatal(err)
	}
	for l := range 32 {
		for i, kind := range []string{"idx", "up", "down", "xor"} {
			arg := [4]int{3, 2, 2, 7}[i]
			if want := int64(refShuffle(kind, l, arg, 32)) << 40; got[l][i] != want {
				t.Errorf("lane %d %s: got %#x, want %#x", l, kind, got[l][i], want)
			}
		}
	}
}

func TestWarpSumOfHalves(t *testing.T) {
	// Two half-warp groups shuffle independently with their own masks.
	var got [32]uint32
	err := simt.Launch(simt.Config{Grid: simt.Dim3{X: 1}, Block: simt.Dim3{X: 32}}, func(t *simt.Thread) {
		l := t.LaneID()
		mask := uint32(0xffff) << (l / 16 * 16)
		v := uint32(l)
		for d := 8; d > 0; d /= 2 {
			v += simt.ShflXorSyncWidth(t, mask, v, d, 16)
		}
		got[l] = v
	})
	if err != nil {
		t.Fatal(err)
	}
	for l, v := range got {
		if want := uint32(120 + 256*(l/16)); v != want {
			t.Errorf("lane %d: %d, want %d", l, v, want)
		}
	}
}

func TestVotes(t *testing.T) {
	type res struct {
		ballot   uint32
		any, all bool
	}
	var got [64]res
	err := simt.Launch(simt.Config{Grid: simt.Dim3{X: 1}, Block: simt.Dim3{X: 64}}, func(t *simt.Thread) {
		i := t.ThreadIdx.X
		mask := uint32(0xffffffff)
		if i >= 32 {
			mask = 0x0f0f0f0f // warp 1: only some lanes vote
			if mask&(1<<t.LaneID()) == 0 {
				return
			}
		}
		got[i].ballot = t.BallotSync(mask, i%3 == 0)
		got[i].any = t.AnySync(mask, i == 5)
		got[i].all = t.AllSync(mask, i >= 32 || i < 40)
	})
	if err != nil {
		t.Fatal(err)
	}
	var want0 uint32
	for l := range 32 {
		if l%3 == 0 {
			want0 |= 1 << l
		}
	}
	var want1 uint32
	for l := range 32 {
		if 0x0f0f0f0f&(1<<l) != 0 && (32+l)%3 == 0 {
			want1 |= 1 << l
		}
	}
	if g := got[0]; g.ballot != want0 || !g.any || !g.all {
		t.Errorf("warp 0: %+v, want ballot %#x any all", g, want0)
	}
	if g := got[33]; g.ballot != want1 || g.any || !g.all {
		t.Errorf("warp 1: %+v, want ballot %#x, not any, all", g, want1)
	}
}

func TestWarpErrors(t *testing.T) {
	tests := []struct {
		name   string
		block  int
		kernel func(*simt.Thread)
		kind   simt.ErrorKind
		want   string
	}{
		{"caller not in mask", 32, func(t *simt.Thread) {
			simt.ShflSync(t, 0xfffffffe, int32(0), 0)
		}, simt.KindMisuse, "thread (0,0,0), at warp_test.go:"},
		{"caller not in mask message", 32, func(t *simt.Thread) {
			t.SyncWarp(0xfffffffe)
		}, simt.KindMisuse, "SyncWarp: the calling lane 0 is not in mask 0xfffffffe"},
		{"absent lanes", 48, func(t *simt.Thread) {
			t.BallotSync(0xffffffff, true)
		}, simt.KindMisuse, "thread (32,0,0), at warp_test.go:" /* warp 0 is fine */},
		{"absent lanes message", 48, func(t *simt.Thread) {
			if t.WarpID() == 1 {
				t.SyncWarp(0xffffffff)
			}
		}, simt.KindMisuse, "SyncWarp: mask 0xffffffff names lanes 16..31, which do not exist in warp 1 of a block of 48 threads"},
		{"exited lane", 32, func(t *simt.Thread) {
			if t.LaneID() < 4 {
				return
			}
			t.AnySync(0xffffffff, true)
		}, simt.KindDeadlock, "AnySync: mask 0xffffffff names lanes 0..3 of warp 0, which have exited"},
		{"read outside mask", 32, func(t *simt.Thread) {
			if t.LaneID() < 8 {
				simt.ShflSync(t, 0xff, float32(1), 9)
			}
		}, simt.KindMisuse, "ShflSync: lane 0 reads lane 9, which is not in mask 0x000000ff"},
		{"bad width", 32, func(t *simt.Thread) {
			simt.ShflSyncWidth(t, 0xffffffff, int64(1), 0, 12)
		}, simt.KindMisuse, "ShflSync: width 12 is not a power of two from 1 to 32"},
		{"different collectives", 32, func(t *simt.Thread) {
			if t.LaneID() == 0 {
				t.SyncWarp(0xffffffff)
			} else {
				t.BallotSync(0xffffffff, true)
			}
		}, simt.KindDeadlock, "lanes of warp 0 disagree: lane 0 waits in SyncWarp with mask 0xffffffff at warp_test.go:"},
		{"different masks", 32, func(t *simt.Thread) {
			if t.LaneID() == 0 {
				t.SyncWarp(0x3)
			} else {
				t.SyncWarp(0xffffffff)
			}
		}, simt.KindDeadlock, "lane 1 calls SyncWarp with mask 0xffffffff"},
		{"SyncWarp named lane never arrives", 32, func(t *simt.Thread) {
			if t.LaneID() != 7 {
				t.SyncWarp(0xffffffff)
			}
		}, simt.KindDeadlock, "lane 7 of warp 0 exited while lanes 0..6 wait for it in SyncWarp"},
	}
	for _, tc := range tests {
		t.Run(tc.name, func(t *testing.T) {
			err := simt.Launch(simt.Config{Grid: simt.Dim3{X: 2}, Block: simt.Dim3{X: tc.block}}, tc.kernel)
			var le *simt.LaunchError
			if !errors.As(err, &le) {
				t.Fatalf("Launch = %v, want an error", err)
			}
			t.Log(err)
			if le.Kind != tc.kind || !strings.Contains(err.Error(), tc.want) {
				t.Errorf("got %v error\n%v\nwant %v error containing\n%s", le.Kind, err, tc.kind, tc.want)
			}
		})
	}
}
