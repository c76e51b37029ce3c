package ir

import (
	"math/rand/v2"
	"testing"

	"github.com/smemlint/smemlint/affine"
)

// TestSetThread compares SetThread, which steps without dividing along a
// row, with the plain division for in-order walks, jumps, and
// environments holding values of no thread.
func TestSetThread(t *testing.T) {
	r := rand.New(rand.NewPCG(3, 4))
	for _, b := range []Dim{{1, 1, 1}, {32, 1, 1}, {33, 1, 1}, {16, 16, 1}, {32, 8, 4}, {1, 64, 2}, {7, 3, 5}} {
		c := &Context{Shape: Shape{Block: b}, Tx: 0, Ty: 1, Tz: 2}
		env := make(affine.Env, 3)
		check := func(lin int) {
			t.Helper()
			c.SetThread(env, lin)
			want := [3]int64{int64(lin % b.X), int64(lin / b.X % b.Y), int64(lin / (b.X * b.Y))}
			if got := [3]int64{env[0], env[1], env[2]}; got != want {
				t.Fatalf("block %v: SetThread(%d) = %v, want %v", b, lin, got, want)
			}
		}
		n := b.Threads()
		for lin := 0; lin < n; lin++ {
			check(lin)
		}
		for i := 0; i < 1000; i++ {
			if i%3 == 0 {
				// Values of no thread: out of range or negative.
				env[0], env[1], env[2] = r.Int64N(200)-100, r.Int64N(200)-100, r.Int64N(20)-10
			}
			check(r.IntN(n))
		}
	}
}
