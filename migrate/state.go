package migrate

import (
	"encoding/json"
	"errors"
	"fmt"
	"io/fs"
	"os"
	"path/filepath"

	"k8s.io/apimachinery/pkg/types"
)

// State is what a run records in its state file after each page, so that a
// run interrupted (killed, cancelled, its list failed) resumes after the
// last page it finished instead of from the first.
//
// A run resumes from a state only when the CRD still has the state's uid,
// generation and storage version; else it starts over. A resumed run lists
// from Continue; when that token expired and the server gives no other, it
// lists from the beginning and skips the objects whose key is not after
// LastKey (lists are in key order). The state file is removed when the list
// is complete, so a run after a complete one starts over; patching an
// object again costs a request but no etcd write.
type State struct {
	// CRD, UID, Generation and Storage identify the CRD the state is for.
	CRD        string    `json:"crd"`
	UID        types.UID `json:"uid"`
	Generation int64     `json:"generation"`
	Storage    string    `json:"storage"`
	// Continue is the continue token of the next page ("" at the start).
	Continue string `json:"continue"`
	// LastKey is namespace/name (name when cluster-scoped) of the last
	// object of the last page finished.
	LastKey string `json:"lastKey"`
	// Counts, Failed and Pages are those of the pages finished.
	Counts
	Failed []Failure `json:"failed,omitempty"`
	Pages  int       `json:"pages"`
}

// newState returns the empty state of a run on t.
func newState(t Target) *State {
	return &State{CRD: t.Name, UID: t.UID, Generation: t.Generation, Storage: t.Storage}
}

// Matches reports whether s was written by a run on the CRD t describes,
// unchanged since: same name, uid, generation and storage version.
func (s *State) Matches(t Target) bool {
	return s.CRD == t.Name && s.UID == t.UID && s.Generation == t.Generation && s.Storage == t.Storage
}

// ReadState reads the state file at path. A missing file is no error: it
// returns nil, nil.
func ReadState(path string) (*State, error) {
	b, err := os.ReadFile(path)
	if errors.Is(err, fs.ErrNotExist) {
		return nil, nil
	}
	if err != nil {
		return nil, fmt.Errorf("migrate: state file: %w", err)
	}
	var s State
	if err := json.Unmarshal(b, &s); err != nil {
		return nil, fmt.Errorf("migrate: state file %s: %w", path, err)
	}
	return &s, nil
}

// WriteFile writes s to path atomically: to a temporary file in the same
// directory, renamed over path, so that a run killed while writing leaves
// the previous state whole.
func (s *State) WriteFile(path string) error {
	b, err := json.MarshalIndent(s, "", "  ")
	if err != nil {
		return err
	}
	f, err := os.CreateTemp(filepath.Dir(path), filepath.Base(path)+".*.tmp")
	if err != nil {
		return fmt.Errorf("migrate: state file: %w", err)
	}
	_, err = f.Write(append(b, '\n'))
	if err == nil {
		err = f.Sync()
	}
	if cerr := f.Close(); err == nil {
		err = cerr
	}
	if err == nil {
		err = os.Rename(f.Name(), path)
	}
	if err != nil {
		os.Remove(f.Name())
		return fmt.Errorf("migrate: state file: %w", err)
	}
	return nil
}
