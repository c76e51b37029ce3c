package peers_test

import (
	"flag"
	"os"
	"path/filepath"
	"slices"
	"strings"
	"testing"

	"github.com/smemlint/smemlint/analyzer/config"
	"github.com/smemlint/smemlint/internal/driver"
	"github.com/smemlint/smemlint/internal/peers"
)

var update = flag.Bool("update", false, "rewrite testdata/peers/disagreements.txt from the current outcomes")

// TestPeers runs every check over the kernels ported from peer suites
// (testdata/peers) and judges each against its suite's verdict. The
// disagreements file is a ratchet: a disagreement it does not list fails
// the test, and so does one it lists that no longer occurs (remove it).
//
// Semantics: the verdicts are CUDA's since Volta, where the lanes of a warp
// are scheduled independently and only SyncWarp or SyncThreads orders one
// lane's access before another's. GPUVerify checks the same way by
// default; its kernels run with --warp-sync=32 assume lockstep warps, and
// where that makes a race-free verdict a race under independent
// scheduling the ported kernel carries the CUDA verdict (race warpsync),
// with the suite's in its comment. Races across blocks on global memory
// are races in both; the globalrace check reports them (verdict race
// globalrace), and races in global memory between warps of one block.
//
// What is true where a race depends on data: the suites take data as
// arbitrary and call a kernel racy when some data makes it race. So does
// smemlint where the data is input the kernel cannot see (a global array
// it never writes) or an index is the slot an atomic counter hands out:
// the owning check reports "may race, depending on data" with two threads
// and the data that lets them race. Where the data is the kernel's own
// (shared memory it fills), or
// the shape is correct by an unstated precondition (a scatter through an
// index array, one constant stored as a flag), it notes the site as not
// checked, naming the data. Such a racy kernel is classed unchecked (not
// found, not passed over in silence), never agree: disagreements.txt
// says, per kernel, data for which it races and data for which it does
// not.
func TestPeers(t *testing.T) {
	if testing.Short() {
		t.Skip("loads and checks every ported kernel")
	}
	corpora, err := filepath.Abs(filepath.Join("..", "..", "testdata"))
	if err != nil {
		t.Fatal(err)
	}
	// -verbose: the notes that a site's races depend on data and were not
	// checked are part of the verdict (class unchecked, column noted).
	if err := config.Flags().Set("verbose", "true"); err != nil {
		t.Fatal(err)
	}
	root := filepath.Join(corpora, "peers")
	kernels, err := peers.Load(root)
	if err != nil {
		t.Fatal(err)
	}
	res, err := driver.Run([]string{"./peers/..."}, driver.Options{Dir: corpora})
	if err != nil {
		t.Fatal(err)
	}
	for _, e := range res.Errors {
		t.Errorf("load error: %v", e)
	}
	var findings []peers.Finding
	for _, f := range res.Findings {
		findings = append(findings, peers.Finding{Check: f.Check, Pos: f.Pos, Message: f.Message})
	}
	outcomes, stray := peers.Judge(kernels, findings)
	for _, f := range stray {
		t.Errorf("%s: %s finding outside every ported kernel (name the kernel with a device of: line)", f.Pos, f.Check)
	}
	t.Logf("%d kernels\n%s", len(kernels), peers.Table(outcomes))

	var got []string
	for _, o := range outcomes {
		if o.Class != peers.Agree {
			got = append(got, o.Line())
		}
	}
	file := filepath.Join(root, "disagreements.txt")
	data, err := os.ReadFile(file)
	if err != nil && !(*update && os.IsNotExist(err)) {
		t.Fatal(err)
	}
	listed := map[string]bool{}
	var kept []string
	for line := range strings.SplitSeq(string(data), "\n") {
		entry := !strings.HasPrefix(line, "#") && strings.TrimSpace(line) != ""
		if entry {
			listed[line] = true
			if !slices.Contains(got, line) {
				if !*update {
					t.Errorf("%s: listed in %s but no longer so: remove it", line, file)
				}
				continue
			}
		}
		kept = append(kept, line)
	}
	var fresh []string
	for _, line := range got {
		if !listed[line] {
			fresh = append(fresh, line)
			if !*update {
				t.Errorf("new disagreement, not in %s: %s", file, line)
			}
		}
	}
	if *update && (len(fresh) > 0 || len(kept) != len(strings.Split(string(data), "\n"))) {
		text := strings.TrimRight(strings.Join(kept, "\n"), "\n") + "\n"
		if len(fresh) > 0 {
			text += "\n# unexplained: give these a root cause above\n" + strings.Join(fresh, "\n") + "\n"
		}
		if err := os.WriteFile(file, []byte(strings.TrimLeft(text, "\n")), 0o644); err != nil {
			t.Fatal(err)
		}
	}
}
