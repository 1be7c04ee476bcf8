package format

import (
	"crypto/sha256"
	"encoding/hex"
	"io"
	"net/url"
	"path/filepath"
	"strconv"
	"strings"
)

// The rules that lint and validate share in -o sarif.
const (
	RuleNotListed = "not-listed"    // errors or findings past what a report lists
	RuleInput     = "input-problem" // input that could not be read
)

// SARIF builds a SARIF 2.1.0 log of one run, as GitHub code scanning
// reads it: its rules, fixed when it is made, and its results, added in
// turn.
type SARIF struct {
	rules   []SARIFRule
	index   map[string]int // of each rule in rules
	results []SARIFResult
}

// NewSARIF returns a log whose run has rules.
func NewSARIF(rules []SARIFRule) *SARIF {
	s := &SARIF{rules: rules, index: map[string]int{}, results: []SARIFResult{}}
	for i, r := range rules {
		s.index[r.ID] = i
	}
	return s
}

// NewRule returns a rule at its default level, described by text and,
// in full, at helpURI.
func NewRule(id, level, text, helpURI string) SARIFRule {
	r := SARIFRule{ID: id, ShortDescription: SARIFMessage{text}, HelpURI: helpURI}
	r.DefaultConfiguration.Level = level
	return r
}

// Add adds a result of rule at level ("notice" is SARIF's "note") at a
// line of file (see [Locate]), and returns it, valid until the next Add.
// Its fingerprint hashes the rule and key, not the line, so that an alert
// follows a result that moves in its file.
func (s *SARIF) Add(rule, level, file string, line int, msg string, key ...string) *SARIFResult {
	if level == "notice" {
		level = "note"
	}
	res := SARIFResult{
		RuleID: rule, RuleIndex: s.index[rule], Level: level,
		Message:             SARIFMessage{msg},
		PartialFingerprints: map[string]string{"kubeversion/v1": Fingerprint(append([]string{rule}, key...)...)},
	}
	if loc, at := Locate(file, line); loc != nil {
		res.Locations = []SARIFLocation{*loc}
		res.Message.Text += at
	}
	s.results = append(s.results, res)
	return &s.results[len(s.results)-1]
}

// Write writes the log as JSON (see [WriteJSON]), for kubeversion at
// version, whose run read all its input when successful.
func (s *SARIF) Write(w io.Writer, version string, successful bool) error {
	return WriteJSON(w, SARIFLog{
		Schema:  "https://json.schemastore.org/sarif-2.1.0.json",
		Version: "2.1.0",
		Runs: []SARIFRun{{
			Tool: SARIFTool{Driver: SARIFDriver{
				Name: "kubeversion", Version: version,
				InformationURI: "https://github.com/kubeversion/kubeversion", Rules: s.rules,
			}},
			Invocations: []SARIFInvocation{{ExecutionSuccessful: successful}},
			Results:     s.results,
		}},
	})
}

// Locate returns the location of line in file, and what to add to the
// message when the location cannot say it all: nil for standard input;
// the directory, with the line in the message, for a kustomize build. A
// path is made a relative URI reference with slashes, each segment
// escaped, or a file URI when it is absolute.
func Locate(file string, line int) (*SARIFLocation, string) {
	if file == "-" {
		return nil, ""
	}
	at := ""
	if dir, ok := strings.CutSuffix(file, " (kustomize build)"); ok {
		if line > 0 {
			at = " (line " + strconv.Itoa(line) + " of kustomize build " + dir + ")"
		}
		file, line = dir, 0
	}
	u := url.URL{Path: filepath.ToSlash(file)}
	if filepath.IsAbs(file) {
		u.Scheme = "file"
		if !strings.HasPrefix(u.Path, "/") { // C:/x on Windows
			u.Path = "/" + u.Path
		}
	}
	var loc SARIFLocation
	loc.PhysicalLocation.ArtifactLocation.URI = u.String()
	if line > 0 {
		loc.PhysicalLocation.Region = &SARIFRegion{StartLine: line}
	}
	return &loc, at
}

// Fingerprint returns a hash of parts, which name a result without its
// line: its rule, its object, its field and message.
func Fingerprint(parts ...string) string {
	h := sha256.New()
	for _, p := range parts {
		io.WriteString(h, strconv.Itoa(len(p))+":"+p)
	}
	return hex.EncodeToString(h.Sum(nil)[:16])
}
