package builtin

// Release is the Kubernetes release whose API server code judges
// objects: the k8s.io/kubernetes version this module requires.
const Release = "1.37.2"
