package barrier

import (
	"fmt"
	"math/bits"
	"strings"

	"github.com/smemlint/smemlint/affine"
	"github.com/smemlint/smemlint/analyzer/kernels"
)

// with prefixes the uniform values of a witness: "with n = 100, ".
func with(bindings string) string {
	if bindings == "" {
		return ""
	}
	return "with " + bindings + ", "
}

// where describes a control condition: "under thread-dependent condition
// tid < 512 (a.go:12)".
func (c *checker) where(ctrl kernels.Ctrl, kind string) string { return c.ctx.DescribeCtrl(ctrl, kind) }

// miss says what the threads that do not reach the barrier do.
func miss(ctrl kernels.Ctrl) string {
	switch ctrl.Kind {
	case kernels.CtrlLoop:
		return "leave the loop before it"
	case kernels.CtrlExit:
		return "leave before it"
	}
	return "skip it"
}

func (c *checker) splitFinding(ctrl kernels.Ctrl, bindings string, skip []bool) *Finding {
	node, in := c.site(ctrl.Pos)
	msg := fmt.Sprintf("%s%s %s: %s%s and the %s deadlocks", c.name, in,
		c.where(ctrl, "thread-dependent"), with(bindings), do(skip, "of "+c.ctx.BlockText(), miss(ctrl)), c.unit)
	return &Finding{Ctx: c.ctx, Sync: c.s, Node: node, Message: msg, Cause: ctrl.Pos, branch: ctrl.Kind}
}

func (c *checker) dataFinding(ctrl kernels.Ctrl) *Finding {
	node, in := c.site(ctrl.Pos)
	what := "threads"
	if c.s.Kind == kernels.SyncWarp {
		what = "lanes"
	}
	msg := fmt.Sprintf("%s%s %s: %s that fail it skip the barrier and the %s deadlocks; %s",
		c.name, in, c.where(ctrl, "data-dependent"), what, c.unit, c.ctx.BlockText())
	return &Finding{Ctx: c.ctx, Sync: c.s, Node: node, Message: msg, Cause: ctrl.Pos, branch: ctrl.Kind}
}

// exitText names an exit: "break (a.go:12, under x > n)".
func (c *checker) exitText(e *kernels.Exit) string {
	text := fmt.Sprintf("%s (%s", e.Via, c.ctx.PosText(e.Pos))
	for i := len(e.Ctrl) - 1; i >= 0; i-- {
		if k := e.Ctrl[i].Kind; k == kernels.CtrlIf || k == kernels.CtrlElse {
			text += ", under " + c.ctx.CondText(e.Ctrl[i])
			break
		}
	}
	return text + ")"
}

func (c *checker) exitFinding(e *kernels.Exit, bindings string, leave []bool) *Finding {
	node, in := c.site(e.Pos)
	var msg string
	switch e.Via {
	case "continue":
		msg = fmt.Sprintf("%s%s skipped by a thread-dependent %s: %s%s and the %s deadlocks",
			c.name, in, c.exitText(e), with(bindings), do(leave, "of "+c.ctx.BlockText(), "skip it"), c.unit)
	case "goto":
		msg = fmt.Sprintf("%s%s crossed by a thread-dependent goto %s: %s%s and the %s deadlocks",
			c.name, in, strings.TrimPrefix(c.exitText(e), "goto "), with(bindings),
			do(leave, "of "+c.ctx.BlockText(), "jump past it"), c.unit)
	default:
		msg = fmt.Sprintf("%s%s in a loop that threads leave by a thread-dependent %s: %s%s, and the %s deadlocks",
			c.name, in, c.exitText(e), with(bindings), do(leave, "of "+c.ctx.BlockText(), "leave while the others reach it again"), c.unit)
	}
	return &Finding{Ctx: c.ctx, Sync: c.s, Node: node, Message: msg}
}

func (c *checker) exitDataFinding(e *kernels.Exit) *Finding {
	node, in := c.site(e.Pos)
	msg := fmt.Sprintf("%s%s in a loop that threads leave by a data-dependent %s: the threads that leave miss it and the %s deadlocks; %s",
		c.name, in, c.exitText(e), c.unit, c.ctx.BlockText())
	return &Finding{Ctx: c.ctx, Sync: c.s, Node: node, Message: msg, Cause: e.Pos}
}

func (c *checker) clusterFinding(cs *kernels.ClusterSplit) *Finding {
	var ctrl kernels.Ctrl
	for _, x := range c.s.Ctrl {
		if x.Pred.DependsOn(func(s affine.Sym) bool { return c.ctx.IsBlockIdx(s) || c.ctx.IsRank(s) }) {
			ctrl = x
			break
		}
	}
	node, in := c.site(ctrl.Pos)
	skip, n := ranks(cs.Fail)
	msg := fmt.Sprintf("%s%s %s: %s%s of a cluster of %d %s and the cluster deadlocks; %s",
		c.name, in, c.where(ctrl, "block-dependent"), with(cs.Search.Bindings(cs.Env, cs.Syms)),
		skip, c.ctx.Shape.Cluster.Threads(), agree(n, miss(ctrl)), c.ctx.BlockText())
	return &Finding{Ctx: c.ctx, Sync: c.s, Node: node, Message: msg}
}

func ranks(rs []int) (string, int) {
	parts := make([]string, len(rs))
	for i, r := range rs {
		parts[i] = fmt.Sprint(r)
	}
	word := "blocks of ranks "
	if len(rs) == 1 {
		word = "the block of rank "
	}
	return word + strings.Join(parts, ", "), len(rs)
}

// do says what a set of threads does: "threads 1..3 of block 64 skip it",
// "thread 0 of block 64 skips it".
func do(set []bool, of, verb string) string {
	n := 0
	for _, in := range set {
		if in {
			n++
		}
	}
	return kernels.FormatThreads(set) + " " + of + " " + agree(n, verb)
}

// agree puts a verb phrase in the singular for one subject: "skip it"
// becomes "skips it", "are in" becomes "is in".
func agree(n int, verb string) string {
	if n != 1 {
		return verb
	}
	first, rest, _ := strings.Cut(verb, " ")
	switch first {
	case "are":
		first = "is"
	default:
		first += "s"
	}
	if rest == "" {
		return first
	}
	return first + " " + rest
}

func (c *checker) maskFinding(mf *kernels.MaskFault, e *kernels.Exit) *Finding {
	block := c.ctx.BlockText()
	switch {
	case mf.NotIn:
		return &Finding{Ctx: c.ctx, Sync: c.s, Node: c.s.Call, Message: fmt.Sprintf(
			"lane %d of warp %d calls SyncWarp with mask 0x%08x, which does not name it; %s", mf.Lane, mf.Warp, mf.Mask, block)}
	case mf.Absent != 0:
		return &Finding{Ctx: c.ctx, Sync: c.s, Node: c.s.Call, Message: fmt.Sprintf(
			"%s names %s, which do not exist in warp %d of %s", c.name, kernels.FormatLanes(mf.Absent), mf.Warp, block)}
	}
	bindings := mf.Search.Bindings(mf.Env, mf.Syms)
	missing := kernels.FormatLanes(mf.Missing)
	if e != nil {
		node, in := c.site(e.Pos)
		return &Finding{Ctx: c.ctx, Sync: c.s, Node: node, Message: fmt.Sprintf(
			"%s%s in a loop that lanes leave by a lane-dependent %s: %s%s of warp %d %s; %s",
			c.name, in, c.exitText(e), with(bindings), missing, mf.Warp,
			agree(bits.OnesCount64(mf.Missing), "leave while the others reach it again"), block)}
	}
	ctrl := c.s.Ctrl[c.culprit(mf.Env, c.ctx.WarpThreads(mf.Warp, mf.Missing|mf.Reach))]
	node, in := c.site(ctrl.Pos)
	return &Finding{Ctx: c.ctx, Sync: c.s, Node: node, Message: fmt.Sprintf(
		"%s%s %s: %s%s of warp %d %s but %s; %s",
		c.name, in, c.where(ctrl, "lane-dependent"), with(bindings), missing, mf.Warp,
		agree(bits.OnesCount64(mf.Missing), "are in the mask"), agree(bits.OnesCount64(mf.Missing), miss(ctrl)), block)}
}
