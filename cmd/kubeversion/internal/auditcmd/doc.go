// Package auditcmd prints the report of `kubeversion audit`, the engine's
// (package audit of the migrate module), as text, JSON or Markdown
// ([Write]), and gives its exit status ([ExitStatus]). Every string the
// cluster sent (names, messages, reasons) is escaped as the command's
// other output is, so that a hostile cluster cannot write terminal or CI
// commands through it.
package auditcmd
