package kubeversion

import (
	"bytes"
	"flag"
	"fmt"
	"go/ast"
	"go/format"
	"go/parser"
	"go/token"
	"os"
	"strings"
	"testing"
)

var update = flag.Bool("update", false, "rewrite compare_gen.go from scan in parse.go and order in compare.go")

// TestCompareGenerated fails if compare_gen.go is not what generateCompare
// makes of parse.go and compare.go as they are now; with -update (go
// generate) it rewrites the file instead.
func TestCompareGenerated(t *testing.T) {
	parseGo, err := os.ReadFile("parse.go")
	if err != nil {
		t.Fatal(err)
	}
	compareGo, err := os.ReadFile("compare.go")
	if err != nil {
		t.Fatal(err)
	}
	got, err := generateCompare(parseGo, compareGo)
	if err != nil {
		t.Fatal(err)
	}
	if *update {
		if err := os.WriteFile("compare_gen.go", got, 0o644); err != nil {
			t.Fatal(err)
		}
		return
	}
	want, err := os.ReadFile("compare_gen.go")
	if err != nil {
		t.Fatal(err)
	}
	if !bytes.Equal(got, want) {
		t.Errorf("compare_gen.go does not follow scan in parse.go and order in compare.go: run go generate")
	}
}

// TestGenerateCompare checks that the generator finds each return of scan:
// a scan with three returns must give a compare with six gotos.
func TestGenerateCompare(t *testing.T) {
	const parseGo = `package kubeversion

func scan(s string) Version {
	if s == "" {
		return Version{}
	}
	if s == "v1" {
		return makeVersion(1, GA, 0)
	}
	return Version{}
}
`
	const compareGo = `package kubeversion

func order(a, b string, va, vb Version) int {
	return va.Compare(vb)
}
`
	got, err := generateCompare([]byte(parseGo), []byte(compareGo))
	if err != nil {
		t.Fatal(err)
	}
	for _, want := range []string{
		"s := a", "s := b",
		"va = makeVersion(1, GA, 0)\n\t\t\tgoto scannedA",
		"vb = makeVersion(1, GA, 0)\n\t\t\tgoto scannedB",
		"scannedB:\n\treturn va.Compare(vb)\n}",
	} {
		if !strings.Contains(string(got), want) {
			t.Errorf("generated code lacks %q:\n%s", want, got)
		}
	}
	if n := strings.Count(string(got), "goto scanned"); n != 6 {
		t.Errorf("generated code has %d gotos, want 6 (three returns, twice):\n%s", n, got)
	}
	if _, err := generateCompare([]byte(parseGo), []byte("package kubeversion\n")); err == nil {
		t.Error("generateCompare without order: no error")
	}
}

// TestCompareAgreesWithOrder checks compare, which is generated, against
// the functions it is generated from, order(a, b, scan(a), scan(b)), with
// every string on each side of the comparison: each string of
// grammarStrings against "" (which tells a version from any other string,
// in both copies of scan), and every pair of strings built from the parts
// of versions, near misses included (which tells versions apart).
func TestCompareAgreesWithOrder(t *testing.T) {
	failures := 0
	check := func(a, b string) {
		t.Helper()
		if got, want := compare(a, b), order(a, b, scan(a), scan(b)); got != want {
			t.Errorf("compare(%q, %q) = %d, order on their scans = %d", a, b, got, want)
			if failures++; failures == 20 {
				t.Fatal("stopping after 20 failures")
			}
		}
	}
	grammar := grammarStrings()
	for _, s := range grammar {
		check(s, "")
		check("", s)
	}
	var strs []string
	for _, prefix := range []string{"v", "V", ""} {
		for _, major := range []string{"", "0", "1", "01", "2", "10", "1a", "9223372036854775807", "09223372036854775808"} {
			for _, word := range []string{"", "beta", "alpha", "bet", "alph", "."} {
				for _, minor := range []string{"", "0", "1", "01", "2", "x", "1x", "9223372036854775807", "9223372036854775808"} {
					strs = append(strs, prefix+major+word+minor)
				}
			}
		}
	}
	for _, a := range strs {
		for _, b := range strs {
			check(a, b)
		}
	}
	t.Logf("checked %d strings against \"\" and %d pairs", len(grammar), len(strs)*len(strs))
}

// generateCompare returns the source of compare_gen.go: the function
// compare, which is order(a, b, scan(a), scan(b)) with the calls written
// out. The body of scan, as parseGo spells it, comes once for a and once
// for b, each return turned into an assignment to va or vb and a goto past
// the copy; then comes the body of order, as compareGo spells it, whose
// parameters have the names that compare uses.
func generateCompare(parseGo, compareGo []byte) ([]byte, error) {
	scan, err := funcBody(parseGo, "scan")
	if err != nil {
		return nil, err
	}
	order, err := funcBody(compareGo, "order")
	if err != nil {
		return nil, err
	}
	copyFor := func(v, label string) []byte {
		var b bytes.Buffer
		from := scan.block.Lbrace + 1
		for _, r := range scan.returns {
			b.Write(scan.text(from, r.Pos()))
			fmt.Fprintf(&b, "%s = %s\ngoto %s", v, scan.text(r.Results[0].Pos(), r.End()), label)
			from = r.End()
		}
		b.Write(scan.text(from, scan.block.Rbrace))
		return bytes.TrimSpace(b.Bytes())
	}
	orderBody := bytes.TrimSpace(order.text(order.block.Lbrace+1, order.block.Rbrace))
	return format.Source(fmt.Appendf(nil, compareTemplate, copyFor("va", "scannedA"), copyFor("vb", "scannedB"), orderBody))
}

// funcSource is the body of a function in a source file, with its returns.
type funcSource struct {
	src     []byte
	fset    *token.FileSet
	block   *ast.BlockStmt
	returns []*ast.ReturnStmt
}

// funcBody finds the function called name in the Go file src.
func funcBody(src []byte, name string) (*funcSource, error) {
	fset := token.NewFileSet()
	f, err := parser.ParseFile(fset, "", src, parser.ParseComments)
	if err != nil {
		return nil, err
	}
	for _, d := range f.Decls {
		fd, ok := d.(*ast.FuncDecl)
		if !ok || fd.Name.Name != name || fd.Recv != nil {
			continue
		}
		b := &funcSource{src: src, fset: fset, block: fd.Body}
		ast.Inspect(fd.Body, func(n ast.Node) bool {
			if r, ok := n.(*ast.ReturnStmt); ok {
				b.returns = append(b.returns, r)
			}
			_, lit := n.(*ast.FuncLit)
			return !lit
		})
		return b, nil
	}
	return nil, fmt.Errorf("no func %s", name)
}

// text returns the source between two positions.
func (b *funcSource) text(from, to token.Pos) []byte {
	return b.src[b.fset.Position(from).Offset:b.fset.Position(to).Offset]
}

const compareTemplate = `// Code generated by TestCompareGenerated in compare_gen_test.go; DO NOT EDIT.

package kubeversion

import "strings"

// compare returns order(a, b, scan(a), scan(b)) without the calls, which
// the compiler does not inline: the body of scan in parse.go is written out
// below once for a and once for b, each return turned into an assignment
// and a goto, and then the body of order. To change it, change scan and
// run go generate.
func compare(a, b string) int {
	var va, vb Version
	{
		s := a
		%s
	}
scannedA:
	{
		s := b
		%s
	}
scannedB:
	%s
}
`
