package shuffle

import (
	"fmt"
	"strings"

	"github.com/smemlint/smemlint/affine"
	"github.com/smemlint/smemlint/model"
)

// op is the kind of a shuffle, from its name.
type op uint8

const (
	opIdx  op = iota // ShflSync: srcLane
	opUp             // ShflUpSync: delta
	opDown           // ShflDownSync: delta
	opXor            // ShflXorSync: laneMask
)

func opOf(name string) (op, string) {
	switch {
	case strings.HasPrefix(name, "ShflUp"):
		return opUp, "delta"
	case strings.HasPrefix(name, "ShflDown"):
		return opDown, "delta"
	case strings.HasPrefix(name, "ShflXor"):
		return opXor, "laneMask"
	}
	return opIdx, "srcLane"
}

// source returns the lane that lane reads, or own when it keeps its own
// value (CUDA's rules for each kind, with width w).
func source(k op, lane, arg, w int64) (src int64, own bool) {
	in := lane & (w - 1)
	switch k {
	case opIdx:
		return lane&^(w-1) | arg&(w-1), false
	case opUp:
		if in < arg {
			return lane, true
		}
		return lane - arg, false
	case opDown:
		if in+arg >= w {
			return lane, true
		}
		return lane + arg, false
	}
	src = lane ^ (arg & (model.WarpSize - 1))
	if src&^(w-1) > lane&^(w-1) {
		return lane, true
	}
	return src, false
}

// lanes checks the lane argument of a shuffle for every lane that makes
// the call and every value of the loop variables it depends on: within
// 0..width-1, and naming a lane of the mask. Arguments that depend on
// values without a known domain (parameters, data) are not checked.
func (c *checker) lanes() *Finding {
	s, ctx := c.s, c.ctx
	w, ok := s.Width.IsConst()
	if !ok || !ctx.Enumerable() || s.Mask.DependsOn(ctx.IsData) {
		return nil
	}
	for _, sym := range s.Lane.Syms() {
		if !ctx.IsCoord(sym) && ctx.Domain(sym) == nil {
			return nil
		}
	}
	if _, ok := ctx.VaryingData(s.Guard()); ok {
		return nil
	}
	k, argName := opOf(s.Name)
	guard := ctx.WithoutWarpUniform(s.Guard(), true)
	syms := ctx.UniformSyms([]affine.Pred{guard}, []affine.Expr{s.Lane, s.Mask})
	search := ctx.NewSearch(syms)
	env := ctx.NewEnv(0)
	guardProg, laneProg, maskProg := guard.Compile(), s.Lane.Compile(), s.Mask.Compile()
	with := func() string {
		if b := ctx.Values(env, s.Lane.Syms()); b != "" {
			return " (with " + b + ")"
		}
		return ""
	}
	var out *Finding
	search.Each(env, func() bool {
		for t := 0; t < ctx.Threads(); t++ {
			ctx.SetThread(env, t)
			if on, ok := guardProg(env); !ok || !on {
				continue
			}
			arg, ok1 := laneProg(env)
			mask, ok2 := maskProg(env)
			if !ok1 || !ok2 {
				continue
			}
			lane := int64(t % model.WarpSize)
			if arg < 0 || arg >= w {
				out = c.finding(s.Call, "%s %s %d is out of range for width %d%s: %s", s.Name, argName, arg, w, with(), outOfRange(k, w))
				return false
			}
			if src, own := source(k, lane, arg, w); !own && mask&(1<<src) == 0 {
				out = c.finding(s.Call, "%s: lane %d of warp %d reads lane %d, which is not in mask 0x%08x%s",
					s.Name, lane, t/model.WarpSize, src, uint64(mask)&(1<<model.WarpSize-1), with())
				return false
			}
		}
		return true
	})
	return out
}

func outOfRange(k op, w int64) string {
	switch k {
	case opIdx:
		return "it is taken modulo the width"
	case opXor:
		return fmt.Sprintf("lanes read outside their group of %d or keep their own value", w)
	}
	return "every lane keeps its own value"
}
