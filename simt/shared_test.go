package simt_test

import (
	"errors"
	"math"
	"strings"
	"testing"

	"github.com/smemlint/smemlint/simt"
)

func TestSharedPerBlock(t *testing.T) {
	// Every thread of a block sees the same zeroed arrays; blocks do not
	// share them.
	const blocks, threads = 16, 64
	out := simt.Malloc[int32](blocks)
	err := simt.Launch(simt.Config{Grid: simt.Dim3{X: blocks}, Block: simt.Dim3{X: threads}}, func(t *simt.Thread) {
		a := simt.Shared[[threads]int32](t)
		cnt := simt.Shared[int32](t)
		if a[t.ThreadIdx.X] != 0 {
			panic("shared memory not zeroed")
		}
		a[t.ThreadIdx.X] = int32(t.BlockIdx.X)
		*cnt += 1
		t.SyncThreads()
		if t.ThreadIdx.X == 0 {
			var s int32
			for _, v := range a {
				s += v
			}
			out[t.BlockIdx.X] = s + *cnt
		}
	})
	if err != nil {
		t.Fatal(err)
	}
	for b, v := range out {
		if want := int32(b*threads + threads); v != want {
			t.Errorf("block %d: %d, want %d", b, v, want)
		}
	}
}

func TestDynamicShared(t *testing.T) {
	var lens [3]int
	var bits uint32
	err := simt.Launch(simt.Config{Grid: simt.Dim3{X: 1}, Block: simt.Dim3{X: 2}, SharedBytes: 20}, func(t *simt.Thread) {
		f := simt.DynamicShared[float32](t)
		if t.ThreadIdx.X == 0 {
			f[1] = 1.5
			return
		}
		u := simt.DynamicShared[uint32](t) // the same bytes
		d := simt.DynamicShared[float64](t)
		lens = [3]int{len(f), len(u), len(d)}
		bits = u[1]
	})
	if err != nil {
		t.Fatal(err)
	}
	if lens != [3]int{5, 5, 2} || bits != math.Float32bits(1.5) {
		t.Errorf("lengths %v (want 5 5 2), bits %#x (want %#x)", lens, bits, math.Float32bits(1.5))
	}
}

func TestSharedErrors(t *testing.T) {
	tests := []struct {
		name   string
		cfg    simt.Config
		kernel func(*simt.Thread)
		kind   simt.ErrorKind
		want   []string
	}{
		{"divergent Shared", simt.Config{Block: simt.Dim3{X: 4}}, func(t *simt.Thread) {
			if t.ThreadIdx.X != 2 {
				simt.Shared[[4]float32](t)
			}
			simt.Shared[[8]int32](t)
		}, simt.KindMisuse, []string{"thread (2,0,0), at shared_test.go:",
			"Shared called under divergent control: this thread's Shared call #1 asks for [8]int32, " +
				"but thread (0,0,0)'s call #1 allocated the block's array as [4]float32"}},
		{"pointer type", simt.Config{Block: simt.Dim3{X: 4}}, func(t *simt.Thread) {
			simt.Shared[[4]*int](t)
		}, simt.KindMisuse, []string{"Shared[[4]*int]: [4]*int holds a ptr; device memory holds plain values only"}},
		{"struct with a slice", simt.Config{Block: simt.Dim3{X: 4}}, func(t *simt.Thread) {
			simt.Shared[struct {
				A int
				B []int
			}](t)
		}, simt.KindMisuse, []string{"holds a slice"}},
		{"dynamic string", simt.Config{Block: simt.Dim3{X: 4}, SharedBytes: 64}, func(t *simt.Thread) {
			simt.DynamicShared[string](t)
		}, simt.KindMisuse, []string{"DynamicShared[string]: string holds a string"}},
		{"static over 48 KB", simt.Config{Block: simt.Dim3{X: 4}}, func(t *simt.Thread) {
			simt.Shared[[8 << 10]float32](t)
			simt.Shared[[5 << 10]float32](t)
		}, simt.KindConfig, []string{"block (0,0,0), thread (0,0,0), at shared_test.go:",
			"Shared[[5120]float32]: static shared memory 52 KB exceeds the 48 KB a block may declare statically on sm_90"}},
		{"static plus dynamic over the maximum", simt.Config{Block: simt.Dim3{X: 4}, SharedBytes: 200 << 10}, func(t *simt.Thread) {
			simt.Shared[[10 << 10]float32](t)
		}, simt.KindConfig, []string{"shared memory 240 KB (static 40 KB + dynamic 200 KB) exceeds the 227 KB per block of sm_90"}},
		{"a terabyte array, refused before it is allocated", simt.Config{Block: simt.Dim3{X: 4}}, func(t *simt.Thread) {
			simt.Shared[[1 << 40]float32](t)
		}, simt.KindConfig, []string{"Shared[[1099511627776]float32]: the array is 4294967296 KB; a block may declare at most 48 KB statically on sm_90"}},
		{"a second array over the limit, refused before it is allocated", simt.Config{Block: simt.Dim3{X: 4}}, func(t *simt.Thread) {
			simt.Shared[[1024]float32](t)
			simt.Shared[[1 << 36]byte](t)
		}, simt.KindConfig, []string{"Shared[[68719476736]uint8]: the array is 67108864 KB"}},
		{"zero-size dynamic element", simt.Config{Block: simt.Dim3{X: 1}, SharedBytes: 8}, func(t *simt.Thread) {
			simt.DynamicShared[struct{}](t)
		}, simt.KindMisuse, []string{"the element type has size 0"}},
	}
	for _, tc := range tests {
		t.Run(tc.name, func(t *testing.T) {
			tc.cfg.Grid = simt.Dim3{X: 2}
			err := simt.Launch(tc.cfg, tc.kernel)
			var le *simt.LaunchError
			if !errors.As(err, &le) {
				t.Fatalf("Launch = %v, want an error", err)
			}
			t.Log(err)
			if le.Kind != tc.kind {
				t.Errorf("Kind = %v, want %v: %v", le.Kind, tc.kind, err)
			}
			for _, w := range tc.want {
				if !strings.Contains(err.Error(), w) {
					t.Errorf("error\n%v\nwant it to contain\n%s", err, w)
				}
			}
		})
	}
}
