package main

import (
	"bufio"
	"encoding/json"
	"errors"
	"fmt"

	"github.com/kubeversion/kubeversion"
)

// parsed is one line of "kubeversion parse" output; its JSON form is the
// element of the -o json array.
type parsed struct {
	Input     string  `json:"input"`
	Valid     bool    `json:"valid"`
	Major     *uint64 `json:"major,omitempty"`
	Stability string  `json:"stability,omitempty"`
	Minor     *uint64 `json:"minor,omitempty"`
	Canonical string  `json:"canonical,omitempty"`
	Error     string  `json:"error,omitempty"`  // why the input is not a version
	Offset    *int    `json:"offset,omitempty"` // byte offset of the problem
}

// runParse is "kubeversion parse [-o text|json] [VERSION...]".
func runParse(e *env, args []string) int {
	fs := newFlagSet(e, "parse", "[-o text|json] [VERSION...]")
	format := fs.String("o", "text", "output format: text or json")
	versions, status, ok := parseFlags(e, fs, args)
	if !ok {
		return status
	}
	if *format != "text" && *format != "json" {
		fmt.Fprintf(e.stderr, "kubeversion parse: -o %q: want text or json\n", *format)
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
	if *format == "json" {
		enc := json.NewEncoder(w)
		enc.SetIndent("", "  ")
		enc.Encode(results)
	} else {
		for _, r := range results {
			if r.Valid {
				fmt.Fprintf(w, "%s\tmajor=%d stability=%s minor=%d canonical=%s\n", r.Input, *r.Major, r.Stability, *r.Minor, r.Canonical)
			} else {
				fmt.Fprintf(w, "%s\tinvalid: %s\n", r.Input, r.Error)
			}
		}
	}
	if flush(e, "parse", w) != exitOK {
		return exitError
	}
	return status
}

func parseOne(s string) parsed {
	v, err := kubeversion.Parse(s)
	var pe *kubeversion.ParseError
	if errors.As(err, &pe) {
		return parsed{Input: s, Error: pe.Reason, Offset: &pe.Offset}
	}
	major, minor := v.Major(), v.Minor()
	return parsed{
		Input: s, Valid: true,
		Major: &major, Stability: v.Stability().String(), Minor: &minor, Canonical: v.String(),
	}
}
