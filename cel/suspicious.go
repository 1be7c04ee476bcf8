package cel

import (
	"strings"
	"sync"

	celgo "github.com/google/cel-go/cel"
	celast "github.com/google/cel-go/common/ast"
)

// newNames is what the environments for new expressions of the releases
// after Oldest added to it: the names of the functions that gained an
// overload (and each part of a qualified name, as "format" and
// "dns1123Label" of format.dns1123Label), the names of new macros, and
// CEL's reserved words, which 1.32 accepts as field names. An expression
// that names none of them, and has no two-variable comprehension, compiles
// in the environment of every release from Oldest to Newest alike:
// TestEnvironmentsDifferInNames holds the environments to that.
var newNames = sync.OnceValue(func() map[string]bool {
	oldest, newest := envSetFor(Oldest).NewExpressionsEnv(), envSetFor(Newest).NewExpressionsEnv()
	names := map[string]bool{}
	add := func(name string) {
		names[name] = true
		for _, part := range strings.Split(name, ".") {
			names[part] = true
		}
	}
	for name, fn := range newest.Functions() {
		ids := map[string]bool{}
		if old, ok := oldest.Functions()[name]; ok {
			for _, o := range old.OverloadDecls() {
				ids[o.ID()] = true
			}
		}
		for _, o := range fn.OverloadDecls() {
			if !ids[o.ID()] {
				add(name)
				break
			}
		}
	}
	for _, m := range newMacros(oldest, newest) {
		add(m.Function())
	}
	for _, w := range reservedWords {
		names[w] = true
	}
	return names
})

// reservedWords are the reserved symbols of CEL's lexer that a field may be
// named (k8s.io/apiserver/pkg/cel's celReservedSymbols but the literals
// and "in").
var reservedWords = []string{
	"as", "break", "const", "continue", "else", "for", "function", "if", "import", "let",
	"loop", "package", "namespace", "return", "var", "void", "while",
}

// newMacros returns the macros of newest that oldest lacks.
func newMacros(oldest, newest *celgo.Env) []celgo.Macro {
	keys := map[string]bool{}
	for _, m := range oldest.Macros() {
		keys[m.MacroKey()] = true
	}
	var out []celgo.Macro
	for _, m := range newest.Macros() {
		if !keys[m.MacroKey()] {
			out = append(out, m)
		}
	}
	return out
}

// maxSuspects bounds the cache of suspicious: past it, it starts over.
const maxSuspects = 4096

// suspects caches what suspicious said of each expression.
type suspects struct {
	mu   sync.Mutex
	seen map[string]bool
}

// suspicious reports whether expr may compile in some release's
// environment and not in Oldest's: whether, parsed in the newest
// environment, it names one of newNames or has a two-variable
// comprehension. An expression that does not parse is not: no release
// compiles it.
func (c *Checker) suspicious(expr string) bool {
	if strings.TrimSpace(expr) == "" {
		return false
	}
	c.suspects.mu.Lock()
	s, ok := c.suspects.seen[expr]
	c.suspects.mu.Unlock()
	if ok {
		return s
	}
	s = parsedSuspicious(expr)
	c.suspects.mu.Lock()
	if c.suspects.seen == nil || len(c.suspects.seen) >= maxSuspects {
		c.suspects.seen = map[string]bool{}
	}
	c.suspects.seen[expr] = s
	c.suspects.mu.Unlock()
	return s
}

func parsedSuspicious(expr string) bool {
	names := newNames()
	if !mentionsAny(expr, names) {
		return false
	}
	ast, iss := envSetFor(Newest).NewExpressionsEnv().Parse(expr)
	if iss.Err() != nil {
		return false
	}
	found := false
	celast.PreOrderVisit(ast.NativeRep().Expr(), celast.NewExprVisitor(func(e celast.Expr) {
		switch e.Kind() {
		case celast.CallKind:
			found = found || names[e.AsCall().FunctionName()]
		case celast.IdentKind:
			found = found || names[e.AsIdent()]
		case celast.SelectKind:
			found = found || names[e.AsSelect().FieldName()]
		case celast.ComprehensionKind:
			found = found || e.AsComprehension().HasIterVar2()
		}
	}))
	return found
}

// mentionsAny reports whether expr has an identifier among names: the
// cheap test before parsing.
func mentionsAny(expr string, names map[string]bool) bool {
	start := -1
	for i := 0; i <= len(expr); i++ {
		ident := i < len(expr) && (expr[i] == '_' || 'a' <= expr[i]|0x20 && expr[i]|0x20 <= 'z' || start >= 0 && '0' <= expr[i] && expr[i] <= '9')
		switch {
		case ident && start < 0:
			start = i
		case !ident && start >= 0:
			if names[expr[start:i]] {
				return true
			}
			start = -1
		}
	}
	return false
}
