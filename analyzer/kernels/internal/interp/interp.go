package interp

import (
	"fmt"
	"go/ast"
	"go/token"
	"go/types"

	"golang.org/x/tools/go/analysis"

	"github.com/smemlint/smemlint/affine"
	"github.com/smemlint/smemlint/analyzer/config"
	"github.com/smemlint/smemlint/analyzer/internal/report"
	"github.com/smemlint/smemlint/analyzer/kernels/internal/front"
	"github.com/smemlint/smemlint/analyzer/kernels/internal/ir"
	"github.com/smemlint/smemlint/internal/simtapi"
	"github.com/smemlint/smemlint/model"
)

// Limits that keep the evaluation of any input bounded.
const (
	maxSteps     = 200000 // statements and expressions evaluated per context
	maxCallDepth = 12     // nested device-function calls
	maxDryRuns   = 4      // passes to find which loop variables vary
)

// interp evaluates one kernel context statement by statement.
type interp struct {
	pass   *analysis.Pass
	info   *types.Info
	sizes  types.Sizes
	ctx    *ir.Context
	finder *front.Finder
	host   *front.HostScope
	// padding lengthens Shared arrays for Repad.
	padding map[*ast.CallExpr]int64

	env *env
	// vars lists the variables bound so far, by slot number (see
	// varIndex); varNum and objNum number them.
	vars   []types.Object
	varNum map[*types.Var]int
	objNum map[types.Object]int
	// spare holds empty environments for device-function calls (see
	// spareEnv).
	spare   []*env
	ctrl    []ir.Ctrl
	loops   []*ir.Loop
	calls   []token.Pos
	globals map[types.Object]*ir.Array
	rets    *[]retValue    // the returns of the device function being evaluated
	named   []types.Object // its named results
	// lastRets holds every result of the last inlined call.
	lastRets     []value
	inlining     []*types.Func
	sharedByCall map[*ast.CallExpr]*ir.Array

	// anchor is set while a function of another package is evaluated:
	// the call in this package that led there.
	anchor ast.Node

	// body is the body of the function being evaluated, and dataOnly
	// the variables of each body that feed only stored data (see
	// feedsOnlyData).
	body     *ast.BlockStmt
	dataOnly map[*ast.BlockStmt]dataOnly

	// resliced holds the slice variables the loops being evaluated
	// assign only by re-slicing themselves (see markResliced).
	resliced map[types.Object]bool
	// loopSyntaxes holds what each loop's syntax says (see loopSyntax).
	loopSyntaxes map[loopKey]*loopSyntax

	dry int // > 0: a dry run that records nothing
	// replayRuns is the body evaluations the replays under way make
	// together (see replay).
	replayRuns int
	steps      int
	seq        int
	arena      model.Arena // the shared arrays' offsets, as the simulator lays them out
	dynamic    *ir.Array
	gaveUp     bool
	// gaveUpAt is the first statement or expression not evaluated.
	gaveUpAt token.Pos
	// dims caches the thread's built-in Dim3 values (ThreadIdx, ...),
	// which never change within a context; struct values are copied on
	// write.
	dims map[string]value
	// inputs are the values loaded at fixed addresses, which later loads
	// of the same address share, except from the arrays of unshared (by
	// declaration), which the kernel stores to (see inputs.go).
	inputs   []inputLoad
	unshared map[token.Pos]bool
}

type retValue struct {
	vals []value
	ctrl []ir.Ctrl
	// hasCtrl is false in a dry run, which records no conditions.
	hasCtrl bool
}

// exits is how threads left a statement: by return (or panic) and by
// break or continue, as predicates relative to the statement's entry.
type exits struct {
	ret, brk affine.Pred
}

var noExit = exits{affine.False, affine.False}

// Evaluate builds and evaluates one kernel context. A panic inside the
// evaluation of one kernel becomes an *ir.Fault error instead of crashing
// the run.
func Evaluate(pass *analysis.Pass, cfg *config.Config, f *front.Finder, j front.Job) (ctx *ir.Context, err error) {
	defer func() {
		if r := recover(); r != nil {
			ctx, err = nil, &ir.Fault{Pos: j.Pos, Kernel: j.Name, Stage: "evaluating the kernel", Cause: fmt.Sprint(r)}
		}
	}()
	ctx, stored, err := evaluate(pass, cfg, f, j, nil)
	if stored != nil {
		// Loads were shared of arrays the kernel stores to: again,
		// without.
		ctx, _, err = evaluate(pass, cfg, f, j, stored)
	}
	return ctx, err
}

// evaluate evaluates the kernel, sharing no loads of the arrays unshared
// declares, and returns the arrays whose loads it shared and should not
// have (see inputs.go).
func evaluate(pass *analysis.Pass, cfg *config.Config, f *front.Finder, j front.Job, unshared map[token.Pos]bool) (*ir.Context, map[token.Pos]bool, error) {
	arch, err := front.LookupArch(cfg, j.Arch)
	if err != nil {
		return nil, nil, fmt.Errorf("kernel %s: %w", j.Name, err)
	}
	ctx := ir.NewContext(j.Name, j.Pos, j.Shape, arch)
	ctx.Pass, ctx.Config = pass, cfg
	ctx.Redo = func(arr *ir.Array, pad int64) *ir.Context {
		again := j
		again.Padding = map[*ast.CallExpr]int64{arr.Call: pad}
		redone, err := Evaluate(pass, cfg, f, again)
		if err != nil {
			return nil
		}
		return redone
	}
	in := &interp{
		pass: pass, info: pass.TypesInfo, sizes: pass.TypesSizes, ctx: ctx, finder: f, host: j.Host, padding: j.Padding,
		env: newEnv(), globals: map[types.Object]*ir.Array{},
		sharedByCall: map[*ast.CallExpr]*ir.Array{}, unshared: unshared,
	}
	if in.sizes == nil {
		in.sizes = types.SizesFor("gc", "amd64")
	}
	var params *ast.FieldList
	var body *ast.BlockStmt
	if j.Closure != nil {
		params, body = j.Closure.Type.Params, j.Closure.Body
	} else {
		params, body = j.Decl.Type.Params, j.Decl.Body
	}
	in.bindParams(params)
	in.body = body
	in.block(body.List)
	if in.gaveUp {
		pos := in.gaveUpAt
		if !pos.IsValid() {
			pos = j.Pos
		}
		ctx.Incomplete = append(ctx.Incomplete, ir.Note{Pos: pos, Msg: fmt.Sprintf(
			"kernel too large to evaluate completely: the evaluation stopped here after %d statements and expressions; accesses it did not reach from here on have no figure", maxSteps)})
	}
	return ctx, in.storedInputs(), nil
}

// bindParams gives the parameters of a kernel entry their values: the
// *simt.Thread, global memory for slices and pointers, uniform symbols for
// numbers.
func (in *interp) bindParams(params *ast.FieldList) {
	first := true
	for _, field := range params.List {
		for _, name := range field.Names {
			obj := in.info.Defs[name]
			if obj == nil {
				continue
			}
			if first {
				in.set(obj, value{kind: vThread})
				first = false
				continue
			}
			in.set(obj, in.hostValue(obj, name.Name))
		}
		if len(field.Names) == 0 {
			first = false
		}
	}
}

// hostValue is the value of something that comes from outside the kernel:
// a parameter of a kernel entry or a variable a launch closure captures.
func (in *interp) hostValue(obj types.Object, name string) value {
	if v, ok := in.host.ObjInt(obj); ok {
		return intConst(v)
	}
	t := types.Unalias(obj.Type()).Underlying()
	switch t := t.(type) {
	case *types.Slice:
		return refValue(in.globalRef(obj, name, t.Elem(), true))
	case *types.Pointer:
		if simtapi.IsThreadPtr(obj.Type()) {
			return value{kind: vThread}
		}
		return refValue(in.globalRef(obj, name, t.Elem(), false))
	case *types.Basic:
		if t.Info()&types.IsInteger != 0 {
			return scalar(affine.S(in.newSym(name, affine.Uniform, ir.SymMeta{Role: ir.RoleParam})))
		}
		if t.Info()&types.IsBoolean != 0 {
			return boolean(affine.Cmp(affine.NE, affine.S(in.newSym(name, affine.Uniform, ir.SymMeta{Role: ir.RoleParam})), affine.C(0)))
		}
		return scalar(affine.S(in.newSym(name, affine.Uniform, ir.SymMeta{Role: ir.RoleData})))
	}
	return none()
}

// globalRef returns the global array a host object denotes, one per object.
func (in *interp) globalRef(obj types.Object, name string, elem types.Type, slice bool) *ref {
	arr, ok := in.globals[obj]
	if !ok {
		arr = &ir.Array{Name: name, Space: ir.SpaceGlobal, Type: elem, Decl: obj.Pos()}
		in.globals[obj] = arr
		in.ctx.Arrays = append(in.ctx.Arrays, arr)
	}
	r := &ref{arr: arr, typ: elem, slice: slice}
	if slice {
		if n, ok := in.host.ObjLen(obj); ok {
			r.length, r.hasLen = affine.C(n), true
		}
	}
	return r
}

// stoppedAt records where the evaluation first gave up (see step): in
// this package's files, so at the call that led into another package.
func (in *interp) stoppedAt(pos token.Pos) {
	if in.anchor != nil {
		pos = in.anchor.Pos()
	}
	if !in.gaveUpAt.IsValid() {
		in.gaveUpAt = pos
	}
}

// step counts work and reports whether the evaluation may go on.
func (in *interp) step() bool {
	in.steps++
	if in.steps > maxSteps {
		in.gaveUp = true
		return false
	}
	return true
}

// block evaluates a statement list; threads that leave by return, break
// or continue no longer take part in the statements after it.
func (in *interp) block(list []ast.Stmt) exits {
	depth := len(in.ctrl)
	defer func() { in.ctrl = in.ctrl[:depth] }()
	out := noExit
	for _, s := range list {
		if !in.step() {
			in.stoppedAt(s.Pos())
			break
		}
		ex := in.stmt(s)
		out.ret = affine.OrP(out.ret, ex.ret)
		out.brk = affine.OrP(out.brk, ex.brk)
		left := affine.OrP(ex.ret, ex.brk)
		if v, ok := left.IsConst(); ok {
			if v {
				break // everything after is unreachable
			}
			continue
		}
		via, pos := exitVia(s)
		in.ctrl = append(in.ctrl, ir.Ctrl{Kind: ir.CtrlExit, Pred: affine.NotP(left), Pos: pos, Via: via,
			Text: in.exitText(s)})
	}
	return out
}

// exitVia finds the statement by which threads leave inside s.
func exitVia(s ast.Stmt) (string, token.Pos) {
	via, pos := "return", s.Pos()
	ast.Inspect(s, func(n ast.Node) bool {
		switch n := n.(type) {
		case *ast.FuncLit:
			return false
		case *ast.ReturnStmt:
			via, pos = "return", n.Pos()
			return false
		case *ast.BranchStmt:
			via, pos = n.Tok.String(), n.Pos()
			return false
		}
		return true
	})
	return via, pos
}

func (in *interp) stmt(s ast.Stmt) exits {
	switch s := s.(type) {
	case *ast.BlockStmt:
		return in.block(s.List)
	case *ast.ExprStmt:
		if isPanic(in.info, s.X) {
			in.eval(s.X)
			in.recordExit(s, "panic")
			return exits{affine.True, affine.False}
		}
		in.eval(s.X)
	case *ast.AssignStmt:
		in.assign(s)
	case *ast.IncDecStmt:
		op := token.ADD
		if s.Tok == token.DEC {
			op = token.SUB
		}
		in.assignOp(s.X, op, intConst(1), s)
	case *ast.DeclStmt:
		in.declStmt(s)
	case *ast.IfStmt:
		return in.ifStmt(s)
	case *ast.ForStmt:
		return in.forStmt(s)
	case *ast.RangeStmt:
		return in.rangeStmt(s)
	case *ast.SwitchStmt:
		return in.switchStmt(s)
	case *ast.ReturnStmt:
		in.recordExitCtrl(s, "return", in.returnStmt(s))
		return exits{affine.True, affine.False}
	case *ast.BranchStmt:
		in.recordExit(s, s.Tok.String())
		if s.Tok == token.BREAK || s.Tok == token.CONTINUE {
			return exits{affine.False, affine.True}
		}
	case *ast.LabeledStmt:
		return in.stmt(s.Stmt)
	case *ast.GoStmt, *ast.DeferStmt, *ast.EmptyStmt:
	default:
		// select, type switches, send statements: nothing a kernel uses.
	}
	return noExit
}

func isPanic(info *types.Info, e ast.Expr) bool {
	call, ok := ast.Unparen(e).(*ast.CallExpr)
	if !ok {
		return false
	}
	id, ok := ast.Unparen(call.Fun).(*ast.Ident)
	if !ok {
		return false
	}
	b, ok := info.Uses[id].(*types.Builtin)
	return ok && b.Name() == "panic"
}

// returnStmt records what a return statement returns, and returns the
// copy of the conditions it made for that, if any, which the exit shares.
func (in *interp) returnStmt(s *ast.ReturnStmt) []ir.Ctrl {
	vals := make([]value, len(s.Results))
	for i, r := range s.Results {
		vals[i] = in.eval(r)
	}
	if len(s.Results) == 1 && len(in.named) > 1 {
		vals = in.lastRets // return f() of a multi-valued f
	}
	if len(s.Results) == 0 {
		for _, obj := range in.named {
			vals = append(vals, in.val(obj))
		}
	}
	if in.rets != nil && in.dry == 0 {
		ctrl := append([]ir.Ctrl(nil), in.ctrl...)
		*in.rets = append(*in.rets, retValue{vals: vals, ctrl: ctrl, hasCtrl: true})
		return ctrl
	} else if in.rets != nil {
		*in.rets = append(*in.rets, retValue{vals: vals})
	}
	return nil
}

func (in *interp) declStmt(s *ast.DeclStmt) {
	gd, ok := s.Decl.(*ast.GenDecl)
	if !ok || gd.Tok != token.VAR {
		return
	}
	for _, spec := range gd.Specs {
		vs := spec.(*ast.ValueSpec)
		for i, name := range vs.Names {
			obj := in.info.Defs[name]
			if obj == nil {
				continue
			}
			if i < len(vs.Values) && len(vs.Values) == len(vs.Names) {
				in.set(obj, in.eval(vs.Values[i]))
			} else {
				in.set(obj, in.zero(obj.Type()))
			}
		}
		if len(vs.Values) == 1 && len(vs.Names) > 1 {
			in.eval(vs.Values[0])
			for _, name := range vs.Names {
				if obj := in.info.Defs[name]; obj != nil {
					in.set(obj, in.opaque(obj.Type(), true, whyMulti))
				}
			}
		}
	}
}

// zero returns the zero value of a declared variable.
func (in *interp) zero(t types.Type) value {
	if b, ok := types.Unalias(t).Underlying().(*types.Basic); ok {
		if b.Info()&types.IsBoolean != 0 {
			return boolean(affine.False)
		}
		if b.Info()&types.IsNumeric != 0 {
			return intConst(0)
		}
	}
	return none()
}

func (in *interp) text(n ast.Node) string { return in.finder.Text(n) }

// exitText is the condition under which threads leave in s.
func (in *interp) exitText(s ast.Stmt) string {
	if is, ok := s.(*ast.IfStmt); ok {
		return in.text(is.Cond)
	}
	return in.text(s)
}

// shortPos formats a node's position as file.go:line.
func (in *interp) shortPos(n ast.Node) string {
	p := in.pass.Fset.Position(n.Pos())
	return fmt.Sprintf("%s:%d", report.ShortFile(p.Filename), p.Line)
}
