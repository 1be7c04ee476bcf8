package migrate

import (
	"bytes"
	"flag"
	"os/exec"
	"regexp"
	"strings"
	"testing"
)

// compareOldFlag and compareNewFlag name two kubeversion binaries whose
// `migrate` TestCompareBinaries runs on the same scenarios, each against a
// fresh API server: off unless both are set. For example, the command
// before and after a change of its flags or printing:
//
//	GOWORK=off go test -count=1 -run TestCompareBinaries -v . -compare-old /tmp/kv-old -compare-new /tmp/kv-new
var (
	compareOldFlag = flag.String("compare-old", "", "a kubeversion binary (`PATH`) whose migrate TestCompareBinaries compares with -compare-new's")
	compareNewFlag = flag.String("compare-new", "", "the kubeversion binary (`PATH`) compared with -compare-old's")
)

// compareMasks replace what differs from one run to the next in the
// outputs of migrate: durations, rates, times left, uids, the random
// suffix of a StorageVersionMigration's name, resource versions and the
// JSON duration.
var compareMasks = []struct {
	re   *regexp.Regexp
	with string
}{
	{regexp.MustCompile(`\b[0-9]+(\.[0-9]+)?(ns|µs|ms|s|m|h)([0-9]+(\.[0-9]+)?(ms|s))*\b`), "DURATION"},
	{regexp.MustCompile(`[0-9]+(\.[0-9]+)?/s\b`), "RATE/s"},
	{regexp.MustCompile(`[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}`), "UID"},
	{regexp.MustCompile(`(` + regexp.QuoteMeta(testCRD) + `-)[a-z0-9]{5}\b`), "${1}XXXXX"},
	{regexp.MustCompile(`"duration": [0-9]+`), `"duration": N`},
	{regexp.MustCompile(`"(resourceVersion|generation)": "?[0-9]+"?`), `"$1": N`},
}

// progressLine matches the progress lines of migrate, which are printed
// every 5 seconds (how many depends on the machine's speed): only the last
// of each kind is compared.
var progressLine = regexp.MustCompile(`^[0-9]+(/[0-9]+)? objects (\(written|migrated by the cluster's controller)`)

// masked returns out with compareMasks applied and the progress lines but
// the last dropped.
func masked(out []byte) string {
	var lines []string
	last := -1
	for line := range strings.Lines(string(out)) {
		if progressLine.MatchString(line) {
			if last >= 0 {
				lines = append(lines[:last], lines[last+1:]...)
			}
			last = len(lines)
		}
		lines = append(lines, line)
	}
	s := strings.Join(lines, "")
	for _, m := range compareMasks {
		s = m.re.ReplaceAllString(s, m.with)
	}
	return s
}

// TestCompareBinaries runs `migrate` of -compare-old and -compare-new on
// the same scenarios, each binary against an API server of its own set up
// the same way, and compares their exit statuses and their outputs,
// masked.
func TestCompareBinaries(t *testing.T) {
	if *compareOldFlag == "" || *compareNewFlag == "" {
		t.Skip("compares two binaries: -compare-old PATH -compare-new PATH")
	}
	common := func(kubeconfig string) []string { return []string{"--kubeconfig", kubeconfig, "--context", "test"} }
	for _, sc := range []struct {
		name  string
		setup func(c *cluster)
		runs  [][]string
	}{
		{"client-side", nil, [][]string{
			{"--dry-run", testCRD},
			{"--dry-run", "-o", "json", testCRD},
			{testCRD, "--settle", "100ms", "--page-size", "7"},
			{testCRD},
			{"-o", "json", testCRD},
			{"nosuch.example.com"},
		}},
		{"client-side JSON", nil, [][]string{
			{testCRD, "--settle", "100ms", "-o", "json", "--concurrency", "2"},
		}},
		{"cluster migrator not served", nil, [][]string{
			{"--use-cluster-migrator", testCRD},
			{"--use-cluster-migrator", "--dry-run", testCRD},
		}},
		{"cluster migrator 1.37", func(c *cluster) {
			c.installSVMAPIStandIn("v1")
			c.startSVMStandIn("1.37", "v1", nil)
		}, [][]string{
			{"--use-cluster-migrator", "--dry-run", testCRD},
			{"--use-cluster-migrator", "--dry-run", "-o", "json", testCRD},
			{"--use-cluster-migrator", "--settle", "100ms", testCRD},
			{"--use-cluster-migrator", testCRD},
		}},
	} {
		t.Run(sc.name, func(t *testing.T) {
			var outs [2][]string
			for i, bin := range []string{*compareOldFlag, *compareNewFlag} {
				c := prepare(t, 15)
				if sc.setup != nil {
					sc.setup(c)
				}
				kubeconfig := c.writeKubeconfig()
				for _, args := range sc.runs {
					cmd := exec.Command(bin, append(append([]string{"migrate"}, common(kubeconfig)...), args...)...)
					var stdout, stderr bytes.Buffer
					cmd.Stdout, cmd.Stderr = &stdout, &stderr
					err := cmd.Run()
					if _, exited := err.(*exec.ExitError); err != nil && !exited {
						t.Fatal(err)
					}
					outs[i] = append(outs[i], strings.Join([]string{
						"args: " + strings.Join(args, " "),
						"status: " + string(rune('0'+cmd.ProcessState.ExitCode())),
						"stdout:\n" + masked(stdout.Bytes()),
						"stderr:\n" + masked(stderr.Bytes()),
					}, "\n"))
				}
			}
			for j := range sc.runs {
				if outs[0][j] != outs[1][j] {
					t.Errorf("old:\n%s\nnew:\n%s", outs[0][j], outs[1][j])
				} else {
					t.Logf("identical:\n%s", outs[0][j])
				}
			}
		})
	}
}
