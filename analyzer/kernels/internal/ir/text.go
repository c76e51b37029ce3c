package ir

import (
	"fmt"
	"go/ast"
	"go/token"
	"strings"

	"github.com/smemlint/smemlint/affine"
	"github.com/smemlint/smemlint/analyzer/internal/report"
)

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
	return report.Line(c.Pass.Fset.Position(pos))
}

// ThreadText names the thread of linear index lin: "thread 16" in a
// one-dimensional block, "thread (3,1)" in a two-dimensional one.
func (c *Context) ThreadText(lin int) string {
	b := c.Shape.Block
	return report.Thread(lin, b.X, b.Y, b.Z)
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
			return report.CtrlText(report.DefaultCase, kind, "", "", at)
		}
		return report.CtrlText(report.ElseBranch, kind, ctrl.Text, "", at)
	case CtrlLoop:
		return report.CtrlText(report.LoopTrip, kind, ctrl.Text, "", at)
	case CtrlExit:
		return report.CtrlText(report.AfterExit, kind, ctrl.Text, ctrl.Via, at)
	}
	return report.CtrlText(report.UnderCond, kind, c.CondText(ctrl), "", at)
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
