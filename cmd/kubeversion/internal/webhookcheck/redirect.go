package webhookcheck

import (
	"fmt"
	"net/url"

	"github.com/kubeversion/kubeversion/cmd/kubeversion/internal/diag"
)

// warnPlain warns, once per run, that the webhook redirected to u, which
// is not HTTPS. The API server's webhook client follows such a redirect
// without a word (it sets no CheckRedirect), and so does this one, so that
// the check stays the server's; but every call after it sends the objects
// unencrypted to a server whose identity nobody verifies, which the
// webhook's owner would want to know.
func (c *webhookClient) warnPlain(u *url.URL) {
	if c.stderr == nil {
		return
	}
	c.plainOnce.Do(func() {
		fmt.Fprintf(c.stderr, "kubeversion webhook check: warning: the webhook redirected from HTTPS to plain HTTP (%s), which the API server follows too: the objects are sent unencrypted to a server whose identity nobody verifies\n", diag.TextLine(u.Redacted()))
	})
}
