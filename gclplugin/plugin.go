// Package gclplugin exposes smemlint's checks to golangci-lint v2 as a
// module plugin. It lives in a module of its own so that smemlint itself
// does not depend on golangci-lint's plugin registry.
//
// Build a golangci-lint that contains it with the .custom-gcl.yml at the
// repository's root ("golangci-lint custom", or "make golangci" where
// GitHub cannot be reached), and enable it in .golangci.yml:
//
//	linters:
//	  enable: [smemlint]
//	  settings:
//	    custom:
//	      smemlint:
//	        type: module
//	        settings:
//	          arch: sm_90
//	          bankmode: 0
//	          verbose: false
//	          notes: true
package gclplugin

import (
	"fmt"
	"strconv"

	"github.com/golangci/plugin-module-register/register"
	"golang.org/x/tools/go/analysis"

	"github.com/smemlint/smemlint/analyzer"
	"github.com/smemlint/smemlint/analyzer/config"
)

func init() {
	register.Plugin("smemlint", New)
}

// Settings are the plugin's settings in .golangci.yml; each maps to the
// analyzers' flag of the same name (analyzer/config).
type Settings struct {
	// Arch is the architecture profile: sm_1x, sm_2x, sm_3x, sm_50 … sm_90.
	Arch string `json:"arch"`
	// BankMode is the shared-memory bank width in bytes; 0 is the
	// profile's default, 8 the eight-byte mode of sm_3x.
	BankMode int `json:"bankmode"`
	// Verbose also reports notes: occupancy, accesses that could not be
	// evaluated.
	Verbose bool `json:"verbose"`
	// Notes, where false, leaves out every note, even the package
	// summaries, as -notes=false does; unset keeps smemlint.conf's
	// choice, and notes otherwise.
	Notes *bool `json:"notes"`
}

// Flags returns the analyzer flags the settings set, by name. Settings
// left at their zero value set nothing, so that a smemlint.conf beside the
// packages applies to them.
func (s Settings) Flags() map[string]string {
	f := map[string]string{}
	if s.BankMode != 0 {
		f["bankmode"] = strconv.Itoa(s.BankMode)
	}
	if s.Verbose {
		f["verbose"] = strconv.FormatBool(s.Verbose)
	}
	if s.Arch != "" {
		f["arch"] = s.Arch
	}
	if s.Notes != nil {
		f["notes"] = strconv.FormatBool(*s.Notes)
	}
	return f
}

type plugin struct{}

// New decodes the settings, applies them to the analyzers' flags and
// returns the plugin.
func New(raw any) (register.LinterPlugin, error) {
	s, err := register.DecodeSettings[Settings](raw)
	if err != nil {
		return nil, fmt.Errorf("smemlint settings: %w", err)
	}
	for name, value := range s.Flags() {
		if err := config.Flags().Set(name, value); err != nil {
			return nil, fmt.Errorf("smemlint settings: %s: %w", name, err)
		}
	}
	if err := config.CheckFlags(); err != nil {
		return nil, fmt.Errorf("smemlint settings: %w", err)
	}
	return plugin{}, nil
}

// BuildAnalyzers returns every smemlint check.
func (plugin) BuildAnalyzers() ([]*analysis.Analyzer, error) {
	return analyzer.Checks(), nil
}

// GetLoadMode asks for type information: the checks evaluate kernels
// with their types.
func (plugin) GetLoadMode() string { return register.LoadModeTypesInfo }
