package objectmeta

import "time"

// UID is the uid of an object, as the server's types.UID: a string that
// prints in an error as JSON, "\u003c" for '<', not quoted as a Go
// string.
type UID string

// Time is a timestamp of metadata, as the server's metav1.Time: it prints
// in an error as JSON, "2024-01-02T03:04:05Z" in UTC, or null when zero.
type Time struct {
	time.Time
}

// MarshalJSON writes t as metav1.Time does: null when zero, else its
// RFC 3339 form in UTC, to the second.
func (t Time) MarshalJSON() ([]byte, error) {
	if t.IsZero() {
		return []byte("null"), nil
	}
	buf := make([]byte, 0, len(time.RFC3339)+2)
	buf = append(buf, '"')
	buf = t.UTC().AppendFormat(buf, time.RFC3339)
	return append(buf, '"'), nil
}

// UID returns the uid of m: "" when absent.
func (m Meta) UID() UID {
	s, _ := m.Normalized["uid"].(string)
	return UID(s)
}

// ResourceVersion returns the resourceVersion of m: "" when absent.
func (m Meta) ResourceVersion() string {
	s, _ := m.Normalized["resourceVersion"].(string)
	return s
}

// CreationTimestamp returns the creationTimestamp of m: zero when absent.
func (m Meta) CreationTimestamp() Time {
	return timestamp(m.Normalized["creationTimestamp"])
}

// DeletionTimestamp returns the deletionTimestamp of m, or nil when it is
// absent or zero, as the server reads it back from the metadata it wrote
// (where a zero time is null).
func (m Meta) DeletionTimestamp() *Time {
	t := timestamp(m.Normalized["deletionTimestamp"])
	if t.IsZero() {
		return nil
	}
	return &t
}

// DeletionGracePeriodSeconds returns the deletionGracePeriodSeconds of m,
// or nil when absent.
func (m Meta) DeletionGracePeriodSeconds() *int64 {
	n, ok := m.Normalized["deletionGracePeriodSeconds"].(int64)
	if !ok {
		return nil
	}
	return &n
}

// timestamp reads a timestamp as [Read] writes it back: RFC 3339; zero
// when v is not one.
func timestamp(v any) Time {
	s, _ := v.(string)
	t, err := time.Parse(time.RFC3339, s)
	if err != nil {
		return Time{}
	}
	return Time{t}
}
