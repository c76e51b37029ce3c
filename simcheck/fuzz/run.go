package fuzz

import (
	"fmt"
	"sync"
	"unsafe"

	"github.com/smemlint/smemlint/simt"
)

// p3 is the 12-byte struct of the generated kernels.
type p3 struct{ A, B, C float32 }

// Run runs the kernel in the simulator, traced: every access of the
// source is made, at the same address, through simt's tracing calls.
// Shared arrays live in the dynamic region at the arena offsets the
// static arrays of the source get.
func (s *Spec) Run() (*simt.TraceLaunch, error) { return s.run(nil) }

// run is Run, logging every shared-memory access in log when it is not
// nil.
func (s *Spec) run(log *accessLog) (*simt.TraceLaunch, error) {
	bases := make([]unsafe.Pointer, len(s.Arrays))
	shared := 0
	for i, a := range s.Arrays {
		if a.Shared {
			if a.Choice == nil {
				shared = int(a.Base) + a.Len()*a.Elem.Size
			}
			continue
		}
		// Room past the end for the elements re-slicing skips.
		bases[i] = malloc(a.Elem.Name, a.Len()+s.resliceRoom())
		if a.Data != nil {
			for j, v := range a.Data {
				*(*int32)(unsafe.Add(bases[i], 4*j)) = int32(v)
			}
		}
	}
	cfg := simt.Config{Grid: simt.Dim3{X: s.Grid[0], Y: s.Grid[1]}, Block: simt.Dim3{X: s.Block[0], Y: s.Block[1], Z: s.Block[2]},
		SharedBytes: shared, Arch: s.Arch}
	return simt.LaunchTraced(cfg, func(t *simt.Thread) {
		x := &interp{spec: s, t: t, bases: bases, log: log, adv: make([]int, len(s.Arrays))}
		if log != nil {
			x.execs = make([]int32, s.Sites)
		}
		x.env = env{tx: t.ThreadIdx.X, ty: t.ThreadIdx.Y, tz: t.ThreadIdx.Z, bx: t.BlockIdx.X, by: t.BlockIdx.Y,
			p0: s.Param, lane: t.LaneID(), warp: t.WarpID()}
		for i, e := range s.Lets {
			x.env.j[i] = e.Eval(&x.env)
		}
		if shared > 0 {
			x.shared = unsafe.Pointer(unsafe.SliceData(simt.DynamicShared[byte](t)))
		}
		x.block(s.Body)
	}, s.siteLoops())
}

// malloc allocates global memory for n elements of the named type.
func malloc(elem string, n int) unsafe.Pointer {
	switch elem {
	case "float32":
		return unsafe.Pointer(unsafe.SliceData(simt.Malloc[float32](n)))
	case "float64":
		return unsafe.Pointer(unsafe.SliceData(simt.Malloc[float64](n)))
	case "int32":
		return unsafe.Pointer(unsafe.SliceData(simt.Malloc[int32](n)))
	case "uint16":
		return unsafe.Pointer(unsafe.SliceData(simt.Malloc[uint16](n)))
	case "uint8":
		return unsafe.Pointer(unsafe.SliceData(simt.Malloc[uint8](n)))
	case "[4]float32":
		return unsafe.Pointer(unsafe.SliceData(simt.Malloc[[4]float32](n)))
	case "[2]float32":
		return unsafe.Pointer(unsafe.SliceData(simt.Malloc[[2]float32](n)))
	}
	return unsafe.Pointer(unsafe.SliceData(simt.Malloc[p3](n)))
}

// interp runs a kernel's statements for one thread.
type interp struct {
	spec   *Spec
	t      *simt.Thread
	env    env
	bases  []unsafe.Pointer
	shared unsafe.Pointer
	// log, when not nil, records the shared-memory accesses, with the
	// barriers and SyncWarps the thread has passed and, by site, how many
	// times it has run each.
	log                 *accessLog
	barriers, warpSyncs int32
	execs               []int32
	// adv is, by array, the elements re-slicing has advanced it by.
	adv []int
}

// accessLog is every shared-memory access of a traced run.
type accessLog struct {
	mu   sync.Mutex
	accs []loggedAccess
}

// loggedAccess is one thread's access to shared memory.
type loggedAccess struct {
	block     simt.Dim3
	thread    int32 // linear index in the block
	site      int32
	exec      int32 // the thread's run of the site: lanes with the same one make one request
	off, size int64 // arena bytes
	store     bool
	barriers  int32 // barriers passed before it
	warpSyncs int32 // SyncWarps passed before it
}

// flow is how a statement list ended.
type flow uint8

const (
	next flow = iota
	ret
	brk
	cont
)

func (x *interp) block(list []*Stmt) flow {
	for _, s := range list {
		if f := x.stmt(s); f != next {
			return f
		}
	}
	return next
}

func (x *interp) stmt(s *Stmt) flow {
	switch s.Kind {
	case "sync":
		x.t.SyncThreads()
		x.barriers++
	case "syncwarp":
		x.t.SyncWarp(s.Mask)
		x.warpSyncs++
	case "call":
		// The locals are passed by value: the callee's changes stay
		// in it, and its returns end the call only.
		saved := x.env.j
		x.block(x.spec.Dev)
		x.env.j = saved
	case "return":
		return ret
	case "break":
		return brk
	case "continue":
		return cont
	case "assign":
		v := s.X.Eval(&x.env)
		slot := &x.env.j[s.Var[1]-'0']
		switch s.Assign {
		case "+=":
			v += *slot
		case "*=":
			v *= *slot
		case ">>=":
			v = *slot >> v
		}
		*slot = v
	case "reslice":
		x.adv[s.Array] += s.StepN
	case "if":
		if s.Cond.Eval(&x.env) {
			return x.block(s.Body)
		}
		return x.block(s.Else)
	case "for":
		return x.loop(s)
	case "load", "store":
		if s.Vec > 0 {
			site, op := s.Load, opLoad
			if s.Kind == "store" {
				site, op = s.Store, opStore
			}
			x.vector(site, s, op)
			return next
		}
	}
	switch s.Kind {
	case "load":
		x.access(s.Load, s.Array, s.Index, s.Field, opLoad)
	case "store":
		x.access(s.Store, s.Array, s.Index, s.Field, opStore)
	case "update":
		x.access(s.Load, s.Array, s.Index, s.Field, opLoad)
		x.access(s.Store, s.Array, s.Index, s.Field, opStore)
	case "copy":
		x.access(s.Load, s.Src, s.SrcIndex, "", opLoad)
		x.access(s.Store, s.Array, s.Index, "", opStore)
	case "let":
		x.access(s.Load, s.Array, s.Index, "", opLoad)
		// The host's data: nothing stores to the array.
		x.env.d = x.spec.Arrays[s.Array].Data[s.Index[0].Eval(&x.env)]
	}
	return next
}

// loop runs a for statement; it passes a return on.
func (x *interp) loop(s *Stmt) flow {
	slot := &x.env.i[s.Var[1]-'0']
	simt.TraceLoop(x.t, s.Loop)
	from := s.From
	if s.FromX != nil {
		from = s.FromX.Eval(&x.env)
	}
	for *slot = from; ; {
		switch {
		case s.ToX != nil:
			if *slot >= s.ToX.Eval(&x.env) {
				return next
			}
		case s.FromX != nil && s.Step == ">>=":
			if *slot <= 0 {
				return next
			}
		case s.ToThread != nil:
			if *slot >= s.ToThread.Eval(&x.env) {
				return next
			}
		case s.Step == ">>=":
			if *slot <= 0 {
				return next
			}
		default:
			if *slot >= s.To {
				return next
			}
		}
		simt.TraceIter(x.t, s.Loop)
		switch x.block(s.Body) {
		case ret:
			return ret
		case brk:
			return next
		}
		switch s.Step {
		case ">>=":
			*slot >>= 1
		case "<<=":
			*slot <<= 1
		default:
			*slot += s.StepN
		}
	}
}

const (
	opLoad = iota
	opStore
)

// access makes one access of array a at index, through a tracing call.
func (x *interp) access(site int32, array int, index []*Expr, field string, op int) {
	a := x.spec.Arrays[array]
	if c := a.Choice; c != nil {
		// The slice the thread's branch chose; the guard is on the
		// thread or the host's data alone, so it holds as it did at the
		// choice.
		if c.Data >= 0 {
			x.env.c = x.spec.Arrays[c.Data].Data[c.Index.Eval(&x.env)]
		}
		array = c.A
		if c.Cond.Eval(&x.env) {
			array = c.B
		}
		a = x.spec.Arrays[array]
	}
	i := 0
	for d, e := range index {
		v := e.Eval(&x.env)
		if v < 0 || v >= a.Dims[d] {
			// What the compiled source would do; the generator means
			// never to get here.
			panic(fmt.Sprintf("index out of range [%d] with length %d", v, a.Dims[d]))
		}
		i = i*a.Dims[d] + v
	}
	var p unsafe.Pointer
	if a.Shared {
		off := a.Base + int64(i*a.Elem.Size)
		p = unsafe.Add(x.shared, off)
		if x.log != nil {
			size := int64(a.Elem.Size)
			if field != "" {
				off, size = off+4*int64(field[0]-'A'), 4
			}
			t := x.t
			la := loggedAccess{block: t.BlockIdx, thread: int32(t.ThreadIdx.X + t.BlockDim.X*(t.ThreadIdx.Y+t.BlockDim.Y*t.ThreadIdx.Z)),
				site: site, exec: x.execs[site], off: off, size: size, store: op == opStore, barriers: x.barriers, warpSyncs: x.warpSyncs}
			x.execs[site]++
			x.log.mu.Lock()
			x.log.accs = append(x.log.accs, la)
			x.log.mu.Unlock()
		}
	} else {
		p = unsafe.Add(x.bases[array], (x.adv[array]+i)*a.Elem.Size)
	}
	if field != "" {
		traced[float32](x.t, site, unsafe.Add(p, 4*int(field[0]-'A')), op)
		return
	}
	switch a.Elem.Name {
	case "float32":
		traced[float32](x.t, site, p, op)
	case "float64":
		traced[float64](x.t, site, p, op)
	case "int32":
		traced[int32](x.t, site, p, op)
	case "uint16":
		traced[uint16](x.t, site, p, op)
	case "uint8":
		traced[uint8](x.t, site, p, op)
	case "[4]float32":
		traced[[4]float32](x.t, site, p, op)
	case "[2]float32":
		traced[[2]float32](x.t, site, p, op)
	default:
		traced[p3](x.t, site, p, op)
	}
}

// vector makes a vector access of s.Vec elements from s.Index[0] on.
func (x *interp) vector(site int32, s *Stmt, op int) {
	a := x.spec.Arrays[s.Array]
	i := s.Index[0].Eval(&x.env)
	if i < 0 || i+s.Vec > a.Dims[0] {
		panic(fmt.Sprintf("slice bounds out of range [%d:%d] with length %d", i, i+s.Vec, a.Dims[0]))
	}
	var p unsafe.Pointer
	if a.Shared {
		p = unsafe.Add(x.shared, a.Base+int64(i*a.Elem.Size))
	} else {
		p = unsafe.Add(x.bases[s.Array], (x.adv[s.Array]+i)*a.Elem.Size)
	}
	switch fmt.Sprintf("[%d]%s", s.Vec, a.Elem.Name) {
	case "[2]float32":
		traced[[2]float32](x.t, site, p, op)
	case "[4]float32":
		traced[[4]float32](x.t, site, p, op)
	case "[2]int32":
		traced[[2]int32](x.t, site, p, op)
	case "[4]int32":
		traced[[4]int32](x.t, site, p, op)
	case "[2]float64":
		traced[[2]float64](x.t, site, p, op)
	default:
		panic("fuzz: no vector of " + a.Elem.Name)
	}
}

// resliceRoom is how many elements re-slicing may skip in all: the most
// any statement advances, times the iterations of the loops around it,
// over the statements.
func (s *Spec) resliceRoom() int {
	room := 0
	var walk func(list []*Stmt, times int)
	walk = func(list []*Stmt, times int) {
		for _, st := range list {
			switch st.Kind {
			case "reslice":
				room += st.StepN * times
			case "if":
				walk(st.Body, times)
				walk(st.Else, times)
			case "for":
				walk(st.Body, times*64) // no loop of the generator runs more
			}
		}
	}
	walk(s.Body, 1)
	return room
}

func traced[E any](t *simt.Thread, site int32, p unsafe.Pointer, op int) {
	e := (*E)(p)
	if op == opLoad {
		_ = *simt.TraceLoad(t, site, e)
		return
	}
	// Record the store without making it: blocks run in parallel, and
	// random kernels store to the same global words from several.
	simt.TraceStorePtr(t, site, e)
}
