package main

import (
	"bytes"
	"os"
	"strings"
	"testing"
)

// TestLintColor checks that --color always colours each level of the text
// output and nothing else, that the default colours no pipe, and that a
// bad value is a usage error.
func TestLintColor(t *testing.T) {
	live, file := example(t, "gadgets-live.yaml"), example(t, "gadgets-v1.yaml")
	dir := writeFiles(t, map[string]string{"live.yaml": live, "new.yaml": file})
	args := []string{"lint", "--old", dir + "/live.yaml", dir + "/new.yaml"}
	plain, _, status := runLintIn(t, "", args...)
	colored, _, colorStatus := runLintIn(t, "", append([]string{"lint", "--color", "always"}, args[1:]...)...)
	if strings.Contains(plain, "\x1b") {
		t.Errorf("lint into a buffer is coloured:\n%q", plain)
	}
	if status != colorStatus {
		t.Errorf("exit %d with colour, %d without", colorStatus, status)
	}
	if n := strings.Count(colored, "\x1b[31merror\x1b[0m: "); n != 6 {
		t.Errorf("%d errors coloured red, want 6:\n%s", n, colored)
	}
	if n := strings.Count(colored, "\x1b[33mwarning\x1b[0m: "); n != 3 {
		t.Errorf("%d warnings coloured yellow, want 3:\n%s", n, colored)
	}
	stripped := strings.NewReplacer("\x1b[31m", "", "\x1b[33m", "", "\x1b[0m", "").Replace(colored)
	if stripped != plain {
		t.Errorf("colour changes more than the levels:\n%s\nwant\n%s", stripped, plain)
	}
	never, _, _ := runLintIn(t, "", append([]string{"lint", "--color", "never"}, args[1:]...)...)
	if never != plain {
		t.Errorf("--color never differs from the default into a buffer")
	}
	_, errOut, status := runLintIn(t, "", "lint", "--color", "sometimes", dir+"/new.yaml")
	if status != exitError || !strings.Contains(errOut, "want auto, always or never") {
		t.Errorf("--color sometimes: exit %d\n%s", status, errOut)
	}
}

// TestColorAuto checks auto: on for a character device (a terminal;
// /dev/null is one too), off for a buffer or a regular file, and off
// when NO_COLOR is set or TERM is dumb.
func TestColorAuto(t *testing.T) {
	dev, err := os.OpenFile(os.DevNull, os.O_WRONLY, 0)
	if err != nil {
		t.Skip(err)
	}
	defer dev.Close()
	regular, err := os.Create(t.TempDir() + "/out")
	if err != nil {
		t.Fatal(err)
	}
	defer regular.Close()
	t.Setenv("NO_COLOR", "")
	t.Setenv("TERM", "xterm")
	var auto colorMode
	if !auto.on(dev) || auto.on(regular) || auto.on(&bytes.Buffer{}) {
		t.Errorf("auto: device %v, file %v, buffer %v; want true, false, false", auto.on(dev), auto.on(regular), auto.on(&bytes.Buffer{}))
	}
	t.Setenv("NO_COLOR", "1")
	if auto.on(dev) {
		t.Error("auto colours with NO_COLOR set")
	}
	t.Setenv("NO_COLOR", "")
	t.Setenv("TERM", "dumb")
	if auto.on(dev) {
		t.Error("auto colours with TERM=dumb")
	}
}
