// Package blockyaml reads the block-style YAML that generators of
// Kubernetes manifests write (controller-gen, kubebuilder, Helm charts
// rendered, kubectl get -o yaml), exactly as kubectl reads it, and several
// times faster.
//
// kubectl reads YAML with sigs.k8s.io/yaml: go.yaml.in/yaml/v2 builds a
// tree of YAML 1.1 values, which is written as JSON and decoded again, with
// numbers as int64 where they fit. [Read] gives the same tree in one pass
// over the text, for the texts within the subset it knows, and says so
// when a text is outside it, so that the caller reads that text the slow
// way. It never guesses: what it reads, it reads as kubectl does, and the
// tests hold it to sigs.k8s.io/yaml on every input they meet.
//
// In scope: block mappings and sequences (a sequence may sit at the
// indentation of its key), compact mappings in sequence items, plain
// scalars, single- and double-quoted scalars (double-quoted with the
// escapes \\ \" \n \t \r, "\ ", \uXXXX and an escaped line break), all
// over one or more lines, literal
// and folded block scalars, flow collections on one line whose plain
// scalars are simple ("{app: web}", "[sh, -c, 'echo hi']"; see
// parser.flow), comments, and the plain scalars null, ~, the
// YAML 1.1 booleans (yes, on, y...) and decimal integers of up to 18
// digits.
//
// Outside it, so left to the slow path: anchors, aliases and merge keys,
// tags, directives and document markers, flow collections over several
// lines or with other content,
// folded block scalars with more-indented lines, block scalars whose
// blank lines hold spaces that are content, plain scalars that YAML 1.1 reads as floats, timestamps or
// integers in other bases, keys that are not strings, duplicate keys,
// tabs, control characters and line breaks other than "\n" (NEL, U+2028,
// U+2029), and YAML errors of every kind: on those the slow path gives the
// message.
package blockyaml
