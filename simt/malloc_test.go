package simt_test

import (
	"fmt"
	"strings"
	"testing"
	"unsafe"

	"github.com/smemlint/smemlint/simt"
)

func TestMallocAlignment(t *testing.T) {
	check := func(name string, p unsafe.Pointer, n int, zero bool) {
		t.Helper()
		if uintptr(p)%256 != 0 {
			t.Errorf("%s: first element at %#x, not 256-byte aligned", name, p)
		}
		if !zero {
			t.Errorf("%s: not zeroed", name)
		}
	}
	for _, n := range []int{1, 3, 100, 4097, 1 << 20} {
		a := simt.Malloc[float32](n)
		b := simt.Malloc[[3]byte](n)
		c := simt.Malloc[struct{ X, Y float64 }](n)
		if len(a) != n || cap(a) != n || len(b) != n || len(c) != n {
			t.Fatalf("n=%d: lengths %d %d %d", n, len(a), len(b), len(c))
		}
		check(fmt.Sprint("float32 ", n), unsafe.Pointer(&a[0]), n, a[n-1] == 0)
		check(fmt.Sprint("[3]byte ", n), unsafe.Pointer(&b[0]), n, b[n-1] == [3]byte{})
		check(fmt.Sprint("struct ", n), unsafe.Pointer(&c[0]), n, c[n-1].Y == 0)
		a[n-1], b[n-1][2] = 1, 1 // the whole length is usable
	}
	if z := simt.Malloc[int32](0); len(z) != 0 {
		t.Errorf("Malloc(0) has length %d", len(z))
	}
}

func TestMallocPanics(t *testing.T) {
	tests := []struct {
		name string
		f    func()
		want string
	}{
		{"negative", func() { simt.Malloc[float32](-1) }, "simt.Malloc: negative length -1"},
		{"pointer", func() { simt.Malloc[*int](4) }, "simt.Malloc[*int]: *int holds a ptr"},
		{"string", func() { simt.Malloc[struct{ S string }](4) }, "holds a string"},
		{"huge", func() { simt.Malloc[[1 << 20]byte](1 << 50) }, "do not fit in memory"},
	}
	for _, tc := range tests {
		t.Run(tc.name, func(t *testing.T) {
			defer func() {
				r := recover()
				if s := fmt.Sprint(r); r == nil || !strings.Contains(s, tc.want) {
					t.Errorf("panic %q, want it to contain %q", s, tc.want)
				}
			}()
			tc.f()
		})
	}
}
