package main

import (
	"bufio"
	"fmt"
	"go/ast"
	"go/parser"
	"go/token"
	"io"
	"strconv"
	"strings"
)

// Case is one line of hw/micro/cases.h: one measured memory instruction.
type Case struct {
	ID     string
	Op     string // SLD, SST, GLD or GST
	Type   string // F32, F64, V4, U8 or U16
	Block  [2]int
	Grid   [2]int
	On     string // which threads access, as written
	Index  string // element index of a thread that accesses, as written
	XIndex string // element index held by a thread that is off
	Line   int    // line in cases.h

	on, idx, xidx expr
}

// sizes maps the element types of cases.h to their width in bytes.
var sizes = map[string]int{"F32": 4, "F64": 8, "V4": 16, "U8": 1, "U16": 2}

// Size returns the access width in bytes.
func (c *Case) Size() int { return sizes[c.Type] }

// Shared reports whether the case accesses shared memory.
func (c *Case) Shared() bool { return c.Op == "SLD" || c.Op == "SST" }

// Load reports whether the case is a load.
func (c *Case) Load() bool { return c.Op == "SLD" || c.Op == "GLD" }

// Cases is the parsed cases.h: the cases and the sizes of the buffers
// micro.cu gives them.
type Cases struct {
	List        []*Case
	SharedBytes int64
	GlobalBytes int64
}

// parseCases reads cases.h. Errors name the file and line.
func parseCases(name string, r io.Reader) (*Cases, error) {
	cs := &Cases{}
	seen := map[string]int{}
	sc := bufio.NewScanner(r)
	for line := 1; sc.Scan(); line++ {
		text := strings.TrimSpace(sc.Text())
		if f := strings.Fields(text); len(f) == 3 && f[0] == "#define" {
			var dst *int64
			switch f[1] {
			case "MICRO_SHARED_BYTES":
				dst = &cs.SharedBytes
			case "MICRO_GLOBAL_BYTES":
				dst = &cs.GlobalBytes
			default:
				continue
			}
			n, err := strconv.ParseInt(f[2], 10, 64)
			if err != nil {
				return nil, fmt.Errorf("%s:%d: %s: %w", name, line, f[1], err)
			}
			*dst = n
			continue
		}
		if !strings.HasPrefix(text, "X(") {
			continue
		}
		c, err := parseCase(text, line)
		if err != nil {
			return nil, fmt.Errorf("%s:%d: %w", name, line, err)
		}
		if prev, dup := seen[c.ID]; dup {
			return nil, fmt.Errorf("%s:%d: case %s already on line %d", name, line, c.ID, prev)
		}
		seen[c.ID] = line
		cs.List = append(cs.List, c)
	}
	if err := sc.Err(); err != nil {
		return nil, fmt.Errorf("%s: %w", name, err)
	}
	if len(cs.List) == 0 {
		return nil, fmt.Errorf("%s: no X(...) case lines", name)
	}
	if cs.SharedBytes <= 0 || cs.GlobalBytes <= 0 {
		return nil, fmt.Errorf("%s: MICRO_SHARED_BYTES and MICRO_GLOBAL_BYTES must be defined", name)
	}
	return cs, nil
}

// parseCase parses one X(id, op, type, bx, by, gx, gy, on, idx, xidx) line.
func parseCase(text string, line int) (*Case, error) {
	text = strings.TrimSpace(strings.TrimSuffix(text, "\\"))
	if !strings.HasSuffix(text, ")") {
		return nil, fmt.Errorf("case line does not end in ')': %s", text)
	}
	f := strings.Split(text[len("X("):len(text)-1], ",")
	if len(f) != 10 {
		return nil, fmt.Errorf("case has %d fields, want 10 (id, op, type, bx, by, gx, gy, on, idx, xidx)", len(f))
	}
	for i := range f {
		f[i] = strings.TrimSpace(f[i])
	}
	c := &Case{ID: f[0], Op: f[1], Type: f[2], On: f[7], Index: f[8], XIndex: f[9], Line: line}
	switch c.Op {
	case "SLD", "SST", "GLD", "GST":
	default:
		return nil, fmt.Errorf("case %s: op %q: want SLD, SST, GLD or GST", c.ID, c.Op)
	}
	if sizes[c.Type] == 0 {
		return nil, fmt.Errorf("case %s: type %q: want F32, F64, V4, U8 or U16", c.ID, c.Type)
	}
	dims := []*int{&c.Block[0], &c.Block[1], &c.Grid[0], &c.Grid[1]}
	for i, d := range dims {
		n, err := strconv.Atoi(f[3+i])
		if err != nil || n <= 0 {
			return nil, fmt.Errorf("case %s: dimension %q: want a positive integer", c.ID, f[3+i])
		}
		*d = n
	}
	var err error
	for _, e := range []struct {
		dst  *expr
		src  string
		what string
	}{{&c.on, c.On, "on"}, {&c.idx, c.Index, "idx"}, {&c.xidx, c.XIndex, "xidx"}} {
		if *e.dst, err = compile(e.src); err != nil {
			return nil, fmt.Errorf("case %s: %s %q: %w", c.ID, e.what, e.src, err)
		}
	}
	return c, nil
}

// vars are the names a case's expressions may use.
type vars struct{ tid, tx, ty, bidx, bidy int64 }

// expr evaluates one expression of a case with C's unsigned arithmetic on
// values that stay non-negative; it fails on anything else.
type expr func(v *vars) (int64, error)

// compile turns a C expression that Go parses alike into an evaluator.
func compile(src string) (expr, error) {
	e, err := parser.ParseExpr(src)
	if err != nil {
		return nil, err
	}
	return compileNode(e, false)
}

// looseOps bind differently in C and Go: shifts and bitwise operators must
// stand alone or in parentheses.
var looseOps = map[token.Token]bool{token.SHL: true, token.SHR: true, token.AND: true, token.OR: true, token.XOR: true}

func compileNode(n ast.Expr, inBinary bool) (expr, error) {
	switch n := n.(type) {
	case *ast.ParenExpr:
		return compileNode(n.X, false)
	case *ast.BasicLit:
		if n.Kind != token.INT {
			return nil, fmt.Errorf("literal %s: only integers", n.Value)
		}
		k, err := strconv.ParseInt(n.Value, 0, 64)
		if err != nil {
			return nil, err
		}
		return func(*vars) (int64, error) { return k, nil }, nil
	case *ast.Ident:
		get := map[string]func(v *vars) int64{
			"tid":  func(v *vars) int64 { return v.tid },
			"tx":   func(v *vars) int64 { return v.tx },
			"ty":   func(v *vars) int64 { return v.ty },
			"bidx": func(v *vars) int64 { return v.bidx },
			"bidy": func(v *vars) int64 { return v.bidy },
		}[n.Name]
		if get == nil {
			return nil, fmt.Errorf("unknown name %s (want tid, tx, ty, bidx or bidy)", n.Name)
		}
		return func(v *vars) (int64, error) { return get(v), nil }, nil
	case *ast.BinaryExpr:
		if looseOps[n.Op] {
			_, lb := n.X.(*ast.BinaryExpr)
			_, rb := n.Y.(*ast.BinaryExpr)
			if inBinary || lb || rb {
				return nil, fmt.Errorf("%s binds differently in C and Go: put its operation in parentheses", n.Op)
			}
		}
		x, err := compileNode(n.X, true)
		if err != nil {
			return nil, err
		}
		y, err := compileNode(n.Y, true)
		if err != nil {
			return nil, err
		}
		op, err := binary(n.Op)
		if err != nil {
			return nil, err
		}
		return func(v *vars) (int64, error) {
			a, err := x(v)
			if err != nil {
				return 0, err
			}
			b, err := y(v)
			if err != nil {
				return 0, err
			}
			return op(a, b)
		}, nil
	}
	return nil, fmt.Errorf("unsupported expression %T", n)
}

func b2i(b bool) int64 {
	if b {
		return 1
	}
	return 0
}

func binary(op token.Token) (func(a, b int64) (int64, error), error) {
	ok := func(r int64) (int64, error) {
		if r < 0 {
			return 0, fmt.Errorf("negative intermediate value %d (C's unsigned arithmetic would wrap)", r)
		}
		return r, nil
	}
	switch op {
	case token.ADD:
		return func(a, b int64) (int64, error) { return ok(a + b) }, nil
	case token.SUB:
		return func(a, b int64) (int64, error) { return ok(a - b) }, nil
	case token.MUL:
		return func(a, b int64) (int64, error) { return ok(a * b) }, nil
	case token.QUO, token.REM:
		return func(a, b int64) (int64, error) {
			if b == 0 {
				return 0, fmt.Errorf("division by zero")
			}
			if op == token.QUO {
				return a / b, nil
			}
			return a % b, nil
		}, nil
	case token.AND:
		return func(a, b int64) (int64, error) { return a & b, nil }, nil
	case token.OR:
		return func(a, b int64) (int64, error) { return a | b, nil }, nil
	case token.XOR:
		return func(a, b int64) (int64, error) { return a ^ b, nil }, nil
	case token.SHL:
		return func(a, b int64) (int64, error) { return ok(a << uint(b&63)) }, nil
	case token.SHR:
		return func(a, b int64) (int64, error) { return a >> uint(b&63), nil }, nil
	case token.EQL:
		return func(a, b int64) (int64, error) { return b2i(a == b), nil }, nil
	case token.NEQ:
		return func(a, b int64) (int64, error) { return b2i(a != b), nil }, nil
	case token.LSS:
		return func(a, b int64) (int64, error) { return b2i(a < b), nil }, nil
	case token.LEQ:
		return func(a, b int64) (int64, error) { return b2i(a <= b), nil }, nil
	case token.GTR:
		return func(a, b int64) (int64, error) { return b2i(a > b), nil }, nil
	case token.GEQ:
		return func(a, b int64) (int64, error) { return b2i(a >= b), nil }, nil
	case token.LAND:
		return func(a, b int64) (int64, error) { return b2i(a != 0 && b != 0), nil }, nil
	case token.LOR:
		return func(a, b int64) (int64, error) { return b2i(a != 0 || b != 0), nil }, nil
	}
	return nil, fmt.Errorf("unsupported operator %s", op)
}
