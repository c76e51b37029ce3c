package ir

import (
	"fmt"
	"go/token"
)

// Fault is an internal error of smemlint: a panic or an impossible state
// met while evaluating a kernel or answering a question about it. It is
// never skipped silently: the internalerror check reports every fault,
// with the kernel and the site, without -verbose.
type Fault struct {
	Pos    token.Pos // the site being evaluated, else the kernel
	Kernel string
	Stage  string // what smemlint was doing: "evaluating the kernel", ...
	Cause  string // the panic value or the state found
}

func (f *Fault) Error() string {
	return fmt.Sprintf("internal error in kernel %s while %s: %s (please report it)", f.Kernel, f.Stage, f.Cause)
}

// AddFault records a fault met while answering a question about c; the
// checks ask in parallel.
func (c *Context) AddFault(pos token.Pos, stage string, cause any) {
	if !pos.IsValid() {
		pos = c.Pos
	}
	c.faultMu.Lock()
	defer c.faultMu.Unlock()
	c.faults = append(c.faults, Fault{Pos: pos, Kernel: c.Kernel, Stage: stage, Cause: fmt.Sprint(cause)})
}

// Faults returns the faults recorded so far.
func (c *Context) Faults() []Fault {
	c.faultMu.Lock()
	defer c.faultMu.Unlock()
	return append([]Fault(nil), c.faults...)
}

// Catch, deferred by an engine's entry point, turns a panic into a fault
// of c at pos. The entry point then returns its zero results, or what
// fallback sets (an answer that leads to no finding), and the
// internalerror check reports the fault.
func (c *Context) Catch(pos token.Pos, stage string, fallback func()) {
	if r := recover(); r != nil {
		c.AddFault(pos, stage, r)
		if fallback != nil {
			fallback()
		}
	}
}
