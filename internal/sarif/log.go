// Package sarif writes smemlint's findings as a SARIF 2.1.0 log, the
// format code-scanning services read: one rule per check with a stable id
// (the check's name) and a link to its documentation, locations relative
// to %SRCROOT%, suggested fixes, and the findings //smemlint:ignore
// suppresses recorded as in-source suppressions.
package sarif

// The types below are the part of the SARIF 2.1.0 object model smemlint
// writes; field names follow the specification.

// Log is a sarifLog.
type Log struct {
	Schema  string `json:"$schema"`
	Version string `json:"version"`
	Runs    []Run  `json:"runs"`
}

// Run is one run of one tool.
type Run struct {
	Tool               Tool                        `json:"tool"`
	Invocations        []Invocation                `json:"invocations,omitempty"`
	OriginalURIBaseIDs map[string]ArtifactLocation `json:"originalUriBaseIds,omitempty"`
	Results            []Result                    `json:"results"`
	ColumnKind         string                      `json:"columnKind,omitempty"`
}

// Tool names the analysis tool.
type Tool struct {
	Driver Component `json:"driver"`
}

// Component is a toolComponent: the driver and its rules.
type Component struct {
	Name           string       `json:"name"`
	InformationURI string       `json:"informationUri,omitempty"`
	Version        string       `json:"version,omitempty"`
	Rules          []Descriptor `json:"rules"`
}

// Descriptor is a reportingDescriptor: one rule.
type Descriptor struct {
	ID                   string        `json:"id"`
	Name                 string        `json:"name,omitempty"`
	ShortDescription     *Message      `json:"shortDescription,omitempty"`
	FullDescription      *Message      `json:"fullDescription,omitempty"`
	Help                 *Message      `json:"help,omitempty"`
	HelpURI              string        `json:"helpUri,omitempty"`
	DefaultConfiguration *RuleSettings `json:"defaultConfiguration,omitempty"`
}

// RuleSettings is a reportingConfiguration.
type RuleSettings struct {
	Level string `json:"level"`
}

// Message is a message or multiformatMessageString.
type Message struct {
	Text     string `json:"text"`
	Markdown string `json:"markdown,omitempty"`
}

// Invocation records how the run went.
type Invocation struct {
	ExecutionSuccessful        bool           `json:"executionSuccessful"`
	ToolExecutionNotifications []Notification `json:"toolExecutionNotifications,omitempty"`
}

// Notification is a problem of the run itself: a package that did not load.
type Notification struct {
	Level     string     `json:"level"`
	Message   Message    `json:"message"`
	Locations []Location `json:"locations,omitempty"`
}

// Result is one finding.
type Result struct {
	RuleID    string     `json:"ruleId"`
	RuleIndex int        `json:"ruleIndex"`
	Level     string     `json:"level"`
	Message   Message    `json:"message"`
	Locations []Location `json:"locations"`
	// RelatedLocations are the finding's other places (a chain's later
	// steps), each with its own message.
	RelatedLocations []Location    `json:"relatedLocations,omitempty"`
	Suppressions     []Suppression `json:"suppressions,omitempty"`
	Fixes            []Fix         `json:"fixes,omitempty"`
}

// Location is where a finding is.
type Location struct {
	ID               *int             `json:"id,omitempty"`
	PhysicalLocation PhysicalLocation `json:"physicalLocation"`
	Message          *Message         `json:"message,omitempty"`
}

// PhysicalLocation is a file and a region in it.
type PhysicalLocation struct {
	ArtifactLocation ArtifactLocation `json:"artifactLocation"`
	Region           *Region          `json:"region,omitempty"`
}

// ArtifactLocation is a file: a URI, relative to a base id when one is set.
type ArtifactLocation struct {
	URI       string   `json:"uri"`
	URIBaseID string   `json:"uriBaseId,omitempty"`
	Desc      *Message `json:"description,omitempty"`
}

// Region is a span of text; columns count UTF-16 code units.
type Region struct {
	StartLine   int `json:"startLine"`
	StartColumn int `json:"startColumn,omitempty"`
	EndLine     int `json:"endLine,omitempty"`
	EndColumn   int `json:"endColumn,omitempty"`
}

// Suppression records why a finding is not to be acted on.
type Suppression struct {
	Kind          string `json:"kind"`
	Justification string `json:"justification,omitempty"`
}

// Fix is a suggested fix.
type Fix struct {
	Description     Message          `json:"description"`
	ArtifactChanges []ArtifactChange `json:"artifactChanges"`
}

// ArtifactChange is the edits of one file.
type ArtifactChange struct {
	ArtifactLocation ArtifactLocation `json:"artifactLocation"`
	Replacements     []Replacement    `json:"replacements"`
}

// Replacement replaces a region by new text.
type Replacement struct {
	DeletedRegion   Region   `json:"deletedRegion"`
	InsertedContent *Content `json:"insertedContent,omitempty"`
}

// Content is an artifactContent.
type Content struct {
	Text string `json:"text"`
}
