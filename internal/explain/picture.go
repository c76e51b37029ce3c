package explain

import (
	"fmt"
	"go/token"
	"io"
	"math/bits"
	"os"
	"path/filepath"
	"sort"
	"strings"

	"github.com/smemlint/smemlint/analyzer/kernels"
	"github.com/smemlint/smemlint/model"
)

// Write prints the explanation of one access: what it costs, under which
// launch shape and profile, the picture of its worst request, and the fix.
func Write(w io.Writer, k *Kernel, t *Target) {
	a, ev := t.Access, t.Eval
	fmt.Fprintf(w, "%s: %s %s %s\n", where(t), a.Space(), a.Verb(), a.Text)
	fmt.Fprintf(w, "kernel %s, %s, %s\n", k.Ctx.Kernel, shapeSource(k), archText(k.Ctx.Arch))
	if ev.Skip != "" {
		fmt.Fprintf(w, "not evaluated: %s\n", ev.Skip)
		return
	}
	if t.Finding != nil {
		fmt.Fprintf(w, "%s: %s\n", t.Finding.Check, t.Finding.Message)
	}
	r := ev.Worst
	if ev.Bound != "" {
		// Each lane's address is one of several: no one request to draw.
		fmt.Fprintf(w, "worst request: warp %d, %s, %d-byte %ss: up to %s (ideal %d) over every choice, since %s; no one request to draw\n\n",
			r.Warp, lanes(r.Req.On), r.Req.Size, a.Verb(), plural(r.Shared.Wavefronts, "wavefront"), r.Shared.Ideal, ev.Bound)
		fmt.Fprintln(w, "fix: "+fixText(t))
		return
	}
	fmt.Fprintf(w, "worst request: warp %d, %s, %d-byte %ss", r.Warp, lanes(r.Req.On), r.Req.Size, a.Verb())
	if r.Bindings != "" {
		fmt.Fprintf(w, ", at %s", r.Bindings)
	}
	fmt.Fprintf(w, " (%s evaluated)\n\n", plural(ev.Requests, "request"))
	if t.Shared() {
		writeBanks(w, k.Ctx.Arch, &r)
	} else {
		writeSectors(w, k.Ctx.Arch, &r)
	}
	fmt.Fprintln(w)
	fmt.Fprintln(w, "fix: "+fixText(t))
}

// relative returns name relative to the working directory when it is
// inside it.
// where names the access's place as findings do, and under a //line
// directive also its place in the file that holds the text: a directive
// without a column leaves the column unknown, and go/token then says 0,
// which is no column at all.
func where(t *Target) string {
	s := relative(t.Pos.Filename) + ":" + lineCol(t.Pos)
	if t.Raw.IsValid() && (t.Raw.Filename != t.Pos.Filename || t.Raw.Line != t.Pos.Line || t.Raw.Column != t.Pos.Column) {
		s += " (" + relative(t.Raw.Filename) + ":" + lineCol(t.Raw) + ")"
	}
	return s
}

// lineCol is "LINE:COL", or "LINE" where the column is unknown.
func lineCol(p token.Position) string {
	if p.Column == 0 {
		return fmt.Sprint(p.Line)
	}
	return fmt.Sprintf("%d:%d", p.Line, p.Column)
}

func relative(name string) string {
	if wd, err := os.Getwd(); err == nil {
		if rel, err := filepath.Rel(wd, name); err == nil && filepath.IsLocal(rel) {
			return rel
		}
	}
	return name
}

// writeBanks draws each phase of a shared request: one column per bank,
// row k holding the k-th distinct word each bank must deliver. A phase
// costs as many wavefronts as its tallest column.
func writeBanks(w io.Writer, arch *model.Arch, r *kernels.Request) {
	for p, mask := range arch.PhaseMasks(&r.Req) {
		if mask == 0 {
			continue
		}
		cols := bankColumns(arch, &r.Req, mask)
		tall := 0
		for _, c := range cols {
			tall = max(tall, len(c))
		}
		if r.Shared.Phases > 1 {
			fmt.Fprintf(w, "phase %d of %d (%s): %s\n", p+1, r.Shared.Phases, lanes(mask), plural(tall, "wavefront"))
		}
		fmt.Fprintf(w, "%-10s", "bank")
		for b := range cols {
			fmt.Fprintf(w, "%3d", b)
		}
		fmt.Fprintln(w)
		for row := 0; row < tall; row++ {
			fmt.Fprintf(w, "%-10s", fmt.Sprintf("wave %d", row+1))
			for _, c := range cols {
				fmt.Fprintf(w, "%3s", cell(c, row))
			}
			fmt.Fprintln(w)
		}
		ways := fmt.Sprintf("%-10s", "ways")
		for _, c := range cols {
			mark := ""
			if len(c) > 1 {
				mark = fmt.Sprint(len(c))
			}
			ways += fmt.Sprintf("%3s", mark)
		}
		fmt.Fprintln(w, strings.TrimRight(ways, " "))
	}
	s := r.Shared
	fmt.Fprintf(w, "\n%s per request, ideal %d", plural(s.Wavefronts, "wavefront"), s.Ideal)
	if s.Ways > 1 {
		fmt.Fprintf(w, ": %d-way conflict, %s on bank %d in %d different words", s.Ways, lanes(s.Lanes), s.Bank, s.Ways)
	}
	fmt.Fprintln(w, ".")
	fmt.Fprintln(w, "(column: a bank; row k: the k-th distinct word each bank delivers, in wavefront k;")
	fmt.Fprintln(w, " a number is the first lane touching that word, + when more lanes share it: a broadcast)")
}

// word is one bank word of a request: the lanes that touch it.
type word struct {
	row   int64
	lanes []int
}

// bankColumns groups the words the lanes in mask touch by bank, each
// bank's words in row order.
func bankColumns(arch *model.Arch, r *model.Request, mask uint32) [][]word {
	cols := make([][]word, arch.Banks)
	for m := mask; m != 0; m &= m - 1 {
		lane := bits.TrailingZeros32(m)
		first, last := arch.WordSpan(r.Addr[lane], r.Size)
		for addr := first; addr <= last; addr += int64(arch.BankWidth) {
			b, row := arch.BankOf(addr), arch.BankRow(addr)
			i := sort.Search(len(cols[b]), func(i int) bool { return cols[b][i].row >= row })
			if i == len(cols[b]) || cols[b][i].row != row {
				cols[b] = append(cols[b], word{})
				copy(cols[b][i+1:], cols[b][i:])
				cols[b][i] = word{row: row}
			}
			cols[b][i].lanes = append(cols[b][i].lanes, lane)
		}
	}
	return cols
}

func cell(c []word, row int) string {
	if row >= len(c) {
		return "·"
	}
	s := fmt.Sprint(c[row].lanes[0])
	if len(c[row].lanes) > 1 {
		s += "+"
	}
	return s
}

// writeSectors draws a global request: the sector each lane falls in,
// numbered from the first, and what each sector carries.
func writeSectors(w io.Writer, arch *model.Arch, r *kernels.Request) {
	secs := sectors(arch, &r.Req)
	fmt.Fprintf(w, "%-8s", "lane")
	for l := 0; l < model.WarpSize; l++ {
		if r.Req.On&(1<<l) != 0 {
			fmt.Fprintf(w, "%4d", l)
		}
	}
	fmt.Fprintf(w, "\n%-8s", "sector")
	for l := 0; l < model.WarpSize; l++ {
		if r.Req.On&(1<<l) != 0 {
			fmt.Fprintf(w, "%4d", secs.of[l])
		}
	}
	fmt.Fprintln(w)
	fmt.Fprintln(w)
	for i, s := range secs.list {
		fmt.Fprintf(w, "sector %2d (+%d bytes): %s, %d of %d bytes used\n",
			i, s.Start-secs.list[0].Start, lanes(s.Lanes), s.Used, arch.SectorBytes)
	}
	g := r.Global
	fmt.Fprintf(w, "\n%s and %s per request; the %d bytes asked for fit in %d (ideal).\n",
		plural(g.Sectors, fmt.Sprintf("%d-byte sector", arch.SectorBytes)), plural(g.Lines, fmt.Sprintf("%d-byte line", arch.LineBytes)), g.Bytes, g.Ideal)
}

// sectorMap is a global request's sectors (model.Arch.Sectors).
type sectorMap struct {
	list []model.Sector
	of   [model.WarpSize]int // the first sector of each lane, as an index into list
}

func sectors(arch *model.Arch, r *model.Request) sectorMap {
	list, of := arch.Sectors(r)
	return sectorMap{list, of}
}

// fixText says how to remove the waste, quoting the check's suggested fix
// when it has one.
func fixText(t *Target) string {
	ev := t.Eval
	if ev.Worst.Excess(t.Shared()) <= 0 {
		return "none needed: the request is at its ideal."
	}
	if t.Finding != nil && len(t.Finding.Fixes) > 0 {
		f := t.Finding.Fixes[0]
		var edits []string
		for _, e := range f.Edits {
			edits = append(edits, fmt.Sprintf("%s:%d:%d → %q", filepath.Base(e.Pos.Filename), e.Pos.Line, e.Pos.Column, e.NewText))
		}
		return fmt.Sprintf("%s (%s; smemlint -fix applies it, editors offer it as a quick fix).", f.Message, strings.Join(edits, ", "))
	}
	if t.Shared() {
		return "make the lanes of a warp touch different banks: pad the array's rows (an odd row length in words spreads a column over all banks) or swizzle the column index (col ^ row)."
	}
	return "make consecutive lanes touch consecutive elements: swap the roles of the indices, stage the tile through shared memory, or store a struct of arrays."
}

func shapeSource(k *Kernel) string {
	s := k.Ctx.Shape
	text := s.Describe()
	if !s.Pos.IsValid() || s.Source == kernels.Assumed {
		return text
	}
	p := k.Fset.Position(s.Pos)
	where := "launch"
	if s.Source == kernels.FromDirective {
		where = "//smemlint:launch"
	}
	return fmt.Sprintf("%s (%s at %s:%d)", text, where, filepath.Base(p.Filename), p.Line)
}

func archText(a *model.Arch) string {
	return fmt.Sprintf("%s: %d banks of %d bytes, %d-byte sectors", a.Name, a.Banks, a.BankWidth, a.SectorBytes)
}

func plural(n int, word string) string {
	if n == 1 {
		return "1 " + word
	}
	return fmt.Sprintf("%d %ss", n, word)
}

// lanes writes a lane mask as ranges: "lanes 0..15, 17".
func lanes(mask uint32) string {
	var parts []string
	for m := mask; m != 0; {
		lo := bits.TrailingZeros32(m)
		hi := lo + bits.TrailingZeros32(^(m >> lo)) - 1
		if hi == lo {
			parts = append(parts, fmt.Sprint(lo))
		} else {
			parts = append(parts, fmt.Sprintf("%d..%d", lo, hi))
		}
		m &^= (uint32(1)<<(hi-lo+1) - 1) << lo
	}
	if bits.OnesCount32(mask) == 1 {
		return "lane " + parts[0]
	}
	return "lanes " + strings.Join(parts, ", ")
}
