package simt

import (
	"fmt"
	"path/filepath"
	"reflect"
	"runtime"
	"strconv"
	"strings"
)

var (
	// simtDir is the directory of this package's sources: frames there,
	// except tests, are the simulator's, not the user's.
	simtDir = func() string {
		_, file, _, _ := runtime.Caller(0)
		return filepath.Dir(file)
	}()
	// runnerName is the function that calls the launched kernel closure.
	runnerName = reflect.TypeFor[carrier]().PkgPath() + ".(*carrier).runOne"
)

// errAbort is the panic that unwinds a kernel thread when its launch
// stops. The thread's recover recognises it; deferred calls of the
// kernel still run.
var errAbort = &apiPanic{"simt: launch aborted"}

// apiPanic is a panic the API raises where it cannot return an error: a
// nil or foreign *Thread. Inside a kernel it becomes a KindMisuse error.
type apiPanic struct{ msg string }

func (p *apiPanic) Error() string { return p.msg }

// callerPC returns the program counter of the call skip frames above the
// caller of callerPC: a barrier's site, compared to tell barriers apart.
// Hot paths call runtime.Callers themselves, which saves a frame to unwind.
func callerPC(skip int) uintptr {
	var pcs [1]uintptr
	runtime.Callers(skip+2, pcs[:])
	return pcs[0]
}

// sitePos formats a pc from callerPC as "file.go:line".
func sitePos(pc uintptr) string {
	if pc == 0 {
		return "?"
	}
	f, _ := runtime.CallersFrames([]uintptr{pc}).Next()
	return shortPos(f)
}

func shortPos(f runtime.Frame) string {
	return filepath.Base(f.File) + ":" + strconv.Itoa(f.Line)
}

// shortFunc drops the import path: "reduce.Tree".
func shortFunc(name string) string {
	return name[strings.LastIndexByte(name, '/')+1:]
}

// userFrame reports whether f is kernel code rather than the runtime's or
// the simulator's.
func userFrame(f runtime.Frame) bool {
	if strings.HasPrefix(f.Function, "runtime.") || strings.HasPrefix(f.Function, "runtime/") {
		return false
	}
	return filepath.Dir(f.File) != simtDir || strings.HasSuffix(f.File, "_test.go")
}

// isWrapper reports whether name is a function literal ("pkg.F.func1",
// "pkg.F.func1.2") or a method value wrapper ("pkg.(*T).M-fm"): the launch
// closure, not the kernel it calls.
func isWrapper(name string) bool {
	if strings.HasSuffix(name, "-fm") {
		return true
	}
	last := name[strings.LastIndexByte(name, '.')+1:]
	last = strings.TrimPrefix(last, "func")
	_, err := strconv.Atoi(last)
	return err == nil
}

// stackInfo reads the calling goroutine's stack, skip frames above the
// caller of stackInfo, and returns the kernel's name and the position of
// the innermost kernel frame. The kernel is the function the launch
// closure called: the frame just inside the closure, or the closure
// itself when it is a named function or called nothing of the user's.
func stackInfo(skip int) (kernel, pos string) {
	pcs := make([]uintptr, 64)
	for {
		n := runtime.Callers(skip+2, pcs)
		if n < len(pcs) || len(pcs) >= 1<<16 {
			pcs = pcs[:n]
			break
		}
		pcs = make([]uintptr, 2*len(pcs))
	}
	var fs []runtime.Frame
	frames := runtime.CallersFrames(pcs)
	for more := len(pcs) > 0; more; {
		var f runtime.Frame
		f, more = frames.Next()
		fs = append(fs, f)
	}
	runner := -1
	for i, f := range fs {
		if f.Function == runnerName {
			runner = i
		}
	}
	end := len(fs)
	if runner >= 0 {
		end = runner
	}
	for _, f := range fs[:end] {
		if userFrame(f) {
			pos = shortPos(f)
			break
		}
	}
	if runner >= 1 {
		entry := fs[runner-1]
		kernel = shortFunc(entry.Function)
		if isWrapper(entry.Function) && runner >= 2 && userFrame(fs[runner-2]) {
			kernel = shortFunc(fs[runner-2].Function)
		}
	}
	return kernel, pos
}

// funcName names a function value: the launched closure, when no stack
// told what it calls.
func funcName(f any) string {
	if fn := runtime.FuncForPC(reflect.ValueOf(f).Pointer()); fn != nil {
		return shortFunc(fn.Name())
	}
	return "?"
}

// errorHere builds an error about thread t, located at the innermost kernel
// frame of the calling goroutine, which must be t's.
func (t *Thread) errorHere(kind ErrorKind, msg string, err error) *LaunchError {
	kernel, pos := stackInfo(1)
	return t.errorAt(kind, kernel, pos, msg, err)
}

// errorAt builds an error about thread t at a given position.
func (t *Thread) errorAt(kind ErrorKind, kernel, pos, msg string, err error) *LaunchError {
	blk, th := t.BlockIdx, t.ThreadIdx
	return &LaunchError{Kind: kind, Kernel: t.g.l.kernelName(kernel), Block: &blk, Thread: &th, Pos: pos, Msg: msg, Err: err}
}

// fail reports a misuse of the API by the running thread t at its call
// site and unwinds t.
func (t *Thread) fail(kind ErrorKind, format string, args ...any) {
	t.g.fail(t.errorHere(kind, fmt.Sprintf(format, args...), nil))
	panic(errAbort)
}

// faultError turns a panic of thread t's kernel into an error. It runs in
// the deferred call that recovered, where the panicking frames are still on
// the stack.
func (t *Thread) faultError(r any) *LaunchError {
	kind, msg := KindFault, fmt.Sprint(r)
	err, _ := r.(error)
	if p, ok := r.(*apiPanic); ok {
		kind, err = KindMisuse, nil
		msg = strings.TrimPrefix(p.msg, "simt: ")
	} else if _, ok := r.(runtime.Error); ok {
		msg = strings.TrimPrefix(msg, "runtime error: ")
	}
	kernel, pos := stackInfo(2)
	return t.errorAt(kind, kernel, pos, msg, err)
}
