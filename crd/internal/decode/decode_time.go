package decode

import (
	"errors"
	"time"

	"github.com/kubeversion/kubeversion/crd/internal/api"
	"github.com/kubeversion/kubeversion/crd/internal/objectmeta"
)

// checkTimestamps fails as the API server's decoding fails on a timestamp
// that metav1.Time cannot read: one that is neither null nor an RFC 3339
// string. The error is time.Parse's, or encoding/json's for a value that
// is not a string, as the server's. For example, creationTimestamp: "x"
// gives
//
//	parsing time "x" as "2006-01-02T15:04:05Z07:00": cannot parse "x" as "2006"
func checkTimestamps(c *api.CustomResourceDefinition) error {
	m := &c.Metadata
	if err := checkTimestamp(m.CreationTimestamp); err != nil {
		return err
	}
	if err := checkTimestamp(m.DeletionTimestamp); err != nil {
		return err
	}
	for i := range m.ManagedFields {
		if err := checkTimestamp(m.ManagedFields[i].Time); err != nil {
			return err
		}
	}
	for i := range c.Status.Conditions {
		if err := checkTimestamp(c.Status.Conditions[i].LastTransitionTime); err != nil {
			return err
		}
	}
	return nil
}

func checkTimestamp(j *api.JSON) error {
	if j == nil || j.Value == nil {
		return nil
	}
	s, ok := j.Value.(string)
	if !ok {
		return errors.New("json: cannot unmarshal " + objectmeta.JSONKind(j.Value, "string") + " into Go value of type string")
	}
	_, err := time.Parse(time.RFC3339, s)
	return err
}
