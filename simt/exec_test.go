package simt_test

import (
	"fmt"
	"sync"
	"testing"

	"github.com/google/go-cmp/cmp"
	"github.com/smemlint/smemlint/simt"
)

// ids is what a thread sees of itself.
type ids struct {
	Thread, Block, BlockDim, GridDim simt.Dim3
	Lane, Warp                       int
}

func TestIndexing(t *testing.T) {
	d := func(x, y, z int) simt.Dim3 { return simt.Dim3{X: x, Y: y, Z: z} }
	tests := []struct{ grid, block simt.Dim3 }{
		{d(3, 0, 0), d(40, 0, 0)},
		{d(2, 3, 0), d(8, 5, 0)},
		{d(3, 2, 2), d(4, 3, 2)},
		{d(1, 1, 1), d(1, 1, 1)},
	}
	for _, tc := range tests {
		t.Run(fmt.Sprintf("%v/%v", tc.grid, tc.block), func(t *testing.T) {
			n1 := func(v simt.Dim3) simt.Dim3 { return d(v.X, max(v.Y, 1), max(v.Z, 1)) }
			g, b := n1(tc.grid), n1(tc.block)
			bt := b.X * b.Y * b.Z
			got := make([]ids, g.X*g.Y*g.Z*bt)
			err := simt.Launch(simt.Config{Grid: tc.grid, Block: tc.block}, func(t *simt.Thread) {
				blk := t.BlockIdx.X + t.BlockIdx.Y*t.GridDim.X + t.BlockIdx.Z*t.GridDim.X*t.GridDim.Y
				thr := t.ThreadIdx.X + t.ThreadIdx.Y*t.BlockDim.X + t.ThreadIdx.Z*t.BlockDim.X*t.BlockDim.Y
				got[blk*bt+thr] = ids{t.ThreadIdx, t.BlockIdx, t.BlockDim, t.GridDim, t.LaneID(), t.WarpID()}
			})
			if err != nil {
				t.Fatal(err)
			}
			var want []ids
			for bz := range g.Z {
				for by := range g.Y {
					for bx := range g.X {
						for tz := range b.Z {
							for ty := range b.Y {
								for tx := range b.X {
									lin := tx + ty*b.X + tz*b.X*b.Y
									want = append(want, ids{d(tx, ty, tz), d(bx, by, bz), b, g, lin % 32, lin / 32})
								}
							}
						}
					}
				}
			}
			if diff := cmp.Diff(want, got); diff != "" {
				t.Errorf("thread ids (-want +got):\n%s", diff)
			}
		})
	}
}

// orderKernel records the order in which a block's threads pass points
// of a kernel with barriers and warp collectives: the schedule itself.
func orderKernel(t *simt.Thread, out []int32) {
	ctr := simt.Shared[[1]int32](t)
	tid := t.ThreadIdx.X
	base := t.BlockIdx.X * 3 * t.BlockDim.X
	out[base+int(ctr[0])] = int32(tid)
	ctr[0]++
	v := simt.ShflDownSync(t, 0xffffffff, int32(tid), 1)
	t.SyncThreads()
	out[base+int(ctr[0])] = v
	ctr[0]++
	if tid%2 == 0 {
		t.SyncWarp(0x55555555)
	}
	t.SyncThreads()
	out[base+int(ctr[0])] = int32(tid)
	ctr[0]++
}

func TestDeterminism(t *testing.T) {
	run := func() []int32 {
		out := make([]int32, 8*3*128)
		err := simt.Launch(simt.Config{Grid: simt.Dim3{X: 8}, Block: simt.Dim3{X: 128}},
			func(t *simt.Thread) { orderKernel(t, out) })
		if err != nil {
			t.Fatal(err)
		}
		return out
	}
	first := run()
	for range 3 {
		if diff := cmp.Diff(first, run()); diff != "" {
			t.Fatalf("two runs differ (-first +again):\n%s", diff)
		}
	}
	// Threads start in index order and resume in release order.
	for i := range 128 {
		if first[i] != int32(i) || first[2*128+i] != int32(i) {
			t.Fatalf("schedule out of thread order at %d: %v", i, first[:3*128])
		}
	}
}

func TestPartialWarp(t *testing.T) {
	const n = 48
	var lanes, warps, sums [n]int
	var ballots [n]uint32
	err := simt.Launch(simt.Config{Grid: simt.Dim3{X: 1}, Block: simt.Dim3{X: n}}, func(t *simt.Thread) {
		tid := t.ThreadIdx.X
		lanes[tid], warps[tid] = t.LaneID(), t.WarpID()
		mask, width := uint32(0xffffffff), 32
		if t.WarpID() == 1 {
			mask, width = 0xffff, 16 // the last warp has 16 lanes
		}
		t.SyncWarp(mask)
		v := tid
		for d := width / 2; d > 0; d /= 2 {
			v += int(simt.ShflDownSyncWidth(t, mask, int32(v), d, width))
		}
		sums[tid] = v
		ballots[tid] = t.BallotSync(mask, tid%2 == 0)
	})
	if err != nil {
		t.Fatal(err)
	}
	for i := range n {
		if lanes[i] != i%32 || warps[i] != i/32 {
			t.Errorf("thread %d: lane %d warp %d", i, lanes[i], warps[i])
		}
	}
	if want := (32 + 47) * 16 / 2; sums[32] != want {
		t.Errorf("partial warp sum = %d, want %d", sums[32], want)
	}
	if sums[0] != 31*32/2 || ballots[0] != 0x55555555 || ballots[40] != 0x5555 {
		t.Errorf("full warp sum %d, ballots %#x %#x", sums[0], ballots[0], ballots[40])
	}
}

func TestConcurrentLaunches(t *testing.T) {
	var wg sync.WaitGroup
	errs := make([]error, 8)
	outs := make([][]int64, 8)
	for i := range errs {
		wg.Go(func() {
			out := make([]int64, 16)
			errs[i] = simt.Launch(simt.Config{Grid: simt.Dim3{X: 16}, Block: simt.Dim3{X: 256}}, func(t *simt.Thread) {
				s := simt.Shared[[256]int64](t)
				s[t.ThreadIdx.X] = int64(t.ThreadIdx.X * (i + 1))
				t.SyncThreads()
				if t.ThreadIdx.X == 0 {
					var sum int64
					for _, v := range s {
						sum += v
					}
					out[t.BlockIdx.X] = sum
				}
			})
			outs[i] = out
		})
	}
	wg.Wait()
	for i, err := range errs {
		if err != nil {
			t.Fatal(err)
		}
		for _, v := range outs[i] {
			if want := int64(255 * 256 / 2 * (i + 1)); v != want {
				t.Fatalf("launch %d: block sum %d, want %d", i, v, want)
			}
		}
	}
}
