package ir

import (
	"slices"

	"github.com/smemlint/smemlint/affine"
)

// MaxJoint is the most symbols a Joint ties together: loops nested that
// deep, or a loop and the variables it carries.
const MaxJoint = 4

// Joint ties uniform symbols whose values occur only together: an inner
// loop variable whose bounds depend on an outer one (stride := size/2
// takes 1..size/2 for each size), or a variable a loop carries (pos =
// (pos+4)&63) and the loop's own. Each symbol's Domain lists every value
// it takes; the Joint lists which combinations occur, so that no figure
// rests on a combination the loops never make.
type Joint struct {
	Syms []Sym
	Rows [][]int64
	set  map[[MaxJoint]int64]struct{}
}

// Sym is an affine symbol, named here for brevity.
type Sym = affine.Sym

// NewJoint returns the Joint of syms over rows, each row one value per
// symbol; nil when there are more than MaxJoint symbols.
func NewJoint(syms []Sym, rows [][]int64) *Joint {
	if len(syms) > MaxJoint || len(syms) == 0 {
		return nil
	}
	j := &Joint{Syms: syms, Rows: rows, set: make(map[[MaxJoint]int64]struct{}, len(rows))}
	for _, r := range rows {
		var k [MaxJoint]int64
		copy(k[:], r)
		j.set[k] = struct{}{}
	}
	return j
}

// Holds reports whether env's values of the Joint's symbols are one of
// its combinations.
func (j *Joint) Holds(env affine.Env) bool {
	var k [MaxJoint]int64
	for i, s := range j.Syms {
		k[i] = env[s]
	}
	_, ok := j.set[k]
	return ok
}

// Tied returns the symbols that must be enumerated with syms because a
// Joint ties them to one of syms (an outer loop's variable), not already
// in syms, and the Joints to check on each combination.
func (c *Context) Tied(syms []Sym) (extra []Sym, joints []*Joint) {
	seen := slices.Clone(syms)
	for i := 0; i < len(seen); i++ {
		s := seen[i]
		if int(s) >= len(c.Meta) {
			continue
		}
		j := c.Meta[s].Joint
		if j == nil || slices.Contains(joints, j) {
			continue
		}
		joints = append(joints, j)
		for _, t := range j.Syms {
			if !slices.Contains(seen, t) {
				seen = append(seen, t)
				extra = append(extra, t)
			}
		}
	}
	return extra, joints
}

// HoldAll reports whether every Joint holds in env.
func HoldAll(joints []*Joint, env affine.Env) bool {
	for _, j := range joints {
		if !j.Holds(env) {
			return false
		}
	}
	return true
}
