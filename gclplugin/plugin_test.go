package gclplugin

import (
	"testing"

	"github.com/smemlint/smemlint/analyzer"
	"github.com/smemlint/smemlint/analyzer/config"
)

func TestNew(t *testing.T) {
	tests := []struct {
		name    string
		raw     any
		wantErr bool
		flags   map[string]string
	}{
		{"defaults", nil, false, map[string]string{"arch": "sm_90", "bankmode": "0", "verbose": "false", "notes": "true"}},
		{"all", map[string]any{"arch": "sm_3x", "bankmode": 8, "verbose": true},
			false, map[string]string{"arch": "sm_3x", "bankmode": "8", "verbose": "true"}},
		{"no notes", map[string]any{"notes": false}, false, map[string]string{"notes": "false", "verbose": "false"}},
		{"notes and verbose", map[string]any{"notes": true, "verbose": true}, false, map[string]string{"notes": "true", "verbose": "true"}},
		{"verbose without notes", map[string]any{"notes": false, "verbose": true}, true, nil},
		{"unknown setting", map[string]any{"banks": 16}, true, nil},
		{"wrong type", map[string]any{"bankmode": "eight"}, true, nil},
		{"unknown arch", map[string]any{"arch": "sm_66"}, true, nil},
		{"bank mode of another profile", map[string]any{"arch": "sm_90", "bankmode": 8}, true, nil},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			for _, f := range []string{"arch", "bankmode", "verbose", "notes"} {
				config.Flags().Lookup(f).Value.Set(config.Flags().Lookup(f).DefValue)
			}
			p, err := New(tt.raw)
			if (err != nil) != tt.wantErr {
				t.Fatalf("New(%v) error %v, want error %v", tt.raw, err, tt.wantErr)
			}
			if err != nil {
				return
			}
			for name, want := range tt.flags {
				if got := config.Flags().Lookup(name).Value.String(); got != want {
					t.Errorf("flag %s = %s, want %s", name, got, want)
				}
			}
			as, err := p.BuildAnalyzers()
			if err != nil || len(as) != len(analyzer.Checks()) {
				t.Errorf("BuildAnalyzers() = %d analyzers, %v; want every check", len(as), err)
			}
		})
	}
}
