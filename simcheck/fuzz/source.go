package fuzz

import (
	"fmt"
	"strings"
)

// env holds the values of a thread's variables.
type env struct {
	tx, ty, tz, bx, by, p0, lane, warp int
	i, j                               [2]int
	d                                  int // d0, read by a "let"
	c                                  int // c0, the datum a choice is made by
}

func (e *env) get(name string) int {
	switch name {
	case "tx":
		return e.tx
	case "ty":
		return e.ty
	case "tz":
		return e.tz
	case "bx":
		return e.bx
	case "by":
		return e.by
	case "p0":
		return e.p0
	case "lane":
		return e.lane
	case "warp":
		return e.warp
	case "i0", "i1":
		return e.i[name[1]-'0']
	case "j0", "j1":
		return e.j[name[1]-'0']
	case "d0":
		return e.d
	case "c0":
		return e.c
	}
	panic("fuzz: unknown variable " + name)
}

// Eval computes x with Go's int semantics.
func (x *Expr) Eval(e *env) int {
	switch x.Op {
	case "c":
		return x.C
	case "+":
		return x.X.Eval(e) + x.Y.Eval(e)
	case "-":
		return x.X.Eval(e) - x.Y.Eval(e)
	case "*":
		return x.X.Eval(e) * x.Y.Eval(e)
	case "/":
		return x.X.Eval(e) / x.Y.Eval(e)
	case "%":
		return x.X.Eval(e) % x.Y.Eval(e)
	case "<<":
		return x.X.Eval(e) << x.Y.Eval(e)
	case ">>":
		return x.X.Eval(e) >> x.Y.Eval(e)
	case "&":
		return x.X.Eval(e) & x.Y.Eval(e)
	case "|":
		return x.X.Eval(e) | x.Y.Eval(e)
	case "^":
		return x.X.Eval(e) ^ x.Y.Eval(e)
	case "min":
		return min(x.X.Eval(e), x.Y.Eval(e))
	case "max":
		return max(x.X.Eval(e), x.Y.Eval(e))
	}
	return e.get(x.Op)
}

func (x *Expr) String() string {
	switch {
	case x.Op == "c":
		return fmt.Sprint(x.C)
	case x.X == nil:
		return x.Op
	case x.Op == "min" || x.Op == "max":
		return x.Op + "(" + x.X.String() + ", " + x.Y.String() + ")"
	}
	return "(" + x.X.String() + " " + x.Op + " " + x.Y.String() + ")"
}

// Eval reports whether the guard holds.
func (c *Cond) Eval(e *env) bool {
	switch c.Join {
	case "&&":
		return c.A.Eval(e) && c.B.Eval(e)
	case "||":
		return c.A.Eval(e) || c.B.Eval(e)
	}
	x := c.X.Eval(e)
	switch c.Cmp {
	case "<":
		return x < c.C
	case "<=":
		return x <= c.C
	case "==":
		return x == c.C
	case "!=":
		return x != c.C
	case ">":
		return x > c.C
	}
	return x >= c.C
}

func (c *Cond) String() string {
	if c.Join != "" {
		return "(" + c.A.String() + ") " + c.Join + " (" + c.B.String() + ")"
	}
	return fmt.Sprintf("%s %s %d", c.X, c.Cmp, c.C)
}

// source writes a kernel's Go source and records where its access
// nodes start.
type source struct {
	b    strings.Builder
	spec *Spec
}

// Source returns the kernel as a Go file of package fz, and sets the Pos
// and SrcPos of its accesses.
func (s *Spec) Source() string {
	w := &source{spec: s}
	b := &w.b
	b.WriteString("package fz\n\nimport \"github.com/smemlint/smemlint/simt\"\n\n")
	b.WriteString("type p3 struct{ A, B, C float32 }\n\n")
	fmt.Fprintf(b, "//smemlint:launch block=%dx%dx%d grid=%dx%d arch=%s\n",
		s.Block[0], s.Block[1], s.Block[2], s.Grid[0], s.Grid[1], s.Arch)
	b.WriteString("func K(t *simt.Thread")
	for _, a := range s.Arrays {
		if !a.Shared {
			fmt.Fprintf(b, ", %s []%s", a.Name, a.Elem.Name)
		}
	}
	if s.Param != 0 {
		b.WriteString(", p0 int")
	}
	b.WriteString(") {\n\ttx, ty, tz, bx, by := t.ThreadIdx.X, t.ThreadIdx.Y, t.ThreadIdx.Z, t.BlockIdx.X, t.BlockIdx.Y\n")
	b.WriteString("\tlane, warp := t.LaneID(), t.WarpID()\n")
	b.WriteString("\t_, _, _, _, _, _, _ = tx, ty, tz, bx, by, lane, warp\n")
	for i, x := range s.Lets {
		fmt.Fprintf(b, "\tj%d := %s\n\t_ = j%d\n", i, x, i)
	}
	for _, a := range s.Arrays {
		if a.Shared && a.Choice == nil {
			dims := ""
			for _, d := range a.Dims {
				dims += fmt.Sprintf("[%d]", d)
			}
			fmt.Fprintf(b, "\t%s := simt.Shared[%s%s](t)\n\t_ = %s\n", a.Name, dims, a.Elem.Name, a.Name)
		}
	}
	for _, a := range s.Arrays {
		if c := a.Choice; c != nil {
			if c.Data >= 0 {
				fmt.Fprintf(b, "\tc0 := int(%s[%s])\n", s.Arrays[c.Data].Name, c.Index)
			}
			fmt.Fprintf(b, "\t%s := %s[:]\n\tif %s {\n\t\t%s = %s[:]\n\t}\n\t_ = %s\n",
				a.Name, s.Arrays[c.A].Name, c.Cond, a.Name, s.Arrays[c.B].Name, a.Name)
		}
	}
	w.block(s.Body, 1)
	b.WriteString("}\n")
	if s.Dev != nil {
		b.WriteString("\nfunc dev(t *simt.Thread" + w.devParams(true) + ") {\n")
		b.WriteString("\ttx, ty, tz, bx, by := t.ThreadIdx.X, t.ThreadIdx.Y, t.ThreadIdx.Z, t.BlockIdx.X, t.BlockIdx.Y\n")
		b.WriteString("\tlane, warp := t.LaneID(), t.WarpID()\n")
		b.WriteString("\t_, _, _, _, _, _, _ = tx, ty, tz, bx, by, lane, warp\n")
		w.block(s.Dev, 1)
		b.WriteString("}\n")
	}
	return b.String()
}

// devParams lists the device function's parameters (typed) or the
// arguments of a call: every array, p0, and the locals.
func (w *source) devParams(typed bool) string {
	s := w.spec
	var b strings.Builder
	for _, a := range s.Arrays {
		b.WriteString(", " + a.Name)
		if typed {
			switch {
			case a.Shared && len(a.Dims) == 2:
				fmt.Fprintf(&b, " *[%d][%d]%s", a.Dims[0], a.Dims[1], a.Elem.Name)
			case a.Shared:
				fmt.Fprintf(&b, " *[%d]%s", a.Dims[0], a.Elem.Name)
			default:
				b.WriteString(" []" + a.Elem.Name)
			}
		}
	}
	if s.Param != 0 {
		b.WriteString(", p0")
		if typed {
			b.WriteString(" int")
		}
	}
	for i := range s.Lets {
		fmt.Fprintf(&b, ", j%d", i)
		if typed {
			b.WriteString(" int")
		}
	}
	return b.String()
}

func (w *source) block(list []*Stmt, depth int) {
	for _, s := range list {
		w.stmt(s, depth)
	}
}

func (w *source) stmt(s *Stmt, depth int) {
	b := &w.b
	tab := strings.Repeat("\t", depth)
	b.WriteString(tab)
	switch s.Kind {
	case "sync":
		b.WriteString("t.SyncThreads()\n")
	case "syncwarp":
		fmt.Fprintf(b, "t.SyncWarp(%#x)\n", s.Mask)
	case "call":
		b.WriteString("dev(t" + w.devParams(false) + ")\n")
	case "return", "break", "continue":
		b.WriteString(s.Kind + "\n")
	case "assign":
		fmt.Fprintf(b, "%s %s %s\n", s.Var, s.Assign, s.X)
	case "let":
		fmt.Fprintf(b, "%s := int(", s.Var)
		s.Pos = w.ref(s.Array, s.Index)
		fmt.Fprintf(b, ")\n%s_ = %s\n", tab, s.Var)
	case "reslice":
		a := w.spec.Arrays[s.Array].Name
		fmt.Fprintf(b, "%s = %s[%d:]\n", a, a, s.StepN)
	case "if":
		fmt.Fprintf(b, "if %s {\n", s.Cond)
		w.block(s.Body, depth+1)
		if len(s.Else) > 0 {
			b.WriteString(tab + "} else {\n")
			w.block(s.Else, depth+1)
		}
		b.WriteString(tab + "}\n")
	case "for":
		from := fmt.Sprint(s.From)
		if s.FromX != nil {
			from = s.FromX.String()
		}
		switch {
		case s.ToX != nil:
			fmt.Fprintf(b, "for %s := %s; %s < %s; %s++ {\n", s.Var, from, s.Var, s.ToX, s.Var)
		case s.Step == "<<=":
			fmt.Fprintf(b, "for %s := %s; %s < %d; %s <<= 1 {\n", s.Var, from, s.Var, s.To, s.Var)
		case s.FromX != nil && s.Step == ">>=":
			fmt.Fprintf(b, "for %s := %s; %s > 0; %s >>= 1 {\n", s.Var, from, s.Var, s.Var)
		case s.FromX != nil:
			fmt.Fprintf(b, "for %s := %s; %s < %d; %s += %d {\n", s.Var, from, s.Var, s.To, s.Var, s.StepN)
		case s.ToThread != nil:
			fmt.Fprintf(b, "for %s := %d; %s < %s; %s++ {\n", s.Var, s.From, s.Var, s.ToThread, s.Var)
		case s.Step == ">>=":
			fmt.Fprintf(b, "for %s := %d; %s > 0; %s >>= 1 {\n", s.Var, s.From, s.Var, s.Var)
		case s.Step == "++":
			fmt.Fprintf(b, "for %s := %d; %s < %d; %s++ {\n", s.Var, s.From, s.Var, s.To, s.Var)
		default:
			fmt.Fprintf(b, "for %s := %d; %s < %d; %s += %d {\n", s.Var, s.From, s.Var, s.To, s.Var, s.StepN)
		}
		w.block(s.Body, depth+1)
		b.WriteString(tab + "}\n")
	case "load", "store":
		if s.Vec > 0 {
			w.vector(s, tab)
			return
		}
	}
	switch s.Kind {
	case "load":
		b.WriteString("_ = ")
		s.Pos = w.ref(s.Array, s.Index)
		b.WriteString(field(s.Field) + "\n")
	case "store":
		s.Pos = w.ref(s.Array, s.Index)
		zero := w.spec.Arrays[s.Array].Elem.Zero
		if s.Field != "" {
			zero = "0"
		}
		fmt.Fprintf(b, "%s = %s\n", field(s.Field), zero)
	case "update":
		s.Pos = w.ref(s.Array, s.Index)
		b.WriteString(" += 1\n")
	case "copy":
		s.Pos = w.ref(s.Array, s.Index)
		b.WriteString(" = ")
		s.SrcPos = w.ref(s.Src, s.SrcIndex)
		b.WriteString("\n")
	}
}

// vector writes a vector load or store and records where its access
// node starts.
func (w *source) vector(s *Stmt, tab string) {
	b := &w.b
	a := w.spec.Arrays[s.Array]
	typ := fmt.Sprintf("[%d]%s", s.Vec, a.Elem.Name)
	i := s.Index[0].String()
	switch {
	case s.Kind == "store":
		s.Pos = b.Len()
		fmt.Fprintf(b, "*(*%s)(%s[%s:]) = %s{}\n", typ, a.Name, i, typ)
	case s.Form == "ptr":
		b.WriteString("_ = ")
		s.Pos = b.Len()
		fmt.Fprintf(b, "*(*%s)(%s[%s:])\n", typ, a.Name, i)
	default:
		// The copy's elements are registers: reading one is no access.
		b.WriteString("{\n" + tab + "\tvw := ")
		s.Pos = b.Len()
		fmt.Fprintf(b, "%s(%s[%s : %s+%d])\n%s\t_ = vw[%d]\n%s}\n", typ, a.Name, i, i, s.Vec, tab, s.Vec-1, tab)
	}
}

func field(f string) string {
	if f == "" {
		return ""
	}
	return "." + f
}

// ref writes an indexed array element and returns its offset.
func (w *source) ref(array int, index []*Expr) int {
	pos := w.b.Len()
	w.b.WriteString(w.spec.Arrays[array].Name)
	for _, x := range index {
		w.b.WriteString("[" + x.String() + "]")
	}
	return pos
}
