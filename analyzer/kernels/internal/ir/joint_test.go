package ir

import (
	"slices"
	"testing"

	"github.com/smemlint/smemlint/affine"
)

// TestJointTied builds three nested loops, each tied to the one outside
// it, and checks that asking for the innermost brings the outer two and
// that only the listed combinations hold.
func TestJointTied(t *testing.T) {
	c := NewContext("k", 0, Shape{}, nil)
	size := c.NewSym("size", affine.Uniform, SymMeta{Role: RoleLoop, Domain: []int64{2, 4}})
	stride := c.NewSym("stride", affine.Uniform, SymMeta{Role: RoleLoop, Domain: []int64{1, 2}})
	c.Meta[stride].Joint = NewJoint([]affine.Sym{size, stride}, [][]int64{{2, 1}, {4, 2}, {4, 1}})
	pos := c.NewSym("pos", affine.Uniform, SymMeta{Role: RoleLoop, Domain: []int64{0, 4}})
	c.Meta[pos].Joint = NewJoint([]affine.Sym{size, stride, pos}, [][]int64{{2, 1, 0}, {4, 2, 0}, {4, 1, 4}})

	extra, joints := c.Tied([]affine.Sym{pos})
	slices.Sort(extra)
	if !slices.Equal(extra, []affine.Sym{size, stride}) || len(joints) != 2 {
		t.Fatalf("Tied(pos) = %v, %d joints; want size and stride, 2 joints", extra, len(joints))
	}
	env := c.NewEnv(0)
	for _, tc := range []struct {
		size, stride, pos int64
		want              bool
	}{
		{2, 1, 0, true},
		{4, 1, 4, true},
		{2, 2, 0, false}, // stride never exceeds size/2
		{4, 1, 0, false}, // pos is 4 in that iteration
	} {
		env[size], env[stride], env[pos] = tc.size, tc.stride, tc.pos
		if got := HoldAll(joints, env); got != tc.want {
			t.Errorf("size %d, stride %d, pos %d: HoldAll = %v, want %v", tc.size, tc.stride, tc.pos, got, tc.want)
		}
	}
	if NewJoint(make([]affine.Sym, MaxJoint+1), nil) != nil {
		t.Error("NewJoint accepted more than MaxJoint symbols")
	}
}
