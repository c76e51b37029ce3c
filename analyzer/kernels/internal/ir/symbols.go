package ir

import (
	"go/token"
	"slices"

	"github.com/smemlint/smemlint/affine"
	"github.com/smemlint/smemlint/model"
)

// Role is what a symbol stands for.
type Role uint8

// Symbol roles.
const (
	RoleCoord    Role = iota // ThreadIdx.X, .Y, .Z
	RoleBlockIdx             // BlockIdx.X, .Y, .Z
	RoleGridDim              // GridDim components the launch does not give
	RoleParam                // a kernel parameter or host value
	RoleLen                  // the length of a global slice
	RoleLoop                 // a loop variable
	RoleIter                 // the iteration count of a loop
	RoleData                 // a value read from memory or computed opaquely
	RoleRank                 // the block's rank in its cluster
)

// SymMeta is what the interpreter knows about a symbol. (The flags
// follow Role so that the four bytes share one word: contexts append
// tens of these, one per symbol.)
type SymMeta struct {
	Role Role
	Warp bool // RoleData: the same for all lanes of a warp (a vote)
	// Counter says that the value is the old value an atomic returns
	// from the counter From: the threads that update one counter get
	// distinct values (see CounterShared).
	Counter bool
	// Loaded says that the value was loaded whole from memory, at the
	// byte address At (see Interp's load); two loads of an array the
	// kernel never stores to, at one address that is the same for every
	// thread and iteration, read one value (see pairs' excluded).
	Loaded bool
	Domain []int64 // the values it can take, when enumerable
	// Why says what a RoleData value is, completing "the index depends
	// on …" where an access is not evaluated: "data read from memory".
	Why string
	// From is, for a value read from memory or computed from one, the
	// array it was read from; nil otherwise. A value read from a global
	// array the kernel never stores to is input: data no analysis of the
	// kernel can see (see IsInput).
	From *Array
	At   affine.Expr
	// Joint, when not nil, ties this symbol's values to those of other
	// symbols (an outer loop's variable): only its combinations occur.
	Joint *Joint
}

// Threads returns the number of threads of a block.
func (c *Context) Threads() int { return c.Shape.Block.Threads() }

// SetThread sets the thread-index symbols of env to those of the thread
// with linear index lin.
func (c *Context) SetThread(env affine.Env, lin int) {
	b := c.Shape.Block
	bx, by, bz := int64(b.X), int64(b.Y), int64(b.Z)
	x, y, z, l := env[c.Tx], env[c.Ty], env[c.Tz], int64(lin)
	// Callers walk the threads in order: the next thread of a row is the
	// common case, and needs no division.
	if x >= 0 && x+1 < bx && y >= 0 && y < by && z >= 0 && z < bz && l == x+1+bx*(y+by*z) {
		env[c.Tx] = x + 1
		return
	}
	env[c.Tx], env[c.Ty], env[c.Tz] = l%bx, l/bx%by, l/(bx*by)
}

// NewEnv returns an environment for the context's symbols and extra
// symbols numbered after them.
func (c *Context) NewEnv(extra int) affine.Env { return make(affine.Env, c.Syms.Len()+extra) }

// IsCoord reports whether s is a thread-index symbol.
func (c *Context) IsCoord(s affine.Sym) bool { return int(s) < len(c.Meta) && c.isCoord(s) }

// IsVaryingData reports whether s is a value read from memory or computed
// opaquely that may differ between the lanes of a warp.
func (c *Context) IsVaryingData(s affine.Sym) bool {
	return int(s) < len(c.Meta) && c.Meta[s].Role == RoleData && c.Syms.IsThread(s) && !c.Meta[s].Warp
}

// IsWarpData reports whether s is a value that is the same for the lanes
// of a warp and may differ between warps (a vote's result).
func (c *Context) IsWarpData(s affine.Sym) bool {
	return int(s) < len(c.Meta) && c.Meta[s].Role == RoleData && c.Meta[s].Warp
}

// IsInput reports whether s is a value read from (or computed from) a
// global array that no access of the context stores to: input to the
// kernel, which may hold any values, unlike memory the kernel fills.
func (c *Context) IsInput(s affine.Sym) bool {
	if !c.IsData(s) || c.Meta[s].From == nil || c.Meta[s].From.Space == SpaceShared {
		return false
	}
	for _, a := range c.Accesses {
		if a.Array == c.Meta[s].From && (a.Store || a.Atomic) {
			return false
		}
	}
	return true
}

// CounterShared reports, for the old value an atomic returns from a
// counter (SymMeta.Counter), whether the counter is in shared memory (one
// per block: threads of two blocks may get one value) or global (one for
// the grid); ok is false for any other symbol.
func (c *Context) CounterShared(s affine.Sym) (shared, ok bool) {
	if !c.IsData(s) || !c.Meta[s].Counter || c.Meta[s].From == nil {
		return false, false
	}
	return c.Meta[s].From.Space == SpaceShared, true
}

// IsData reports whether s is a value read from memory or computed
// opaquely, uniform or not.
func (c *Context) IsData(s affine.Sym) bool {
	return int(s) < len(c.Meta) && c.Meta[s].Role == RoleData
}

// IsBlockSym reports whether s may differ between blocks: a block index,
// a cluster rank, or data read inside the block.
func (c *Context) IsBlockSym(s affine.Sym) bool {
	if int(s) >= len(c.Meta) {
		return false
	}
	switch c.Meta[s].Role {
	case RoleBlockIdx, RoleRank, RoleData:
		return true
	}
	return false
}

// IsRank reports whether s is the block's rank in its cluster.
func (c *Context) IsRank(s affine.Sym) bool {
	return int(s) < len(c.Meta) && c.Meta[s].Role == RoleRank
}

// IsBlockIdx reports whether s is a component of the block index.
func (c *Context) IsBlockIdx(s affine.Sym) bool {
	return int(s) < len(c.Meta) && c.Meta[s].Role == RoleBlockIdx
}

// Domain returns the known values of s, or nil.
func (c *Context) Domain(s affine.Sym) []int64 {
	if int(s) >= len(c.Meta) {
		return nil
	}
	return c.Meta[s].Domain
}

// UniformSyms returns the symbols other than the thread index that the
// predicates and expressions mention, sorted and without repeats.
func (c *Context) UniformSyms(ps []affine.Pred, es []affine.Expr) []affine.Sym {
	var out []affine.Sym
	for _, p := range ps {
		out = append(out, p.Syms()...)
	}
	for _, e := range es {
		out = append(out, e.Syms()...)
	}
	slices.Sort(out)
	out = slices.Compact(out)
	return slices.DeleteFunc(out, func(s affine.Sym) bool { return int(s) < len(c.Meta) && c.isCoord(s) })
}

// Enumerable reports whether the context's block can be enumerated thread
// by thread: a valid launch of the architecture. The checks that enumerate
// threads say nothing about others (the launch itself fails).
func (c *Context) Enumerable() bool {
	n := c.Threads()
	return n > 0 && (c.Arch == nil || n <= c.Arch.MaxThreadsPerBlock)
}

func (c *Context) isCoord(s affine.Sym) bool { return c.Meta[s].Role == RoleCoord }

// isThreadSym reports whether s varies between the threads of a block.
func (c *Context) IsThreadSym(s affine.Sym) bool { return c.Syms.IsThread(s) }

// NonNeg reports whether a symbol never takes a negative value: thread
// and block indices, grid sizes, iteration counts, lengths, ranks, and
// loop variables whose values are all non-negative.
func (c *Context) NonNeg(s affine.Sym) bool {
	m := c.Meta[s]
	switch m.Role {
	case RoleCoord, RoleBlockIdx, RoleGridDim, RoleIter, RoleLen, RoleRank:
		return true
	case RoleLoop:
		if len(m.Domain) == 0 {
			return false
		}
		for _, v := range m.Domain {
			if v < 0 {
				return false
			}
		}
		return true
	}
	return false
}

// NewContext returns an empty context of a kernel under a launch shape,
// with its thread-index symbols tx, ty, tz.
func NewContext(kernel string, pos token.Pos, shape Shape, arch *model.Arch) *Context {
	c := &Context{Kernel: kernel, Pos: pos, Shape: shape, Arch: arch, Syms: affine.NewTable(symsReserved),
		Meta: make([]SymMeta, 0, symsReserved)}
	c.Tx = c.NewSym("tx", affine.Thread, SymMeta{Role: RoleCoord})
	c.Ty = c.NewSym("ty", affine.Thread, SymMeta{Role: RoleCoord})
	c.Tz = c.NewSym("tz", affine.Thread, SymMeta{Role: RoleCoord})
	return c
}

// symsReserved is the room a context's symbol tables start with: the
// evaluation of a generated kernel of the bench mixes makes 20 to 70
// symbols, counting those of dry runs, and growing from empty copied
// the metadata five times.
const symsReserved = 32

// NewSym adds a symbol of kind k and what it stands for.
func (c *Context) NewSym(name string, k affine.Kind, m SymMeta) affine.Sym {
	s := c.Syms.New(name, k)
	c.Meta = append(c.Meta, m)
	return s
}

// DataWhy returns what an unknown value is ("data read from memory"), or
// "" for a symbol that is not one or was made without saying.
func (c *Context) DataWhy(s affine.Sym) string {
	if int(s) >= len(c.Meta) || c.Meta[s].Role != RoleData {
		return ""
	}
	return c.Meta[s].Why
}
