package realcode

import (
	"bufio"
	"flag"
	"fmt"
	"os"
	"path/filepath"
	"regexp"
	"slices"
	"strconv"
	"strings"
	"testing"

	"github.com/smemlint/smemlint/analyzer/config"
	"github.com/smemlint/smemlint/internal/driver"
	"github.com/smemlint/smemlint/internal/realcode/hwsites"
)

var update = flag.Bool("update", false, "rewrite testdata/realcode/expectations.txt with today's verdicts")

const corpus = "../../testdata"

// programs maps a corpus folder to the measured program it ports, where
// the two names differ.
var programs = map[string]string{
	"polybench/convolution2d": "polybench__2DConvolution",
	"polybench/convolution3d": "polybench__3DConvolution",
	"polybench/jacobi1d":      "polybench__jacobi1D",
	"polybench/jacobi2d":      "polybench__jacobi2D",
	"rodinia/srad":            "rodinia__srad_v2",
}

func program(dir string) string {
	if p, ok := programs[dir]; ok {
		return p
	}
	return strings.Replace(dir, "/", "__", 1)
}

var (
	cudaRE = regexp.MustCompile(`//\s*cuda:(\d+)`)
	funcRE = regexp.MustCompile(`^func (\w+)\(`)
)

// origin is the CUDA line a Go line names and the kernel it is in.
type origin struct {
	line   int
	kernel string
}

// cudaLines maps the lines of a Go file to the CUDA lines they name.
func cudaLines(t *testing.T, file string, cache map[string]map[int]origin) map[int]origin {
	if m, ok := cache[file]; ok {
		return m
	}
	f, err := os.Open(file)
	if err != nil {
		t.Fatal(err)
	}
	defer f.Close()
	m := map[int]origin{}
	sc := bufio.NewScanner(f)
	kernel := ""
	for n := 1; sc.Scan(); n++ {
		if fn := funcRE.FindStringSubmatch(sc.Text()); fn != nil {
			kernel = Normalize(fn[1])
		}
		if c := cudaRE.FindStringSubmatch(sc.Text()); c != nil {
			line, _ := strconv.Atoi(c[1])
			m[n] = origin{line, kernel}
		}
	}
	cache[file] = m
	return m
}

func readSites(t *testing.T, file string) []hwsites.Site {
	f, err := os.Open(file)
	if err != nil {
		t.Fatal(err)
	}
	defer f.Close()
	s, err := hwsites.Read(file, f)
	if err != nil {
		t.Fatal(err)
	}
	return s
}

// TestRealCode prices every access of the corpus with smemlint and
// compares each site with the H100's figures, printing the table (-v).
func TestRealCode(t *testing.T) {
	if testing.Short() {
		t.Skip("loads and analyzes the whole corpus")
	}
	if err := config.Analyzer.Flags.Set("verbose", "true"); err != nil {
		t.Fatal(err)
	}
	res, err := driver.Run([]string{"./realcode/..."}, driver.Options{Dir: corpus})
	if err != nil {
		t.Fatal(err)
	}
	for _, e := range res.Errors {
		t.Errorf("corpus: %v", e)
	}
	root, err := filepath.Abs(filepath.Join(corpus, "realcode"))
	if err != nil {
		t.Fatal(err)
	}
	said := map[Key]*Said{}
	ported := map[string]bool{}
	cache := map[string]map[int]origin{}
	for _, f := range res.Findings {
		rel, err := filepath.Rel(root, filepath.Dir(f.Pos.Filename))
		if err != nil || strings.HasPrefix(rel, "..") {
			continue
		}
		prog := program(filepath.ToSlash(rel))
		ported[prog] = true
		o, ok := cudaLines(t, f.Pos.Filename, cache)[f.Pos.Line]
		if !ok {
			continue
		}
		space, op, fig, ok, priced := Classify(f.Message)
		if !ok {
			continue
		}
		k := Key{prog, o.kernel, o.line, space, op}
		if said[k] == nil {
			said[k] = &Said{}
		}
		if priced {
			said[k].Figures = append(said[k].Figures, MeanFigure(f.Message, fig))
			said[k].PerBlock = append(said[k].PerBlock, PerBlock(f.Message))
			low, dep := LaneRange(f.Message, fig)
			said[k].Lows = append(said[k].Lows, low)
			said[k].DataDep = said[k].DataDep || dep
		} else {
			said[k].Notes = append(said[k].Notes, f.Message)
		}
	}

	hw := filepath.Join(corpus, "realcode", "hw")
	files, err := filepath.Glob(filepath.Join(hw, "G", "*.csv"))
	if err != nil || len(files) == 0 {
		t.Fatalf("no measured figures under %s: %v", hw, err)
	}
	got := map[Key]string{}
	counts := map[string]int{}
	changed, measured := 0, 0
	var rows []string
	for _, file := range files {
		prog := strings.TrimSuffix(filepath.Base(file), ".csv")
		if !ported[prog] {
			continue
		}
		o3 := map[Key]hwsites.Site{}
		for _, s := range readSites(t, filepath.Join(hw, "O3", filepath.Base(file))) {
			o3[Key{prog, Normalize(s.Kernel), s.Line, s.Space, s.Op}] = s
		}
		for _, s := range readSites(t, file) {
			k := Key{prog, Normalize(s.Kernel), s.Line, s.Space, s.Op}
			sd := said[k]
			if sd == nil {
				sd = &Said{}
			}
			v := Verdict(*sd, s)
			got[k] = v
			counts[v]++
			measured++
			o, found := o3[k]
			cc := CompilerChanged(s, o, found)
			if cc {
				changed++
			}
			rows = append(rows, fmt.Sprintf("%-24s %-22s %4d %-6s %-5s  H100 -G %6.2f/req %7.1f req/block  smemlint %-12s %-9s %-12s %s",
				prog, s.Kernel, s.Line, s.Space, s.Op, s.PerRequest(), s.RequestsPerBlock(), figures(*sd), perBlock(*sd), v, compiler(cc, o, found)))
			delete(said, k)
		}
	}
	for k, sd := range said {
		if len(sd.Figures) > 0 && ported[k.Program] {
			got[k] = Unmeasured
			counts[Unmeasured]++
			rows = append(rows, fmt.Sprintf("%-24s %-22s %4d %-6s %-5s  H100 -G   none       smemlint %-12s %s",
				k.Program, k.Kernel, k.Line, k.Space, k.Op, figures(*sd), Unmeasured))
		}
	}
	slices.Sort(rows)
	for _, r := range rows {
		t.Log(r)
	}
	t.Logf("sites %d: agree %d, figure right but requests/block wrong or unstated %d, lanes on data (H100 within the range stated) %d, disagree %d, silent %d, unknown %d, unmeasured %d; compiler changed (-O3 vs -G) %d",
		measured, counts[Agree], counts[FigureOnly], counts[DataRange], counts[Disagree], counts[Silent], counts[Unknown], counts[Unmeasured], changed)
	ratchet(t, got)
}

func figures(s Said) string {
	if len(s.Figures) == 0 {
		if len(s.Notes) > 0 {
			return "note"
		}
		return "-"
	}
	var b []string
	for _, f := range s.Figures {
		b = append(b, strconv.FormatFloat(f, 'g', 4, 64))
	}
	return strings.Join(b, ",")
}

func perBlock(s Said) string {
	r, ok := s.RequestsPerBlock()
	switch {
	case len(s.Figures) == 0:
		return ""
	case !ok:
		return "?/block"
	}
	return strconv.FormatFloat(r, 'g', 6, 64) + "/block"
}

func compiler(changed bool, o hwsites.Site, found bool) string {
	switch {
	case !found:
		return "-O3: no access"
	case changed:
		return fmt.Sprintf("-O3: %d instrs, %.2f/req", o.Instrs, o.PerRequest())
	}
	return ""
}

const expectations = "../../testdata/realcode/expectations.txt"

// rank orders the verdicts: a site whose verdict falls in rank is a
// regression.
var rank = map[string]int{Agree: 5, FigureOnly: 4, DataRange: 4, Disagree: 3, Unknown: 2, Silent: 1, Unmeasured: 1, "": 0}

// ratchet fails when a site's verdict gets worse (agree, figure only,
// disagree, unknown, silent), and logs the sites whose verdict changed
// otherwise; -update records today's.
func ratchet(t *testing.T, got map[Key]string) {
	keys := make([]Key, 0, len(got))
	for k := range got {
		keys = append(keys, k)
	}
	slices.SortFunc(keys, func(a, b Key) int {
		return strings.Compare(fmt.Sprint(a), fmt.Sprint(b))
	})
	if *update {
		var b strings.Builder
		b.WriteString("# program kernel line space op verdict — written by go test ./internal/realcode -run TestRealCode -update\n")
		for _, k := range keys {
			fmt.Fprintf(&b, "%s %s %d %s %s %s\n", k.Program, k.Kernel, k.Line, k.Space, k.Op, got[k])
		}
		if err := os.WriteFile(expectations, []byte(b.String()), 0o644); err != nil {
			t.Fatal(err)
		}
		return
	}
	data, err := os.ReadFile(expectations)
	if err != nil {
		t.Fatalf("%v (run with -update to record the verdicts)", err)
	}
	for i, line := range strings.Split(strings.TrimSpace(string(data)), "\n") {
		if strings.HasPrefix(line, "#") {
			continue
		}
		f := strings.Fields(line)
		if len(f) != 6 {
			t.Fatalf("%s:%d: want 6 fields: %q", expectations, i+1, line)
		}
		n, err := strconv.Atoi(f[2])
		if err != nil {
			t.Fatalf("%s:%d: line %q", expectations, i+1, f[2])
		}
		k := Key{f[0], f[1], n, f[3], f[4]}
		switch now := got[k]; {
		case rank[now] < rank[f[5]]:
			t.Errorf("regression: %v was %s, now %q", k, f[5], now)
		case now != f[5]:
			t.Logf("changed: %v was %s, now %q (record with -update)", k, f[5], now)
		}
	}
}

// TestRealCodeRaces checks the race findings on the corpus against the
// originals. The only races are PolyBench/GPU's atax and mvt: their
// headers (atax.cuh and mvt.cuh at 70ea4ca9047d) launch blocks of
// DIM_THREAD_BLOCK_X × DIM_THREAD_BLOCK_Y = 32 × 8 threads on grids of
// N/32 × 1, and the kernels index with blockIdx.x*blockDim.x+threadIdx.x
// alone, so the 8 threads of a column (threadIdx.y 0..7, in 8 warps) share
// i and each runs tmp[i] = 0; tmp[i] += … with nothing to order them: a
// read-modify-write race on global memory in the original, as ported.
func TestRealCodeRaces(t *testing.T) {
	if testing.Short() {
		t.Skip("loads and analyzes the whole corpus")
	}
	res, err := driver.Run([]string{"./realcode/..."}, driver.Options{Dir: corpus})
	if err != nil {
		t.Fatal(err)
	}
	want := []string{
		"polybench/atax ataxkernel1 cuda:86 globalrace",
		"polybench/atax ataxkernel1 cuda:90 globalrace",
		"polybench/atax ataxkernel2 cuda:101 globalrace",
		"polybench/atax ataxkernel2 cuda:105 globalrace",
		"polybench/mvt mvtkernel1 cuda:115 globalrace",
		"polybench/mvt mvtkernel2 cuda:130 globalrace",
	}
	root, err := filepath.Abs(filepath.Join(corpus, "realcode"))
	if err != nil {
		t.Fatal(err)
	}
	cache := map[string]map[int]origin{}
	var got []string
	for _, f := range res.Findings {
		switch f.Check {
		case "globalrace", "smemrace", "warpsync":
		default:
			continue
		}
		if strings.HasPrefix(f.Message, "note: ") {
			continue
		}
		rel, err := filepath.Rel(root, filepath.Dir(f.Pos.Filename))
		if err != nil || strings.HasPrefix(rel, "..") {
			continue
		}
		o := cudaLines(t, f.Pos.Filename, cache)[f.Pos.Line]
		got = append(got, fmt.Sprintf("%s %s cuda:%d %s", filepath.ToSlash(rel), o.kernel, o.line, f.Check))
	}
	slices.Sort(got)
	if !slices.Equal(got, want) {
		t.Errorf("race findings on the corpus:\n%s\nwant:\n%s", strings.Join(got, "\n"), strings.Join(want, "\n"))
	}
}
