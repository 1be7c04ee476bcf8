//go:build linux

package conformance

import (
	"bytes"
	"fmt"
	"io"
	"os"
	"os/exec"
	"path/filepath"
	"syscall"
	"testing"
	"time"
)

// cpuRun is one process's cost: user plus system CPU time, and its peak
// resident memory.
type cpuRun struct {
	cpu  time.Duration
	peak int64 // bytes
}

func runMeasured(cmd *exec.Cmd) (cpuRun, error) {
	var stderr bytes.Buffer
	cmd.Stdout = io.Discard
	cmd.Stderr = &stderr
	err := cmd.Run()
	if cmd.ProcessState == nil {
		return cpuRun{}, err
	}
	if !cmd.ProcessState.Exited() || cmd.ProcessState.ExitCode() > 1 {
		return cpuRun{}, fmt.Errorf("%s: %v\n%s", cmd.Path, err, stderr.Bytes())
	}
	ru := cmd.ProcessState.SysUsage().(*syscall.Rusage)
	return cpuRun{cmd.ProcessState.UserTime() + cmd.ProcessState.SystemTime(), ru.Maxrss * 1024}, nil // Linux counts it in KiB
}

// BenchmarkLintCorpus runs `kubeversion lint -o json` on every file of the
// real-world corpus and, in the same rounds, the API server's own code on
// the same files (referenceLint: YAML reading, decoding, defaulting,
// strategy and validation), each as a process of its own, in an order
// that alternates from round to round. It reports the CPU seconds (user
// plus system) of each side, their ratio, and lint's peak memory (Linux's
// maximum resident set):
//
//	go test -run '^$' -bench LintCorpus -benchtime 10x
//
// The corpus is that of testdata/corpus.txt, or of the list that
// KUBEVERSION_CORPUS names, such as the operators' corpus:
//
//	KUBEVERSION_CORPUS=testdata/corpus-operators.txt go test -run '^$' -bench LintCorpus -benchtime 10x
//
// Each iteration is one round. The reference runs twice a round: with the
// Go runtime's defaults, as the API server and kubectl run
// (apiserver-cpu-s/op, x-faster), and with a garbage collector given
// about the room lint gives its own, GOGC=400 and GOMEMLIMIT=96MiB
// (apiserver-gc-cpu-s/op, x-faster-same-gc), so that the ratio owes
// nothing to lint's collector setting. Run it without -race and -cover:
// they would slow the reference, the test binary, and not lint.
func BenchmarkLintCorpus(b *testing.B) {
	files, err := corpusFiles()
	if err != nil {
		b.Skip("corpus not available:", err)
	}
	bin := filepath.Join(b.TempDir(), "kubeversion")
	build := exec.Command("go", "build", "-o", bin, "./cmd/kubeversion")
	build.Dir = ".."
	if out, err := build.CombinedOutput(); err != nil {
		b.Fatalf("go build: %v\n%s", err, out)
	}
	self, err := os.Executable()
	if err != nil {
		b.Fatal(err)
	}
	reference := func(env ...string) func() (cpuRun, error) {
		return func() (cpuRun, error) {
			cmd := exec.Command(self, files...)
			cmd.Env = append(append(os.Environ(), referenceLintEnv+"=1"), env...)
			return runMeasured(cmd)
		}
	}
	sides := []func() (cpuRun, error){
		func() (cpuRun, error) {
			return runMeasured(exec.Command(bin, append([]string{"lint", "-o", "json"}, files...)...))
		},
		reference(),
		reference("GOGC=400", "GOMEMLIMIT=96MiB"),
	}
	var cpu [3]time.Duration
	var peak int64
	rounds := 0
	for b.Loop() {
		for i := range sides {
			side := (rounds + i) % len(sides)
			r, err := sides[side]()
			if err != nil {
				b.Fatal(err)
			}
			cpu[side] += r.cpu
			if side == 0 {
				peak = max(peak, r.peak)
			}
		}
		rounds++
	}
	perRound := func(d time.Duration) float64 { return d.Seconds() / float64(rounds) }
	b.ReportMetric(perRound(cpu[0]), "lint-cpu-s/op")
	b.ReportMetric(perRound(cpu[1]), "apiserver-cpu-s/op")
	b.ReportMetric(perRound(cpu[2]), "apiserver-gc-cpu-s/op")
	b.ReportMetric(cpu[1].Seconds()/cpu[0].Seconds(), "x-faster")
	b.ReportMetric(cpu[2].Seconds()/cpu[0].Seconds(), "x-faster-same-gc")
	b.ReportMetric(float64(peak)/(1<<20), "lint-peak-MiB")
	b.Logf("%s: %d files, %d rounds: lint %.2f s CPU a round; the API server's code %.2f s (%.2fx), with GOGC=400 GOMEMLIMIT=96MiB %.2f s (%.2fx)",
		corpusList(), len(files), rounds, perRound(cpu[0]), perRound(cpu[1]), cpu[1].Seconds()/cpu[0].Seconds(), perRound(cpu[2]), cpu[2].Seconds()/cpu[0].Seconds())
}
