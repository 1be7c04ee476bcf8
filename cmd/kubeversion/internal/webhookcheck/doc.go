// Package webhookcheck is the engine of kubeversion webhook check: it
// calls a CustomResourceDefinition's conversion webhook as the API
// server would, with sample objects, and checks its answers ([Run] with
// [Options], giving a [Result]): conversion to every served version,
// lists, round trips, pruned and lost fields, and the stops of a run
// (deadline, unreachable webhook, oversized answers).
//
// In scope: reading the CRD and the samples, the webhook's HTTP client,
// and the findings. Out of scope: flags, exit statuses and the writing
// of the result in a format, which the command does.
package webhookcheck
