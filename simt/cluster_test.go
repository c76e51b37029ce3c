package simt_test

import (
	"errors"
	"math/rand/v2"
	"strings"
	"sync"
	"testing"

	"github.com/google/go-cmp/cmp"
	"github.com/smemlint/smemlint/simt"
)

func TestClusterRanks(t *testing.T) {
	var mu sync.Mutex
	type info struct{ Rank, N int }
	got := make(map[simt.Dim3]info)
	err := simt.Launch(simt.Config{Grid: simt.Dim3{X: 4, Y: 4}, Block: simt.Dim3{X: 32}, Cluster: simt.Dim3{X: 2, Y: 2}},
		func(t *simt.Thread) {
			c := t.Cluster()
			c.Sync()
			if t.ThreadIdx.X == 0 {
				info := info{c.BlockRank(), c.NumBlocks()}
				mu.Lock()
				got[t.BlockIdx] = info
				mu.Unlock()
			}
		})
	if err != nil {
		t.Fatal(err)
	}
	for b, in := range got {
		if want := (info{b.X%2 + b.Y%2*2, 4}); in != want {
			t.Errorf("block %v: %+v, want %+v", b, in, want)
		}
	}
	if len(got) != 16 {
		t.Errorf("%d blocks reported", len(got))
	}
}

// clusterHist counts input into nbins bins spread over the shared memory of
// the blocks of a cluster, binsPerBlock each, then adds them to bins.
func clusterHist(t *simt.Thread, bins []int32, nbins, binsPerBlock int, input []int32, finalSync bool) {
	smem := simt.DynamicShared[int32](t)
	c := t.Cluster()
	for i := t.ThreadIdx.X; i < binsPerBlock; i += t.BlockDim.X {
		smem[i] = 0
	}
	c.Sync()
	for i := t.BlockIdx.X*t.BlockDim.X + t.ThreadIdx.X; i < len(input); i += t.BlockDim.X * t.GridDim.X {
		bin := min(max(int(input[i]), 0), nbins-1)
		dst := simt.MapSharedRankSlice(t, smem, bin/binsPerBlock)
		simt.AtomicAdd(t, &dst[bin%binsPerBlock], 1)
	}
	if finalSync {
		c.Sync()
	} else {
		t.SyncThreads()
	}
	lbins := bins[c.BlockRank()*binsPerBlock:]
	for i := t.ThreadIdx.X; i < binsPerBlock; i += t.BlockDim.X {
		simt.AtomicAdd(t, &lbins[i], smem[i])
	}
}

func TestClusterHistogram(t *testing.T) {
	const nbins, perBlock = 64, 32
	input := simt.Malloc[int32](10000)
	want := make([]int32, nbins)
	for i := range input {
		input[i] = rand.Int32N(nbins+10) - 5
		want[min(max(int(input[i]), 0), nbins-1)]++
	}
	bins := simt.Malloc[int32](nbins)
	cfg := simt.Config{Grid: simt.Dim3{X: 8}, Block: simt.Dim3{X: 128}, Cluster: simt.Dim3{X: 2}, SharedBytes: perBlock * 4}
	err := simt.Launch(cfg, func(t *simt.Thread) { clusterHist(t, bins, nbins, perBlock, input, true) })
	if err != nil {
		t.Fatal(err)
	}
	// Every cluster adds its own count of its samples into bins.
	if diff := cmp.Diff(want, bins); diff != "" {
		t.Errorf("histogram (-want +got):\n%s", diff)
	}
}

func TestMapSharedRankArray(t *testing.T) {
	var got [2][4]int32
	cfg := simt.Config{Grid: simt.Dim3{X: 2}, Block: simt.Dim3{X: 4}, Cluster: simt.Dim3{X: 2}}
	err := simt.Launch(cfg, func(t *simt.Thread) {
		a := simt.Shared[[4]int32](t)
		c := t.Cluster()
		a[t.ThreadIdx.X] = int32(10*c.BlockRank() + t.ThreadIdx.X)
		c.Sync()
		other := simt.MapSharedRank(t, a, 1-c.BlockRank())
		got[c.BlockRank()][t.ThreadIdx.X] = other[t.ThreadIdx.X]
		row := simt.MapSharedRank(t, (*[2]int32)(a[2:]), 1-c.BlockRank()) // an interior pointer maps too
		got[c.BlockRank()][t.ThreadIdx.X] += 100 * row[1]
		c.Sync()
	})
	if err != nil {
		t.Fatal(err)
	}
	want := [2][4]int32{{10 + 1300, 11 + 1300, 12 + 1300, 13 + 1300}, {0 + 300, 1 + 300, 2 + 300, 3 + 300}}
	if got != want {
		t.Errorf("got %v, want %v", got, want)
	}
}

func TestClusterErrors(t *testing.T) {
	const nbins, perBlock = 64, 32
	input := make([]int32, 512)
	for i := range input {
		input[i] = int32((i + perBlock) % nbins) // every sample belongs to the other block
	}
	var sink []int32
	tests := []struct {
		name   string
		kernel func(*simt.Thread)
		kind   simt.ErrorKind
		want   []string
	}{
		{"missing final sync", func(t *simt.Thread) {
			clusterHist(t, make([]int32, nbins), nbins, perBlock, input, false)
		}, simt.KindCluster, []string{"block (0,0,0), thread (0,0,0), at cluster_test.go:",
			"block rank 0 thread (0,0,0) mapped the shared memory of block rank 1 at cluster_test.go:",
			"and exited without a Cluster().Sync() after it: block 1 may exit while it is still accessed"}},
		{"map before sync", func(t *simt.Thread) {
			simt.MapSharedRankSlice(t, simt.DynamicShared[int32](t), 1)
		}, simt.KindCluster, []string{"MapSharedRankSlice: distributed shared memory used before the cluster has synchronised"}},
		{"rank out of range", func(t *simt.Thread) {
			t.Cluster().Sync()
			simt.MapSharedRankSlice(t, simt.DynamicShared[int32](t), 2)
		}, simt.KindCluster, []string{"block rank 2 is out of range: the cluster has 2 blocks"}},
		{"not shared memory", func(t *simt.Thread) {
			t.Cluster().Sync()
			sink = simt.MapSharedRankSlice(t, make([]int32, 4), 1)
		}, simt.KindCluster, []string{"the 16 bytes passed are not within the shared memory of block rank 0"}},
		{"exited block", func(t *simt.Thread) {
			c := t.Cluster()
			s := simt.DynamicShared[int32](t)
			c.Sync()
			if c.BlockRank() == 1 {
				return
			}
			t.SyncThreads() // lets block 1 run to its end
			simt.MapSharedRankSlice(t, s, 1)
		}, simt.KindCluster, []string{"MapSharedRankSlice: block rank 1 (1,0,0) has exited; its shared memory is gone"}},
		{"block exits before the cluster sync", func(t *simt.Thread) {
			c := t.Cluster()
			if c.BlockRank() == 1 {
				return
			}
			c.Sync()
		}, simt.KindDeadlock, []string{"divergent barrier: block rank 0 (0,0,0): threads (0..31,0,0) wait at Cluster().Sync cluster_test.go:",
			"; block rank 1 (1,0,0): threads (0..31,0,0) exited"}},
	}
	for _, tc := range tests {
		t.Run(tc.name, func(t *testing.T) {
			cfg := simt.Config{Grid: simt.Dim3{X: 4}, Block: simt.Dim3{X: 32}, Cluster: simt.Dim3{X: 2}, SharedBytes: perBlock * 4}
			err := simt.Launch(cfg, tc.kernel)
			var le *simt.LaunchError
			if !errors.As(err, &le) {
				t.Fatalf("Launch = %v, want an error", err)
			}
			t.Log(err)
			if le.Kind != tc.kind {
				t.Errorf("Kind = %v, want %v", le.Kind, tc.kind)
			}
			for _, w := range tc.want {
				if !strings.Contains(err.Error(), w) {
					t.Errorf("error\n%v\nwant it to contain\n%s", err, w)
				}
			}
		})
	}
	_ = sink
}
