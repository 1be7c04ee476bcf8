package main

import (
	"bytes"
	"os"
	"path/filepath"
	"strings"
	"testing"
)

// TestWebhookCheckNone checks a CRD of strategy None: no call, and the
// fields each sample loses when read through the other version.
func TestWebhookCheckNone(t *testing.T) {
	s, stderr, status := runCheck(t, "--crd", "testdata/webhook/crontab-none-crd.yaml", samplesFile)
	if status != exitInvalid || stderr != "" || s.Calls != 0 || s.Strategy != "None" {
		t.Fatalf("status %d, stderr %q, calls %d, strategy %q; want 1, none, 0, None", status, stderr, s.Calls, s.Strategy)
	}
	var got []string
	for _, f := range s.Findings {
		got = append(got, f.String())
	}
	want := []string{
		"testdata/webhook/crontabs.yaml:1: CronTab default/every-minute, read as v1: the v1 schema does not specify, so it is lost: spec.cronSpec, spec.image",
		"testdata/webhook/crontabs.yaml:13: CronTab default/hourly, read as v1: the v1 schema does not specify, so it is lost: spec.cronSpec, spec.image",
		"testdata/webhook/crontabs.yaml:22: CronTab default/daily, read as v1beta1: the v1beta1 schema does not specify, so it is lost: spec.jobTemplate, spec.schedule",
	}
	if strings.Join(got, "\n") != strings.Join(want, "\n") {
		t.Errorf("findings:\n%s\nwant:\n%s", strings.Join(got, "\n"), strings.Join(want, "\n"))
	}
}

// TestWebhookCheckUsage checks the errors that stop webhook check before
// any call, with exit status 2.
func TestWebhookCheckUsage(t *testing.T) {
	tests := []struct {
		name string
		args []string
		want string // in standard error
	}{
		{"no subcommand", []string{}, "Usage: kubeversion webhook check"},
		{"unknown subcommand", []string{"serve"}, `unknown command "serve"`},
		{"no --crd", []string{"check", samplesFile}, "no --crd FILE given"},
		{"no objects", []string{"check", "--crd", crdFile}, "no OBJECT file given"},
		{"bad -o", []string{"check", "-o", "xml", "--crd", crdFile, samplesFile}, `-o "xml": want text, json or github`},
		{"bad flag", []string{"check", "--bogus"}, "flag provided but not defined: -bogus"},
		{"service without --url", []string{"check", "--crd", "testdata/webhook/crontab-service-crd.yaml", samplesFile},
			"the CRD's webhook is the service cron/crontab-webhook, which only the API server inside the cluster reaches: needs --url"},
		{"--timeout 0", []string{"check", "--timeout", "0", "--crd", crdFile, samplesFile}, "--timeout 0s: want a positive duration"},
		{"http URL", []string{"check", "--crd", crdFile, "--url", "http://127.0.0.1:1/", samplesFile}, "want https://host[:port][/path]"},
		{"missing --ca", []string{"check", "--crd", crdFile, "--ca", "testdata/webhook/none.pem", samplesFile}, "--ca: open testdata/webhook/none.pem"},
		{"--ca without PEM", []string{"check", "--crd", crdFile, "--ca", samplesFile, samplesFile}, "CA bundle: no PEM certificate found"},
		{"not a CRD", []string{"check", "--crd", samplesFile, samplesFile}, "want one CustomResourceDefinition, found 0"},
		{"object of another kind", []string{"check", "--crd", crdFile, crdFile},
			`crontab-crd.yaml:4: apiVersion "apiextensions.k8s.io/v1", kind "CustomResourceDefinition": not a CronTab of a version of stable.example.com`},
		{"missing object file", []string{"check", "--crd", crdFile, "testdata/webhook/none.yaml"}, "open testdata/webhook/none.yaml"},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			var out, errOut bytes.Buffer
			status := runWebhook(&env{strings.NewReader(""), &out, &errOut}, tt.args)
			if status != exitError || !strings.Contains(errOut.String(), tt.want) || out.Len() != 0 {
				t.Errorf("webhook %q: status %d, stdout %q, stderr %q; want 2, nothing, %q", tt.args, status, out.String(), errOut.String(), tt.want)
			}
		})
	}
}

// TestWebhookCheckHelp checks that --help prints the description and the
// flags on standard output.
func TestWebhookCheckHelp(t *testing.T) {
	var out, errOut bytes.Buffer
	status := runWebhook(&env{strings.NewReader(""), &out, &errOut}, []string{"check", "--help"})
	for _, want := range []string{"Usage: kubeversion webhook check --crd FILE", "Webhook check calls", "--url URL", "--ca FILE"} {
		if status != exitOK || !strings.Contains(out.String(), want) {
			t.Errorf("webhook check --help: status %d, stdout lacks %q:\n%s", status, want, out.String())
		}
	}
}

// TestWebhookCheckFormats checks the text and github outputs of findings.
func TestWebhookCheckFormats(t *testing.T) {
	tests := []struct {
		format string
		want   []string
	}{
		{"text", []string{
			"testdata/webhook/crontabs.yaml:22: CronTab default/daily, read as v1beta1: the v1beta1 schema does not specify, so it is lost: spec.jobTemplate, spec.schedule\n",
			"crontabs.stable.example.com (strategy None, served v1beta1, v1): 3 objects, 0 calls, 3 findings\n",
		}},
		{"github", []string{
			"::error file=testdata/webhook/crontabs.yaml,line=22,title=kubeversion webhook check::CronTab default/daily, read as v1beta1: the v1beta1 schema",
			"::notice title=kubeversion webhook check::crontabs.stable.example.com (strategy None, served v1beta1, v1): 3 objects, 0 calls, 3 findings\n",
		}},
	}
	for _, tt := range tests {
		var out, errOut bytes.Buffer
		status := runWebhook(&env{strings.NewReader(""), &out, &errOut}, []string{"check", "-o", tt.format, "--crd", "testdata/webhook/crontab-none-crd.yaml", samplesFile})
		for _, w := range tt.want {
			if status != exitInvalid || !strings.Contains(out.String(), w) {
				t.Errorf("-o %s: status %d, output lacks %q:\n%s", tt.format, status, w, out.String())
			}
		}
	}
}

// TestWebhookCheckStored checks that a sample is checked as the API server
// stores it: a field its own schema does not specify is reported once, and
// not again as lost in another version.
func TestWebhookCheckStored(t *testing.T) {
	file := filepath.Join(t.TempDir(), "unknown.yaml")
	sample := "apiVersion: stable.example.com/v1beta1\nkind: CronTab\nmetadata:\n  name: a\nspec:\n  cronSpec: x\n  typo: 1\n"
	if err := os.WriteFile(file, []byte(sample), 0o600); err != nil {
		t.Fatal(err)
	}
	s, _, status := runCheck(t, "--crd", "testdata/webhook/crontab-none-crd.yaml", file)
	var got []string
	for _, f := range s.Findings {
		got = append(got, strings.TrimPrefix(f.String(), file))
	}
	want := []string{
		":1: CronTab a, stored as v1beta1: the v1beta1 schema prunes, when it is stored: spec.typo",
		":1: CronTab a, read as v1: the v1 schema does not specify, so it is lost: spec.cronSpec",
	}
	if status != exitInvalid || strings.Join(got, "\n") != strings.Join(want, "\n") {
		t.Errorf("status %d, findings:\n%s\nwant 1 and:\n%s", status, strings.Join(got, "\n"), strings.Join(want, "\n"))
	}
}
