package conversion

import (
	"strings"

	"github.com/kubeversion/kubeversion/crd"
)

// labelsErrors is metav1validation.ValidateLabels at metadata.labels, as
// printed field errors, with keys in sorted order.
func labelsErrors(m map[string]string) []string {
	return messagesOf(crd.ValidateLabels("metadata.labels", m))
}

// annotationsErrors is apivalidation.ValidateAnnotations with the field
// path the conversion code gives it, metadata.annotation (sic), with keys
// in sorted order. Keys are checked in lower case.
func annotationsErrors(m map[string]string) []string {
	return messagesOf(crd.ValidateAnnotations("metadata.annotation", m))
}

func messagesOf(errs crd.ErrorList) []string {
	var msgs []string
	for _, e := range errs {
		msgs = append(msgs, e.Error())
	}
	return msgs
}

// aggregate joins messages as an apimachinery ErrorList.ToAggregate()
// prints them: duplicates dropped, one message as it is, several as
// "[a, b]".
func aggregate(msgs []string) string {
	var uniq []string
	seen := make(map[string]bool, len(msgs))
	for _, m := range msgs {
		if !seen[m] {
			seen[m] = true
			uniq = append(uniq, m)
		}
	}
	if len(uniq) == 1 {
		return uniq[0]
	}
	return "[" + strings.Join(uniq, ", ") + "]"
}
