package cel

import (
	"crypto/sha256"
	"encoding/json"
	"errors"
	"fmt"
	"sync"

	"k8s.io/apiextensions-apiserver/pkg/apis/apiextensions"
	apiextensionsv1 "k8s.io/apiextensions-apiserver/pkg/apis/apiextensions/v1"
	structuralschema "k8s.io/apiextensions-apiserver/pkg/apiserver/schema"
	schemacel "k8s.io/apiextensions-apiserver/pkg/apiserver/schema/cel"
	structuraldefaulting "k8s.io/apiextensions-apiserver/pkg/apiserver/schema/defaulting"
	celconfig "k8s.io/apiserver/pkg/apis/cel"

	"github.com/kubeversion/kubeversion/crd"
)

// maxValidators bounds each map of the validator cache: past it, the map
// starts over.
const maxValidators = 1024

// errCannotServe is the server's answer to a request for a custom
// resource whose schema it cannot serve.
var errCannotServe = errors.New("the server could not properly serve the CR schema")

// validatorCache keeps the CEL validator of each schema it was asked for:
// by the schema's address, and by the SHA-256 of its JSON, so that a copy
// of a schema (a CRD decoded again) is compiled once too.
type validatorCache struct {
	mu        sync.Mutex
	byAddress map[schemaKey]*compiledSchema
	byContent map[[sha256.Size]byte]*compiledSchema
}

type schemaKey struct {
	schema                *crd.JSONSchemaProps
	preserveUnknownFields bool
}

// compiledSchema is what the server's NewStrategy keeps of a version's
// schema: the structural schema and its CEL validator, taken apart (see
// node), nil when the schema has no rules.
type compiledSchema struct {
	structural *structuralschema.Structural
	validator  *node
}

// get returns the compiled schema of s, compiled if need be, for a CRD
// whose spec.preserveUnknownFields is preserveUnknownFields.
func (c *validatorCache) get(s *crd.JSONSchemaProps, preserveUnknownFields bool) (*compiledSchema, error) {
	key := schemaKey{s, preserveUnknownFields}
	c.mu.Lock()
	v, ok := c.byAddress[key]
	c.mu.Unlock()
	if ok {
		return v, nil
	}
	data, err := json.Marshal(s)
	if err != nil {
		return nil, fmt.Errorf("%w: %v", errCannotServe, err)
	}
	sum := sha256.Sum256(append(data, boolByte(preserveUnknownFields)))
	c.mu.Lock()
	v, ok = c.byContent[sum]
	c.mu.Unlock()
	if !ok {
		if v, err = compileSchema(data, preserveUnknownFields); err != nil {
			return nil, err
		}
	}
	c.mu.Lock()
	defer c.mu.Unlock()
	if c.byAddress == nil || len(c.byAddress) >= maxValidators {
		c.byAddress = map[schemaKey]*compiledSchema{}
	}
	if c.byContent == nil || len(c.byContent) >= maxValidators {
		c.byContent = map[[sha256.Size]byte]*compiledSchema{}
	}
	c.byAddress[key] = v
	c.byContent[sum] = v
	return v, nil
}

func boolByte(b bool) byte {
	if b {
		return 1
	}
	return 0
}

// compileSchema builds the structural schema of the openAPIV3Schema data
// as the server's crdHandler does for a version (converted from v1 to the
// internal type, made structural and, unless the CRD preserves unknown
// fields, with its defaults pruned) and compiles its rules as NewStrategy
// does. A CRD that preserves unknown fields may have a schema that is not
// structural: the server has no CEL validator for it.
func compileSchema(data []byte, preserveUnknownFields bool) (*compiledSchema, error) {
	var v1 apiextensionsv1.JSONSchemaProps
	if err := json.Unmarshal(data, &v1); err != nil {
		return nil, fmt.Errorf("%w: %v", errCannotServe, err)
	}
	var internal apiextensions.JSONSchemaProps
	if err := apiextensionsv1.Convert_v1_JSONSchemaProps_To_apiextensions_JSONSchemaProps(&v1, &internal, nil); err != nil {
		return nil, fmt.Errorf("%w: %v", errCannotServe, err)
	}
	s, err := structuralschema.NewStructural(&internal)
	if err != nil {
		if preserveUnknownFields {
			return &compiledSchema{}, nil
		}
		return nil, fmt.Errorf("%w: %v", errCannotServe, err)
	}
	if !preserveUnknownFields {
		if err := structuraldefaulting.PruneDefaults(s); err != nil {
			return nil, fmt.Errorf("%w: %v", errCannotServe, err)
		}
	}
	return &compiledSchema{structural: s, validator: newNode(schemacel.NewValidator(s, true, celconfig.PerCallLimit))}, nil
}
