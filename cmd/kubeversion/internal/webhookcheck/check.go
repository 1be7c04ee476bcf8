package webhookcheck

import (
	"errors"
	"fmt"
	"regexp"
	"strconv"
	"strings"

	"github.com/kubeversion/kubeversion/conversion"
	"github.com/kubeversion/kubeversion/crd"
)

// webhookChecker checks a CRD's conversion against sample objects, as the
// API server would convert them.
type webhookChecker struct {
	def      *crd.CustomResourceDefinition
	client   *webhookClient // nil for strategy None
	calls    int
	findings []webhookFinding
	stop     *stopError // the failure that ended the calls, or nil

	ignore        IgnorePaths // --ignore
	ignored       int         // round-trip differences under --ignore
	emptyAsAbsent int         // round-trip differences between {} and absent
}

// check checks every sample, as its version's schema stores it, against
// every other served version: through the webhook, one object at a time,
// there and back, and all samples in one list per version; or, for
// strategy None, by pruning alone. It makes no call after one that
// stops the run (c.stop), and keeps no finding of that call: the stop
// says what happened, and the findings are those of the calls before.
func (c *webhookChecker) check(samples []sample) {
	samples = c.stored(samples)
	if c.client == nil {
		for _, s := range samples {
			c.checkLost(s)
		}
		return
	}
	for _, s := range samples {
		for _, to := range served(c.def) {
			if c.stop != nil {
				return
			}
			if to != s.version {
				c.checkRoundTrip(s, to)
			}
		}
	}
	if len(samples) == 0 {
		return // no list to send
	}
	for _, to := range served(c.def) {
		if c.stop != nil {
			return
		}
		c.checkList(samples, to)
	}
}

// add keeps a finding of sample s, unless the run stopped: a call that
// stopped it is not a finding of its sample.
func (c *webhookChecker) add(s sample, check, from, to, msg string) {
	c.addFinding(webhookFinding{s.File, s.Line, s.label(), check, from, to, msg})
}

func (c *webhookChecker) addFinding(f webhookFinding) {
	if c.stop == nil {
		c.findings = append(c.findings, f)
	}
}

// checkRoundTrip converts s to version to and back, and reports what the
// server would refuse, what it would prune on the way there, and what does
// not come back as it was.
func (c *webhookChecker) checkRoundTrip(s sample, to string) {
	there, _, err := c.convert([]map[string]any{deepCopy(s.Fields).(map[string]any)}, false, to)
	if err != nil {
		c.add(s, "convert", s.version, to, err.Error())
		return
	}
	if there == nil {
		return // no call: nothing but apiVersion and kind
	}
	if p := there[0].Pruned; len(p) > 0 {
		c.add(s, "pruned", s.version, to, fmt.Sprintf("the %s schema prunes what the webhook wrote, silently: %s", to, strings.Join(p, ", ")))
	}
	back, _, err := c.convert([]map[string]any{there[0].Object}, false, s.version)
	if err != nil {
		c.add(s, "convert", to, s.version, err.Error())
		return
	}
	if p := back[0].Pruned; len(p) > 0 {
		c.add(s, "pruned", to, s.version, fmt.Sprintf("the %s schema prunes what the webhook wrote, silently: %s", s.version, strings.Join(p, ", ")))
	}
	if diffs := c.filterDiffs(diffValues("", s.Fields, back[0].Object, nil)); len(diffs) > 0 {
		c.add(s, "round trip", s.version, to, "does not come back as it was: "+strings.Join(diffs, "; "))
	}
}

var indexInMessage = regexp.MustCompile(`at index (\d+)`)

// checkList converts all samples to version to in one list, as the server
// does for a list or watch, and reports what it would refuse at the sample
// the message names, else at the first sample sent.
func (c *webhookChecker) checkList(samples []sample, to string) {
	objs := make([]map[string]any, len(samples))
	for i, s := range samples {
		objs[i] = deepCopy(s.Fields).(map[string]any)
	}
	_, sent, err := c.convert(objs, true, to)
	if err == nil {
		return
	}
	at := samples[0]
	if len(sent) > 0 {
		at = samples[sent[0]]
		if m := indexInMessage.FindStringSubmatch(err.Error()); m != nil {
			if i, _ := strconv.Atoi(m[1]); i < len(sent) {
				at = samples[sent[i]]
			}
		}
	}
	c.addFinding(webhookFinding{at.File, at.Line, fmt.Sprintf("list of %d", len(samples)), "list", "", to, err.Error()})
}

// checkLost reports, for strategy None, the fields of s that reading it
// through each other served version loses: the server only changes
// apiVersion, then prunes by the version's schema.
func (c *webhookChecker) checkLost(s sample) {
	for _, to := range served(c.def) {
		schema := schemaOf(c.def, to)
		if to == s.version || schema == nil {
			continue
		}
		obj := deepCopy(s.Fields).(map[string]any)
		obj["apiVersion"] = c.def.Spec.Group + "/" + to
		pruned, err := crd.Coerce(obj, schema)
		switch {
		case err != nil:
			c.add(s, "lost", s.version, to, err.Error())
		case len(pruned) > 0:
			c.add(s, "lost", s.version, to, fmt.Sprintf("the %s schema does not specify, so it is lost: %s", to, strings.Join(pruned, ", ")))
		}
	}
}

// convert sends the ConversionReview the server would send for objs to
// version to, and judges the answer as the server would. It returns the
// converted objects and the indices of objs sent, both nil when the
// server would make no call. A failure that ends the calls is kept in
// c.stop, and returned.
func (c *webhookChecker) convert(objs []map[string]any, list bool, to string) ([]conversion.Converted, []int, error) {
	review, sent, err := conversion.NewRequest(c.def, objs, list, to, newUID())
	if err != nil || review == nil {
		return nil, sent, err
	}
	c.calls++
	input := inputGVK(objs[0], list)
	body, err := c.client.post(review)
	var stop *stopError
	if errors.As(err, &stop) {
		stop.call = c.calls
		c.stop = stop
		return nil, sent, stop
	}
	if err != nil {
		return nil, sent, fmt.Errorf("conversion webhook for %s failed: %v", input, err)
	}
	converted, err := conversion.CheckResponse(review, body, conversion.CheckOptions{Input: input, List: list, Schema: schemaOf(c.def, to)})
	return converted, sent, err
}

// inputGVK prints the group, version and kind of obj, or of a list of
// objects like obj, as the server's messages print it:
// "stable.example.com/v1beta1, Kind=CronTab".
func inputGVK(obj map[string]any, list bool) string {
	apiVersion, _ := obj["apiVersion"].(string)
	kind, _ := obj["kind"].(string)
	if list {
		kind += "List"
	}
	if !strings.Contains(apiVersion, "/") {
		apiVersion = "/" + apiVersion
	}
	return apiVersion + ", Kind=" + kind
}
