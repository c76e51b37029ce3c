package ir

import (
	"fmt"
	"go/ast"
	"go/token"
	"strings"

	"github.com/smemlint/smemlint/affine"
	"github.com/smemlint/smemlint/model"
)

// FormatThreads describes a set of threads of a block by ranges of linear
// indices, "threads 512..1023", naming at most three ranges.
func FormatThreads(set []bool) string {
	var parts []string
	count, ranges := 0, 0
	for i := 0; i < len(set); {
		if !set[i] {
			i++
			continue
		}
		j := i
		for j+1 < len(set) && set[j+1] {
			j++
		}
		count += j - i + 1
		ranges++
		if ranges <= 3 {
			if i == j {
				parts = append(parts, fmt.Sprint(i))
			} else {
				parts = append(parts, fmt.Sprintf("%d..%d", i, j))
			}
		}
		i = j + 1
	}
	text := strings.Join(parts, ", ")
	if ranges > 3 {
		text += fmt.Sprintf(", … (%d threads)", count)
	}
	if count == 1 {
		return "thread " + text
	}
	return "threads " + text
}

// FormatLanes describes a lane mask: "lanes 16..31", "lane 0".
func FormatLanes(mask uint64) string {
	set := make([]bool, model.WarpSize)
	for l := range set {
		set[l] = mask&(1<<l) != 0
	}
	return strings.Replace(FormatThreads(set), "thread", "lane", 1)
}

// BlockText names the block shape for messages: "block 1024", "block
// 32×8", "block 256 (assumed: no launch or //smemlint:launch found)".
func (c *Context) BlockText() string {
	s := c.Shape
	s.Source = FromLaunch
	text := s.Describe()
	switch c.Shape.Source {
	case Assumed:
		text += " (assumed: no launch or //smemlint:launch found)"
	case FromConfig:
		text += " (from smemlint.conf [launch]: no launch or //smemlint:launch found)"
	}
	return text
}

// PosText formats a position as "file.go:line".
func (c *Context) PosText(pos token.Pos) string {
	p := c.Pass.Fset.Position(pos)
	return fmt.Sprintf("%s:%d", ShortFile(p.Filename), p.Line)
}

// ThreadText names the thread of linear index lin: "thread 16" in a
// one-dimensional block, "thread (3,1)" in a two-dimensional one.
func (c *Context) ThreadText(lin int) string {
	b := c.Shape.Block
	x, y, z := lin%b.X, lin/b.X%max(b.Y, 1), lin/(b.X*max(b.Y, 1))
	switch {
	case b.Y <= 1 && b.Z <= 1:
		return fmt.Sprintf("thread %d", lin)
	case b.Z <= 1:
		return fmt.Sprintf("thread (%d,%d)", x, y)
	}
	return fmt.Sprintf("thread (%d,%d,%d)", x, y, z)
}

// Values formats the values of symbols in env: "offset = 32, s = 4".
func (c *Context) Values(env affine.Env, syms []affine.Sym) string {
	parts := make([]string, 0, len(syms))
	for _, s := range syms {
		if int(s) < c.Syms.Len() && !c.isCoord(s) {
			parts = append(parts, fmt.Sprintf("%s = %d", c.Syms.Name(s), env[s]))
		}
	}
	return strings.Join(parts, ", ")
}

// DescribeCtrl says where a condition puts an event, for messages:
// "under thread-dependent condition tid < 512 (a.go:12)", "after a
// thread-dependent return (a.go:9, under row >= m)", "in a loop whose trip
// count is thread-dependent (for ..., a.go:7)"; kind qualifies the
// condition ("thread-dependent", "lane-dependent", "data-dependent").
func (c *Context) DescribeCtrl(ctrl Ctrl, kind string) string {
	at := c.PosText(ctrl.Pos)
	switch ctrl.Kind {
	case CtrlElse:
		if c.SwitchOf(ctrl.Pos) != nil {
			return fmt.Sprintf("in the default case of a %s switch (%s)", kind, at)
		}
		return fmt.Sprintf("in the else branch of %s condition %s (%s)", kind, ctrl.Text, at)
	case CtrlLoop:
		return fmt.Sprintf("in a loop whose trip count is %s (%s, %s)", kind, ctrl.Text, at)
	case CtrlExit:
		return fmt.Sprintf("after a %s %s (%s, under %s)", kind, ctrl.Via, at, ctrl.Text)
	}
	return fmt.Sprintf("under %s condition %s (%s)", kind, c.CondText(ctrl), at)
}

// CondText is the text of a branch condition: the if's condition, or
// "case X" for a case of a switch.
func (c *Context) CondText(ctrl Ctrl) string {
	if c.SwitchOf(ctrl.Pos) != nil {
		if ctrl.Kind == CtrlElse {
			return "default"
		}
		return "case " + ctrl.Text
	}
	return ctrl.Text
}

// SwitchOf returns the switch statement of the case clause at pos.
func (c *Context) SwitchOf(pos token.Pos) ast.Node {
	path := c.Path(pos)
	for i, n := range path {
		if cc, ok := n.(*ast.CaseClause); ok && cc.Pos() == pos && i+2 < len(path) {
			if sw, ok := path[i+2].(*ast.SwitchStmt); ok {
				return sw
			}
		}
	}
	return nil
}

func ShortFile(name string) string {
	if i := strings.LastIndexAny(name, `/\`); i >= 0 {
		return name[i+1:]
	}
	return name
}
