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

var update = flag.Bool("update", false, "rewrite compare_gen.go from rank and orderRanks in rank.go")

// TestCompareGenerated fails if compare_gen.go is not what generateCompare
// makes of rank.go as it is now; with -update (go generate) it rewrites the
// file instead.
func TestCompareGenerated(t *testing.T) {
	rankGo, err := os.ReadFile("rank.go")
	if err != nil {
		t.Fatal(err)
	}
	got, err := generateCompare(rankGo)
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
		t.Errorf("compare_gen.go does not follow rank and orderRanks in rank.go: run go generate")
	}
}

// TestGenerateCompare checks that the generator finds each return of rank:
// a rank with three returns must give a compare with six gotos.
func TestGenerateCompare(t *testing.T) {
	const rankGo = `package kubeversion

func rank(s string) uint64 {
	if s == "" {
		return 0
	}
	if s == "v1" {
		return rankGA | 1
	}
	return 0
}

func orderRanks(a, b string, ra, rb uint64) int {
	return b2i(ra > rb) - b2i(ra < rb)
}
`
	got, err := generateCompare([]byte(rankGo))
	if err != nil {
		t.Fatal(err)
	}
	for _, want := range []string{
		"s := a", "s := b",
		"ra = rankGA | 1\n\t\t\tgoto rankedA",
		"rb = rankGA | 1\n\t\t\tgoto rankedB",
		"rankedB:\n\treturn b2i(ra > rb) - b2i(ra < rb)\n}",
	} {
		if !strings.Contains(string(got), want) {
			t.Errorf("generated code lacks %q:\n%s", want, got)
		}
	}
	if n := strings.Count(string(got), "goto ranked"); n != 6 {
		t.Errorf("generated code has %d gotos, want 6 (three returns, twice):\n%s", n, got)
	}
	if _, err := generateCompare([]byte(rankGo[:strings.Index(rankGo, "func orderRanks")])); err == nil {
		t.Error("generateCompare without orderRanks: no error")
	}
}

// TestCompareAgreesWithOrder checks compare, which is generated, against
// order(a, b, scan(a), scan(b)), the ordering it must give, with every
// string on each side of the comparison: each string of grammarStrings and
// of nearShapes against "" (which tells a version from any other string,
// in both copies of rank), and every pair of strings built from the parts
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
	// Each exit of the fast path of rank, in both copies.
	for _, s := range nearShapes() {
		for _, other := range []string{"", "v1", "v1beta1"} {
			check(s, other)
			check(other, s)
		}
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
// compare, which is orderRanks(a, b, rank(a), rank(b)) with the calls
// written out. The body of rank, as rankGo spells it, comes once for a and
// once for b, each return turned into an assignment to ra or rb and a goto
// past the copy; then comes the body of orderRanks, whose parameters have
// the names that compare uses.
func generateCompare(rankGo []byte) ([]byte, error) {
	rank, err := funcBody(rankGo, "rank")
	if err != nil {
		return nil, err
	}
	order, err := funcBody(rankGo, "orderRanks")
	if err != nil {
		return nil, err
	}
	copyFor := func(v, label string) []byte {
		var b bytes.Buffer
		from := rank.block.Lbrace + 1
		for _, r := range rank.returns {
			b.Write(rank.text(from, r.Pos()))
			fmt.Fprintf(&b, "%s = %s\ngoto %s", v, rank.text(r.Results[0].Pos(), r.End()), label)
			from = r.End()
		}
		b.Write(rank.text(from, rank.block.Rbrace))
		return bytes.TrimSpace(b.Bytes())
	}
	orderBody := bytes.TrimSpace(order.text(order.block.Lbrace+1, order.block.Rbrace))
	return format.Source(fmt.Appendf(nil, compareTemplate, copyFor("ra", "rankedA"), copyFor("rb", "rankedB"), orderBody))
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

// compare returns orderRanks(a, b, rank(a), rank(b)) without the calls,
// which the compiler does not inline: the body of rank in rank.go is
// written out below once for a and once for b, each return turned into an
// assignment and a goto, and then the body of orderRanks. Strings too long
// or too short for a rank go to compareLong. To change it, change rank.go
// and run go generate.
func compare(a, b string) int {
	if uint(len(a)-2) >= rankLimit-2 || uint(len(b)-2) >= rankLimit-2 {
		return compareLong(a, b)
	}
	var ra, rb uint64
	{
		s := a
		%s
	}
rankedA:
	{
		s := b
		%s
	}
rankedB:
	%s
}
`
