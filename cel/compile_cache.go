package cel

import (
	"crypto/sha256"
	"sync"

	"k8s.io/apiextensions-apiserver/pkg/apis/apiextensions"
	"k8s.io/apiextensions-apiserver/pkg/apis/apiextensions/validation"
	schemacel "k8s.io/apiextensions-apiserver/pkg/apiserver/schema/cel"
	celconfig "k8s.io/apiserver/pkg/apis/cel"
	apiservercel "k8s.io/apiserver/pkg/cel"
	"k8s.io/apiserver/pkg/cel/environment"
)

// maxCompiled bounds the compile cache: past it, the cache starts over.
const maxCompiled = 4096

// compileCache keeps the results of compiling the rules of a schema, so
// that the same schema with the same rules, in the same environments (the
// same rule in three versions of a CRD, the same type in two CRDs of a
// project), is compiled once. What compiling gives depends only on these:
// the cost of a rule's evaluations outside the schema, from the
// cardinality of the schemas above, is computed apart. Only the random
// number in the name CEL gives the schema's type ("selfType123") can
// differ from a compilation of its own.
type compileCache struct {
	mu      sync.Mutex
	results map[[sha256.Size]byte][]ruleResult // by the SHA-256 of compileKey
}

// ruleResult is what the checks take of a rule's CompilationResult: its
// programs, which take memory and which nothing here runs, are dropped.
type ruleResult struct {
	err, messageErr      *apiservercel.Error
	maxCost, cardinality uint64 // of one evaluation; how many the schema allows
	messageMaxCost       uint64
	hasMessage           bool // a message expression that compiled
	usesOldSelf          bool
}

func slim(results []schemacel.CompilationResult) []ruleResult {
	out := make([]ruleResult, len(results))
	for i, r := range results {
		out[i] = ruleResult{
			err: r.Error, messageErr: r.MessageExpressionError,
			maxCost: r.MaxCost, cardinality: r.MaxCardinality, messageMaxCost: r.MessageExpressionMaxCost,
			hasMessage: r.MessageExpression != nil, usesOldSelf: r.UsesOldSelf,
		}
	}
	return out
}

// compile returns schemacel.Compile's results for the rules of s, whose
// type information is typeInfo, in the environments loader picks of the
// API server of release 1.minor; root
// tells whether s is the root of the resource, whose type has metadata
// fields.
func (c *compileCache) compile(s *apiextensions.JSONSchemaProps, root bool, typeInfo *validation.CELTypeInfo, minor int, loader schemacel.EnvLoader, d digests) ([]ruleResult, error) {
	envSet := envSetFor(minor)
	key, ok := compileKey(s, root, minor, envSet, loader, d)
	if ok {
		c.mu.Lock()
		r, hit := c.results[key]
		c.mu.Unlock()
		if hit {
			return r, nil
		}
	}
	full, err := schemacel.Compile(typeInfo.Schema, typeInfo.DeclType, celconfig.PerCallLimit, envSet, loader)
	if err != nil {
		return nil, err
	}
	r := slim(full)
	if !ok {
		return r, nil
	}
	c.mu.Lock()
	if c.results == nil || len(c.results) >= maxCompiled {
		c.results = map[[sha256.Size]byte][]ruleResult{}
	}
	c.results[key] = r
	c.mu.Unlock()
	return r, nil
}

// compileKey returns the SHA-256 of whether s is the root, the release,
// the schema (see schemaHasher), and which environment each rule and
// message expression compiles in; false if a value of s cannot be written
// as JSON. The hash keeps the cache small: the schemas of a corpus take
// tens of megabytes.
func compileKey(s *apiextensions.JSONSchemaProps, root bool, minor int, envSet *environment.EnvSet, loader schemacel.EnvLoader, d digests) ([sha256.Size]byte, bool) {
	w := newSchemaHasher(d)
	w.buf = append(w.buf, env(root), byte(minor))
	w.schema(s)
	if w.err != nil {
		return [sha256.Size]byte{}, false
	}
	stored := envSet.StoredExpressionsEnv()
	for _, r := range s.XValidations {
		w.buf = append(w.buf, env(loader.RuleEnv(envSet, r.Rule) == stored), env(loader.MessageExpressionEnv(envSet, r.MessageExpression) == stored))
	}
	w.flush()
	var sum [sha256.Size]byte
	w.h.Sum(sum[:0])
	return sum, true
}

func env(stored bool) byte {
	if stored {
		return 's'
	}
	return 'n'
}
