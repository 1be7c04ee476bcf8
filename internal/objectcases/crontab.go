package objectcases

// CronTab are cases of the CRD of examples/crontab-crd.yaml, which has a
// CEL rule on spec in v1.
var CronTab = []Case{{
	Name:   "valid",
	Obj:    `{` + v1 + `,"metadata":{"name":"a"},"spec":{"cronSpec":"* * * * */5","image":"img","replicas":2}}`,
	Stored: `{` + v1 + `,` + meta + `,"spec":{"cronSpec":"* * * * */5","image":"img","replicas":2}}`,
	Rules:  1,
}, {
	Name:   "wrong type blocks CEL",
	Obj:    `{` + v1 + `,"metadata":{"name":"a"},"spec":{"replicas":"string"}}`,
	Errors: []string{`spec.replicas: Invalid value: "string": spec.replicas in body must be of type integer: "string"`, skipped},
	Rules:  1,
}, {
	Name:   "unknown fields pruned",
	Obj:    `{` + v1 + `,"metadata":{"name":"a","foo":1},"bar":2,"spec":{"foo":1,"replicas":1}}`,
	Strict: []string{`unknown field "metadata.foo"`, `unknown field "bar"`, `unknown field "spec.foo"`},
	Stored: `{` + v1 + `,` + meta + `,"spec":{"replicas":1}}`,
	Rules:  1,
}, {
	Name:   "duplicate field: last wins",
	Obj:    `{` + v1 + `,"metadata":{"name":"a"},"spec":{"replicas":1,"replicas":2}}`,
	Strict: []string{`duplicate field "spec.replicas"`},
	Stored: `{` + v1 + `,` + meta + `,"spec":{"replicas":2}}`,
	Rules:  1,
}, {
	Name:   "CEL rule on an object omits the value",
	Obj:    `{` + v1 + `,"metadata":{"name":"a"},"spec":{"replicas":-1}}`,
	Errors: []string{`spec: Invalid value: replicas must not be negative`},
	Rules:  1,
	CEL:    true,
}, {
	Name:   "no name",
	Obj:    `{` + v1 + `,"metadata":{},"spec":{}}`,
	Errors: []string{`metadata.name: Required value: name or generateName is required`, skipped},
	Rules:  1,
}, {
	Name:     "generated name, finalizer warning",
	Obj:      `{` + v1 + `,"metadata":{"generateName":"a-","finalizers":["foo"]}}`,
	Stored:   `{` + v1 + `,"metadata":{"finalizers":["foo"],"generateName":"a-","generation":1,"name":"a-xn8fg","namespace":"default"}}`,
	Warnings: []string{`metadata.finalizers: "foo": prefer a domain-qualified finalizer name to avoid accidental conflicts with other finalizer writers`},
	Rules:    1,
}, {
	Name:     "deprecated version",
	Obj:      `{"apiVersion":"stable.example.com/v1beta1","kind":"CronTab","metadata":{"name":"a","namespace":"ns"}}`,
	Stored:   `{"apiVersion":"stable.example.com/v1beta1","kind":"CronTab","metadata":{"generation":1,"name":"a","namespace":"ns"}}`,
	Warnings: []string{`stable.example.com/v1beta1 CronTab is deprecated; use stable.example.com/v1 CronTab`},
}, {
	Name:   "update ratchets a CEL rule on an unchanged object",
	Obj:    `{` + v1 + `,"metadata":{"name":"a","resourceVersion":"7","labels":{"x":"y"}},"spec":{"replicas":-1}}`,
	Old:    `{` + v1 + `,"metadata":{"name":"a","namespace":"default","generation":1,"resourceVersion":"7"},"spec":{"replicas":-1}}`,
	Stored: `{` + v1 + `,"metadata":{"generation":1,"labels":{"x":"y"},"name":"a","namespace":"default"},"spec":{"replicas":-1}}`,
	// A ratcheted CEL error becomes a warning.
	Warnings: []string{`spec: Invalid value: replicas must not be negative`},
	Rules:    1,
	CEL:      true,
}, {
	Name:   "update reruns a CEL rule on a changed object",
	Obj:    `{` + v1 + `,"metadata":{"name":"a","resourceVersion":"7"},"spec":{"replicas":-1,"image":"b"}}`,
	Old:    `{` + v1 + `,"metadata":{"name":"a","namespace":"default","generation":1,"resourceVersion":"7"},"spec":{"replicas":-1}}`,
	Errors: []string{`spec: Invalid value: replicas must not be negative`},
	Rules:  1,
	CEL:    true,
}, {
	Name:   "ratcheted wrong type does not block CEL",
	Obj:    `{` + v1 + `,"metadata":{"name":"a","resourceVersion":"7"},"spec":{"replicas":"s","image":"b"}}`,
	Old:    `{` + v1 + `,"metadata":{"name":"a","namespace":"default","generation":1,"resourceVersion":"7"},"spec":{"replicas":"s"}}`,
	Errors: []string{`spec: Invalid value: "object": invalid data, expected int, got string evaluating rule: replicas must not be negative`},
	Rules:  1,
	CEL:    true,
}}
