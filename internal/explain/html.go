package explain

import (
	"bytes"
	"fmt"
	"html/template"
	"math"
	"math/bits"
	"os"
	"strings"

	"github.com/smemlint/smemlint/model"
)

// Heatmap geometry, in pixels.
const (
	cellSize   = 18
	labelWidth = 300
	headHeight = 28
)

// WriteHTMLFile writes a self-contained page (no scripts, no external
// resources) for kernel k: an SVG heatmap with one row per access and one
// cell per lane, colored by what that lane costs its request (1: ideal),
// and the text explanation of the accesses at file:line.
func WriteHTMLFile(name string, k *Kernel, file string, line int) error {
	var b bytes.Buffer
	if err := WriteHTML(&b, k, file, line); err != nil {
		return err
	}
	return os.WriteFile(name, b.Bytes(), 0o644)
}

// WriteHTML writes the page of WriteHTMLFile to b.
func WriteHTML(b *bytes.Buffer, k *Kernel, file string, line int) error {
	var text, banks strings.Builder
	selected := map[*Target]bool{}
	for i, t := range k.At(file, line, 0) {
		if i > 0 {
			text.WriteString("\n")
		}
		Write(&text, k, t)
		selected[t] = true
		if t.Shared() && t.Eval.Skip == "" {
			banks.WriteString(bankGrid(k, t))
		}
	}
	return page.Execute(b, map[string]any{
		"Kernel":  k.Ctx.Kernel,
		"Shape":   shapeSource(k),
		"Arch":    archText(k.Ctx.Arch),
		"Heatmap": template.HTML(heatmap(k, selected)),
		"Banks":   template.HTML(banks.String()),
		"Text":    text.String(),
	})
}

// heatmap draws one row per access and one cell per lane.
func heatmap(k *Kernel, selected map[*Target]bool) string {
	var s strings.Builder
	width := labelWidth + model.WarpSize*cellSize + 190
	height := headHeight + len(k.Targets)*cellSize + 10
	fmt.Fprintf(&s, `<svg xmlns="http://www.w3.org/2000/svg" width="%d" height="%d" font-family="monospace" font-size="12">`, width, height)
	for l := 0; l < model.WarpSize; l += 4 {
		fmt.Fprintf(&s, `<text x="%d" y="%d" text-anchor="middle">%d</text>`, labelWidth+l*cellSize+cellSize/2, headHeight-10, l)
	}
	fmt.Fprintf(&s, `<text x="%d" y="%d">lane →</text>`, labelWidth+model.WarpSize*cellSize+8, headHeight-10)
	for i, t := range k.Targets {
		y := headHeight + i*cellSize
		label := fmt.Sprintf("%s %s %s %s", lineCol(t.Pos), t.Access.Space(), t.Access.Verb(), t.Access.Text)
		weight := "normal"
		if selected[t] {
			weight = "bold"
			fmt.Fprintf(&s, `<rect x="0" y="%d" width="%d" height="%d" fill="#fff3c4"/>`, y, width, cellSize)
		}
		fmt.Fprintf(&s, `<text x="4" y="%d" font-weight="%s">%s</text>`, y+13, weight, template.HTMLEscapeString(label))
		costs, figure := laneCosts(k, t)
		for l := 0; l < model.WarpSize; l++ {
			x := labelWidth + l*cellSize
			fill, tip := "#f4f4f4", fmt.Sprintf("lane %d: off", l)
			if costs[l] > 0 {
				fill, tip = color(costs[l]), fmt.Sprintf("lane %d: ×%d", l, costs[l])
			}
			fmt.Fprintf(&s, `<rect x="%d" y="%d" width="%d" height="%d" fill="%s" stroke="#fff"><title>%s</title></rect>`,
				x, y, cellSize, cellSize, fill, tip)
		}
		fmt.Fprintf(&s, `<text x="%d" y="%d">%s</text>`, labelWidth+model.WarpSize*cellSize+8, y+13, template.HTMLEscapeString(figure))
	}
	s.WriteString(`</svg>`)
	return s.String()
}

// bankGrid draws the worst request of a shared access: a column per bank,
// a row per wavefront, each word labelled with its first lane; banks that
// must deliver more than one word are red.
func bankGrid(k *Kernel, t *Target) string {
	r := t.Eval.Worst
	arch := k.Ctx.Arch
	var s strings.Builder
	if t.Eval.Bound != "" {
		fmt.Fprintf(&s, "<p><b>%s %s</b>: up to %s (ideal %d) over every choice, since %s; no one request to draw</p>\n",
			lineCol(t.Pos), template.HTMLEscapeString(t.Access.Text), plural(r.Shared.Wavefronts, "wavefront"), r.Shared.Ideal,
			template.HTMLEscapeString(t.Eval.Bound))
		return s.String()
	}
	fmt.Fprintf(&s, "<p><b>%s %s</b>: lanes of warp %d in their banks</p>\n", lineCol(t.Pos), template.HTMLEscapeString(t.Access.Text), r.Warp)
	for _, mask := range arch.PhaseMasks(&r.Req) {
		if mask == 0 {
			continue
		}
		cols := bankColumns(arch, &r.Req, mask)
		tall := 0
		for _, c := range cols {
			tall = max(tall, len(c))
		}
		const w, h, left = 24, 16, 70
		fmt.Fprintf(&s, `<svg xmlns="http://www.w3.org/2000/svg" width="%d" height="%d" font-family="monospace" font-size="10">`, left+len(cols)*w+10, (tall+2)*h+8)
		fmt.Fprintf(&s, `<text x="0" y="%d">bank</text>`, h-4)
		for b, c := range cols {
			x := left + b*w
			fmt.Fprintf(&s, `<text x="%d" y="%d" text-anchor="middle">%d</text>`, x+w/2, h-4, b)
			for row, word := range c {
				fill := "#66bd63"
				if len(c) > 1 {
					fill = "#d73027"
				}
				fmt.Fprintf(&s, `<rect x="%d" y="%d" width="%d" height="%d" fill="%s" stroke="#fff"><title>bank %d, word %d: %s</title></rect>`,
					x, (row+1)*h, w, h, fill, b, row+1, lanes(lanesMask(word.lanes)))
				fmt.Fprintf(&s, `<text x="%d" y="%d" text-anchor="middle" fill="#fff">%s</text>`, x+w/2, (row+2)*h-4, cell(c, row))
			}
		}
		for row := 0; row < tall; row++ {
			fmt.Fprintf(&s, `<text x="0" y="%d">wave %d</text>`, (row+2)*h-4, row+1)
		}
		s.WriteString("</svg>\n")
	}
	return s.String()
}

func lanesMask(ls []int) uint32 {
	var m uint32
	for _, l := range ls {
		m |= 1 << l
	}
	return m
}

// laneCosts returns, per lane of the worst request, how many times the
// ideal that lane costs (0 for a lane that is off), and the request's
// figure. Shared: the distinct words its bank must deliver in its phase.
// Global: sector bytes fetched per byte used, when the request is above
// its ideal.
func laneCosts(k *Kernel, t *Target) (costs [model.WarpSize]int, figure string) {
	ev := t.Eval
	if ev.Skip != "" {
		return costs, "not evaluated"
	}
	r := ev.Worst
	arch := k.Ctx.Arch
	if ev.Bound != "" {
		// Each lane's address is one of several: no lane's cost is known.
		return costs, fmt.Sprintf("up to %s / ideal %d", plural(r.Shared.Wavefronts, "wavefront"), r.Shared.Ideal)
	}
	if t.Shared() {
		for _, mask := range arch.PhaseMasks(&r.Req) {
			for _, col := range bankColumns(arch, &r.Req, mask) {
				for _, w := range col {
					for _, l := range w.lanes {
						costs[l] = max(costs[l], len(col))
					}
				}
			}
		}
		return costs, fmt.Sprintf("%s / ideal %d", plural(r.Shared.Wavefronts, "wavefront"), r.Shared.Ideal)
	}
	secs := sectors(arch, &r.Req)
	for m := r.Req.On; m != 0; m &= m - 1 {
		l := bits.TrailingZeros32(m)
		costs[l] = 1
		if r.Global.Sectors > r.Global.Ideal {
			costs[l] = max(1, arch.SectorBytes/max(secs.list[secs.of[l]].Used, 1))
		}
	}
	return costs, fmt.Sprintf("%s / ideal %d", plural(r.Global.Sectors, "sector"), r.Global.Ideal)
}

// color maps a cost of 1 (ideal) to green and 32 to dark red, on a
// logarithmic scale through yellow.
func color(cost int) string {
	t := math.Min(math.Log2(float64(cost))/5, 1)
	stops := [][3]float64{{0x66, 0xbd, 0x63}, {0xfe, 0xe0, 0x8b}, {0xd7, 0x30, 0x27}, {0x7f, 0x00, 0x00}}
	pos := t * float64(len(stops)-1)
	i := min(int(pos), len(stops)-2)
	f := pos - float64(i)
	var c [3]int
	for j := range c {
		c[j] = int(stops[i][j] + (stops[i+1][j]-stops[i][j])*f)
	}
	return fmt.Sprintf("#%02x%02x%02x", c[0], c[1], c[2])
}

var page = template.Must(template.New("page").Parse(`<!DOCTYPE html>
<html lang="en"><head><meta charset="utf-8">
<title>smemlint explain: {{.Kernel}}</title>
<style>
body { font-family: sans-serif; margin: 24px; color: #222; }
h1 { font-size: 20px; margin: 0 0 4px; }
p.meta { margin: 0 0 16px; color: #555; }
.legend span { display: inline-block; width: 18px; height: 12px; vertical-align: middle; margin: 0 2px 0 10px; }
pre { background: #f7f7f7; padding: 12px; white-space: pre-wrap; font-size: 12px; line-height: 1.25; overflow-x: auto; }
</style></head>
<body>
<h1>kernel {{.Kernel}}</h1>
<p class="meta">{{.Shape}} · {{.Arch}}</p>
<p class="legend">each row is an access of the kernel, each cell a lane of its worst warp request, colored by what the lane costs:
<span style="background:#66bd63"></span>×1 ideal
<span style="background:#fee08b"></span>×2–4
<span style="background:#d73027"></span>×8–16
<span style="background:#7f0000"></span>×32
<span style="background:#f4f4f4"></span>off</p>
{{.Heatmap}}
<h2>the access you asked about</h2>
{{.Banks}}
<pre>{{.Text}}</pre>
</body></html>
`))
