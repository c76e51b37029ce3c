package config

// suppressedFlag asks the checks to deliver the findings that a
// //smemlint:ignore directive suppresses too, marked as suppressed. Drivers
// that record suppressions rather than hide them (SARIF's inSource
// suppressions) set it; everyone else leaves it off.
var suppressedFlag = false

func init() {
	Analyzer.Flags.BoolVar(&suppressedFlag, "suppressed", false,
		"also deliver findings that //smemlint:ignore suppresses, with the category \"suppressed\" (for SARIF)")
}

// ReportSuppressed reports whether suppressed findings are to be
// delivered, marked, instead of dropped.
func ReportSuppressed() bool { return suppressedFlag }
