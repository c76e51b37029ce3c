package ir

import (
	"fmt"
	"go/token"
)

// Note is a remark about the analysis itself.
type Note struct {
	Pos token.Pos
	Msg string
	// Always marks a kernel the analysis skips as a whole: it is named
	// without -verbose too, since no access of it gets a figure.
	Always bool
}

// Dim is a block, grid or cluster shape; a zero component is unknown.
type Dim struct{ X, Y, Z int }

// Threads returns X*Y*Z.
func (d Dim) Threads() int { return d.X * d.Y * d.Z }

// Known reports whether every component is known.
func (d Dim) Known() bool { return d.X > 0 && d.Y > 0 && d.Z > 0 }

func (d Dim) String() string {
	c := func(v int) string {
		if v <= 0 {
			return "?"
		}
		return fmt.Sprint(v)
	}
	return c(d.X) + "×" + c(d.Y) + "×" + c(d.Z)
}

// ShapeSource says where a context's launch shape came from.
type ShapeSource uint8

// Shape sources.
const (
	FromLaunch ShapeSource = iota
	FromDirective
	Assumed
	FromConfig // the [launch] section of smemlint.conf
)

// Shape is a launch configuration as far as it is known.
type Shape struct {
	Block, Grid, Cluster Dim
	SharedBytes          int64 // dynamic shared memory; -1 when unknown
	Source               ShapeSource
	Pos                  token.Pos // the launch call or the directive
}

// Describe returns the shape the way messages state it: "block 32×8",
// "block 256×1×1 assumed (no launch found)".
func (s Shape) Describe() string {
	b := s.Block
	text := fmt.Sprintf("block %d", b.X)
	if b.Y > 1 || b.Z > 1 {
		text += fmt.Sprintf("×%d", b.Y)
	}
	if b.Z > 1 {
		text += fmt.Sprintf("×%d", b.Z)
	}
	if s.Source == Assumed {
		text = fmt.Sprintf("block %d assumed: no launch or //smemlint:launch found", b.X)
	}
	return text
}
