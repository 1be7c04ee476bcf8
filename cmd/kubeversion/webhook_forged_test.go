package main

import (
	"bytes"
	"io"
	"net/http"
	"os"
	"path/filepath"
	"strings"
	"testing"
)

// forged is a line of input that, printed raw, would become a GitHub
// Actions workflow command and clear the terminal.
const forged = "x\n::warning file=README.md,line=1::looks good\x1b[2J"

// checkLines fails unless every line of out is one of webhook check's own
// in format: no line that input made start with "::" (text) or that is not
// an annotation (github), and no control character.
func checkLines(t *testing.T, name, format, out string) {
	t.Helper()
	for _, line := range strings.Split(strings.TrimSuffix(out, "\n"), "\n") {
		own := !strings.HasPrefix(strings.TrimLeft(line, " \t"), "::")
		if format == "github" {
			own = strings.HasPrefix(line, "::error file=") || strings.HasPrefix(line, "::notice title=")
		}
		if !own || strings.ContainsFunc(line, func(r rune) bool { return r < ' ' || r == 0x7f }) {
			t.Errorf("%s, -o %s: forged line %q in:\n%s", name, format, line, out)
		}
	}
}

// TestWebhookCheckForgedOutput checks that names and messages from the
// samples and the webhook's answers cannot add a line to webhook check's
// output or its errors, nor reach the terminal as escape sequences.
func TestWebhookCheckForgedOutput(t *testing.T) {
	dir := t.TempDir()
	samples := filepath.Join(dir, "forged.yaml")
	sample := "apiVersion: stable.example.com/v1beta1\nkind: CronTab\nmetadata:\n  name: " + strings.NewReplacer("\n", `\n`, "\x1b", `\e`).Replace(`"`+forged+`"`) + "\nspec:\n  cronSpec: x\n"
	if err := os.WriteFile(samples, []byte(sample), 0o600); err != nil {
		t.Fatal(err)
	}
	status := http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
		w.Header().Set("Content-Type", "application/json")
		w.WriteHeader(http.StatusBadRequest)
		io.WriteString(w, `{"kind": "Status", "status": "Failure", "message": "no\n::error file=README.md::forged\u001b]8;;https://example.com\u0007"}`)
	})
	url, ca, _ := webhookServer(t, status)
	for _, format := range []string{"text", "github"} {
		var out, errOut bytes.Buffer
		code := runWebhook(&env{strings.NewReader(""), &out, &errOut}, []string{"check", "-o", format, "--crd", crdFile, "--url", url, "--ca", ca, samples})
		if code != exitInvalid || !strings.Contains(out.String(), `looks good\x1b[2J`) || !strings.Contains(out.String(), `forged\x1b]8;;https`) {
			t.Errorf("-o %s: status %d, output lacks the escaped name or message:\n%s", format, code, out.String())
		}
		// A newline in a message is the runner's %0A in an annotation, as in lint's.
		if format == "github" && !strings.Contains(out.String(), `failed: no%0A\x3a:error file=README.md::forged`) {
			t.Errorf("-o github: the message's newline is not %%0A:\n%s", out.String())
		}
		checkLines(t, "findings", format, out.String())
	}

	// A missing file, named by the user, is in the error's line too.
	var out, errOut bytes.Buffer
	code := runWebhook(&env{strings.NewReader(""), &out, &errOut}, []string{"check", "--crd", crdFile, filepath.Join(dir, forged)})
	if code != exitError || strings.Count(errOut.String(), "\n") != 1 {
		t.Errorf("missing file: status %d, stderr %q; want 2 and one line", code, errOut.String())
	}
	checkLines(t, "error", "text", errOut.String())
}
