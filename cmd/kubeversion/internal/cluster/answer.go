package cluster

import (
	"errors"

	"github.com/kubeversion/kubeversion/migrate"
)

// MaxAnswerBytes caps the body of one answer of the cluster, as read (after
// any gzip is undone): 64 MiB. An answer of LiveCRDs is one CRD, which the
// API server accepted in a request body of at most 3 MiB and etcd stores
// in at most 1.5 MiB by default; served as JSON with its status and
// managedFields it stays within a few times that. A body that never ends
// would otherwise be read until memory runs out, well before lint's 30 s
// timeout. LiveCRDs reads no lists.
const MaxAnswerBytes = 64 << 20

// ErrAnswerTooLarge is the error of an answer larger than MaxAnswerBytes.
var ErrAnswerTooLarge = errors.New("the answer is larger than 64 MiB: no CRD is that large")

// capAnswers returns rt with the body of each answer capped at
// MaxAnswerBytes, as migrate caps its answers (see migrate.LimitAnswers):
// reading past it is an error wrapping migrate.ErrAnswerTooLarge, which
// LiveCRDs.Get gives as ErrAnswerTooLarge.
var capAnswers = migrate.LimitAnswers(MaxAnswerBytes)
