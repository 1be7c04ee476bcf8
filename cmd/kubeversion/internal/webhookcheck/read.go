package webhookcheck

import (
	"fmt"
	"io"

	"github.com/kubeversion/kubeversion/cmd/kubeversion/internal/inputs"
	"github.com/kubeversion/kubeversion/cmd/kubeversion/internal/server"
	"github.com/kubeversion/kubeversion/crd"
)

// readSamples reads the objects of kind def's kind in the files of paths,
// in order, or says why it cannot; no object at all is an error.
func readSamples(stdin io.Reader, def *crd.CustomResourceDefinition, paths []string) ([]sample, string) {
	var samples []sample
	for _, path := range paths {
		data, err := inputs.ReadFile(stdin, path)
		if err != nil {
			return nil, err.Error()
		}
		objects, p := inputs.ReadObjects(path, data)
		if p != nil {
			return nil, p.String()
		}
		s, p := samplesOf(def, objects)
		if p != nil {
			return nil, p.String()
		}
		samples = append(samples, s...)
	}
	if len(samples) == 0 {
		return nil, fmt.Sprintf("no object of kind %s in %q", def.Spec.Names.Kind, paths)
	}
	return samples, ""
}

// readWebhookCRD reads the one CustomResourceDefinition of file, as lint
// reads it; errors of validation are lint's business, not checked here.
func readWebhookCRD(stdin io.Reader, file string) (*crd.CustomResourceDefinition, *inputs.Problem) {
	data, err := inputs.ReadFile(stdin, file)
	if err != nil {
		return nil, &inputs.Problem{File: file, Line: 0, Message: err.Error()}
	}
	objects, p := inputs.ReadObjects(file, data)
	if p != nil {
		return nil, p
	}
	var found []inputs.Object
	for _, o := range objects {
		if o.IsCRD() {
			found = append(found, o)
		}
	}
	if len(found) != 1 {
		return nil, &inputs.Problem{File: file, Line: 0, Message: fmt.Sprintf("want one CustomResourceDefinition, found %d", len(found))}
	}
	def, errs := server.DecodeCRD(found[0], inputs.NewLocator(found[0]))
	if len(errs) > 0 { // the server would not have it
		return nil, &inputs.Problem{File: file, Line: errs[0].Line, Message: errs[0].Message}
	}
	return def, nil
}
