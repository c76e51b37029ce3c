package simt

import (
	"sync"
	"sync/atomic"
)

// Loop iterations in traced runs (for simcheck's instrumentation, not for
// kernels).
//
// A warp runs a loop iteration by iteration: the lanes that take part in
// iteration j of a loop make their accesses of iteration j together,
// whatever they did in earlier iterations. Counting a lane's executions of
// a site is therefore not enough inside a loop whose body branches on the
// thread, or whose trip count does: lane 0's first execution may come in
// iteration 2 and lane 1's in iteration 0. simcheck calls TraceLoop before
// each loop and TraceIter at the top of its body, and tells simt, with
// TraceSiteLoops, which loops enclose each site; the lanes' executions of a
// site then meet in one request only when they come in the same iteration
// of every enclosing loop (and the same entry of the outermost).

// siteLoops holds, by site number, the loops that enclose the site,
// outermost first.
var siteLoops atomic.Pointer[[][]int32]

var siteLoopsMu sync.Mutex

// TraceSiteLoops records the loops that enclose each site, outermost
// first. The instrumented files call it from their init functions.
func TraceSiteLoops(loops map[int32][]int32) {
	siteLoopsMu.Lock()
	defer siteLoopsMu.Unlock()
	var table [][]int32
	if p := siteLoops.Load(); p != nil {
		table = append(table, *p...)
	}
	for site, ls := range loops {
		for int(site) >= len(table) {
			table = append(table, nil)
		}
		table[site] = ls
	}
	siteLoops.Store(&table)
}

// TraceLoop records that t is about to enter loop.
func TraceLoop(t *Thread, loop int32) {
	if tr := tracer(t); tr != nil {
		tr.thread(t).enter(loop)
	}
}

// TraceIter records that t starts an iteration of loop.
func TraceIter(t *Thread, loop int32) {
	if tr := tracer(t); tr != nil {
		tr.thread(t).iterate(loop)
	}
}

// threadTrace is a thread's place in the loops it has entered: for each,
// how many times it entered it before and which iteration of the current
// entry it runs.
type threadTrace struct {
	frames []loopFrame
}

type loopFrame struct {
	loop, entry, iter int32
}

// thread returns the loop state of t, set up for its group.
func (w *workerTrace) thread(t *Thread) *threadTrace {
	i := t.b.rank*len(t.b.threads) + int(t.linear)
	if n := len(t.g.threads); len(w.threads) < n {
		w.threads = append(w.threads, make([]threadTrace, n-len(w.threads))...)
	}
	return &w.threads[i]
}

func (th *threadTrace) find(loop int32) int {
	for i := range th.frames {
		if th.frames[i].loop == loop {
			return i
		}
	}
	return -1
}

func (th *threadTrace) enter(loop int32) {
	if i := th.find(loop); i >= 0 {
		th.frames[i].entry++
		th.frames[i].iter = -1
		return
	}
	th.frames = append(th.frames, loopFrame{loop, 0, -1})
}

func (th *threadTrace) iterate(loop int32) {
	if i := th.find(loop); i >= 0 {
		th.frames[i].iter++
		return
	}
	th.frames = append(th.frames, loopFrame{loop, 0, 0})
}

// iteration returns a key of the iteration, in every loop around site,
// that thread t is in: equal keys, equal iterations. A thread is inside
// every loop around the site, so each loop's current iteration is that
// of its latest entry. Of entries, only the outermost loop's count: an
// inner loop is entered once per iteration of the loop around it, while
// the outermost one may be entered again by another call of its function
// (a thread that skipped a loop entirely would still differ, as it would
// in its execution counts).
func (w *workerTrace) iteration(t *Thread, site int32) int64 {
	loops := w.loops
	if int(site) >= len(loops) || len(loops[site]) == 0 {
		return 0
	}
	th := w.thread(t)
	h := uint64(14695981039346656037)
	for n, l := range loops[site] {
		v := uint64(1<<63 - 1)
		if i := th.find(l); i >= 0 {
			v = uint64(uint32(th.frames[i].iter))
			if n == 0 {
				v |= uint64(th.frames[i].entry) << 32
			}
		}
		h = (h ^ v) * 1099511628211
	}
	return int64(h)
}

// resetThreads forgets the loop state of the group's threads.
func (w *workerTrace) resetThreads() {
	for i := range w.threads {
		w.threads[i].frames = w.threads[i].frames[:0]
	}
}
