package simt

import (
	"fmt"
	"math/bits"
	"strings"
)

// deadlock describes a group in which no thread can run: what every thread
// of every block waits at, in ranges of threads.
func (g *group) deadlock() *LaunchError {
	stuck := &g.blocks[0]
	for i := range g.blocks {
		if b := &g.blocks[i]; b.exited < len(b.threads) {
			stuck = b
			break
		}
	}
	sites := map[uintptr]string{}
	parts := make([]string, len(g.blocks))
	for i := range g.blocks {
		b := &g.blocks[i]
		parts[i] = b.describe(sites)
		if len(g.blocks) > 1 {
			parts[i] = fmt.Sprintf("block rank %d %s: %s", b.rank, coord(b.idx), parts[i])
		}
	}
	pos := ""
	for i := range stuck.threads {
		if t := &stuck.threads[i]; t.state == stWaiting {
			pos = sitePos(t.pc)
			break
		}
	}
	blk := stuck.idx
	return &LaunchError{
		Kind: KindDeadlock, Kernel: g.l.kernelName(""), Block: &blk, Pos: pos,
		Msg: "divergent barrier: " + strings.Join(parts, "; "),
	}
}

// describe lists what the threads of b are doing, each activity once
// with the threads doing it: "threads (0..511,0,0) wait at SyncThreads
// reduce.go:41; threads (512..1023,0,0) exited".
func (b *block) describe(sites map[uintptr]string) string {
	type activity struct {
		what   string
		ranges [][2]int
	}
	var acts []*activity
	index := map[string]*activity{}
	for i := range b.threads {
		what := b.threads[i].doing(sites)
		a := index[what]
		if a == nil {
			a = &activity{what: what}
			index[what] = a
			acts = append(acts, a)
		}
		if n := len(a.ranges); n > 0 && a.ranges[n-1][1] == i-1 {
			a.ranges[n-1][1] = i
		} else {
			a.ranges = append(a.ranges, [2]int{i, i})
		}
	}
	parts := make([]string, len(acts))
	for i, a := range acts {
		who := threadRanges(a.ranges, b.g.l.block)
		what := a.what
		if strings.HasPrefix(who, "thread ") && strings.HasPrefix(what, "wait ") {
			what = "waits " + what[len("wait "):]
		}
		parts[i] = who + " " + what
	}
	return strings.Join(parts, "; ")
}

// doing says what t is doing, in the plural.
func (t *Thread) doing(sites map[uintptr]string) string {
	pos := func() string {
		s, ok := sites[t.pc]
		if !ok {
			s = sitePos(t.pc)
			sites[t.pc] = s
		}
		return s
	}
	switch t.state {
	case stExited:
		return "exited"
	case stUnstarted:
		return "have not started"
	case stRunnable, stRunning:
		return "are ready to run"
	}
	switch t.wait {
	case waitBarrier, waitCluster:
		return "wait at " + t.wait.String() + " " + pos()
	}
	return fmt.Sprintf("wait in %s (mask %#08x) at %s", t.wait, t.mask, pos())
}

// laneExited is the error of thread t exiting while o, a lane of its warp,
// waits for it in a collective whose mask names it.
func (g *group) laneExited(t, o *Thread) *LaunchError {
	lane := uint32(t.linear) % WarpSize
	w := &t.b.warps[t.linear/WarpSize]
	base := int(t.linear) - int(lane)
	var waiters uint32
	for m := w.waiting; m != 0; m &= m - 1 {
		l := bits.TrailingZeros32(m)
		if t.b.threads[base+l].mask&(1<<lane) != 0 {
			waiters |= 1 << l
		}
	}
	msg := fmt.Sprintf("lane %d of warp %d exited while lanes %s wait for it in %s (mask %#08x) at %s",
		lane, t.linear/WarpSize, lanes(waiters), o.wait, o.mask, sitePos(o.pc))
	return t.errorAt(KindDeadlock, "", sitePos(o.pc), msg, nil)
}
