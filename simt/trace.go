package simt

import (
	"encoding/json"
	"fmt"
	"os"
	"path/filepath"
	"reflect"
	"strconv"
	"strings"
	"sync"
	"time"
	"unsafe"

	"github.com/smemlint/smemlint/model"
)

// This file and the other trace*.go files are for smemlint's simcheck, not
// for kernels. simcheck rewrites every memory access the analyzer knows of
// into a call of TraceLoad, TraceStore, TraceStorePtr or TraceAtomic that
// carries the access's site number, then runs the package's tests with
// TraceEnv naming a directory. Each traced launch then forms the warp
// requests of every site from the addresses the lanes really used, prices
// them with package model, watches shared memory for races, and appends
// one TraceLaunch, as a line of JSON, to a file in that directory. Plain
// runs set no trace and pay nothing but two counters per barrier.

// TraceEnv is the environment variable that turns tracing on: the
// directory that traced launches write their TraceLaunch lines to.
const TraceEnv = "SMEMLINT_TRACE"

// traceDir is TraceEnv's value when the process started.
var traceDir = os.Getenv(TraceEnv)

// TraceArchEnv names the architecture profile, as ARCH or ARCH:BANKMODE,
// that launches whose Config names none run as in traced runs: smemlint
// simcheck sets it to the profile smemlint.conf gives the packages, so that
// the simulator measures what the analyzer predicted for.
const TraceArchEnv = "SMEMLINT_TRACE_ARCH"

// traceArch is TraceArchEnv's value when the process started.
var traceArch = os.Getenv(TraceArchEnv)

// launchArch resolves a Config's Arch: its own, else TraceArchEnv's when a
// trace is on, else the default profile.
func launchArch(name string) (*model.Arch, error) {
	if name != "" || traceDir == "" || traceArch == "" {
		return model.Lookup(name, 0)
	}
	arch, mode, _ := strings.Cut(traceArch, ":")
	bankMode := 0
	if mode != "" {
		n, err := strconv.Atoi(mode)
		if err != nil {
			return nil, fmt.Errorf("%s=%s: bank mode %q is not a number", TraceArchEnv, traceArch, mode)
		}
		bankMode = n
	}
	a, err := model.Lookup(arch, bankMode)
	if err != nil {
		return nil, fmt.Errorf("%s=%s: %w", TraceArchEnv, traceArch, err)
	}
	return a, nil
}

// LaunchTimeoutEnv bounds every launch whose Config.Timeout is zero, as a
// time.ParseDuration string: simcheck sets it so that a kernel that spins
// fails its test instead of hanging it.
const LaunchTimeoutEnv = "SMEMLINT_LAUNCH_TIMEOUT"

// defaultTimeout is LaunchTimeoutEnv's value when the process started; a
// value that is not a positive duration is ignored.
var defaultTimeout = func() time.Duration {
	d, err := time.ParseDuration(os.Getenv(LaunchTimeoutEnv))
	if err != nil || d < 0 {
		return 0
	}
	return d
}()

// TraceLaunch is what one traced launch measured.
type TraceLaunch struct {
	Kernel      string        `json:"kernel"`
	Arch        string        `json:"arch"`
	Grid        Dim3          `json:"grid"`
	Block       Dim3          `json:"block"`
	Cluster     Dim3          `json:"cluster"`
	SharedBytes int           `json:"sharedBytes"`
	Sites       []TraceSite   `json:"sites"`
	Hazards     []TraceHazard `json:"hazards,omitempty"`
	Err         string        `json:"err,omitempty"` // the launch's error, if it failed
}

// TraceSite is the requests of one access site in one launch, in one
// memory space.
type TraceSite struct {
	Site     int32  `json:"site"`  // the number the instrumentation gave the access
	Space    string `json:"space"` // "shared", "global", or "remote": another block's shared memory
	Op       string `json:"op"`    // "load", "store" or "atomic"
	Requests int    `json:"requests"`
	// Split counts the requests that are part of a warp's execution
	// whose lanes disagreed on the memory space or on the width (an
	// aligned lane's whole access beside another's first part): each
	// space and width is priced as a request of its own lanes.
	Split int `json:"split,omitempty"`
	// Figures counts the requests by figure: wavefronts for shared
	// memory, sectors for global memory.
	Figures map[int]int  `json:"figures"`
	Worst   TraceRequest `json:"worst"` // the first request with the largest figure
}

// TraceRequest is one warp request.
type TraceRequest struct {
	Block Dim3   `json:"block"`
	Warp  int    `json:"warp"`
	On    uint32 `json:"on"` // the lanes that take part
	Size  int    `json:"size"`
	// Addr is the byte address of each lane that is on, in lane order:
	// the arena offset for shared memory; for global memory, the offset
	// from the 256-byte boundary below the lowest address.
	Addr   []int64 `json:"addr"`
	Figure int     `json:"figure"`
	Ideal  int     `json:"ideal"`
}

// TraceHazard is a shared-memory race seen in a traced run: two threads of
// one block touched the same word between barriers, at least one writing,
// and nothing ordered them.
type TraceHazard struct {
	// Kind is "race" for threads of different warps (no barrier between
	// the accesses) and "warp" for lanes of one warp with no SyncWarp
	// between them.
	Kind   string      `json:"kind"`
	Op     string      `json:"op"` // "read after write", "write after read" or "write after write"
	Block  Dim3        `json:"block"`
	Offset int64       `json:"offset"` // arena byte offset of the word
	First  TraceAccess `json:"first"`  // the earlier access
	Second TraceAccess `json:"second"`
	Count  int         `json:"count"` // how many times the pair of sites raced in the launch
}

// TraceAccess is one side of a hazard.
type TraceAccess struct {
	Site   int32 `json:"site"`
	Thread Dim3  `json:"thread"`
	Store  bool  `json:"store"`
}

// Access kinds of the trace hooks.
const (
	opLoad uint8 = iota
	opStore
	opAtomic
)

var opNames = [...]string{"load", "store", "atomic"}

// TraceLoad records a load of *p at site and returns p: the instrumented
// form of a load x[i] is (*TraceLoad(t, site, &x[i])).
func TraceLoad[E any](t *Thread, site int32, p *E) *E {
	if tr := tracer(t); tr != nil {
		tr.access(t, site, uintptr(unsafe.Pointer(p)), reflect.TypeFor[E](), opLoad)
	}
	return p
}

// TraceStore records a store of v to *p at site and performs it: the
// instrumented form of x[i] = v is TraceStore(t, site, &x[i], v), in which
// the loads of v are made, and recorded, before the store.
func TraceStore[E any](t *Thread, site int32, p *E, v E) {
	if tr := tracer(t); tr != nil {
		tr.access(t, site, uintptr(unsafe.Pointer(p)), reflect.TypeFor[E](), opStore)
	}
	*p = v
}

// TraceStorePtr records a store to *p at site and returns p, for the
// stores of a tuple assignment: *TraceStorePtr(t, site, &x[i]), y[j] = a, b.
func TraceStorePtr[E any](t *Thread, site int32, p *E) *E {
	if tr := tracer(t); tr != nil {
		tr.access(t, site, uintptr(unsafe.Pointer(p)), reflect.TypeFor[E](), opStore)
	}
	return p
}

// TraceUpdate records a load of *p at site load and a store to it at
// site store (a negative site records nothing) and returns p: the
// instrumented form of x[i] += v where a statement list cannot hold the
// form that records the loads of v first, as in a for statement's post
// statement: *TraceUpdate(t, l, s, &x[i]) += v.
func TraceUpdate[E any](t *Thread, load, store int32, p *E) *E {
	if tr := tracer(t); tr != nil {
		tr.access(t, load, uintptr(unsafe.Pointer(p)), reflect.TypeFor[E](), opLoad)
		tr.access(t, store, uintptr(unsafe.Pointer(p)), reflect.TypeFor[E](), opStore)
	}
	return p
}

// TraceAtomic records an atomic operation on *p at site and returns p:
// AtomicAdd(t, TraceAtomic(t, site, &x[i]), v).
func TraceAtomic[E any](t *Thread, site int32, p *E) *E {
	if tr := tracer(t); tr != nil {
		tr.access(t, site, uintptr(unsafe.Pointer(p)), reflect.TypeFor[E](), opAtomic)
	}
	return p
}

// tracer returns the trace state of the worker running t, or nil when the
// launch is not traced (or t is not a running kernel thread).
func tracer(t *Thread) *workerTrace {
	if t == nil || t.g == nil || t.g.w == nil {
		return nil
	}
	return t.g.w.tr
}

// LaunchTraced is Launch with tracing on for this launch, whatever
// TraceEnv says; the measurements come back instead of going to a file.
// siteLoops lists, by site number, the loops around each site (see
// TraceSiteLoops); nil means those TraceSiteLoops recorded. It is for
// simcheck's tests and its differential fuzzer.
func LaunchTraced(cfg Config, kernel func(t *Thread), siteLoops [][]int32) (*TraceLaunch, error) {
	l, lerr := newLaunch(cfg, kernel)
	if lerr != nil {
		return nil, lerr
	}
	l.trace = newLaunchTrace(l, true)
	l.trace.inProcess = true
	if siteLoops != nil {
		l.trace.loops = siteLoops
	}
	lerr = l.run()
	out := l.trace.finish(lerr)
	if lerr != nil {
		return out, lerr
	}
	return out, nil
}

// launchTrace is the trace of one launch: the workers' parts, merged when
// the launch ends.
type launchTrace struct {
	l         *launch
	inProcess bool
	loops     [][]int32 // the loops around each site
	mu        sync.Mutex
	workers   []*workerTrace
}

// newLaunchTrace returns the trace of l, or nil when on is false.
func newLaunchTrace(l *launch, on bool) *launchTrace {
	if !on {
		return nil
	}
	lt := &launchTrace{l: l}
	if p := siteLoops.Load(); p != nil {
		lt.loops = *p
	}
	return lt
}

// newWorker returns the trace state of a new worker of the launch.
func (lt *launchTrace) newWorker() *workerTrace {
	if lt == nil {
		return nil
	}
	w := newWorkerTrace(lt)
	lt.mu.Lock()
	lt.workers = append(lt.workers, w)
	lt.mu.Unlock()
	return w
}

// finish merges the workers' measurements and, for a launch traced
// through TraceEnv, appends them to the process's trace file.
func (lt *launchTrace) finish(lerr *LaunchError) *TraceLaunch {
	if lt == nil {
		return nil
	}
	l := lt.l
	out := &TraceLaunch{
		Kernel: l.kernelName(""), Arch: l.arch.Name, Grid: l.grid, Block: l.block, Cluster: l.cluster,
		SharedBytes: l.cfg.SharedBytes,
	}
	if lerr != nil {
		out.Err = lerr.Error()
	}
	// Groups after a failed one stop or not depending on timing: only
	// the groups up to the failed one count, so that a launch that fails
	// measures the same every run.
	merged := newTraceStats()
	last := l.failAt.Load()
	for _, w := range lt.workers {
		for _, gs := range w.done {
			if int64(gs.group) <= last {
				merged.merge(gs.stats)
			}
		}
	}
	out.Sites, out.Hazards = merged.export()
	if !lt.inProcess {
		writeTrace(out)
	}
	return out
}

// traceFile is the process's trace file, opened on first use.
var traceFile struct {
	sync.Mutex
	f   *os.File
	err error
}

// writeTrace appends one launch to the trace file as a line of JSON. A
// write error is reported once on standard error: the tests go on, and
// simcheck notices the missing trace.
func writeTrace(out *TraceLaunch) {
	line, err := json.Marshal(out)
	if err != nil {
		panic(fmt.Sprintf("simt: encoding a trace: %v", err)) // the types are ours: cannot happen
	}
	line = append(line, '\n')
	traceFile.Lock()
	defer traceFile.Unlock()
	if traceFile.f == nil && traceFile.err == nil {
		name := filepath.Join(traceDir, fmt.Sprintf("trace-%d.jsonl", os.Getpid()))
		traceFile.f, traceFile.err = os.OpenFile(name, os.O_CREATE|os.O_WRONLY|os.O_APPEND, 0o644)
		if traceFile.err != nil {
			fmt.Fprintf(os.Stderr, "simt: %s: %v\n", TraceEnv, traceFile.err)
		}
	}
	if traceFile.f != nil {
		if _, err := traceFile.f.Write(line); err != nil {
			fmt.Fprintf(os.Stderr, "simt: writing the trace: %v\n", err)
		}
	}
}

// price returns the figure and ideal of a request: wavefronts for shared
// memory, sectors for global memory.
func price(a *model.Arch, r *model.Request, shared bool) (figure, ideal int) {
	c := a.Price(r, shared)
	return c.Figure(), c.Ideal()
}
