// Command crontab-webhook is a conversion webhook for the CronTab custom
// resource of the Kubernetes docs on CRD versions, written with package
// github.com/kubeversion/kubeversion/conversion: stable.example.com/v1beta1
// has spec.cronSpec and spec.image, and v1 restructures them into
// spec.schedule and spec.jobTemplate.image. crd.yaml is its
// CustomResourceDefinition, with strategy Webhook.
//
// Usage:
//
//	crontab-webhook --cert tls.crt --key tls.key [--addr :8443]
//
// It serves conversions at /convert over HTTPS, as the API server
// requires, and cuts off a client that takes more than 5 s to send its
// headers, 15 s to send its request, 30 s for the answer (the API server's
// own timeout) or keeps a connection idle 90 s (see serverLimits). Check it as the API server would with
//
//	kubeversion webhook check --crd crd.yaml --url https://localhost:8443/convert --ca tls.crt crontabs.yaml
package main

import (
	"flag"
	"log"
)

func main() {
	addr := flag.String("addr", ":8443", "listen on `address`")
	cert := flag.String("cert", "tls.crt", "serve the TLS certificate of `file` (PEM)")
	key := flag.String("key", "tls.key", "with the private key of `file` (PEM)")
	flag.Parse()

	srv := newServer(*addr, converter().Convert, serverLimits)
	log.Printf("crontab-webhook: serving conversions at https://%s/convert", *addr)
	log.Fatal(srv.ListenAndServeTLS(*cert, *key))
}
