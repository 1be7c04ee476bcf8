// Package validate is the engine of kubeversion validate: it reads
// objects and CustomResourceDefinitions, and the live objects of --old,
// and judges each object as the API server would on create or update
// ([Stream] or [Run] with [Options], giving a [Result]): unknown and
// duplicate fields as --validate says, the CRD's schema and CEL rules,
// the versions it serves, and what the server stores of a valid object.
// Objects are judged as they are read, and their reports written as they
// come ([Writer]) as text, JSON, GitHub annotations or SARIF.
//
// In scope: reading the inputs, judging the objects, the verdicts and
// their summary, and the formats of the result. Out of scope: flags,
// usage errors, exit statuses and the writing of the problems of the
// input to standard error, which the command does; and the checks of
// the CRDs themselves, which are lint's.
package validate
