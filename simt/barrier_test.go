package simt_test

import (
	"errors"
	"fmt"
	"math/rand/v2"
	"path/filepath"
	"runtime"
	"strings"
	"testing"

	"github.com/smemlint/smemlint/simt"
)

// treeReduce is the classic shared-memory tree reduction.
func treeReduce(t *simt.Thread, in, out []int64) {
	shm := simt.Shared[[512]int64](t)
	tid := t.ThreadIdx.X
	if i := t.BlockIdx.X*t.BlockDim.X + tid; i < len(in) {
		shm[tid] = in[i]
	}
	t.SyncThreads()
	for s := t.BlockDim.X / 2; s > 0; s /= 2 {
		if tid < s {
			shm[tid] += shm[tid+s]
		}
		t.SyncThreads()
	}
	if tid == 0 {
		out[t.BlockIdx.X] = shm[0]
	}
}

func TestTreeReduction(t *testing.T) {
	for _, n := range []int{1, 511, 512, 10000} {
		t.Run(fmt.Sprint(n), func(t *testing.T) {
			const block = 512
			blocks := (n + block - 1) / block
			in, out := simt.Malloc[int64](n), simt.Malloc[int64](blocks)
			var want int64
			for i := range in {
				in[i] = rand.Int64N(1000) - 500
				want += in[i]
			}
			err := simt.Launch(simt.Config{Grid: simt.Dim3{X: blocks}, Block: simt.Dim3{X: block}},
				func(t *simt.Thread) { treeReduce(t, in, out) })
			if err != nil {
				t.Fatal(err)
			}
			var got int64
			for _, v := range out {
				got += v
			}
			if got != want {
				t.Errorf("sum = %d, want %d", got, want)
			}
		})
	}
}

// mark sets *site to "file:line" of the line after the call, in block 0
// only: blocks run in parallel.
func mark(t *simt.Thread, site *string) {
	if t.BlockIdx == (simt.Dim3{}) {
		_, file, line, _ := runtime.Caller(1)
		*site = fmt.Sprintf("%s:%d", filepath.Base(file), line+1)
	}
}

func TestDeadlocks(t *testing.T) {
	var siteA, siteB string
	tests := []struct {
		name   string
		block  simt.Dim3
		kernel func(*simt.Thread)
		want   func() []string // substrings of the message
	}{
		{"barrier under a thread condition", simt.Dim3{X: 64}, func(t *simt.Thread) {
			if t.ThreadIdx.X < 16 {
				mark(t, &siteA)
				t.SyncThreads()
			}
		}, func() []string {
			return []string{"block (0,0,0)", "at " + siteA + ": divergent barrier: ",
				"threads (0..15,0,0) wait at SyncThreads " + siteA, "; threads (16..63,0,0) exited"}
		}},
		{"early return", simt.Dim3{X: 64}, func(t *simt.Thread) {
			if t.ThreadIdx.X >= 32 {
				return
			}
			mark(t, &siteA)
			t.SyncThreads()
		}, func() []string {
			return []string{"threads (0..31,0,0) wait at SyncThreads " + siteA + "; threads (32..63,0,0) exited"}
		}},
		{"two barrier sites", simt.Dim3{X: 64}, func(t *simt.Thread) {
			if t.ThreadIdx.X%2 == 0 {
				mark(t, &siteA)
				t.SyncThreads()
			} else {
				mark(t, &siteB)
				t.SyncThreads()
			}
		}, func() []string {
			return []string{"threads (0,0,0), (2,0,0), (4,0,0), (6,0,0) and 28 more (32 threads) wait at SyncThreads " + siteA +
				"; threads (1,0,0), (3,0,0), (5,0,0), (7,0,0) and 28 more (32 threads) wait at SyncThreads " + siteB}
		}},
		{"2-D block", simt.Dim3{X: 16, Y: 4}, func(t *simt.Thread) {
			if t.ThreadIdx.Y < 2 {
				mark(t, &siteA)
				t.SyncThreads()
			}
		}, func() []string {
			return []string{"threads (0..15,0..1,0) wait at SyncThreads " + siteA + "; threads (0..15,2..3,0) exited"}
		}},
		{"partial rows", simt.Dim3{X: 16, Y: 4}, func(t *simt.Thread) {
			if t.ThreadIdx.X+t.ThreadIdx.Y*16 >= 8 {
				mark(t, &siteA)
				t.SyncThreads()
			}
		}, func() []string {
			return []string{"threads (0..7,0,0) exited; threads (8..15,0,0), (0..15,1..3,0) wait at SyncThreads " + siteA}
		}},
		{"barrier against a shuffle", simt.Dim3{X: 32}, func(t *simt.Thread) {
			if t.ThreadIdx.X < 16 {
				mark(t, &siteA)
				simt.ShflSync(t, 0xffffffff, 1.0, 0)
			} else {
				mark(t, &siteB)
				t.SyncThreads()
			}
		}, func() []string {
			return []string{"threads (0..15,0,0) wait in ShflSync (mask 0xffffffff) at " + siteA,
				"threads (16..31,0,0) wait at SyncThreads " + siteB}
		}},
		{"lane exits during a shuffle", simt.Dim3{X: 32}, func(t *simt.Thread) {
			if t.ThreadIdx.X == 31 {
				return
			}
			mark(t, &siteA)
			simt.ShflXorSync(t, 0xffffffff, int32(1), 1)
		}, func() []string {
			return []string{"thread (31,0,0), at " + siteA + ": lane 31 of warp 0 exited while lanes 0..30 wait for it in ShflXorSync (mask 0xffffffff) at " + siteA}
		}},
		{"barrier in a loop with a thread-dependent trip count", simt.Dim3{X: 32}, func(t *simt.Thread) {
			for i := 0; i <= t.ThreadIdx.X%2; i++ {
				mark(t, &siteA)
				t.SyncThreads()
			}
		}, func() []string {
			return []string{"threads (0,0,0), (2,0,0), (4,0,0), (6,0,0) and 12 more (16 threads) exited; " +
				"threads (1,0,0), (3,0,0), (5,0,0), (7,0,0) and 12 more (16 threads) wait at SyncThreads " + siteA}
		}},
	}
	for _, tc := range tests {
		t.Run(tc.name, func(t *testing.T) {
			base := runtime.NumGoroutine()
			err := simt.Launch(simt.Config{Grid: simt.Dim3{X: 3}, Block: tc.block, Name: "k.Dead"}, tc.kernel)
			var le *simt.LaunchError
			if !errors.As(err, &le) {
				t.Fatalf("Launch = %v, want a deadlock", err)
			}
			t.Log(err)
			if le.Kind != simt.KindDeadlock {
				t.Errorf("Kind = %v, want deadlock", le.Kind)
			}
			msg := err.Error()
			if !strings.HasPrefix(msg, "simt: kernel k.Dead, block (") {
				t.Errorf("message does not name kernel and block: %s", msg)
			}
			for _, w := range tc.want() {
				if !strings.Contains(msg, w) {
					t.Errorf("message\n%s\nwant it to contain\n%s", msg, w)
				}
			}
			checkNoLeak(t, base)
		})
	}
}
