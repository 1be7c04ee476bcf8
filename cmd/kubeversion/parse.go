package main

import (
	"bufio"
	"errors"
	"fmt"
	"strconv"
	"strings"
	"unicode"

	"github.com/kubeversion/kubeversion"
	"github.com/kubeversion/kubeversion/cmd/kubeversion/internal/format"
)

// parsed is one line of "kubeversion parse" output; its JSON form is the
// element of the -o json array.
type parsed struct {
	Input     string  `json:"input"`
	Group     *string `json:"group,omitempty"` // for group/version input, the group
	Valid     bool    `json:"valid"`
	Major     *uint64 `json:"major,omitempty"`
	Stability string  `json:"stability,omitempty"`
	Minor     *uint64 `json:"minor,omitempty"`
	Canonical string  `json:"canonical,omitempty"`
	Error     string  `json:"error,omitempty"`  // why the input is not a version
	Offset    *int    `json:"offset,omitempty"` // byte offset of the problem in the input
}

// runParse is "kubeversion parse [-o text|json] [VERSION...]".
func runParse(e *env, args []string) int {
	fs := newFlagSet(e, "parse", synopses["parse"])
	output := fs.String("o", "text", "print `text|json`: a line of fields per input, or a JSON array")
	versions, status, ok := parseFlags(e, fs, args)
	if !ok {
		return status
	}
	if *output != "text" && *output != "json" {
		fmt.Fprintf(e.stderr, "kubeversion parse: -o %q: want text or json\n", *output)
		return exitError
	}
	in, status := input(e, "parse", versions)
	if status != exitOK {
		return status
	}
	results := make([]parsed, len(in.text))
	status = exitOK
	for i, s := range in.text {
		results[i] = parseOne(s)
		if !results[i].Valid {
			status = exitInvalid
		}
	}
	w := bufio.NewWriter(e.stdout)
	if *output == "json" {
		format.WriteJSON(w, results)
	} else {
		for _, r := range results {
			group := ""
			if r.Group != nil {
				group = "group=" + visible(*r.Group) + " "
			}
			if r.Valid {
				fmt.Fprintf(w, "%s\t%smajor=%d stability=%s minor=%d canonical=%s\n", visible(r.Input), group, *r.Major, r.Stability, *r.Minor, r.Canonical)
			} else {
				fmt.Fprintf(w, "%s\t%sinvalid: %s\n", visible(r.Input), group, r.Error)
			}
		}
	}
	if flush(e, "parse", w) != exitOK {
		return exitError
	}
	return status
}

// parseOne parses s, or the version of a group/version line, cut at the
// first slash as sort cuts it: "apps/v1" is version v1 of group apps.
func parseOne(s string) parsed {
	p := parsed{Input: s}
	version := s
	if i := strings.IndexByte(s, '/'); i >= 0 {
		group := s[:i]
		p.Group, version = &group, s[i+1:]
	}
	v, err := kubeversion.Parse(version)
	var pe *kubeversion.ParseError
	if errors.As(err, &pe) {
		p.Error = pe.Reason
		offset := len(s) - len(version) + pe.Offset
		p.Offset = &offset
		return p
	}
	major, minor := v.Major(), v.Minor()
	p.Valid = true
	p.Major, p.Stability, p.Minor, p.Canonical = &major, v.Stability().String(), &minor, v.String()
	return p
}

// visible returns s, or s quoted as a Go string when it is empty or has
// white space or other invisible characters, so that "" and "v1 " show.
func visible(s string) string {
	if s == "" || strings.IndexFunc(s, func(r rune) bool { return unicode.IsSpace(r) || !unicode.IsGraphic(r) }) >= 0 {
		return strconv.Quote(s)
	}
	return s
}
