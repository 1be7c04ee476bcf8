package conformance

import (
	"bufio"
	"bytes"
	"context"
	"encoding/json"
	"errors"
	"fmt"
	"io"
	"os"
	"os/exec"
	"path/filepath"
	"slices"
	"syscall"
	"testing"
	"time"

	utilyaml "k8s.io/apimachinery/pkg/util/yaml"
	"sigs.k8s.io/yaml"
)

// referenceLintEnv, when set, makes the test binary the reference side of
// BenchmarkLintCorpus instead of running tests: it checks every CRD of the
// files it is given as `kubectl apply` and the API server would on create,
// with the API server's own code.
const referenceLintEnv = "KUBEVERSION_REFERENCE_LINT"

// referenceLint is the API server's side of BenchmarkLintCorpus, run as a
// process of its own as lint is: each file is read, split into YAML
// documents and converted to JSON as kubectl does, and each
// CustomResourceDefinition among them is decoded strictly, defaulted,
// converted, prepared and validated by k8s.io/apiextensions-apiserver's
// registry strategy (CEL compilation included). It prints the number of
// CRDs and errors, so that nothing is optimized away.
func referenceLint(files []string) int {
	ctx := context.Background()
	crds, errs := 0, 0
	for _, file := range files {
		data, err := os.ReadFile(file)
		if err != nil {
			fmt.Fprintln(os.Stderr, err)
			return 2
		}
		r := utilyaml.NewYAMLReader(bufio.NewReader(bytes.NewReader(data)))
		for {
			doc, err := r.Read()
			if errors.Is(err, io.EOF) {
				break
			}
			if err != nil {
				fmt.Fprintln(os.Stderr, file, err)
				return 2
			}
			j, err := yaml.YAMLToJSON(doc)
			if err != nil {
				errs++
				continue
			}
			var head struct{ APIVersion, Kind string }
			if json.Unmarshal(j, &head) != nil || head.Kind != "CustomResourceDefinition" || head.APIVersion != "apiextensions.k8s.io/v1" {
				continue
			}
			crds++
			obj, _, err := decodeInternal(j)
			if err != nil {
				errs++
				continue
			}
			strategy.PrepareForCreate(ctx, obj)
			errs += len(strategy.Validate(ctx, obj))
		}
	}
	fmt.Printf("%d CRDs, %d errors\n", crds, errs)
	return 0
}

// corpusFiles returns the files of the corpus, each once, in the order of
// testdata/corpus.txt.
func corpusFiles() ([]string, error) {
	sources, dirs, err := corpusSources()
	if err != nil {
		return nil, err
	}
	var files []string
	for _, s := range sources {
		found, err := filepath.Glob(filepath.Join(dirs[s.module], s.glob))
		if err != nil {
			return nil, err
		}
		for _, f := range found {
			if !slices.Contains(files, f) {
				files = append(files, f)
			}
		}
	}
	return files, nil
}

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
	return cpuRun{cmd.ProcessState.UserTime() + cmd.ProcessState.SystemTime(), ru.Maxrss * 1024}, nil
}

// BenchmarkLintCorpus runs `kubeversion lint -o json` on every file of the
// real-world corpus and, in alternating rounds, the API server's own code
// on the same files (referenceLint: YAML reading, decoding, defaulting,
// strategy and validation), each as a process of its own. It reports the
// CPU seconds (user plus system) of each side, their ratio, and lint's
// peak memory:
//
//	go test -run '^$' -bench LintCorpus -benchtime 10x
//
// Each iteration is one pair of rounds; the ratio is the API server's
// total CPU time over lint's.
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
	var ours, ref time.Duration
	var peak int64
	rounds := 0
	for b.Loop() {
		for side := range 2 {
			if (rounds+side)%2 == 0 {
				r, err := runMeasured(exec.Command(bin, append([]string{"lint", "-o", "json"}, files...)...))
				if err != nil {
					b.Fatal(err)
				}
				ours += r.cpu
				peak = max(peak, r.peak)
			} else {
				cmd := exec.Command(self, files...)
				cmd.Env = append(os.Environ(), referenceLintEnv+"=1")
				r, err := runMeasured(cmd)
				if err != nil {
					b.Fatal(err)
				}
				ref += r.cpu
			}
		}
		rounds++
	}
	b.ReportMetric(ours.Seconds()/float64(rounds), "lint-cpu-s/op")
	b.ReportMetric(ref.Seconds()/float64(rounds), "apiserver-cpu-s/op")
	b.ReportMetric(ref.Seconds()/ours.Seconds(), "x-faster")
	b.ReportMetric(float64(peak)/(1<<20), "lint-peak-MiB")
	b.Logf("%d files, %d paired rounds: lint %.2f s CPU per round, the API server's code %.2f s: %.2fx", len(files), rounds, ours.Seconds()/float64(rounds), ref.Seconds()/float64(rounds), ref.Seconds()/ours.Seconds())
}
