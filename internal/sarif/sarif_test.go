package sarif_test

import (
	"bytes"
	"go/token"
	"os"
	"path/filepath"
	"strings"
	"testing"

	"github.com/santhosh-tekuri/jsonschema/v6"

	"github.com/smemlint/smemlint/analyzer"
	"github.com/smemlint/smemlint/internal/driver"
	"github.com/smemlint/smemlint/internal/sarif"
)

// The validator is github.com/santhosh-tekuri/jsonschema/v6: it implements
// every JSON Schema draft up to 2020-12, which the shipped schema declares,
// and passes the official JSON-Schema-Test-Suite; format assertions are on,
// so URIs, dates and GUIDs are checked too.
func schema(t *testing.T) *jsonschema.Schema {
	t.Helper()
	f, err := os.Open(filepath.Join("testdata", "sarif-schema-2.1.0.json"))
	if err != nil {
		t.Fatal(err)
	}
	defer f.Close()
	doc, err := jsonschema.UnmarshalJSON(f)
	if err != nil {
		t.Fatal(err)
	}
	c := jsonschema.NewCompiler()
	c.AssertFormat()
	if err := c.AddResource("sarif-schema-2.1.0.json", doc); err != nil {
		t.Fatal(err)
	}
	s, err := c.Compile("sarif-schema-2.1.0.json")
	if err != nil {
		t.Fatal(err)
	}
	return s
}

func validate(t *testing.T, s *jsonschema.Schema, data []byte) error {
	t.Helper()
	inst, err := jsonschema.UnmarshalJSON(bytes.NewReader(data))
	if err != nil {
		t.Fatal(err)
	}
	return s.Validate(inst)
}

// build runs smemlint on patterns in dir and returns the encoded log.
func build(t *testing.T, dir string, patterns ...string) (*sarif.Log, []byte) {
	t.Helper()
	abs, err := filepath.Abs(dir)
	if err != nil {
		t.Fatal(err)
	}
	res, err := driver.Run(patterns, driver.Options{Dir: abs, Suppressed: true})
	if err != nil {
		t.Fatal(err)
	}
	b := sarif.Builder{Root: abs, Rules: analyzer.Checks()}
	log := b.Build(res)
	var buf bytes.Buffer
	if err := sarif.Write(&buf, log); err != nil {
		t.Fatal(err)
	}
	return log, buf.Bytes()
}

func TestLogValidates(t *testing.T) {
	s := schema(t)
	corpus := filepath.Join("..", "..", "examples")
	tests := []struct {
		name, dir string
		patterns  []string
		minFound  int
	}{
		{"e2e", filepath.Join("..", "testdata"), []string{"./..."}, 3},
		{"corpus", filepath.Join("..", ".."), []string{"./examples/..."}, 1},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			if tt.name == "corpus" {
				if _, err := os.Stat(corpus); err != nil {
					t.Skip("no examples/ corpus")
				}
			}
			log, data := build(t, tt.dir, tt.patterns...)
			if err := validate(t, s, data); err != nil {
				t.Fatalf("log does not validate: %v", err)
			}
			if n := len(log.Runs[0].Results); n < tt.minFound {
				t.Errorf("%d results, want at least %d", n, tt.minFound)
			}
		})
	}
}

// TestSchemaFile validates the log named by $SMEMLINT_SARIF, a file
// written by "smemlint -sarif FILE".
func TestSchemaFile(t *testing.T) {
	name := os.Getenv("SMEMLINT_SARIF")
	if name == "" {
		t.Skip("set SMEMLINT_SARIF to a log written by smemlint -sarif")
	}
	data, err := os.ReadFile(name)
	if err != nil {
		t.Fatal(err)
	}
	if err := validate(t, schema(t), data); err != nil {
		t.Fatalf("%s does not validate: %v", name, err)
	}
	t.Logf("%s: valid SARIF 2.1.0 (%d bytes)", name, len(data))
}

// TestSchemaRejects makes sure the validator is not vacuous: logs broken
// in ways a writer could break them fail.
func TestSchemaRejects(t *testing.T) {
	s := schema(t)
	_, good := build(t, filepath.Join("..", "testdata"), "./...")
	tests := []struct{ name, from, to string }{
		{"version", `"version": "2.1.0"`, `"version": "2.0.0"`},
		{"suppression kind", `"kind": "inSource"`, `"kind": "inComment"`},
		{"level", `"level": "warning"`, `"level": "serious"`},
		{"start line", `"startLine": `, `"startLine": -`},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			if !bytes.Contains(good, []byte(tt.from)) {
				t.Fatalf("log has no %s", tt.from)
			}
			bad := bytes.Replace(good, []byte(tt.from), []byte(tt.to), 1)
			if validate(t, s, bad) == nil {
				t.Errorf("log with %s validates", tt.to)
			}
		})
	}
}

func TestLogContents(t *testing.T) {
	log, _ := build(t, filepath.Join("..", "testdata"), "./...")
	run := log.Runs[0]
	checks := analyzer.Checks()
	if len(run.Tool.Driver.Rules) != len(checks) {
		t.Fatalf("%d rules, want one per check (%d)", len(run.Tool.Driver.Rules), len(checks))
	}
	for i, r := range run.Tool.Driver.Rules {
		if r.ID != checks[i].Name || r.HelpURI != checks[i].URL {
			t.Errorf("rule %d = %s %s, want %s %s", i, r.ID, r.HelpURI, checks[i].Name, checks[i].URL)
		}
	}
	var suppressed, fixes int
	for _, r := range run.Results {
		if run.Tool.Driver.Rules[r.RuleIndex].ID != r.RuleID {
			t.Errorf("result %s has rule index %d", r.RuleID, r.RuleIndex)
		}
		loc := r.Locations[0].PhysicalLocation.ArtifactLocation
		if loc.URIBaseID != sarif.SrcRoot || loc.URI != "tiles/tiles.go" {
			t.Errorf("location %+v, want tiles/tiles.go relative to %s", loc, sarif.SrcRoot)
		}
		for _, s := range r.Suppressions {
			suppressed++
			if s.Kind != "inSource" || !strings.Contains(s.Justification, "accepted") {
				t.Errorf("suppression %+v", s)
			}
		}
		fixes += len(r.Fixes)
	}
	if suppressed != 1 || fixes != 1 {
		t.Errorf("%d suppressed results and %d fixes, want 1 and 1", suppressed, fixes)
	}
}

// TestRelatedLocations: a finding's related places (a chain's later steps)
// become relatedLocations with their own messages, and the log still
// validates.
func TestRelatedLocations(t *testing.T) {
	abs, err := filepath.Abs(filepath.Join("..", "testdata"))
	if err != nil {
		t.Fatal(err)
	}
	file := filepath.Join(abs, "tiles", "tiles.go")
	at := func(line int) token.Position { return token.Position{Filename: file, Line: line, Column: 3} }
	res := &driver.Result{Findings: []driver.Finding{{
		Check: "warpsync", Pos: at(10), End: at(10), Message: "warp-synchronous hazard",
		Related: []driver.Related{{Pos: at(11), End: at(11), Message: "step 2 of the chain"}},
	}}}
	b := sarif.Builder{Root: abs, Rules: analyzer.Checks()}
	log := b.Build(res)
	rel := log.Runs[0].Results[0].RelatedLocations
	if len(rel) != 1 || rel[0].Message == nil || rel[0].Message.Text != "step 2 of the chain" ||
		rel[0].PhysicalLocation.Region.StartLine != 11 || rel[0].PhysicalLocation.ArtifactLocation.URI != "tiles/tiles.go" {
		t.Fatalf("relatedLocations = %+v, want step 2 at tiles/tiles.go:11", rel)
	}
	var buf bytes.Buffer
	if err := sarif.Write(&buf, log); err != nil {
		t.Fatal(err)
	}
	if err := validate(t, schema(t), buf.Bytes()); err != nil {
		t.Fatalf("the log does not validate: %v", err)
	}
}
