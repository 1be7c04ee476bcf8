package conformance

import (
	"flag"
	"io"

	"github.com/kubeversion/kubeversion/cel"
	"k8s.io/klog/v2"
)

// The differential of ValidateObject runs ours with the cel module's
// evaluator, the rules of every version then compared too.
func init() {
	objEvaluator = cel.NewEvaluator()
}

// quietKlog stops the API server's code from logging each duplicate
// validation error it drops (validate.go "Found duplicate validation
// error"), which would bury a large run's report.
func quietKlog() {
	fs := flag.NewFlagSet("klog", flag.ContinueOnError)
	klog.InitFlags(fs)
	_ = fs.Set("logtostderr", "false")
	_ = fs.Set("alsologtostderr", "false")
	_ = fs.Set("stderrthreshold", "FATAL")
	klog.SetOutput(io.Discard)
}
