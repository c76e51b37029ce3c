package ir

import (
	"go/ast"
	"go/token"
	"go/types"
	"slices"
	"sort"
	"strings"

	"github.com/smemlint/smemlint/internal/simtapi"
)

// Path returns the syntax nodes enclosing pos in the context's package,
// innermost first, or nil.
func (c *Context) Path(pos token.Pos) []ast.Node {
	if f := c.fileAt(pos); f != nil {
		return pathIn(f, pos)
	}
	return nil
}

// fileAt returns the file of the package that holds pos, or nil.
func (c *Context) fileAt(pos token.Pos) *ast.File {
	for _, f := range c.Pass.Files {
		if f.FileStart <= pos && pos < f.FileEnd {
			return f
		}
	}
	return nil
}

// pathIn returns the nodes of f that hold pos, innermost first, f last.
func pathIn(f *ast.File, pos token.Pos) []ast.Node {
	var path []ast.Node
	descend(f, pos, func(n ast.Node) { path = append(path, n) })
	slices.Reverse(path)
	return append(path, f)
}

// descend calls enter for the nodes of f's declarations that hold pos,
// outermost first. It finds the declaration by binary search and descends
// only into the nodes that hold pos, where astutil.PathEnclosingInterval
// lists every node's children on the way: the checks ask for the
// statements of many accesses, in files of many kernels.
func descend(f *ast.File, pos token.Pos, enter func(ast.Node)) {
	i := sort.Search(len(f.Decls), func(i int) bool { return f.Decls[i].End() > pos })
	if i == len(f.Decls) || f.Decls[i].Pos() > pos {
		return
	}
	ast.Inspect(f.Decls[i], func(n ast.Node) bool {
		if n == nil || pos < n.Pos() || pos >= n.End() {
			return false
		}
		enter(n)
		return true
	})
}

// FuncAt returns the function declaration or literal whose body holds pos,
// or nil.
func (c *Context) FuncAt(pos token.Pos) ast.Node {
	for _, n := range c.Path(pos) {
		switch n.(type) {
		case *ast.FuncDecl, *ast.FuncLit:
			return n
		}
	}
	return nil
}

// CallAt returns the call expression that starts at pos (a device-function
// call of an event's Calls), or nil.
func (c *Context) CallAt(pos token.Pos) *ast.CallExpr {
	for _, n := range c.Path(pos) {
		if call, ok := n.(*ast.CallExpr); ok && call.Pos() == pos {
			return call
		}
	}
	return nil
}

// BreakTarget returns the position of the statement a break or continue
// leaves: its label's statement, or the innermost enclosing for, range,
// switch or select (for a break).
func (c *Context) BreakTarget(e *Exit) token.Pos {
	br, ok := e.Stmt.(*ast.BranchStmt)
	if !ok {
		return token.NoPos
	}
	for _, n := range c.Path(e.Pos) {
		switch n := n.(type) {
		case *ast.LabeledStmt:
			if br.Label != nil && n.Label.Pos() == e.Target {
				return n.Stmt.Pos()
			}
		case *ast.ForStmt, *ast.RangeStmt:
			if br.Label == nil {
				return n.Pos()
			}
		case *ast.SwitchStmt, *ast.TypeSwitchStmt, *ast.SelectStmt:
			if br.Label == nil && br.Tok == token.BREAK {
				return n.Pos()
			}
		case *ast.FuncDecl, *ast.FuncLit:
			return token.NoPos
		}
	}
	return token.NoPos
}

// LabelStmt returns the statement a goto's label names, or nil.
func (c *Context) LabelStmt(e *Exit) ast.Stmt {
	if e.Target == token.NoPos {
		return nil
	}
	for _, n := range c.Path(e.Target) {
		if l, ok := n.(*ast.LabeledStmt); ok && l.Label.Pos() == e.Target {
			return l
		}
	}
	return nil
}

// Fset returns the file set of the context's package.
func (c *Context) Fset() *token.FileSet { return c.Pass.Fset }

// StmtAt returns the innermost statement that holds pos (not a block), or
// nil.
func (c *Context) StmtAt(pos token.Pos) ast.Stmt {
	// The innermost of Path's statements, found without listing the
	// path: the last one the descent enters.
	var stmt ast.Stmt
	if f := c.fileAt(pos); f != nil {
		descend(f, pos, func(n ast.Node) {
			if s, ok := n.(ast.Stmt); ok {
				if _, block := n.(*ast.BlockStmt); !block {
					stmt = s
				}
			}
		})
	}
	return stmt
}

// ThreadParam returns the name of the *simt.Thread parameter of the
// function whose body holds pos, or "".
func (c *Context) ThreadParam(pos token.Pos) string {
	var ft *ast.FuncType
	switch f := c.FuncAt(pos).(type) {
	case *ast.FuncDecl:
		ft = f.Type
	case *ast.FuncLit:
		ft = f.Type
	default:
		return ""
	}
	for _, field := range ft.Params.List {
		if simtapi.IsThreadPtr(c.Pass.TypesInfo.TypeOf(field.Type)) && len(field.Names) > 0 {
			return field.Names[0].Name
		}
	}
	return ""
}

// Target is the memory an access names, for messages: its text, or for an
// atomic such as simt.AtomicAdd(t, &s[0], 1) the operand "s[0]".
func (a *Access) Target() string {
	if call, ok := a.Node.(*ast.CallExpr); ok && a.Atomic && len(call.Args) > 1 {
		return strings.TrimPrefix(types.ExprString(call.Args[1]), "&")
	}
	return a.Text
}

// IsLocal reports whether pos lies in a file of the package being
// analysed (and not in another package whose kernel it launches or
// calls).
func (c *Context) IsLocal(pos token.Pos) bool {
	for _, f := range c.Pass.Files {
		if f.FileStart <= pos && pos < f.FileEnd {
			return true
		}
	}
	return false
}

// Anchor returns where to report a finding about node, reached through the
// device-function calls calls: node itself when it is in this package,
// else the outermost of the calls that is; nil when none is.
func (c *Context) Anchor(node ast.Node, calls []token.Pos) ast.Node {
	if c.IsLocal(node.Pos()) {
		return node
	}
	for _, at := range calls {
		if c.IsLocal(at) {
			if call := c.CallAt(at); call != nil {
				return call
			}
		}
	}
	return nil
}

// Where names an access and its position for messages: "s[tid+16]
// (a.go:20)", also for an access in another package's file.
func (c *Context) Where(a *Access) string {
	text := a.Target()
	if i := strings.LastIndex(text, " at "); a.InForeignFile && i >= 0 {
		text = text[:i]
	}
	return text + " (" + c.PosText(a.Node.Pos()) + ")"
}

// StmtKey identifies the statement that holds pos, to group events by
// statement: the statement itself, or for another package's file (whose
// syntax the context does not keep) its "file:line".
func (c *Context) StmtKey(pos token.Pos) any {
	c.stmtMu.Lock()
	k, ok := c.stmtKeys[pos]
	c.stmtMu.Unlock()
	if ok {
		return k
	}
	if s := c.StmtAt(pos); s != nil {
		k = s
	} else {
		k = c.PosText(pos)
	}
	c.stmtMu.Lock()
	if c.stmtKeys == nil {
		c.stmtKeys = map[token.Pos]any{}
	}
	c.stmtKeys[pos] = k
	c.stmtMu.Unlock()
	return k
}

// Repad evaluates the context again with the innermost dimension of a
// Shared array made pad elements longer, as a padding fix would. It
// returns nil when the array cannot be padded (not a Shared array of at
// least two dimensions) or the evaluation fails.
func (c *Context) Repad(arr *Array, pad int64) *Context {
	if arr.Call == nil || c.Redo == nil || InnerArray(arr.Type) == nil {
		return nil
	}
	return c.Redo(arr, pad)
}

// Find returns the access of c at the same node and direction as a.
func (c *Context) Find(a *Access) []*Access {
	var out []*Access
	for _, b := range c.Accesses {
		if b.Node == a.Node && b.Store == a.Store {
			out = append(out, b)
		}
	}
	return out
}
