// Package kubeversion parses, compares, sorts and validates Kubernetes API
// versions such as "v1", "v2beta1" and "v1alpha3", in the order Kubernetes
// itself uses to pick a default version. It is about API versions, not
// cluster releases such as "v1.30.2".
//
// # Grammar
//
// A Kubernetes version is a string of the form
//
//	v<major>
//	v<major>alpha<minor>
//	v<major>beta<minor>
//
// where <major> and <minor> are one or more ASCII digits whose value is at
// most 9223372036854775807 (the largest int64). Nothing else is accepted: no
// upper case, no white space, no "+" or "-", no "v1beta" without a number, no
// non-ASCII digits, no trailing newline. [Parse] reports why a string does
// not fit, and [IsValid] answers yes or no without allocating.
//
// # Ordering
//
// [Compare], [Sort] and [Highest] rank strings the way Kubernetes does in
// k8s.io/apimachinery/pkg/version.CompareKubeAwareVersionStrings, which
// decides the version kubectl uses and discovery advertises:
//
//   - Kubernetes versions rank above every other string.
//   - Among them, GA ranks above beta, beta above alpha; then the larger major
//     ranks higher; then the larger minor.
//   - Other strings rank among themselves in byte order, the smaller first, so
//     "foo1" ranks above "foo10".
//
// The example list of the Kubernetes documentation, highest first:
//
//	v10 v2 v1 v11beta2 v10beta3 v3beta1 v12alpha1 v11alpha2 foo1 foo10
//
// # Where this package departs from Kubernetes
//
// The answers are the same as Kubernetes' whenever Kubernetes tells two
// strings apart. Three things differ on purpose:
//
//   - [Compare] returns only -1, 0 or +1, where Kubernetes returns the raw
//     difference of two numbers.
//   - The order is total: [Compare] returns 0 only for equal strings.
//     Kubernetes ranks "v1" and "v01" (or "v1beta1" and "v1beta01") equal,
//     so its sorts are not deterministic. Here, of two spellings of the same
//     version, the shorter one (the one with fewer leading zeros) ranks
//     higher, and of two of the same length the byte-wise smaller one.
//   - The numeric limit is the same on every platform. Kubernetes parses
//     numbers with strconv.Atoi, so on 64-bit servers a number above
//     9223372036854775807 makes a string "not a Kubernetes version"; this
//     package applies that 64-bit limit on 32-bit platforms too.
//
// Leading zeros are accepted, as Kubernetes accepts them: "v01" is major 1.
// A [Version] keeps only the numbers, so its String method gives the
// canonical spelling "v1".
//
// # Cost
//
// [IsValid] and [Compare] never allocate, and neither does [Parse] for a
// valid version; each takes time linear in the length of its input. [Sort]
// parses each element once.
package kubeversion
