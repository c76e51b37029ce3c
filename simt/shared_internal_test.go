package simt

import (
	"testing"
	"unsafe"

	"github.com/google/go-cmp/cmp"
)

// TestSharedLayout checks the arena layout the analyzer relies on: regions
// in the order of the block's first requests, each 16-byte aligned.
func TestSharedLayout(t *testing.T) {
	type at struct {
		Off int64
		OK  bool
	}
	var got []at
	var outside at
	err := Launch(Config{Grid: Dim3{X: 1}, Block: Dim3{X: 2}, SharedBytes: 10}, func(t *Thread) {
		a := Shared[[3]float32](t)    // 12 bytes at 0
		d := DynamicShared[byte](t)   // 10 bytes at 16
		b := Shared[[5]float64](t)    // 40 bytes at 32
		c := Shared[[2][4]float32](t) // 32 bytes at 80
		if t.ThreadIdx.X != 1 {
			return
		}
		off := func(p unsafe.Pointer) at {
			o, ok := t.b.sharedOffset(uintptr(p))
			return at{o, ok}
		}
		got = []at{
			off(unsafe.Pointer(&a[0])), off(unsafe.Pointer(&a[2])),
			off(unsafe.Pointer(&d[0])), off(unsafe.Pointer(&d[9])),
			off(unsafe.Pointer(&b[0])), off(unsafe.Pointer(&b[1])),
			off(unsafe.Pointer(&c[1][3])),
		}
		var x int
		outside = off(unsafe.Pointer(&x))
	})
	if err != nil {
		t.Fatal(err)
	}
	want := []at{{0, true}, {8, true}, {16, true}, {25, true}, {32, true}, {40, true}, {80 + 28, true}}
	if diff := cmp.Diff(want, got); diff != "" {
		t.Errorf("arena offsets (-want +got):\n%s", diff)
	}
	if outside.OK {
		t.Errorf("a stack variable maps to shared offset %d", outside.Off)
	}
}

func TestGoroutineBudget(t *testing.T) {
	cfg := Config{Grid: Dim3{X: 8}, Block: Dim3{X: 1024}, Cluster: Dim3{X: 8}}
	err := Launch(cfg, func(t *Thread) { t.Cluster().Sync() })
	if goroutineBudget < 8*1024 {
		want := "simt.Launch: a cluster of 8 blocks of 1024 threads runs 8192 threads together, one goroutine each; " +
			"this process allows 6000 under the race detector"
		if err == nil || err.Error() != want {
			t.Errorf("Launch = %v, want %s", err, want)
		}
		return
	}
	if err != nil {
		t.Errorf("Launch: %v", err)
	}
}
