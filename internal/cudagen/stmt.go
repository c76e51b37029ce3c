package cudagen

import (
	"fmt"
	"go/ast"
	"go/token"
	"go/types"
	"strings"
)

// fn translates the body of one function.
type fn struct {
	g      *gen
	names  map[types.Object]string
	used   map[string]bool
	shared map[types.Object]*sharedMember
	// skip holds the objects that have no C++ counterpart: the
	// *simt.Thread and *simt.Cluster handles.
	skip  map[types.Object]bool
	b     strings.Builder
	depth int
	temps int
	// inSwitch counts the switch statements around the statement being
	// translated, which become if chains (where break means another thing).
	inSwitch int
	// ret names the flag that stands for a return in a function whose
	// returns would leave a warp without a point to reconverge at (see
	// earlyReturns); "" where returns are translated as they are. loops
	// counts the loops around the statement being translated.
	ret   string
	loops int
}

// retFlag is the name of the flag a return sets where earlyReturns holds.
const retFlag = "__ret"

// earlyReturns reports whether a function without results returns from
// inside a branch or a loop in a way that leaves lanes of one warp on
// different paths after it: anywhere but as a statement of the body itself
// or as the last statement of a branch of an if statement of the body.
// nvcc reconverges a warp at the immediate post-dominator of a branch, and
// a return makes that the function's exit: on the H100 the -G build of
// fuzz seed 457 (a return in an if inside an if, never taken) ran every
// later statement once for each side of the outer if. The simulator and
// the analyzer reconverge at the end of the if, so such a function is
// translated with its returns setting a flag that the statements after
// them test, which keeps every branch's end a point the paths meet.
func earlyReturns(body *ast.BlockStmt, results *ast.FieldList) bool {
	if results != nil && results.NumFields() > 0 {
		return false
	}
	safe := map[ast.Stmt]bool{}
	for _, st := range body.List {
		safe[st] = true
		if is, ok := st.(*ast.IfStmt); ok {
			for _, b := range []ast.Stmt{is.Body, is.Else} {
				if blk, ok := b.(*ast.BlockStmt); ok && len(blk.List) > 0 {
					safe[blk.List[len(blk.List)-1]] = true
				}
			}
		}
	}
	early := false
	ast.Inspect(body, func(n ast.Node) bool {
		switch n := n.(type) {
		case *ast.FuncLit:
			return false
		case *ast.ReturnStmt:
			if !safe[n] {
				early = true
			}
		}
		return !early
	})
	return early
}

// returns reports whether a return statement is in s.
func returns(s ast.Stmt) bool {
	found := false
	ast.Inspect(s, func(n ast.Node) bool {
		switch n.(type) {
		case *ast.FuncLit:
			return false
		case *ast.ReturnStmt:
			found = true
		}
		return !found
	})
	return found
}

// body translates a function's body, with a return flag where
// earlyReturns holds.
func (f *fn) body(fd *ast.FuncDecl) {
	if earlyReturns(fd.Body, fd.Type.Results) {
		f.ret = retFlag
		f.used[retFlag] = true
		f.line(fd.Body.Lbrace, "bool %s = false;", retFlag)
	}
	f.block(fd.Body.List)
}

func newFn(g *gen) *fn {
	return &fn{g: g, names: map[types.Object]string{}, used: map[string]bool{}, shared: map[types.Object]*sharedMember{},
		skip: map[types.Object]bool{}}
}

// declare gives a local object a C++ name of its own: Go allows a name
// to be declared again in an inner block from the outer one's value
// (x := x), which C++ does not.
func (f *fn) declare(obj types.Object) string {
	base := cName(obj.Name())
	name := base
	for i := 2; f.used[name]; i++ {
		name = fmt.Sprintf("%s_%d", base, i)
	}
	f.used[name] = true
	f.names[obj] = name
	return name
}

func (f *fn) temp() string {
	f.temps++
	return fmt.Sprintf("__t%d", f.temps)
}

func (f *fn) line(pos token.Pos, format string, args ...any) {
	f.b.WriteString(f.g.lineDirective(pos))
	f.b.WriteString(strings.Repeat("  ", f.depth+1))
	fmt.Fprintf(&f.b, format, args...)
	f.b.WriteString("\n")
}

func (f *fn) block(list []ast.Stmt) {
	for i, s := range list {
		f.stmt(s)
		if f.ret == "" || !returns(s) {
			continue
		}
		if _, ok := s.(*ast.ReturnStmt); ok {
			return // the rest cannot run
		}
		if f.loops > 0 {
			// Inside a loop the flag leaves it, also after the last
			// statement of its body: a return in an inner loop breaks
			// only that loop, and the outer one would go on to its next
			// iteration (fuzz seed 1435: 9 requests where Go makes 3).
			f.line(s.End(), "if (%s) break;", f.ret)
			continue
		}
		if i == len(list)-1 {
			continue
		}
		// The rest of the block runs where no return was taken.
		f.line(list[i+1].Pos(), "if (!%s) {", f.ret)
		f.nested(list[i+1:])
		f.line(list[len(list)-1].End(), "}")
		return
	}
}

func (f *fn) nested(list []ast.Stmt) {
	f.depth++
	f.block(list)
	f.depth--
}

func (f *fn) stmt(s ast.Stmt) {
	switch s := s.(type) {
	case *ast.EmptyStmt:
	case *ast.ExprStmt:
		f.line(s.Pos(), "%s;", f.expr(s.X))
	case *ast.IncDecStmt:
		op := "+"
		if s.Tok == token.DEC {
			op = "-"
		}
		if f.readModifyWrite(s.Pos(), s.X, op, "1") {
			return
		}
		f.line(s.Pos(), "%s%s;", f.lvalue(s.X), s.Tok)
	case *ast.AssignStmt:
		f.assign(s)
	case *ast.DeclStmt:
		f.declStmt(s)
	case *ast.BlockStmt:
		f.line(s.Pos(), "{")
		f.nested(s.List)
		f.line(s.End(), "}")
	case *ast.IfStmt:
		f.ifStmt(s, false)
	case *ast.ForStmt:
		f.forStmt(s)
	case *ast.RangeStmt:
		f.rangeStmt(s)
	case *ast.SwitchStmt:
		f.switchStmt(s)
	case *ast.ReturnStmt:
		switch len(s.Results) {
		case 0:
			if f.ret == "" {
				f.line(s.Pos(), "return;")
				break
			}
			f.line(s.Pos(), "%s = true;", f.ret)
			if f.loops > 0 {
				f.line(s.Pos(), "break;")
			}
		case 1:
			f.line(s.Pos(), "return %s;", f.expr(s.Results[0]))
		default:
			fail(s, "a return of several values")
		}
	case *ast.BranchStmt:
		if s.Label != nil {
			fail(s, "a labelled %s", s.Tok)
		}
		switch s.Tok {
		case token.BREAK, token.CONTINUE:
			if s.Tok == token.BREAK && f.inSwitch > 0 {
				fail(s, "break inside a switch")
			}
			f.line(s.Pos(), "%s;", s.Tok)
		default:
			fail(s, "%s", s.Tok)
		}
	default:
		fail(s, "a %s statement", strings.TrimPrefix(fmt.Sprintf("%T", s), "*ast."))
	}
}

// sharedStmt reports whether s is a declaration of a shared array, which
// the kernel's __shared__ struct already holds.
func (f *fn) sharedStmt(s ast.Stmt) bool {
	obj, call := f.sharedDecl(s)
	return call != nil && f.shared[obj] != nil
}

func (f *fn) assign(s *ast.AssignStmt) {
	if f.sharedStmt(s) {
		id := s.Lhs[0].(*ast.Ident)
		f.line(s.Pos(), "/* %s is %s */", id.Name, f.shared[f.g.p.Info.Defs[id]].name)
		return
	}
	if len(s.Lhs) == 1 && len(s.Rhs) == 1 && f.isClusterHandle(s.Rhs[0]) {
		if id, ok := s.Lhs[0].(*ast.Ident); ok {
			f.skip[f.objOf(id)] = true
			return
		}
	}
	if len(s.Lhs) != len(s.Rhs) {
		fail(s, "an assignment of a call with several results")
	}
	switch s.Tok {
	case token.DEFINE, token.ASSIGN:
	case token.AND_NOT_ASSIGN:
		if f.readModifyWrite(s.Pos(), s.Lhs[0], "& ~", f.expr(s.Rhs[0])) {
			return
		}
		f.line(s.Pos(), "%s &= ~(%s);", f.lvalue(s.Lhs[0]), f.expr(s.Rhs[0]))
		return
	default:
		op := strings.TrimSuffix(s.Tok.String(), "=")
		if f.readModifyWrite(s.Pos(), s.Lhs[0], op, f.expr(s.Rhs[0])) {
			return
		}
		f.line(s.Pos(), "%s %s %s;", f.lvalue(s.Lhs[0]), s.Tok, f.expr(s.Rhs[0]))
		return
	}
	if len(s.Lhs) == 1 {
		f.assignOne(s.Pos(), s.Lhs[0], s.Rhs[0], f.expr(s.Rhs[0]), s.Tok == token.DEFINE)
		return
	}
	if f.independent(s) {
		for i, l := range s.Lhs {
			f.assignOne(s.Pos(), l, s.Rhs[i], f.expr(s.Rhs[i]), s.Tok == token.DEFINE)
		}
		return
	}
	// Go evaluates every right-hand side before assigning.
	var temps []string
	for _, r := range s.Rhs {
		t := f.temp()
		f.line(s.Pos(), "%s %s = %s;", f.g.types.cType(f.g.p.Info.TypeOf(r), r), t, f.expr(r))
		temps = append(temps, t)
	}
	for i, l := range s.Lhs {
		f.assignOne(s.Pos(), l, nil, temps[i], s.Tok == token.DEFINE)
	}
}

// independent reports whether the values of a multiple assignment can
// be assigned one after the other: it declares new variables only and no
// value mentions any of them.
func (f *fn) independent(s *ast.AssignStmt) bool {
	lhs := map[types.Object]bool{}
	for _, l := range s.Lhs {
		id, ok := l.(*ast.Ident)
		if ok && id.Name == "_" {
			continue
		}
		if !ok || s.Tok != token.DEFINE {
			return false
		}
		obj := f.g.p.Info.Defs[id]
		if obj == nil {
			return false
		}
		lhs[obj] = true
	}
	ok := true
	for _, r := range s.Rhs {
		ast.Inspect(r, func(n ast.Node) bool {
			if id, isID := n.(*ast.Ident); isID && lhs[f.objOf(id)] {
				ok = false
			}
			return ok
		})
	}
	return ok
}

// accesses reports whether e reads memory (or calls something), which a
// discarded value must still do.
func accesses(e ast.Expr) bool {
	found := false
	ast.Inspect(e, func(n ast.Node) bool {
		switch n.(type) {
		case *ast.IndexExpr, *ast.StarExpr, *ast.CallExpr, *ast.SelectorExpr:
			found = true
		}
		return !found
	})
	return found
}

// readModifyWrite translates x op= y (and x++, x--) where x is an 8- or
// 16-byte number of a shared array: its read is one of sharedRead's,
// through a reference that evaluates x's index once. It reports whether x
// is such a number.
func (f *fn) readModifyWrite(pos token.Pos, x ast.Expr, op, y string) bool {
	n := f.sharedNumber(x)
	if n == 0 {
		return false
	}
	r := f.temp()
	f.line(pos, "{ %s& %s = %s; %s = __ldsn%d(%s) %s (%s); }", f.g.types.cType(f.typeOf(x), x), r, f.lvalue(x), r, n, r, op, y)
	return true
}

// assignOne assigns (or, for a new variable, declares) one value.
func (f *fn) assignOne(pos token.Pos, lhs, rhs ast.Expr, value string, define bool) {
	if rhs != nil {
		if size, space := f.wide(rhs); size > 0 {
			t := f.temp()
			f.line(pos, "%s %s;", f.g.types.cType(f.typeOf(rhs), rhs), t)
			f.line(pos, "__ld%s%d(&%s, &(%s));", space, size, t, value)
			value = t
		}
	}
	if size, space := f.wide(lhs); size > 0 {
		if !strings.HasPrefix(value, "__t") {
			t := f.temp()
			f.line(pos, "%s %s = %s;", f.g.types.cType(f.typeOf(lhs), lhs), t, value)
			value = t
		}
		f.line(pos, "__st%s%d(&(%s), &%s);", space, size, f.lvalue(lhs), value)
		return
	}
	if id, ok := lhs.(*ast.Ident); ok {
		if id.Name == "_" {
			if rhs != nil && !accesses(rhs) {
				f.line(pos, "(void)(%s);", value)
				return
			}
			f.line(pos, "__use(%s);", value)
			return
		}
		if obj := f.g.p.Info.Defs[id]; obj != nil && define {
			f.line(pos, "%s %s = %s;", f.g.types.cType(obj.Type(), id), f.declare(obj), value)
			return
		}
	}
	f.line(pos, "%s = %s;", f.lvalue(lhs), value)
}

// wide returns the size of an element access of an array or struct (or
// of a conversion of a slice to an array) that moves 8 or 16 bytes at once, and "s" when it is an element of the kernel's shared arrays,
// "v" (any space) otherwise; 0 for other expressions.
func (f *fn) wide(e ast.Expr) (int64, string) {
	base := f.vectorOperand(e) // [4]float32(s[i:i+4]), *(*[4]float32)(s[i:])
	if base == nil {
		ix, ok := ast.Unparen(e).(*ast.IndexExpr)
		if !ok {
			return 0, ""
		}
		base = ix
	}
	t := f.typeOf(e)
	switch t.Underlying().(type) {
	case *types.Array, *types.Struct:
	default:
		return 0, "" // numbers move whole already
	}
	size := f.g.types.sizes.Sizeof(t)
	if size != 8 && size != 16 {
		return 0, ""
	}
	for {
		switch x := ast.Unparen(base).(type) {
		case *ast.IndexExpr:
			base = x.X
			continue
		case *ast.SliceExpr:
			base = x.X
			continue
		}
		break
	}
	if id, ok := ast.Unparen(base).(*ast.Ident); ok && f.shared[f.objOf(id)] != nil && !f.shared[f.objOf(id)].dyn {
		return size, "s"
	}
	return size, "v"
}

func (f *fn) declStmt(s *ast.DeclStmt) {
	gd := s.Decl.(*ast.GenDecl)
	switch gd.Tok {
	case token.CONST:
		return // constants are folded where they are used
	case token.VAR:
	default:
		fail(s, "a local %s declaration", gd.Tok)
	}
	if f.sharedStmt(s) {
		return
	}
	for _, spec := range gd.Specs {
		vs := spec.(*ast.ValueSpec)
		if len(vs.Values) != 0 && len(vs.Values) != len(vs.Names) {
			fail(vs, "a declaration from a call with several results")
		}
		for i, n := range vs.Names {
			obj := f.g.p.Info.Defs[n]
			if len(vs.Values) == 0 {
				if n.Name != "_" {
					f.line(n.Pos(), "%s %s{};", f.g.types.cType(obj.Type(), n), f.declare(obj))
				}
				continue
			}
			f.assignOne(n.Pos(), n, vs.Values[i], f.expr(vs.Values[i]), true)
		}
	}
}

func (f *fn) ifStmt(s *ast.IfStmt, elseIf bool) {
	if s.Init != nil {
		if elseIf {
			f.b.WriteString(" {\n")
			f.depth++
		} else {
			f.line(s.Pos(), "{")
			f.depth++
		}
		f.stmt(s.Init)
		f.line(s.Pos(), "if (%s) {", f.expr(s.Cond))
	} else if elseIf {
		f.b.WriteString(" if (" + f.expr(s.Cond) + ") {\n")
	} else {
		f.line(s.Pos(), "if (%s) {", f.expr(s.Cond))
	}
	f.nested(s.Body.List)
	f.b.WriteString(strings.Repeat("  ", f.depth+1) + "}")
	switch e := s.Else.(type) {
	case nil:
		f.b.WriteString("\n")
	case *ast.IfStmt:
		f.b.WriteString(" else")
		f.ifStmt(e, true)
	case *ast.BlockStmt:
		f.b.WriteString(" else {\n")
		f.nested(e.List)
		f.b.WriteString(strings.Repeat("  ", f.depth+1) + "}\n")
	}
	if s.Init != nil {
		f.depth--
		f.b.WriteString(strings.Repeat("  ", f.depth+1) + "}\n")
	}
}

// post translates a for loop's post statement into an expression.
func (f *fn) post(s ast.Stmt) string {
	switch s := s.(type) {
	case nil:
		return ""
	case *ast.IncDecStmt:
		return f.lvalue(s.X) + s.Tok.String()
	case *ast.AssignStmt:
		if len(s.Lhs) == 1 && len(s.Rhs) == 1 && s.Tok != token.DEFINE && s.Tok != token.AND_NOT_ASSIGN {
			return fmt.Sprintf("%s %s %s", f.lvalue(s.Lhs[0]), s.Tok, f.expr(s.Rhs[0]))
		}
	}
	fail(s, "a loop post statement of this form")
	return ""
}

func (f *fn) forStmt(s *ast.ForStmt) {
	saved := f.inSwitch
	f.inSwitch = 0
	defer func() { f.inSwitch = saved }()
	if s.Init != nil {
		f.line(s.Pos(), "{")
		f.depth++
		f.stmt(s.Init)
	}
	cond := ""
	if s.Cond != nil {
		cond = f.expr(s.Cond)
	}
	f.line(s.Pos(), "for (; %s; %s) {", cond, f.post(s.Post))
	f.loops++
	f.nested(s.Body.List)
	f.loops--
	f.b.WriteString(strings.Repeat("  ", f.depth+1) + "}\n")
	if s.Init != nil {
		f.depth--
		f.b.WriteString(strings.Repeat("  ", f.depth+1) + "}\n")
	}
}

// rangeStmt translates a range over an integer or over the indices of a
// slice or array.
func (f *fn) rangeStmt(s *ast.RangeStmt) {
	if s.Value != nil {
		if id, ok := s.Value.(*ast.Ident); !ok || id.Name != "_" {
			fail(s, "a range loop with a value variable")
		}
	}
	saved := f.inSwitch
	f.inSwitch = 0
	defer func() { f.inSwitch = saved }()
	var n string
	switch u := f.g.p.Info.TypeOf(s.X).Underlying().(type) {
	case *types.Basic:
		n = f.expr(s.X)
	case *types.Slice:
		n = f.expr(s.X) + ".n"
	case *types.Array:
		n = fmt.Sprint(u.Len())
	default:
		fail(s, "a range over %s", u)
	}
	key := f.temp()
	if id, ok := s.Key.(*ast.Ident); ok && id.Name != "_" {
		if obj := f.g.p.Info.Defs[id]; obj != nil {
			key = f.declare(obj)
		} else {
			fail(s, "a range loop assigning an outer variable")
		}
	}
	f.line(s.Pos(), "for (long long %s = 0; %s < %s; %s++) {", key, key, n, key)
	f.loops++
	f.nested(s.Body.List)
	f.loops--
	f.b.WriteString(strings.Repeat("  ", f.depth+1) + "}\n")
}

// switchStmt becomes a chain of ifs on a temporary holding the tag.
func (f *fn) switchStmt(s *ast.SwitchStmt) {
	f.line(s.Pos(), "{")
	f.depth++
	if s.Init != nil {
		f.stmt(s.Init)
	}
	tag := ""
	if s.Tag != nil {
		tag = f.temp()
		f.line(s.Pos(), "%s %s = %s;", f.g.types.cType(f.g.p.Info.TypeOf(s.Tag), s.Tag), tag, f.expr(s.Tag))
	}
	f.inSwitch++
	var dflt *ast.CaseClause
	first := true
	for _, st := range s.Body.List {
		cc := st.(*ast.CaseClause)
		if cc.List == nil {
			dflt = cc
			continue
		}
		var conds []string
		for _, e := range cc.List {
			if tag != "" {
				conds = append(conds, fmt.Sprintf("%s == (%s)", tag, f.expr(e)))
			} else {
				conds = append(conds, "("+f.expr(e)+")")
			}
		}
		kw := "if"
		if !first {
			kw = "else if"
		}
		first = false
		f.line(cc.Pos(), "%s (%s) {", kw, strings.Join(conds, " || "))
		f.caseBody(cc)
	}
	if dflt != nil {
		if first {
			f.line(dflt.Pos(), "{")
		} else {
			f.line(dflt.Pos(), "else {")
		}
		f.caseBody(dflt)
	}
	f.inSwitch--
	f.depth--
	f.b.WriteString(strings.Repeat("  ", f.depth+1) + "}\n")
}

func (f *fn) caseBody(cc *ast.CaseClause) {
	for _, s := range cc.Body {
		if b, ok := s.(*ast.BranchStmt); ok && b.Tok == token.FALLTHROUGH {
			fail(s, "fallthrough")
		}
	}
	f.nested(cc.Body)
	f.b.WriteString(strings.Repeat("  ", f.depth+1) + "}\n")
}
