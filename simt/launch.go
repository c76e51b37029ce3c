package simt

import (
	"fmt"
	"iter"
	"reflect"
	"runtime"
	"sync"
	"sync/atomic"
	"time"

	"github.com/smemlint/smemlint/model"
)

// Launch runs kernel on every thread of the grid cfg describes and returns
// when all of them have finished. It returns a *LaunchError when the
// configuration is invalid or when any thread faults, deadlocks or misuses
// the API. The launch then stops: blocks after the failing one do not start
// or unwind where they wait (their deferred calls run), while blocks before
// it run to their end, so that the error reported, the first failing
// block's, does not depend on timing. Launch returns once every goroutine
// it started has ended.
//
// Blocks, or all blocks of a cluster together, form scheduling groups that
// run in parallel. Inside a group exactly one thread runs at a time, in a
// fixed order: a thread runs until it waits at a barrier or collective or
// exits; then the first released thread runs, else the next thread not yet
// started. A group's execution is therefore deterministic and free of data
// races. Every thread of a group may need a goroutine of its own, and the
// process bounds how many are live (the race detector allows 8128): a
// group larger than that bound is a KindConfig error, and launches running
// at once wait for each other's goroutines. Launch may be called from
// several goroutines at once, but not from inside a kernel.
func Launch(cfg Config, kernel func(t *Thread)) error {
	if onKernelThread() {
		// A launch from a kernel thread would wait for goroutine slots
		// its own group holds, and device-side launches are not modelled.
		return &LaunchError{Kind: KindMisuse, Kernel: cfg.Name,
			Msg: "simt.Launch called inside a kernel: a kernel may not launch another (no dynamic parallelism)"}
	}
	l, lerr := newLaunch(cfg, kernel)
	if lerr != nil {
		return lerr
	}
	l.trace = newLaunchTrace(l, traceDir != "")
	if cfg.Timeout == 0 {
		cfg.Timeout = defaultTimeout
	}
	if cfg.Timeout > 0 {
		lerr = l.runWithin(cfg.Timeout)
	} else {
		lerr = l.run()
	}
	l.ended.Store(true)
	l.trace.finish(lerr)
	if lerr != nil {
		return lerr
	}
	return nil
}

// launch is one call of Launch.
type launch struct {
	cfg                  Config
	arch                 *model.Arch
	kernel               func(*Thread)
	grid, block, cluster Dim3 // normalised shapes
	clusterGrid          Dim3 // the grid in clusters
	blockThreads         int
	groupBlocks          int // blocks per scheduling group: the cluster size
	groupThreads         int
	groups               int

	next atomic.Int64 // next group to run
	// failAt is the lowest group that failed, math.MaxInt64 while none
	// has. Groups after it stop; groups before it run on, so that the
	// error Launch returns, the first failing group's, does not depend
	// on timing.
	failAt atomic.Int64

	mu       sync.Mutex
	err      *LaunchError
	errGroup int // the group err came from; the lowest wins

	ended     atomic.Bool // Launch has returned or is returning
	named     atomic.Bool
	nameMu    sync.Mutex
	stackName string // the kernel's name, read from the first waiting thread's stack

	trace *launchTrace // nil unless the launch is traced (trace.go)

	workers []*worker // for the timeout's report; guarded by mu
}

// run spreads the groups over workers, one per processor, each holding
// goroutine slots for one group's threads. Workers run on goroutines of
// their own, so that a kernel calling runtime.Goexit cannot end the
// caller's.
func (l *launch) run() *LaunchError {
	n := min(runtime.GOMAXPROCS(0), l.groups, goroutines.size/l.groupThreads)
	if l.cfg.Sequential {
		n = 1
	}
	var wg sync.WaitGroup
	goroutines.acquire(l.groupThreads)
	for i := 0; i < n; i++ {
		if i > 0 && !goroutines.tryAcquire(l.groupThreads) {
			break
		}
		wg.Add(1)
		w := &worker{l: l, wg: &wg, tr: l.trace.newWorker()}
		l.mu.Lock()
		l.workers = append(l.workers, w)
		l.mu.Unlock()
		go w.run()
	}
	wg.Wait()
	l.mu.Lock()
	defer l.mu.Unlock()
	return l.err
}

// runWithin runs the launch, giving up after d: groups not yet started do
// not start, and the error names a thread that was running.
func (l *launch) runWithin(d time.Duration) *LaunchError {
	done := make(chan *LaunchError, 1)
	go func() { done <- l.run() }()
	timer := time.NewTimer(d)
	defer timer.Stop()
	select {
	case err := <-done:
		return err
	case <-timer.C:
	}
	l.failAt.Store(-1)
	err := &LaunchError{Kind: KindTimeout, Kernel: l.kernelName(""),
		Msg: fmt.Sprintf("the launch did not finish within %v: a thread may loop forever without reaching a barrier", d)}
	l.mu.Lock()
	for _, w := range l.workers {
		if t := w.g.running.Load(); t != nil {
			b, th := t.BlockIdx, t.ThreadIdx
			err.Block, err.Thread = &b, &th
			break
		}
	}
	l.mu.Unlock()
	return err
}

// fail records err for group gi and stops the groups after it.
func (l *launch) fail(err *LaunchError, gi int) {
	l.mu.Lock()
	if l.err == nil || gi < l.errGroup {
		l.err, l.errGroup = err, gi
		l.failAt.Store(int64(gi))
	}
	l.mu.Unlock()
}

// stopped reports whether group gi must stop because an earlier one failed.
func (l *launch) stopped(gi int) bool { return l.failAt.Load() < int64(gi) }

// noteName records the kernel's name from the calling kernel thread's
// stack, once per launch, for errors found where no kernel stack is at
// hand (a deadlock found when the last thread exits).
func (l *launch) noteName() {
	if l.named.Load() {
		return
	}
	l.nameMu.Lock()
	if !l.named.Load() {
		l.stackName, _ = stackInfo(2)
		l.named.Store(true)
	}
	l.nameMu.Unlock()
}

// kernelName returns the name errors give the kernel: Config.Name, else the
// name found on a stack (fromStack, then the one noteName recorded), else
// the name of the launched function itself.
func (l *launch) kernelName(fromStack string) string {
	switch {
	case l.cfg.Name != "":
		return l.cfg.Name
	case fromStack != "":
		return fromStack
	case l.named.Load() && l.stackName != "":
		return l.stackName
	}
	return funcName(l.kernel)
}

// A worker runs groups one after another. It is the scheduler of the
// group it runs: it resumes the carrier of the thread chosen to run, and
// gets control back when that thread waits or its carrier falls idle.
// Carriers persist from one group to the next.
type worker struct {
	l      *launch
	wg     *sync.WaitGroup
	g      group      // the group being run; its slabs are reused
	active bool       // g is being run
	free   []*carrier // idle carriers, most recently used last
	all    []*carrier
	tr     *workerTrace // the worker's part of a traced launch; nil otherwise
}

// run runs groups until none is left or the launch fails, then ends the
// worker's carriers and releases its goroutine slots.
func (w *worker) run() {
	finished := false
	defer func() {
		if !finished {
			// A kernel thread called runtime.Goexit, which iter.Pull
			// passes on to us; the group has already recorded it, and a
			// new goroutine carries on where this one stopped.
			go w.run()
		}
	}()
	for {
		if !w.active {
			gi := int(w.l.next.Add(1) - 1)
			if gi >= w.l.groups || w.l.stopped(gi) {
				break
			}
			w.g.reset(w, gi)
			w.g.handoff = w.g.pick()
			w.active = true
		}
		w.runGroup()
		w.tr.groupDone(&w.g)
		w.active = false
	}
	for _, c := range w.all {
		c.stop()
	}
	w.all, w.free = nil, nil
	goroutines.release(w.l.groupThreads)
	finished = true
	w.wg.Done()
}

// runGroup resumes the thread picked to run next, until none is.
func (w *worker) runGroup() {
	g := &w.g
	for g.handoff != nil {
		u := g.handoff
		g.handoff = nil
		if u.state == stUnstarted {
			c := w.carrier()
			u.c, c.t = c, u
		}
		u.state = stRunning
		g.running.Store(u)
		u.c.resume()
	}
	g.running.Store(nil)
}

// carrier returns an idle carrier, starting a new one if none is idle.
func (w *worker) carrier() *carrier {
	if n := len(w.free); n > 0 {
		c := w.free[n-1]
		w.free = w.free[:n-1]
		return c
	}
	c := &carrier{w: w}
	c.resume, c.stop = pull(c.body)
	w.all = append(w.all, c)
	return c
}

// pull adapts iter.Pull to a coroutine that yields nothing but control.
func pull(body func(yield func(struct{}) bool)) (resume, stop func()) {
	next, stop := iter.Pull(body)
	return func() { next() }, stop
}

// A carrier is a coroutine that runs kernel threads: one thread at a time,
// holding the thread's stack while it waits at a barrier, and when the
// thread exits, the next thread not yet started, if that is what runs
// next. Switching between coroutines is cheaper than a channel handoff
// between goroutines, and involves no scheduler.
type carrier struct {
	w      *worker
	resume func()              // run the carrier until it yields
	stop   func()              // end the idle carrier
	yield  func(struct{}) bool // give control back to the worker
	t      *Thread             // the thread to start when resumed idle
	dead   bool                // the kernel called runtime.Goexit here
}

func (c *carrier) body(yield func(struct{}) bool) {
	c.yield = yield
	for {
		for t := c.t; t != nil; {
			t = c.runOne(t)
		}
		c.t = nil
		if !yield(struct{}{}) {
			return
		}
	}
}

// park gives control back to the worker until the thread on this carrier
// is resumed.
func (c *carrier) park() { c.yield(struct{}{}) }

// runOne runs thread t to its end and returns the thread to run next on
// this carrier, or nil when the carrier is idle. Every way out of the
// kernel — return, panic, runtime.Goexit — goes through the deferred call.
func (c *carrier) runOne(t *Thread) (next *Thread) {
	ok := false
	defer func() {
		if !ok {
			t.g.recovered(c, t, recover())
		}
		next = t.g.exit(c, t)
	}()
	t.g.l.kernel(t)
	ok = true
	return nil
}

// runOneName is the function every kernel thread runs under.
var runOneName = runtime.FuncForPC(reflect.ValueOf((*carrier).runOne).Pointer()).Name()

// onKernelThread reports whether the calling goroutine runs a kernel
// thread: whether (*carrier).runOne is on its stack. It walks the whole
// stack, so it is for rare calls and error paths only.
func onKernelThread() bool {
	pcs := make([]uintptr, 256)
	for {
		n := runtime.Callers(2, pcs)
		if n < len(pcs) {
			pcs = pcs[:n]
			break
		}
		pcs = make([]uintptr, 2*len(pcs))
	}
	frames := runtime.CallersFrames(pcs)
	for {
		f, more := frames.Next()
		if f.Function == runOneName {
			return true
		}
		if !more {
			return false
		}
	}
}
