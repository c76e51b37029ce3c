package simt

import (
	"fmt"
	"strings"
)

// ErrorKind says what went wrong in a launch.
type ErrorKind int

const (
	// KindConfig is an invalid launch configuration, or a block asking for
	// more shared memory than the architecture has.
	KindConfig ErrorKind = iota + 1
	// KindFault is a panic in a kernel thread: an index out of range, a nil
	// dereference, an explicit panic.
	KindFault
	// KindDeadlock is a set of threads waiting at barriers or warp
	// collectives that can never complete.
	KindDeadlock
	// KindMisuse is a wrong use of the kernel API: a shuffle mask naming an
	// absent lane, Shared under divergent control, a *Thread used by
	// another thread.
	KindMisuse
	// KindCluster is unsafe use of distributed shared memory.
	KindCluster
	// KindTimeout is a launch that did not finish within Config.Timeout.
	KindTimeout
)

var kindNames = [...]string{"invalid", "config", "fault", "deadlock", "misuse", "cluster", "timeout"}

// String returns the kind's lower-case name.
func (k ErrorKind) String() string {
	if k < 0 || int(k) >= len(kindNames) {
		return fmt.Sprintf("ErrorKind(%d)", int(k))
	}
	return kindNames[k]
}

// LaunchError is the error Launch returns: what went wrong, in which kernel,
// block and thread, and where in the source.
type LaunchError struct {
	Kind   ErrorKind
	Kernel string // the kernel's name, e.g. "reduce.Tree"
	Block  *Dim3  // the block concerned; nil when the error is not block-specific
	Thread *Dim3  // the thread concerned; nil when the error is not thread-specific
	Pos    string // source position "file.go:line"; empty when unknown
	Msg    string
	Err    error // the panic value when a kernel panicked with an error
}

// Error formats the error as
//
//	simt: kernel reduce.Tree, block (3,0,0), thread (17,0,0), at reduce.go:42: MSG
//
// or, for an invalid configuration, "simt.Launch: MSG".
func (e *LaunchError) Error() string {
	var sb strings.Builder
	if e.Kind == KindConfig && e.Block == nil {
		sb.WriteString("simt.Launch: ")
		if e.Kernel != "" {
			sb.WriteString("kernel " + e.Kernel + ": ")
		}
		sb.WriteString(e.Msg)
		return sb.String()
	}
	sb.WriteString("simt: kernel ")
	if e.Kernel == "" {
		sb.WriteString("?")
	}
	sb.WriteString(e.Kernel)
	if e.Block != nil {
		sb.WriteString(", block " + coord(*e.Block))
	}
	if e.Thread != nil {
		sb.WriteString(", thread " + coord(*e.Thread))
	}
	if e.Pos != "" {
		sb.WriteString(", at " + e.Pos)
	}
	sb.WriteString(": " + e.Msg)
	return sb.String()
}

// Unwrap returns the error a kernel panicked with, if any.
func (e *LaunchError) Unwrap() error { return e.Err }

// coord formats a position in a grid or block: "(3,0,0)".
func coord(d Dim3) string { return fmt.Sprintf("(%d,%d,%d)", d.X, d.Y, d.Z) }

// shape formats a grid, block or cluster shape: "32x8x1".
func shape(d Dim3) string { return fmt.Sprintf("%dx%dx%d", d.X, d.Y, d.Z) }

// dimAt returns the coordinates of linear index i in a box of shape s.
func dimAt(i int, s Dim3) Dim3 {
	return Dim3{X: i % s.X, Y: i / s.X % s.Y, Z: i / (s.X * s.Y)}
}

// maxBoxes is how many boxes of threads a message lists before it only
// counts the rest.
const maxBoxes = 4

// threadRanges formats ranges of linear thread indices of a block of shape
// s as coordinate boxes, "threads (0..511,0,0)", splitting a range that is
// not one box into the fewest boxes that cover it, and listing at most
// maxBoxes boxes.
func threadRanges(ranges [][2]int, s Dim3) string {
	var boxes []string
	n := 0
	for _, r := range ranges {
		n += r[1] - r[0] + 1
		for lo := r[0]; lo <= r[1]; {
			end := boxEnd(lo, r[1], s)
			boxes = append(boxes, box(dimAt(lo, s), dimAt(end, s)))
			lo = end + 1
		}
	}
	if n == 1 {
		return "thread " + boxes[0]
	}
	if len(boxes) > maxBoxes {
		return fmt.Sprintf("threads %s and %d more (%d threads)",
			strings.Join(boxes[:maxBoxes], ", "), len(boxes)-maxBoxes, n)
	}
	return "threads " + strings.Join(boxes, ", ")
}

// boxEnd returns the end of the largest box that starts at lo and ends at
// or before hi: the rest of a row, whole rows up to the end of a plane, or
// whole planes.
func boxEnd(lo, hi int, s Dim3) int {
	row, plane := s.X, s.X*s.Y
	switch {
	case lo%row != 0 || hi-lo+1 < row:
		return min(hi, lo-lo%row+row-1)
	case lo%plane != 0 || hi-lo+1 < plane:
		return min(lo-lo%plane+plane, lo+(hi-lo+1)/row*row) - 1
	default:
		return lo + (hi-lo+1)/plane*plane - 1
	}
}

// box formats the coordinate box from a to b: "(0..31,1..2,0)".
func box(a, b Dim3) string {
	span := func(x, y int) string {
		if x == y {
			return fmt.Sprint(x)
		}
		return fmt.Sprintf("%d..%d", x, y)
	}
	return "(" + span(a.X, b.X) + "," + span(a.Y, b.Y) + "," + span(a.Z, b.Z) + ")"
}

// lanes formats a lane mask as a list of lane ranges: "0..3, 7".
func lanes(mask uint32) string {
	var parts []string
	for l := 0; l < WarpSize; {
		if mask&(1<<l) == 0 {
			l++
			continue
		}
		e := l
		for e+1 < WarpSize && mask&(1<<(e+1)) != 0 {
			e++
		}
		if e == l {
			parts = append(parts, fmt.Sprint(l))
		} else {
			parts = append(parts, fmt.Sprintf("%d..%d", l, e))
		}
		l = e + 1
	}
	return strings.Join(parts, ", ")
}
